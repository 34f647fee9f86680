import JSONModel

/// How a scenario that did not pass ended: what an expectations entry pins.
package enum FailureOutcome: String, Sendable, Hashable, CaseIterable {
  /// An expectation or invariant did not hold.
  case fail
  /// The scenario could not be judged (the page bridge unusable, an adapter
  /// error, a fixture that changed under the run).
  case error
  /// Something hung: a script stopped by the time limit, a page that never
  /// settled, an adapter that did not answer, the wall-clock limit.
  case timeout
  /// A process died: the adapter, or the worker running the scenario
  /// (including one killed for passing the memory limit).
  case crash
}

/// Stable ids of the checks a scenario can fail, so an expectations entry
/// can pin which one it excuses:
///
/// - an expectation of the fixture: the JSON pointer of it in the fixture
///   file, e.g. `/expect/events/0`, `/expect/absent/1`, `/expect/counts/0`;
/// - a built-in invariant: `invariant/<name>`, e.g.
///   `invariant/no-uncaught-exception`;
/// - what ended a scenario that could not be judged: `<outcome>/<cause>`,
///   e.g. `timeout/script`, `timeout/wall-clock`, `crash/adapter`,
///   `crash/worker`, `crash/memory-limit`, `error/page-bridge-unusable`.
///
/// Ids do not depend on messages, trace positions or timing.
package enum CheckID {
  /// A fixture expectation at `pointer`.
  package static func expectation(_ pointer: JSONPointer) -> String { pointer.description }

  /// A built-in invariant.
  package static func invariant(_ name: String) -> String { "invariant/" + name }

  /// A script ran past the per-entry time limit (the bridge hangs).
  package static let scriptTimeout = "timeout/script"
  /// The page kept running tasks past the task budget.
  package static let taskBudget = "timeout/task-budget"
  /// The page kept tasks pending past the virtual-time budget.
  package static let virtualTime = "timeout/virtual-time"
  /// The page used more CPU time than a scenario may (it never went idle).
  package static let cpuBudget = "timeout/cpu-budget"
  /// The scenario ran past its wall-clock limit.
  package static let wallClock = "timeout/wall-clock"
  /// The worker process running the scenario died.
  package static let workerCrash = "crash/worker"
  /// The scenario's processes passed the memory limit and were killed.
  package static let memoryLimit = "crash/memory-limit"
  /// The harness could not drive the page bridge.
  package static let pageBridgeUnusable = "error/page-bridge-unusable"
  /// The page bridge threw while injected, or the page replaced built-ins.
  package static let pageSabotage = "error/page-sabotage"
  /// The run was stopped (Ctrl-C, SIGTERM) while the scenario ran.
  package static let interrupted = "error/interrupted"
  /// bridgecheck could not start or set up a worker process, or the
  /// fixture changed under the run.
  package static let harness = "error/harness"

  /// The page passed a limit of the simulated page (`script-time` is a
  /// timeout; the others, such as `console-output` or `trace-events`, are
  /// errors).
  package static func pageLimit(_ limit: String) -> String {
    limit == "script-time" ? scriptTimeout : "error/page-limit-" + limit
  }

  /// An adapter failure with the adapter error `code`.
  package static func adapter(code: String) -> String {
    switch code {
    case "timeout": return "timeout/adapter"
    case "crashed", "closed": return "crash/adapter"
    default: return "error/adapter-" + code
    }
  }

  /// The outcome a check id implies when it is what ended a scenario.
  package static func outcome(of check: String) -> FailureOutcome {
    for outcome in [FailureOutcome.timeout, .crash, .error] where check.hasPrefix(outcome.rawValue + "/") {
      return outcome
    }
    return .fail
  }
}
