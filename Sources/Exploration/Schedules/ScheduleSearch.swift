import PageSimulation
import ScenarioRunner

/// Looks for a schedule of the simulated page under which a scenario gives
/// a wanted verdict (`bridgecheck fidelity`: can the simulated page do what
/// the real engine did?). Seeds 1 through `seeds` run in order; the first
/// whose result is wanted is shrunk to the fewest deviations from the
/// default schedule that still give it, as `run --explore` shrinks a
/// failure.
///
/// Deterministic: the same scenario, implementations and budget give the
/// same seed and deviations.
public struct ScheduleSearch: Sendable {
  /// A schedule that gives the wanted verdict.
  public struct Found: Sendable, Hashable {
    /// The first seed that gave it.
    public var seed: UInt64
    /// The fewest deviations from the default schedule found that still give it.
    public var deviations: [ScheduleChoice]
  }

  /// Runs each schedule (it must run pages in the simulated engine: a real
  /// engine ignores schedules).
  public let runner: ScenarioRunner
  /// Seeds tried past the default schedule.
  public let seeds: Int
  /// The most runs shrinking may take.
  public let shrinkRuns: Int

  /// Creates a search.
  public init(runner: ScenarioRunner, seeds: Int = ExploreOptions.defaultSeeds, shrinkRuns: Int = 300) {
    self.runner = runner
    self.seeds = seeds
    self.shrinkRuns = shrinkRuns
  }

  /// The first schedule (by seed) under which `fixture`'s result is
  /// `wanted`, shrunk; nil when no seed within the budget gives it. A run
  /// that hit the wall-clock limit never counts: its verdict is the
  /// machine's, not the schedule's.
  public func find(_ fixture: Fixture, wanted: @escaping (ScenarioResult) -> Bool) -> Found? {
    let runner = self.runner
    let gives = { (result: ScenarioResult) in wanted(result) && !result.hitWallClockLimit }
    guard seeds > 0 else { return nil }
    for seed in 1...UInt64(seeds) {
      let run = runner.run(fixture, schedule: .seed(seed))
      guard gives(run.result) else { continue }
      let shrinker = ScheduleShrinker(
        fails: { candidate in
          let again = runner.run(fixture, schedule: .deviations(candidate))
          return gives(again.result) ? again.deviations : nil
        }, budget: shrinkRuns)
      let shrunk = shrinker.shrink(run.deviations)
      let confirmed = gives(runner.run(fixture, schedule: .deviations(shrunk)).result)
      return Found(seed: seed, deviations: confirmed ? shrunk : run.deviations)
    }
    return nil
  }
}
