import Foundation
import JSONModel
import WebViewHosting

/// What a native adapter actually used in the probes of one candidate
/// dialect, read from the probes' traces: the message handlers the page
/// posted to (only a handler the adapter registered receives a post), the
/// navigations the adapter cancelled as its own (scheme and host), the host
/// objects or channels whose methods the page called, the functions the
/// adapter's evaluations called, and when its user scripts ran. It is
/// evidence of `profiles infer --native`: which names the adapter answers
/// to, not only what its `hello` declares.
struct NativeProbeWire: Equatable {
  /// `window.webkit.messageHandlers.<name>` the page posted to.
  var messageHandlers: Set<String> = []
  /// `scheme://host` of the navigations the adapter cancelled (`scheme://`
  /// alone when the host varies, as a per-message URL's does).
  var cancelledNavigations: Set<String> = []
  /// Host objects and channels (`addJavascriptInterface`) the page called.
  var hostObjects: Set<String> = []
  /// The function each `evaluate` script called, when it is one call
  /// (`WebViewJavascriptBridge._handleMessageFromObjC`).
  var evaluatedFunctions: Set<String> = []
  /// The injection times of the user scripts the adapter added (not
  /// bridgecheck's own).
  var userScripts: Set<String> = []
  /// The adapter answered the page's `prompt` dialogs.
  var prompts = false

  /// Hosts seen per cancelled scheme, to fold a varying host into the scheme.
  private var hostsByScheme: [String: Set<String>] = [:]

  /// More distinct hosts than this under one scheme: the host is data.
  private static let hostLimit = 3

  /// Takes in one trace event of a probe.
  mutating func observe(_ event: TraceEvent) { observe(name: event.name, fields: event.fields) }

  /// Takes in one trace event of a probe, by its name and fields.
  mutating func observe(name: String, fields event: JSONObject) {
    switch name {
    case TraceEventName.scriptMessage:
      if let handler = event["name"]?.stringValue { messageHandlers.insert(handler) }
    case TraceEventName.navigationDecided:
      guard event["policy"]?.stringValue == "cancel", let url = event["url"]?.stringValue,
        let schemeEnd = url.range(of: "://")
      else { return }
      let scheme = String(url[..<schemeEnd.upperBound])
      let host = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      hostsByScheme[scheme, default: []].insert(String(host.prefix(60)))
      cancelledNavigations = Set(
        hostsByScheme.flatMap { scheme, hosts in
          hosts.count > Self.hostLimit ? [scheme] : hosts.map { scheme + $0 }
        })
    case TraceEventName.interfaceCalled:
      if let object = event["name"]?.stringValue { hostObjects.insert(object) }
    case TraceEventName.evaluate:
      if let script = event["script"]?.stringValue, let function = Self.calledFunction(script) {
        evaluatedFunctions.insert(function)
      }
    case TraceEventName.userScriptAdded:
      // bridgecheck's own page helpers are user scripts too (`bridgecheck-harness.js`).
      guard event["name"]?.stringValue?.hasPrefix("bridgecheck-") != true else { return }
      if let time = event["injectionTime"]?.stringValue { userScripts.insert(time) }
    case TraceEventName.dialog:
      if event["kind"]?.stringValue == "prompt" { prompts = true }
    default:
      break
    }
  }

  /// The dotted name a script made of one call starts with
  /// (`a.b._c(…)`), or nil.
  static func calledFunction(_ script: String) -> String? {
    let pattern = #"^[\s;]*(?:window\.)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\("#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: script, range: NSRange(script.startIndex..., in: script)),
      let range = Range(match.range(at: 1), in: script)
    else { return nil }
    return String(script[range])
  }

  /// The parts seen, each `what: names` (empty when nothing was seen).
  var parts: [String] {
    var parts: [String] = []
    func add(_ label: String, _ names: Set<String>) {
      if !names.isEmpty { parts.append("\(label) \(names.sorted().joined(separator: ", "))") }
    }
    add("message handlers", messageHandlers)
    add("cancelled navigations to", cancelledNavigations)
    add("host objects", hostObjects)
    add("evaluated", evaluatedFunctions)
    add("user scripts at", userScripts)
    if prompts { parts.append("answered prompt dialogs") }
    return parts
  }

  /// One line of evidence, e.g. `message handlers WebViewJavascriptBridge;
  /// evaluated WebViewJavascriptBridge._handleMessageFromObjC`.
  var summary: String { parts.isEmpty ? "nothing observed" : parts.joined(separator: "; ") }

  /// The names the adapter answered to on the wire, with which two
  /// candidates can be told apart (user scripts and prompts aside).
  var names: Set<String> {
    Set(messageHandlers.map { "handler " + $0 }).union(cancelledNavigations.map { "navigation " + $0 })
      .union(hostObjects.map { "object " + $0 }).union(evaluatedFunctions.map { "function " + $0 })
  }

  /// The evidence as a JSON object (`profiles infer --native --format json`).
  var json: JSONValue {
    [
      "messageHandlers": .array(messageHandlers.sorted().map(JSONValue.string)),
      "cancelledNavigations": .array(cancelledNavigations.sorted().map(JSONValue.string)),
      "hostObjects": .array(hostObjects.sorted().map(JSONValue.string)),
      "evaluatedFunctions": .array(evaluatedFunctions.sorted().map(JSONValue.string)),
      "userScripts": .array(userScripts.sorted().map(JSONValue.string)),
      "prompts": .bool(prompts),
    ]
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.messageHandlers == rhs.messageHandlers && lhs.cancelledNavigations == rhs.cancelledNavigations
      && lhs.hostObjects == rhs.hostObjects && lhs.evaluatedFunctions == rhs.evaluatedFunctions
      && lhs.userScripts == rhs.userScripts && lhs.prompts == rhs.prompts
  }
}

/// Collects a probe's trace events (the runner's trace observer).
final class NativeProbeWireRecorder {
  var wire = NativeProbeWire()

  func observe(_ event: TraceEvent) { wire.observe(event) }
}
