import JSONModel
import WebViewHosting

/// What a page under test did to itself that leaves nothing to judge: its
/// bridge threw while it was being injected (so it is only partly set up),
/// or the page replaced built-ins that bridges and the harness rely on
/// (`setTimeout`, `JSON`, members of `Object.prototype`…). A scenario such a
/// page fails ends as `error` naming the cause, not as a `fail` that would
/// blame a protocol rule the scenario never reached.
struct PageSabotage {
  /// The failed evaluation of the page bridge (an `evaluate-result`), or
  /// the exception its document-start user script threw.
  var injectionFailure: TraceEvent?
  /// The `builtins-replaced` event of the harness's check, if it found any.
  var builtInsReplaced: TraceEvent?
  /// The failed evaluation of the page bridge whose exception is a fixture's
  /// own deliberate throw (a set-up callback the bridge called while it was
  /// being injected): what the fixture tests, not sabotage.
  var scriptedThrowDuringInjection: TraceEvent?

  /// Reads the trace. `pageScript` is the page bridge's text as the page
  /// implementation gave it; `userScripts` are the names of the user scripts
  /// that carry it (document-start injection).
  init(trace: [TraceEvent], pageScript: String, userScripts: [String]) {
    builtInsReplaced = trace.first { $0.name == HarnessPageScript.builtInsReplacedEvent }
    guard !pageScript.isEmpty else { return }
    let userScriptTasks = Set(userScripts.map { "script \($0)" })
    var evaluatingBridge = false
    for event in trace {
      switch event.name {
      case TraceEventName.evaluate:
        evaluatingBridge = event["script"]?.stringValue?.contains(pageScript) == true
      case TraceEventName.evaluateResult:
        if evaluatingBridge && event["ok"] == false { noteInjectionFailure(event) }
        evaluatingBridge = false
      case TraceEventName.uncaughtException:
        if let task = event["task"]?.stringValue, userScriptTasks.contains(task) { noteInjectionFailure(event) }
      default:
        break
      }
      if injectionFailure != nil { break }
    }
  }

  private mutating func noteInjectionFailure(_ event: TraceEvent) {
    let error = event["error"]?.objectValue ?? event.fields
    if error["message"]?.stringValue?.contains(HarnessPageScript.scriptedThrowMarker) == true {
      if scriptedThrowDuringInjection == nil { scriptedThrowDuringInjection = event }
    } else {
      injectionFailure = event
    }
  }

  /// The names of the replaced built-ins, in the order the harness lists them.
  var replacedNames: [String] {
    builtInsReplaced?["replaced"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// The error that replaces `failure`, or nil when the page did nothing of the kind.
  /// A fixture's own throw that ended the injection leaves the failure a
  /// failure, with a line saying so.
  func verdict(replacing failure: Verdict) -> Verdict? {
    guard let cause = injectionFailure ?? builtInsReplaced else {
      guard let scripted = scriptedThrowDuringInjection else { return nil }
      var verdict = failure
      verdict.message =
        (failure.message ?? "failed") + "\n"
        + "the fixture's set-up callback threw on purpose while the page bridge was being injected (trace #\(scripted.sequence)), "
        + "and the exception ended the injection: the page bridge calls its set-up callbacks without isolating them"
      return verdict
    }
    var reasons: [String] = []
    if let injectionFailure {
      let error = injectionFailure["error"]?.objectValue ?? injectionFailure.fields
      let missing = MissingPageAPI.diagnose(
        name: error["name"]?.stringValue, message: error["message"]?.stringValue ?? "")
      let lead = missing.map { "\($0.explanation); the page bridge reached for it" } ?? "the page bridge threw"
      let described = Judge.describeError(error, explained: missing == nil)
      reasons.append("\(lead) while it was being injected (\(described)), so it is only partly set up")
    }
    let replaced = replacedNames
    if !replaced.isEmpty {
      reasons.append(
        "the page changed built-ins that bridges and the harness rely on: \(replaced.joined(separator: ", "))")
    }
    let failed = failure.message?.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "?"
    let message = reasons.joined(separator: "; ") + "; this scenario cannot be judged\n  what then failed: \(failed)"
    return .error(
      message,
      detail: FailureDetail(
        expectation: "the page bridge is injected without errors and the page keeps its built-ins", pointer: nil,
        closest: cause, focus: cause.sequence),
      check: CheckID.pageSabotage)
  }
}
