import Synchronization
import ScenarioRunner

/// Counts gating failures as results arrive, judged against the
/// expectations file like the report will be, for `--max-failures`.
final class FailureCounter: Sendable {
  private let limit: Int?
  private let expectations: Baseline?
  private let gate: Level
  private let counted = Mutex(0)

  init(limit: Int?, expectations: Baseline?, gate: Level) {
    self.limit = limit
    self.expectations = expectations
    self.gate = gate
  }

  /// Counts `result` if it fails the gate.
  func count(_ result: ScenarioResult) {
    guard limit != nil else { return }
    let judged = expectations?.apply(to: result) ?? result
    if judged.isGatingFailure(gate: gate) { counted.withLock { $0 += 1 } }
  }

  /// Whether the limit has been reached.
  var reached: Bool {
    guard let limit else { return false }
    return counted.withLock { $0 } >= limit
  }
}
