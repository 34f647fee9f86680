import BridgeImplementations
import JSONModel

/// A fixture told in words, for `bridgecheck explain`: a bridge author should
/// understand what is checked without reading the JSON.
public enum FixtureExplanation {
  /// The explanation; `rule` is the text of the cited rule, if found.
  public static func text(of fixture: Fixture, rule: String?) -> String {
    var out: [String] = []
    out.append("\(fixture.id)")
    out.append(fixture.title)
    out.append("")
    out.append(
      "Level: \(fixture.level.rawValue.uppercased())   Judges: \(subject(fixture.subject))   Area: \(fixture.area)"
        + (fixture.tags.isEmpty ? "" : "   Tags: \(fixture.tags.joined(separator: ", "))"))
    out.append("File: \(fixture.file)")
    if let description = fixture.description { out += ["", description] }
    out += ["", "Rule: docs/protocol.md#\(fixture.spec)"]
    out.append(rule.map { indent($0) } ?? "  (rule text not found: is docs/protocol.md next to the fixtures?)")
    out += ["", "Setup:"] + setup(fixture).map { "  - \($0)" }
    out += ["", "Steps:"]
    if fixture.steps.isEmpty { out.append("  (none: the page loads and everything pending runs)") }
    for (index, step) in fixture.steps.enumerated() { out.append("  \(index + 1). \(describe(step))") }
    out.append("  Finally, everything still pending runs.")
    out += ["", "Then the trace must show:"] + expectations(fixture.expect)
    let checked = Invariant.allCases.filter { !fixture.allow.contains($0) }
    out += ["", "Always checked: " + checked.map { invariantText($0) }.joined(separator: "; ") + "."]
    if !fixture.allow.isEmpty {
      out.append("Switched off for this scenario: " + fixture.allow.sorted { $0.rawValue < $1.rawValue }.map(\.rawValue).joined(separator: ", ") + ".")
    }
    return out.joined(separator: "\n") + "\n"
  }

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  private static func subject(_ subject: Subject) -> String {
    switch subject {
    case .page: return "the page bridge (JavaScript)"
    case .native: return "the native bridge"
    case .pair: return "both bridges together"
    }
  }

  private static func setup(_ fixture: Fixture) -> [String] {
    let setup = fixture.setup
    var lines: [String] = []
    switch setup.pageSetup {
    case .snippet:
      lines.append("The page asks for the bridge with the usual setupWebViewJavascriptBridge snippet (WVJBCallbacks).")
    case .none:
      lines.append("The page has no setup snippet: window.WVJBCallbacks is never defined.")
    }
    switch setup.injection {
    case .bridgeLoaded?: lines.append("The native side injects the page bridge when the page navigates to https://__bridge_loaded__.")
    case .documentStart?: lines.append("The native side injects the page bridge at document start, before any page script.")
    case nil:
      lines.append(
        "The page bridge is injected the way both implementations support (on https://__bridge_loaded__ when they can).")
    }
    switch setup.transport {
    case nil:
      lines.append(
        "The page signals the way both implementations support (hidden-iframe navigations when they can"
          + (setup.iframeNavigation == .coalesced ? ", coalesced as in WebKit)." : ", every src change its own request)."))
    case .iframe?:
      lines.append(
        "The page signals over hidden-iframe navigations"
          + (setup.iframeNavigation == .coalesced
            ? " (several in one task coalesce into one, as in WebKit)." : " (every src change is its own request)."))
    case .messageHandlers?: lines.append("The page signals with window.webkit.messageHandlers.…postMessage.")
    }
    if setup.options.answerMissingHandler {
      lines.append("Both sides are configured to answer calls to missing handlers with an error object.")
    }
    for named in setup.nativeHandlers { lines.append("Native handler \"\(named.name)\" \(behaviour(named.behaviour)).") }
    for named in setup.pageHandlers { lines.append("Page handler \"\(named.name)\" \(behaviour(named.behaviour)).") }
    for (index, _) in setup.pageScripts.enumerated() { lines.append("The page runs its own script #\(index + 1).") }
    if !setup.appCancels.isEmpty {
      lines.append(
        "The app's own navigation policy cancels URLs matching " + setup.appCancels.map { "/\($0)/" }.joined(separator: ", ")
          + " and allows the rest; the bridge must pass non-bridge URLs to it.")
    }
    for step in setup.onReady { lines.append("When the bridge is ready, in the setup callback: \(describe(step))") }
    if !fixture.requires.features.isEmpty {
      lines.append("Applies only to implementations declaring: \(fixture.requires.features.joined(separator: ", ")).")
    }
    return lines
  }

