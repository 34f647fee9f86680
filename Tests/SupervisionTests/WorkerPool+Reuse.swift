import ScenarioRunner
import Testing

@testable import Supervision

/// An idle worker that holds too much of its memory share is replaced by a
/// fresh one before its next scenario, so that a long run does not end a
/// scenario for memory the worker gathered before it started.
@Suite("Worker reuse")
struct WorkerReuseTests {
  static let ids = [
    "callbacks/page-to-native-response", "data/absent-versus-null-data", "callbacks/page-handler-answers-after-delay",
  ]

  private func run(reuseFraction: Double) throws -> (results: [ScenarioResult], pool: WorkerPool) {
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 1,
      limits: SupervisorLimits(reuseFraction: reuseFraction))
    let results = pool.run(try fixtures(Self.ids))
    pool.stopAll()
    return (results, pool)
  }

  @Test(.enabled(if: procIsAvailable, "needs /proc to measure memory"))
  func aWorkerPastItsReuseFractionIsReplacedBeforeItsNextScenario() throws {
    // Any worker holds more than a millionth of its 2 GB share (2 KB).
    let (results, pool) = try run(reuseFraction: 0.000_001)
    #expect(results.map(\.status) == [.pass, .pass, .pass])
    #expect(pool.workersReplaced == 2, "each worker after its scenario")
    #expect(pool.workersStarted == 3)
  }

  @Test(.enabled(if: procIsAvailable, "needs /proc to measure memory"))
  func aWorkerWellWithinItsShareIsReused() throws {
    let (results, pool) = try run(reuseFraction: SupervisorLimits().reuseFraction)
    #expect(results.map(\.status) == [.pass, .pass, .pass])
    #expect(pool.workersReplaced == 0)
    #expect(pool.workersStarted == 1)
  }
}
