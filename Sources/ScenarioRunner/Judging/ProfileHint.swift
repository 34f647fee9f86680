import BridgeImplementations
import Dialects
import JSONModel
import WebViewHosting

/// The lines a failure of a page bridge under test gets about its profile,
/// only where the trace shows that a profile field plausibly decided it:
/// the dispatch mode made the scenario apply, the signal the profile names
/// never reached the native side, the native side could not read the queue
/// as the profile says it travels, the bridge reached for a name the profile
/// does not provide, or the harness or the native side found a name of the
/// profile missing. Each line starts with `profile: ` and names the current
/// profile member (`signals[].kind`, `names.global`, …). The profile the
/// run used is said once per run (``RunNotices``), not under every failure.
struct ProfileHint {
  let fixture: Fixture
  let profile: BridgeProfile
  /// The transport and injection the scenario ran with.
  let transport: Transport
  let injection: Injection
  let trace: [TraceEvent]

  /// The lines, or nil when nothing in the trace points at the profile.
  func lines() -> [String]? {
    var lines: [String] = []
    // The dispatch mode decided a failure of the bridge's dispatch, not one where the harness could not drive it.
    if fixture.requires.dispatch != nil, !trace.contains(where: { $0.name == "harness-error" }) {
      lines.append(
        "the scenario applies because the profile \(profile.name) declares dispatch.mode "
          + "\"\(profile.dispatch.rawValue)\"; a dialect without a safety timeout (dispatch inside the native "
          + "evaluation by design) says dispatch.mode \"synchronous\" in its profile")
    }
    if let names = namesLine() { lines.append(names) }
    if let signal = signalLine() { lines.append(signal) }
    if let queue = queueLine() { lines.append(queue) }
    if let injection = injectionLine() { lines.append(injection) }
    return lines.isEmpty ? nil : lines.map { "profile: " + $0 }
  }

  // MARK: - What the trace shows

  /// The harness found a name of the profile missing, or the page bridge or
  /// the native side's evaluation reached for one that is not there.
  private func namesLine() -> String? {
    if let harness = trace.first(where: { $0.name == "harness-error" }) {
      switch harness["kind"]?.stringValue {
      case "global-renamed", "global-missing":
        return "the harness looked the bridge up as window.\(profile.globalName), the profile \(profile.name)'s "
          + "names.global; if the bridge's global is named otherwise, say so there"
      case "method-missing":
        let member = harness["member"]?.stringValue ?? "?"
        return "the harness called the method the profile \(profile.name) names in names.\(member); if the bridge "
          + "has it under another name, say so there (null when the dialect has none)"
      default: break
      }
    }
    for event in trace where isFailure(event) {
      let error = event["error"]?.objectValue ?? event.fields
      let message = error["message"]?.stringValue ?? ""
      if message.contains(profile.globalName) || message.contains(profile.handleMessageFunction)
        || message.contains(profile.fetchQueueFunction)
      {
        return "the evaluation that failed uses the names of the profile \(profile.name) (names.global "
          + "\(profile.globalName), names.handleMessage \(profile.handleMessageFunction), names.fetchQueue "
          + "\(profile.fetchQueueFunction)); check them against the bridge"
      }
    }
    return nil
  }

  /// The page bridge reached for a signal global the profile does not
  /// provide, or the profile's signal never reached the native side though
  /// the scenario expected page-to-native traffic that never came.
  private func signalLine() -> String? {
    let provided = profile.signals.map(\.name)
    for event in trace where isFailure(event) {
      let error = event["error"]?.objectValue ?? event.fields
      let message = error["message"]?.stringValue ?? ""
      if message.contains("messageHandlers") || message.contains("webkit") {
        return "the page bridge reached for window.webkit.messageHandlers, which exists only for the message-handlers "
          + "signals the profile \(profile.name) lists (signals[].kind, signals[].name: \(signalList))"
      }
      if let name = Self.missingVariable(in: message), !provided.contains(name) {
        return "the page bridge reached for \(name), which the harness does not provide: it provides only the signals "
          + "the profile \(profile.name) lists (signals[].kind, signals[].name: \(signalList)); if the bridge signals "
          + "through \(name), say so there"
      }
    }
    // Only when the page called and nothing else explains the silence (an exception, or a bridge
    // the harness could not drive, would).
    guard !signalArrived, pageCalled, expectsPageToNative, !trace.contains(where: isFailure),
      !trace.contains(where: { $0.name == "harness-error" })
    else { return nil }
    return "the scenario ran with the \(transport.rawValue) signal of the profile \(profile.name) (signals[].kind: "
      + "\(signalList)), and no such signal reached the native side; if the bridge signals another way, list that "
      + "kind first there"
  }