  static func behaviour(_ behaviour: Behaviour) -> String {
    var parts: [String] = []
    if let call = behaviour.call {
      parts.append(
        "first calls \"\(call.handler)\" on the other side"
          + (call.data.map { " with \($0)" } ?? "") + (call.callbackLabel.map { " (callback \($0))" } ?? ""))
    }
    switch behaviour.respond {
    case nil: parts.append("never answers")
    case .echo?: parts.append("answers with the data it received")
    case .value(let value?)?: parts.append("answers \(short(value))")
    case .value(nil)?: parts.append("answers with no value (undefined)")
    }
    if behaviour.respond != nil, behaviour.times != 1 { parts.append("\(behaviour.times) times") }
    if behaviour.respond != nil, behaviour.delay > 0 { parts.append("after \(behaviour.delay) ms") }
    if let message = behaviour.throwMessage { parts.append("then throws \"\(message)\"") }
    return parts.joined(separator: ", ")
  }

  static func describe(_ step: Step) -> String {
    switch step {
    case .pageCall(let handler, let data, let label, let form):
      let how = form == .twoArgument ? " using the two-argument form callHandler(name, callback)" : ""
      return "The page calls native handler \"\(handler)\" \(dataText(data))"
        + (label.map { ", expecting an answer (callback \($0))" } ?? ", without a callback") + how + "."
    case .nativeCall(let handler, let data, let label):
      return "The native side calls page handler \"\(handler)\" \(dataText(data))"
        + (label.map { ", expecting an answer (callback \($0))" } ?? ", without a callback") + "."
    case .pageRegister(let named):
      return "The page registers handler \"\(named.name)\", which \(behaviour(named.behaviour))."
    case .nativeRegister(let named):
      return "The native side registers handler \"\(named.name)\", which \(behaviour(named.behaviour))."
    case .nativeRemove(let handler): return "The native side removes handler \"\(handler)\"."
    case .nativeReset: return "The native side calls reset()."
    case .nativeDisableSafetyTimeout:
      return "The native side switches the page to synchronous dispatch (_disableJavascriptAlertBoxSafetyTimeout)."
    case .pageDisableSafetyTimeout: return "The page calls disableJavscriptAlertBoxSafetyTimeout()."
    case .reload: return "The web view reloads the page (the page side is destroyed and rebuilt)."
    case .navigate(let url, let frame):
      return frame == .main ? "The page navigates to \(url)." : "The page loads \(url) in a new iframe."
    case .advance(let milliseconds): return "\(milliseconds) ms of virtual time pass."
    case .settle: return "Everything pending runs (loads, timers, signals, evaluations)."
    case .pageScript(let source): return "The page runs: \(source.count > 120 ? String(source.prefix(117)) + "…" : source)"
    case .deliverToPage(let raw):
      return "Playing the native side, the harness hands this text to the page bridge's message entry point: \(raw)"
    case .queueToNative(let result, let signal):
      return "Playing the page side, the harness makes the next queue fetch return "
        + (result.map { $0.stringValue.map { "the text \(short(.string($0)))" } ?? "the value \(short($0))" } ?? "undefined")
        + ", then signals the native side" + (signal.map { " by loading \($0)" } ?? "") + "."
    }
  }

  private static func dataText(_ data: JSONValue?) -> String {
    data.map { "with data \(short($0))" } ?? "with no data"
  }

