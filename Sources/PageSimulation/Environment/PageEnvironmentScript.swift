import JSRuntime

/// The JavaScript that turns a bare JavaScriptCore global object into the
/// browser environment bridges expect (`window`, `document`, DOM events,
/// timers, console, dialogs, `location`, `webkit.messageHandlers`, virtual
/// `Date`, seeded `Math.random`, `Blob`, `URL`, dedicated `Worker`s).
///
/// It evaluates to a function that takes the host's native functions and
/// returns the page internals the host calls back (`fireTimer`,
/// `reportError`, …). Internals live in closures, not in globals, so page
/// code cannot reach them; the public objects are ordinary, replaceable
/// properties, as in a browser. What a worker's global scope has as well is
/// in ``EnvironmentScriptParts``.
enum PageEnvironmentScript {
  static let sourceURL = "bridgecheck://page-environment.js"

  static let source = ScriptTemplate.fill(
    environmentScripts.text(of: "page-environment.js"),
    with: EnvironmentScriptParts.placeholderValues.merging(
      [
        "document": document, "workers": workers, "absent": AbsentPageAPIs.definition,
        "windowSentinels": AbsentPageAPIs.sentinels(on: "global", prefix: "", AbsentPageAPIs.windowGlobals),
        "documentSentinels": AbsentPageAPIs.sentinels(
          on: "documentObject", prefix: "document.", AbsentPageAPIs.documentMembers),
        "elementSentinels": AbsentPageAPIs.sentinels(
          on: "nodePrototype", prefix: "element.", AbsentPageAPIs.elementMembers),
        "navigatorSentinels": AbsentPageAPIs.sentinels(
          on: "navigatorObject", prefix: "navigator.", AbsentPageAPIs.navigatorMembers),
      ]
    ) { part, _ in part })
}
