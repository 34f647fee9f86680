import ScenarioRunner
import Synchronization

/// Stops a `--native` run early when the adapter fails every scenario the
/// same way: after the first ``threshold`` scenarios that ran (not skipped)
/// all ended in `error` with one and the same message (an adapter that does
/// not start, crashes at once or speaks another protocol), the rest would
/// only repeat it, each after its own timeout.
///
/// One scenario that passes, fails, or errs differently keeps the breaker
/// closed for the rest of the run.
package final class AdapterCircuitBreaker: Sendable {
  /// How many identical errors in a row, from the start, open the breaker.
  package static let threshold = 5

  private struct State {
    var ran = 0
    var message: String?
    var closedForGood = false
  }

  private let state = Mutex(State())
  private let enabled: Bool

  /// A breaker that watches a run; `enabled` is false when no adapter runs.
  package init(enabled: Bool) {
    self.enabled = enabled
  }

  /// Counts `result`.
  package func record(_ result: ScenarioResult) {
    guard enabled, result.status != .skip else { return }
    state.withLock { state in
      guard !state.closedForGood, state.ran < Self.threshold else { return }
      guard result.status == .error, state.message == nil || state.message == result.message else {
        state.closedForGood = true
        return
      }
      state.message = result.message
      state.ran += 1
    }
  }

  /// The shared error message once the breaker is open; nil while closed.
  package var openedOn: String? {
    state.withLock { state in
      !state.closedForGood && state.ran >= Self.threshold ? state.message : nil
    }
  }
}
