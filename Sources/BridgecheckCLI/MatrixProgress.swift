import ScenarioRunner
import Synchronization

/// The progress of `bridgecheck matrix` (``ProgressMeter``): scenarios run
/// over every pair, and the pair running now.
final class MatrixProgress: Sendable {
  private let meter = ProgressMeter(task: "matrix", unit: "scenarios")
  private let total: Int
  private let perPair: Int
  private let pairsDone = Mutex(0)

  /// A matrix of `pairs` pairs of `fixtures` scenarios each.
  init(pairs: Int, fixtures: Int) {
    total = pairs * fixtures
    perPair = fixtures
  }

  /// The progress callback of the suite run of the pair called `title`.
  func callback(_ title: String) -> @Sendable (Int, ScenarioResult) -> Void {
    let base = pairsDone.withLock { $0 } * perPair
    let meter = meter
    let total = total
    return { finished, _ in meter.update(done: base + finished, total: total, note: title) }
  }

  /// One more pair is done.
  func pairDone() {
    pairsDone.withLock { $0 += 1 }
  }

  /// Clears the line.
  func finish() { meter.finish() }
}
