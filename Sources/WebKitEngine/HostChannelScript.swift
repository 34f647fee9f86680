import JSONModel
import JSRuntime
import WebViewHosting

/// The page side of the WebKit host (see `docs/webkit-engine.md`): a
/// document-start script, run before every other user script, that gives
/// the harness's host functions a synchronous channel (a synchronous
/// `XMLHttpRequest` to ``scheme``, which the host answers) and its recorders an asynchronous
/// one (a DOM event to a script of the channel's own world, which posts it
/// to a script message handler), defines the JavaScript interfaces on top
/// of the first, counts the page's pending timers (for "idle"), reports
/// uncaught exceptions and console lines, and runs the harness's page
/// helpers as the page's own code.
enum HostChannelScript {
  /// The custom URI scheme of the synchronous channel: a page's host
  /// function call is a synchronous `XMLHttpRequest` whose body is
  /// `[name, arguments]` as JSON, answered by the host. Unlike a modal
  /// `prompt`, which suspends the page's timers and resumes them in another
  /// order (measured: `WebKitHost+PageOrder.swift`), it leaves the page's
  /// order of events as it was.
  static let scheme = "bridgecheck-host"
  /// The URL host function calls are sent to.
  static let callURL = scheme + "://call"
  /// The global function answering how many timers the page has pending
  /// (its argument: milliseconds after a timer ran during which it still
  /// counts, for what it started on its way to the host).
  static let pendingTimersFunction = "__bridgecheckPendingTimers"
  /// The host function through which the page side of the host reports events.
  static let pageEventFunction = "__bridgecheckPageEvent"
  /// The host function an evaluation calls first, with its number: the
  /// moment it starts running in the page, where the trace records it.
  static let evaluatingFunction = "__bridgecheckEvaluating"
  /// The global function that runs a source as the page's own code.
  static let runAsPageFunction = "__bridgecheckRunAsPage"
  /// A user script that runs `source` as the page's own code (an inline
  /// `<script>` inserted into the document and removed at once: it runs
  /// synchronously, and what it throws is not muted).
  static func runAsPage(_ source: String) -> String {
    "\(runAsPageFunction)(\(JSONValue.string(source).serialized()));"
  }
  /// The script message handler, in the channel's own script world, that
  /// carries the page's asynchronous host calls (recorders: nothing waits).
  static let channelHandlerName = "bridgecheckHostChannel"
  /// The script world of ``channelHandlerName``: the page's own world has no
  /// `window.webkit` unless the native side registers a handler.
  static let channelWorldName = "bridgecheck-host-channel"
  /// The DOM event by which the page's world hands an asynchronous call to the channel's world.
  static let callEventName = "bridgecheck-host-call"
  /// The DOM event the channel's world sends once it listens.
  static let readyEventName = "bridgecheck-host-channel-ready"

  /// The script, in the channel's own world, that passes each asynchronous
  /// call (a DOM event from the page's world, which it cancels to say it
  /// took it) to ``channelHandlerName``. DOM events cross worlds and run
  /// their listeners at once, so the calls keep the page's order.
  static let worldSource = ScriptTemplate.fill(
    scripts.text(of: "host-channel-world.js"),
    with: [
      "channelHandlerName": JSONValue.string(channelHandlerName).serialized(),
      "callEventName": JSONValue.string(callEventName).serialized(),
      "readyEventName": JSONValue.string(readyEventName).serialized(),
    ])

  /// The page event the channel sends once the page's console output
  /// passed its limit (it forwards no console line after it).
  static let consoleLimitEvent = "console-limit"
  /// The longest message of an uncaught exception the channel forwards, in
  /// UTF-16 units (as the simulated page cuts an error's message).
  static let errorMessageLength = 16_384
  /// How many unhandled rejections of one page the channel forwards as
  /// `unhandled-rejection` events; the trace's own event limit is far
  /// above it, and the simulated page refuses a flood of `Promise.reject`.
  static let rejectionEventLimit = 1_000

  /// The script for these host functions (synchronous: a request to ``scheme``), recorders
  /// (asynchronous: ``worldSource``) and interfaces. Console lines are cut at
  /// `limits.consoleLineLength` before they leave the page, and none leaves
  /// it once their total passed `limits.consoleTotalBytes`.
  static func source(
    hostFunctions: [String], recorders: [String], interfaces: [(name: String, methods: [String])],
    limits: PageLimits = PageLimits()
  ) -> String {
    let recorderNames = recorders + [pageEventFunction, evaluatingFunction]
    let definitions = JavascriptInterfaceCalls.definitions(interfaces, slice: "slice")
    return ScriptTemplate.fill(
      channelTemplate,
      with: templateConstants.merging([
        "hostFunctionNames": JSONValue.array(hostFunctions.map(JSONValue.string)).serialized(),
        "recorderNames": JSONValue.array(recorderNames.map(JSONValue.string)).serialized(),
        "interfaceDefinitions": definitions.joined(separator: "\n  "),
        "consoleLineLength": String(limits.consoleLineLength),
        "consoleTotalBytes": String(limits.consoleTotalBytes),
      ]) { constant, _ in constant })
  }

  /// The script files of the WebKit host (`Scripts/`, next to this file).
  static let scripts = ScriptResources()
  /// `host-channel.js`, the template of ``source(hostFunctions:recorders:interfaces:limits:)``.
  static let channelTemplate = scripts.text(of: "host-channel.js")
  /// The values of the placeholders of ``channelTemplate`` that are the same for every page.
  static let templateConstants: [String: String] = [
    "callURL": JSONValue.string(callURL).serialized(),
    "callEventName": JSONValue.string(callEventName).serialized(),
    "readyEventName": JSONValue.string(readyEventName).serialized(),
    "runAsPageFunction": JSONValue.string(runAsPageFunction).serialized(),
    "pendingTimersFunction": JSONValue.string(pendingTimersFunction).serialized(),
    "scriptedThrowHook": JSONValue.string(PageHooks.scriptedThrow).serialized(),
    "errorMessageLength": String(errorMessageLength),
    "rejectionEventLimit": String(rejectionEventLimit),
    "unhandledRejectionEvent": JSONValue.string(TraceEventName.unhandledRejection).serialized(),
    "pageEventFunction": JSONValue.string(pageEventFunction).serialized(),
    "describe": ConsoleLineText.describeFunction,
    "consoleEvent": JSONValue.string(TraceEventName.console).serialized(),
    "consoleLimitEvent": JSONValue.string(consoleLimitEvent).serialized(),
  ]

  /// The reply the page's `call` parses: the value (`undefined` for nil) or an error.
  static func reply(_ result: Result<JSONValue?, any Error>) -> String {
    switch result {
    case .success(nil): return "{}"
    case .success(let value?): return JSONValue.object(["value": .array([value])]).serialized()
    case .failure(let error): return JSONValue.object(["error": .string(String(describing: error))]).serialized()
    }
  }

  /// The name and arguments of a call sent as `[name, arguments]` JSON text.
  static func decodedCall(_ text: String) -> (name: String, arguments: [JSONValue?])? {
    guard let value = try? JSONValue.parse(text), case .array(let parts) = value, parts.count == 2,
      let name = parts[0].stringValue, case .array(let encoded) = parts[1]
    else { return nil }
    return (name, encoded.map { $0.arrayValue?.first })
  }
}
