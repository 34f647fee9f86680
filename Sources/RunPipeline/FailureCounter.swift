import ScenarioRunner
import Synchronization

/// Counts gating failures as results arrive, for `--max-failures`: once
/// ``reached``, a ``GateRun`` starts no more scenarios.
package final class FailureCounter: Sendable {
  private let limit: Int?
  private let gate: Level
  private let counted = Mutex(0)

  /// A counter of the failures that gate at `gate`; nil `limit` counts nothing and is never reached.
  package init(limit: Int?, gate: Level) {
    self.limit = limit
    self.gate = gate
  }

  /// Counts `result` if it fails the gate; `result` is already judged
  /// against the expectations file, as the report will judge it.
  package func count(_ result: ScenarioResult) {
    guard limit != nil else { return }
    if result.isGatingFailure(gate: gate) { counted.withLock { $0 += 1 } }
  }

  /// Whether the limit has been reached.
  package var reached: Bool {
    guard let limit else { return false }
    return counted.withLock { $0 } >= limit
  }
}