  /// The native side could not read what arrived as the profile says it travels.
  private func queueLine() -> String? {
    let codes: Set<String> = ["malformed-queue", "queue-not-array", "empty-queue", "non-object-message"]
    guard trace.contains(where: { $0.name == "native-log" && codes.contains($0["code"]?.stringValue ?? "") }) else {
      return nil
    }
    return "the native side could not read the page's queue as the profile \(profile.name) says it travels "
      + "(queue.return \"\(profile.queue.rawValue)\", queue.encoding \"\(profile.encoding.rawValue)\", queue.envelope, "
      + "fields); check them against the bridge"
  }

  /// The page bridge was never put into the page.
  private func injectionLine() -> String? {
    let injected = trace.contains { event in
      (event.name == "native-log" && event["code"] == "injected")
        || event.name == TraceEventName.userScriptAdded
    }
    guard !injected, trace.contains(where: { $0.name == "harness-error" }) else { return nil }
    return "the scenario ran with \(injection.rawValue) injection, the first of the profile \(profile.name)'s "
      + "injections[].kind (\(profile.injections.map(\.rawValue).joined(separator: ", "))), and the page bridge was "
      + "never injected; if the bridge's native side injects it another way, list that kind first there"
  }

  // MARK: - Helpers

  private var signalList: String {
    profile.signals.map { signal in
      switch signal.kind {
      case .iframe, .location: "\(signal.kind.rawValue) \(signal.url)"
      case .messageHandlers, .channel, .hostObject: "\(signal.kind.rawValue) \(signal.name)"
      case .prompt: "prompt \(signal.marker)"
      }
    }.joined(separator: ", ")
  }

  private func isFailure(_ event: TraceEvent) -> Bool {
    event.name == TraceEventName.uncaughtException || Judge.isFailedEvaluation(event)
  }

  /// `X` of `Can't find variable: X` (JavaScriptCore's ReferenceError).
  static func missingVariable(in message: String) -> String? {
    let prefix = "Can't find variable: "
    guard let range = message.range(of: prefix) else { return nil }
    let name = message[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    return name.isEmpty ? nil : String(name)
  }

  /// Whether the scenario had the page call a native handler (a step, or a
  /// set-up step), which a working signal carries to the native side.
  private var pageCalled: Bool {
    fixture.steps.contains { if case .pageCall = $0 { return true } else { return false } }
      || fixture.setup.onReady.contains { if case .pageCall = $0 { return true } else { return false } }
  }

  /// Whether the failing scenario expects something from the page at the native side.
  private var expectsPageToNative: Bool {
    let names: Set<String> = ["native-handler-invoked", "page-callback-invoked", WireEvents.toNative]
    return (fixture.expect.events + fixture.expect.counts.map(\.pattern)).contains { names.contains($0.event) }
  }

  /// Whether a signal of the profile's kind reached the native side.
  private var signalArrived: Bool {
    switch transport {
    case .messageHandlers:
      return trace.contains { $0.name == TraceEventName.scriptMessage }
    case .channel, .hostObject:
      return trace.contains { $0.name == TraceEventName.interfaceCalled }
    case .prompt:
      return trace.contains { $0.name == TraceEventName.dialog }
    case .iframe, .location:
      let prefixes =
        profile.signals.filter { $0.kind.isNavigation }.map { $0.url.lowercased() } + [
          profile.queueReturnURL.lowercased()
        ]
      return trace.contains { event in
        guard event.name == TraceEventName.navigationDecided, let url = event["url"]?.stringValue?.lowercased() else {
          return false
        }
        return prefixes.contains { !$0.isEmpty && url.hasPrefix($0) }
      }
    }
  }
}
