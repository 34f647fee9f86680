import Dialects
import JSONModel

extension PageProbes {
  /// The ready events the bridge dispatched with itself at load, and the
  /// start-up arrays it runs: each global it looked up at load and lacks
  /// holds an array with a recording function, and those called with the
  /// bridge are its arrays.
  func probeStartup() {
    let global = layout.global
    let bridges = loadSurvey?["eventBridges"]?.arrayValue ?? []
    var ready: [String] = []
    for event in loadObservation.events("event") where event["target"]?.stringValue == "document" {
      guard let type = event["type"]?.stringValue else { continue }
      let index = event["bridge"]?.numberValue.map(Int.init) ?? -1
      let carries = index >= 0 && index < bridges.count && bridges[index].stringValue == global
      if (carries || type.lowercased().contains("ready")) && !ready.contains(type) { ready.append(type) }
    }
    facts.readyEvents = Observed(
      ready,
      ready.isEmpty
        ? "the bridge dispatched no event on document at load"
        : "at load the bridge dispatched \(ready.joined(separator: ", ")) on document, carrying itself")
    let candidates = Self.unique(
      setup.presetArrays
        + unknownReads(loadObservation, phase: "load").filter {
          !definedNames.contains($0) && !setup.loadStubs.contains($0) && $0 != global
        })
    guard !candidates.isEmpty else {
      facts.callbacksArrays = Observed([], "the bridge looks up no start-up array at load")
      return
    }
    guard mayMakePage else { return }
    let previous = setup
    setup.presetArrays = candidates
    let (page, load) = loadedPage()
    setup = previous
    let arguments = page.survey()?["setupArguments"]?.arrayValue ?? []
    var arrays: [String] = []
    for event in load.events("setup-callback") {
      guard let array = event["array"]?.stringValue, let index = event["argument"]?.numberValue.map(Int.init),
        index >= 0, index < arguments.count, arguments[index].stringValue == global, !arrays.contains(array)
      else { continue }
      arrays.append(array)
    }
    facts.callbacksArrays = Observed(
      arrays,
      arrays.isEmpty
        ? "of the globals it looks up at load (\(candidates.joined(separator: ", "))), none holding functions was run with the bridge"
        : "the functions in window.\(arrays.joined(separator: ", window.")) were called with the bridge when it loaded")
  }

  /// A page with the bridge loaded, a handler registered under the
  /// delivery probe's name and the handshake done.
  private func preparedPage(handler tag: String) -> ProbePage? {
    guard let register = receiving.register, mayMakePage else { return nil }
    let (page, _) = loadedPage()
    _ = page.call(
      [layout.global, register], [.value(.string(ProbeNames.deliver)), .handler(tag, answer: ProbeNames.pageAnswer)])
    if let initFunction = receiving.initFunction {
      _ = page.call([layout.global, initFunction], [.callback("default")], arm: true)
    }
    return page
  }

  /// What a request delivered after a candidate switch showed.
  private enum SwitchedDispatch {
    /// Still dispatched later (the candidate is not the switch).
    case deferred
    /// Dispatched inside the delivering call.
    case atOnce
    /// The delivering call never returned: the page ran past its time
    /// limit inside it, where before the candidate it returned at once. The
    /// candidate changed how requests are dispatched (a bridge that hangs
    /// once its safety timeout is off, which the switch's scenarios judge).
    case hung
  }

  /// How a request delivered now is dispatched.
  private func dispatchAfterSwitch(_ page: ProbePage, tag: String, sequence: Int) -> SwitchedDispatch {
    guard let handle = receiving.handle, let form = receiving.form else { return .deferred }
    let limitPassedBefore = page.limitViolation != nil
    let message = request(ProbeNames.deliver, data: Self.nativeData(form), id: nil)
    let (_, observation) = page.call([layout.global, handle], [Self.argument(message, form)], arm: true)
    if observation.handlers(tag).first?.sync ?? false { return .atOnce }
    return !limitPassedBefore && page.limitViolation != nil ? .hung : .deferred
  }

  /// How the evidence says what a switch did.
  private static func switched(_ outcome: SwitchedDispatch) -> String {
    outcome == .hung
      ? "the delivering call of the next request never returned (the page ran past its time limit inside it)"
      : "requests were dispatched inside the delivering call"
  }

  /// Under deferred dispatch: the page handler that switches the safety
  /// timeout off (a string of the script, delivered as a request, after
  /// which requests are dispatched at once), and the page method that does.
  func probeSafetyTimeout() {
    guard let dispatch = facts.dispatch?.value else { return }
    guard dispatch == .deferred else {
      facts.safetySwitch = Observed(nil, "synchronous dispatch has no safety timeout")
      facts.disableSafetyTimeout = Observed(nil, "synchronous dispatch has no safety timeout")
      return
    }
    let likely = ["timeout", "safety", "alert", "sync"]
    let literals = SourceText.identifierLiterals(in: source).filter { !layout.functions.contains($0) }
    let ordered =
      literals.filter { name in likely.contains { name.lowercased().contains($0) } }
      + literals.filter { name in !likely.contains { name.lowercased().contains($0) } }
    if let page = preparedPage(handler: "switch"), let handle = receiving.handle, let form = receiving.form {
      var found: (name: String, outcome: SwitchedDispatch)?
      for (index, candidate) in ordered.prefix(40).enumerated() {
        let message = request(candidate, data: .null, id: nil)
        _ = page.call([layout.global, handle], [Self.argument(message, form)], arm: true)
        let outcome = dispatchAfterSwitch(page, tag: "switch", sequence: index)
        if outcome != .deferred {
          found = (candidate, outcome)
          break
        }
      }
      facts.safetySwitch = Observed(
        found?.name,
        found.map { "after a request for the page handler '\($0.name)', \(Self.switched($0.outcome))" }
          ?? "no string of the script, delivered as a handler name, made dispatch synchronous")
    }
    var method: (name: String, outcome: SwitchedDispatch)?
    for candidate in layout.functions
    where likely.contains(where: { candidate.lowercased().contains($0) })
      || candidate.lowercased().contains("disable")
    {
      guard let page = preparedPage(handler: "method") else { break }
      _ = page.call([layout.global, candidate], [], arm: true)
      let outcome = dispatchAfterSwitch(page, tag: "method", sequence: 0)
      if outcome != .deferred {
        method = (candidate, outcome)
        break
      }
    }
    facts.disableSafetyTimeout = Observed(
      method?.name,
      method.map { "after \(layout.global).\($0.name)(), \(Self.switched($0.outcome))" }
        ?? "no page method switched the safety timeout off")
  }

  /// The host-object signal's calls, once the receiving probes found its answer method.
  func finishSignals() {
    guard var calls = sending.hostCalls, var signals = facts.signals else { return }
    if receiving.answerMethodEvidence == nil { calls.answerMethod = "response" }
    for index in signals.value.indices where signals.value[index].kind == .hostObject {
      signals.value[index].hostCalls = calls
    }
    signals.evidence += [receiving.answerMethodEvidence, receiving.returnEvidence].compactMap { $0 }.map { "; " + $0 }
      .joined()
    facts.signals = signals
  }
}