  /// A value as JSON, shortened for reading when it is long (big payloads).
  static func short(_ value: JSONValue) -> String {
    let text = value.description
    guard text.count > 200 else { return text }
    return String(text.prefix(120)) + "… (\(text.utf8.count) bytes)"
  }

  private static func expectations(_ expect: Expectations) -> [String] {
    var lines: [String] = []
    if !expect.events.isEmpty {
      lines.append(expect.ordered ? "  In this order:" : "  In any order:")
      for (index, pattern) in expect.events.enumerated() { lines.append("    \(index + 1). \(event(pattern))") }
    }
    if !expect.absent.isEmpty {
      lines.append("  Never:")
      for pattern in expect.absent { lines.append("    - \(event(pattern))") }
    }
    for count in expect.counts {
      let times: String
      if count.maximum == count.minimum {
        times = "exactly \(count.minimum)"
      } else {
        times = [count.minimum > 0 ? "at least \(count.minimum)" : nil, count.maximum.map { "at most \($0)" }]
          .compactMap { $0 }.joined(separator: " and ")
      }
      lines.append("  \(times.prefix(1).uppercased() + times.dropFirst()) time(s): \(event(count.pattern))")
    }
    if lines.isEmpty { lines.append("  (no particular events: only the invariants below)") }
    return lines
  }

  /// One event pattern as a sentence.
  static func event(_ pattern: EventPattern) -> String {
    var fields = Dictionary(pattern.fields.map { ($0.key, $0.matcher) }, uniquingKeysWith: { first, _ in first })
    func take(_ key: String) -> ValueMatcher? { fields.removeValue(forKey: key) }
    let handler = take("handler").map { value($0) } ?? "any"
    var text: String
    switch pattern.event {
    case "native-handler-invoked":
      text = "native handler \(handler) is called" + (take("data").map { " with data \(value($0))" } ?? "")
    case "page-handler-invoked":
      text = "page handler \(handler) is called" + (take("data").map { " with data \(value($0))" } ?? "")
    case "page-callback-invoked":
      text = "the page's callback \(take("label").map { value($0) } ?? "")" + " receives "
        + (take("data").map { value($0) } ?? "an answer")
    case "native-callback-invoked":
      text = "the native callback \(take("label").map { value($0) } ?? "")" + " receives "
        + (take("data").map { value($0) } ?? "an answer")
    case "native-log":
      text = "the native side logs" + (take("code").map { " \(value($0))" } ?? "")
    case "console":
      text = "the page writes to the console" + (take("text").map { " \(value($0))" } ?? "")
    case "navigation-decided":
      text = "the native side answers a navigation" + (take("url").map { " to \(value($0))" } ?? "")
        + (take("policy").map { " with \(value($0))" } ?? "")
    case "navigation-requested":
      text = "the page requests a navigation" + (take("url").map { " to \(value($0))" } ?? "")
    case "evaluate":
      text = "the native side evaluates a script" + (take("script").map { " \(value($0))" } ?? "")
    case "uncaught-exception":
      text = "an exception escapes page code"
    default:
      text = "event \(pattern.event)"
    }
    let rest = fields.sorted { $0.key < $1.key }.map { "\($0.key) \(value($0.value))" }
    if !rest.isEmpty { text += " (" + rest.joined(separator: ", ") + ")" }
    return text
  }

  private static func value(_ matcher: ValueMatcher) -> String {
    switch matcher {
    case .exact(let json): return short(json)
    case .undefined: return "no value (undefined)"
    case .any: return "any value"
    case .type(let name): return "any \(name)"
    case .regex(let pattern): return "matching /\(pattern)/"
    case .contains(let text): return "containing \(JSONValue.string(text))"
    case .array, .object: return matcher.json.description
    }
  }

  private static func invariantText(_ invariant: Invariant) -> String {
    switch invariant {
    case .noUncaughtException: return "no exception escapes page code"
    case .noUnhandledRejection: return "no promise rejection goes unhandled"
    case .noRawLineSeparator: return "no evaluated script holds a raw U+2028/U+2029"
    case .noDuplicateCallback: return "no callback runs twice"
    }
  }
}
