import BridgeImplementations
import JSONModel

/// A fixture told in words, for `bridgecheck explain`: a bridge author should
/// understand what is checked without reading the JSON.
package enum FixtureExplanation {
  /// The explanation; `rule` is the text of the cited rule, if found.
  package static func text(of fixture: Fixture, rule: String?) -> String {
    var out: [String] = []
    out.append("\(fixture.id)")
    out.append(fixture.title)
    out.append("")
    out.append(
      "Level: \(fixture.level.rawValue.uppercased())   Judges: \(subject(fixture.subject))   Area: \(fixture.area)"
        + (fixture.tags.isEmpty ? "" : "   Tags: \(fixture.tags.joined(separator: ", "))"))
    for entry in fixture.levelByPeers {
      out.append(
        "  \(entry.level.rawValue.uppercased()) in a dialect whose profile says every \(entry.fact.side.rawValue) side "
          + "\(entry.fact.phrase) (\"peers\": \(entry.fact.rawValue))")
    }
    out.append("File: \(fixture.file)")
    if let description = fixture.description { out += ["", description] }
    out += ["", "Rule: docs/protocol.md#\(fixture.spec)"]
    out.append(rule.map { indent($0) } ?? "  (rule text not found: is docs/protocol.md next to the fixtures?)")
    out += ["", "Setup:"] + setup(fixture).map { "  - \($0)" }
    out += ["", "Steps:"]
    if fixture.steps.isEmpty { out.append("  (none: the page loads and everything pending runs)") }
    for (index, step) in fixture.steps.enumerated() { out.append("  \(index + 1). \(describe(step))") }
    out.append("  Finally, everything still pending runs.")
    if !fixture.captures.isEmpty {
      out +=
        ["", "Captured from the trace (the first event each matches):"]
        + fixture.captures.map { "  - " + event($0) }
    }
    out += ["", "Then the trace must show:"] + expectations(fixture.expect)
    let checked = Invariant.allCases.filter { !fixture.allow.contains($0) }
    out += ["", "Always checked: " + checked.map { invariantText($0) }.joined(separator: "; ") + "."]
    if !fixture.allow.isEmpty {
      out.append(
        "Switched off for this scenario: "
          + fixture.allow.sorted { $0.rawValue < $1.rawValue }.map(\.rawValue).joined(separator: ", ") + ".")
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
    case .bridgeLoaded?:
      lines.append("The native side injects the page bridge when the page navigates to https://__bridge_loaded__.")
    case .documentStart?:
      lines.append("The native side injects the page bridge at document start, before any page script.")
    case .documentEnd?:
      lines.append("The native side injects the page bridge at document end, after the page's scripts.")
    case .afterLoad?: lines.append("The native side injects the page bridge once the page has finished loading.")
    case .onPost?: lines.append("The native side injects the page bridge when the page posts to its injection handler.")
    case .page?: lines.append("The page ships the bridge among its own scripts; the native side injects nothing.")
    case nil:
      lines.append(
        "The page bridge is injected the way both implementations support (on https://__bridge_loaded__ when they can)."
      )
    }
    switch setup.transport {
    case nil:
      lines.append(
        "The page signals the way both implementations support (hidden-iframe navigations when they can"
          + (setup.iframeNavigation == .coalesced
            ? ", coalesced as in WebKit)." : ", every src change its own request)."))
    case .iframe?:
      lines.append(
        "The page signals over hidden-iframe navigations"
          + (setup.iframeNavigation == .coalesced
            ? " (several in one task coalesce into one, as in WebKit)." : " (every src change is its own request)."))
    case .messageHandlers?: lines.append("The page signals with window.webkit.messageHandlers.…postMessage.")
    case .location?: lines.append("The page signals by setting location to the signal URL.")
    case .channel?: lines.append("The page signals by posting a string to a channel object the host adds.")
    case .hostObject?: lines.append("The page signals by calling a host object's method, synchronously.")
    case .prompt?: lines.append("The page signals through prompt(), which the host answers.")
    }
    if setup.options.answerMissingHandler {
      lines.append("Both sides are configured to answer calls to missing handlers with an error object.")
    }
    for named in setup.nativeHandlers {
      lines.append("Native handler \"\(named.name)\" \(behaviour(named.behaviour, onPage: false)).")
    }
    for named in setup.pageHandlers {
      lines.append("Page handler \"\(named.name)\" \(behaviour(named.behaviour, onPage: true)).")
    }
    for (index, source) in setup.pageScripts.enumerated() {
      lines.append("The page runs its own script #\(index + 1): \(VisibleText.plain(source, limit: 240))")
    }
    if !setup.appCancels.isEmpty {
      lines.append(
        "The app's own navigation policy cancels URLs matching "
          + setup.appCancels.map { "/\($0.pattern)/" }.joined(separator: ", ")
          + " and allows the rest; the bridge must pass non-bridge URLs to it.")
    }
    for step in setup.onReady { lines.append("When the bridge is ready, in the setup callback: \(describe(step))") }
    if let dispatch = fixture.requires.dispatch {
      lines.append(
        "Applies only to page dialects whose dispatch is \(dispatch.rawValue) (the profile's \"dispatch\" field).")
    }
    if !fixture.requires.features.isEmpty {
      lines.append("Applies only to implementations declaring: \(fixture.requires.features.joined(separator: ", ")).")
    }
    if !fixture.requires.dialect.isEmpty {
      lines.append(
        "Applies only to dialects with \(fixture.requires.dialect.map(\.phrase).joined(separator: " and ")).")
    }
    if !fixture.requires.spelled.isEmpty {
      lines.append(
        "Spells out the classic \(fixture.requires.spelled.map(\.phrase).joined(separator: " and ")) on purpose: "
          + "applies only to dialects that spell them the same way.")
    }
    if setup.pageInit == .step {
      lines.append(
        "In a dialect with an init handshake, the page calls init() only in a step, not when the bridge is ready.")
    }
    if let because = fixture.requires.because { lines.append("Why: \(because).") }
    return lines
  }

  /// What a scripted handler does; `onPage` says which side it lives on
  /// (the handler it calls lives on the other).
  static func behaviour(_ behaviour: Behaviour, onPage: Bool) -> String {
    var parts: [String] = []
    if let call = behaviour.call {
      parts.append(
        "first calls \(onPage ? "native" : "page") handler \"\(call.handler)\" \(dataText(call.data))"
          + (call.callbackLabel.map { ", expecting an answer (callback \($0))" } ?? ", without a callback"))
    }
    if behaviour.respond == nil, let message = behaviour.throwMessage {
      parts.append("throws an error \"\(VisibleText.plain(message))\" without answering")
      return parts.count == 1 ? parts[0] : parts[0] + ", then " + parts[1]
    }
    var answer: String
    switch behaviour.respond {
    case nil: answer = "never answers"
    case .echo?: answer = "answers with the data it received"
    case .value(let value?)?: answer = "answers \(VisibleText.json(value))"
    case .value(nil)?: answer = "answers with no value (undefined)"
    }
    if behaviour.respond != nil, behaviour.times != 1 { answer += ", \(times(behaviour.times))" }
    if behaviour.respond != nil, behaviour.delay > 0 { answer += ", after \(behaviour.delay) ms" }
    parts.append(answer)
    if let message = behaviour.throwMessage { parts.append("throws an error \"\(VisibleText.plain(message))\"") }
    return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + ", then " + parts[parts.count - 1]
  }

  /// "once", "twice", "3 times".
  static func times(_ count: Int) -> String {
    switch count {
    case 1: return "once"
    case 2: return "twice"
    default: return "\(count) times"
    }
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
      return "The page registers handler \"\(named.name)\", which \(behaviour(named.behaviour, onPage: true))."
    case .nativeRegister(let named):
      return "The native side registers handler \"\(named.name)\", which \(behaviour(named.behaviour, onPage: false))."
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
    case .pageScript(let source): return "The page runs: \(VisibleText.plain(source, limit: 240))"
    case .deliverToPage(let raw):
      return "Playing the native side, the harness hands this text to the page bridge's message entry point: "
        + VisibleText.plain(raw)
    case .queueToNative(let result, let signal):
      return "Playing the page side, the harness makes the next queue fetch return "
        + (result.map { $0.stringValue.map(literalText) ?? "the value \(VisibleText.json($0))" } ?? "undefined")
        + ", then signals the native side" + (signal.map { " by loading \(VisibleText.plain($0))" } ?? "") + "."
    case .pageRequestInjection:
      return "The page asks for the bridge the way a page of the dialect does (a navigation to its bridge-loaded URL, "
        + "or a post to its injection handler)."
    case .pageSignal:
      return "The page sends the dialect's queue signal, carrying nothing (the native side then fetches the queue)."
    case .pageInit(nil): return "The page calls the bridge's init() handshake, with no default handler."
    case .pageInit(let named?):
      return "The page calls the bridge's init() handshake with a default handler \"\(named.name)\", which "
        + "\(behaviour(named.behaviour, onPage: true))."
    }
  }

  private static func dataText(_ data: JSONValue?) -> String {
    data.map { "with data \(VisibleText.json($0))" } ?? "with no data"
  }

  /// Text that is meant literally (not JSON): between backticks, hard-to-see
  /// characters spelled out, and a note when it holds what looks like an
  /// escape sequence, which the reader must not decode.
  static func literalText(_ text: String) -> String {
    if text.isEmpty { return "the empty text" }
    var out = "the text `\(VisibleText.plain(text))`"
    if let escape = text.firstMatch(of: /\\u([0-9A-Fa-f]{4})/) {
      let code = escape.1.uppercased()
      out += " (a backslash, then u\(escape.1): the escape sequence itself, not the character U+\(code))"
    } else if text.contains("\\") {
      out += " (the backslash is part of the text)"
    }
    return out
  }

  private static func expectations(_ expect: Expectations) -> [String] {
    var lines: [String] = []
    if !expect.events.isEmpty {
      lines.append(expect.ordered ? "  In this order:" : "  In any order:")
      for (index, pattern) in expect.events.enumerated() {
        if expect.ordered, let group = pattern.group, index == 0 || expect.events[index - 1].group != group {
          let size = expect.events[index...].prefix { $0.group == group }.count
          lines.append("    \(index + 1)–\(index + size), in any order among themselves:")
        }
        lines.append((expect.ordered && pattern.group != nil ? "      " : "    ") + "\(index + 1). \(event(pattern))")
      }
    }
    if !expect.absent.isEmpty {
      lines.append("  Never:")
      for pattern in expect.absent { lines.append("    - \(event(pattern))") }
    }
    for count in expect.counts {
      lines.append("  \(howOften(count)): \(event(count.pattern))")
    }
    if lines.isEmpty { lines.append("  (no particular events: only the invariants below)") }
    return lines
  }

  /// "Never", "Exactly once", "At least twice", "Between 2 and 4 times"…
  static func howOften(_ count: CountExpectation) -> String {
    switch (count.minimum, count.maximum) {
    case (0, 0?): return "Never"
    case (let minimum, let maximum?) where minimum == maximum: return "Exactly \(times(minimum))"
    case (0, let maximum?): return "At most \(times(maximum))"
    case (let minimum, nil): return minimum == 0 ? "Any number of times" : "At least \(times(minimum))"
    case (let minimum, let maximum?): return "Between \(minimum) and \(maximum) times"
    }
  }

  /// One event pattern as a sentence.
  static func event(_ pattern: EventPattern) -> String {
    var fields = Dictionary(pattern.fields.map { ($0.key, $0.matcher) }, uniquingKeysWith: { first, _ in first })
    func take(_ key: String) -> ValueMatcher? { fields.removeValue(forKey: key) }
    /// "native handler "echo" is called with data 1", "any page handler is called".
    func handlerCall(_ side: String) -> String {
      let handler = take("handler").map { "\(side) handler \(value($0))" } ?? "any \(side) handler"
      return handler + " is called" + (take("data").map { " \(dataPhrase($0))" } ?? "")
    }
    func callback(_ owner: String) -> String {
      let label = take("label").map { "the \(owner) callback \(value($0))" } ?? "any \(owner) callback"
      return label + " receives " + (take("data").map(answerPhrase) ?? "an answer")
    }
    var text: String
    switch pattern.event {
    case "native-handler-invoked":
      text = handlerCall("native")
    case "page-handler-invoked":
      text = handlerCall("page")
    case "page-callback-invoked":
      text = callback("page")
    case "native-callback-invoked":
      text = callback("native")
    case "native-log":
      text = "the native side logs" + (take("code").map { " \(value($0))" } ?? "")
    case "console":
      text = "the page writes to the console" + (take("text").map { " \(value($0))" } ?? "")
    case "navigation-decided":
      text =
        "the native side answers a navigation" + (take("url").map { " to \(url($0))" } ?? "")
        + (take("policy").map { " with \(value($0))" } ?? "")
    case "navigation-requested":
      text = "the page requests a navigation" + (take("url").map { " to \(url($0))" } ?? "")
    case "evaluate":
      text = "the native side evaluates a script" + (take("script").map { " \(value($0))" } ?? "")
    case "evaluate-result":
      text = "a script the native side evaluated returns" + (take("result").map { " a result \(value($0))" } ?? "")
    case "script-message":
      text =
        "the page posts a message to window.webkit.messageHandlers"
        + (take("name").map { ".\(value($0))" } ?? "")
    case "step":
      let index = take("index").flatMap { matcher -> Int? in
        if case .exact(.number(let number)) = matcher { return Int(number) }
        return nil
      }
      text =
        "the harness starts step " + (index.map { "\($0 + 1)" } ?? "?")
        + (take("action").map { matcher -> String in
          if case .exact(.string(let action)) = matcher { return " (\(action))" }
          return " (action \(value(matcher)))"
        } ?? "")
    case "uncaught-exception":
      text = "an exception escapes page code"
    case "wire-to-page":
      text = "the native side delivers a message to the page"
    case "wire-to-native":
      text = "the page hands a message to the native side"
    default:
      text = "event \(pattern.event)"
    }
    let rest = fields.sorted { $0.key < $1.key }.map { "\($0.key) \(value($0.value))" }
    if !rest.isEmpty { text += " (" + rest.joined(separator: ", ") + ")" }
    return text
  }

  private static func value(_ matcher: ValueMatcher) -> String {
    switch matcher {
    case .exact(let json): return VisibleText.json(json)
    case .undefined: return "no value (undefined)"
    case .any: return "any value"
    case .type(let name): return "any \(name)"
    case .regex(let pattern): return "matching /\(VisibleText.plain(pattern.pattern))/"
    case .contains(let text): return "containing " + literalText(text)
    case .array, .object: return VisibleText.json(matcher.json)
    case .capture(let name): return "any value, captured as \(name)"
    case .captured(let name): return "the value captured as \(name)"
    case .containsCaptured(let name): return "containing the value captured as \(name)"
    }
  }

  /// Where a navigation goes: the URL, or "a URL matching…".
  private static func url(_ matcher: ValueMatcher) -> String {
    if case .exact = matcher { return value(matcher) }
    return "a URL \(value(matcher))"
  }

  /// What a handler is called with.
  private static func dataPhrase(_ matcher: ValueMatcher) -> String {
    switch matcher {
    case .undefined: return "with no data (undefined)"
    case .any: return "with any data"
    default: return "with data \(value(matcher))"
    }
  }

  /// What a callback receives.
  private static func answerPhrase(_ matcher: ValueMatcher) -> String {
    switch matcher {
    case .undefined: return "an answer without data (undefined)"
    case .any: return "an answer with any data"
    default: return value(matcher)
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
