import JSRuntime

/// The JavaScript that turns a bare JavaScriptCore global object into a
/// dedicated worker's global scope, as WebKit has it: `self`, `name`,
/// `postMessage` (a structured clone to the page), `onmessage` and message
/// listeners, `close()`, `importScripts` (blob: and data: URLs), `location`,
/// `navigator`, timers, the console, virtual time, `Blob` and `URL`; no
/// `document`, `window` or dialogs.
///
/// Like ``PageEnvironmentScript``, it evaluates to a function that takes the
/// host's native functions and returns the internals the host calls back:
/// `fireTimer(id)`, `reportError(…)` (whether no handler handled it) and
/// `deliverMessage(text)`.
enum WorkerEnvironmentScript {
  static let sourceURL = "bridgecheck://worker-environment.js"

  static let source = ScriptTemplate.fill(
    environmentScripts.text(of: "worker-environment.js"),
    with: EnvironmentScriptParts.placeholderValues.merging(
      [
        "absent": AbsentPageAPIs.definition,
        "workerSentinels": AbsentPageAPIs.sentinels(on: "global", prefix: "self.", AbsentPageAPIs.workerGlobals),
      ]
    ) { part, _ in part })

  /// The script, parsed once per JavaScriptCore context group.
  static let prepared = PreparedScript(source: source, sourceURL: sourceURL)
}
