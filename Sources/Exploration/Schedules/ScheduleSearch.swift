import ScenarioRunner
import WebViewHosting

/// Looks for a schedule of the simulated page under which a scenario gives
/// a wanted verdict (`bridgecheck fidelity`: can the simulated page do what
/// the real engine did?). First the default schedule and each of the
/// default gate's systematic schedules, then every schedule one deviation
/// away from the default (each choice the default schedule draws, at each
/// of its other values), then seeds 1 through `seeds` in order; the first
/// seed whose result is wanted is shrunk to the fewest deviations from the
/// default schedule that still give it, as `run --explore` shrinks a failure.
///
/// Deterministic: the same scenario, implementations and budget give the
/// same seed and deviations.
package struct ScheduleSearch: Sendable {
  /// A schedule that gives the wanted verdict.
  package struct Found: Sendable, Hashable {
    /// The first seed that gave it; nil when the default schedule, one of
    /// the default gate's or one deviation from the default did.
    package var seed: UInt64?
    /// The fewest deviations from the default schedule found that still give it.
    package var deviations: [ScheduleChoice]
    /// The schedule that gave it when it has a name: `default`, or one of
    /// the default gate's (``SystematicSchedule/name``).
    package var name: String? = nil
  }

  /// Runs each schedule (it must run pages in the simulated engine: a real
  /// engine ignores schedules).
  package let runner: FixtureRunner
  /// Seeds tried past the default schedule.
  package let seeds: Int
  /// The most runs shrinking may take.
  package let shrinkRuns: Int

  /// The most schedules one deviation away from the default that are tried.
  package let neighbours: Int

  /// Creates a search.
  package init(
    runner: FixtureRunner, seeds: Int = ExploreOptions.defaultSeeds, shrinkRuns: Int = 300, neighbours: Int = 400
  ) {
    self.runner = runner
    self.seeds = seeds
    self.shrinkRuns = shrinkRuns
    self.neighbours = neighbours
  }

  /// The other values of a choice at `point`: latencies, or the next ready
  /// sources for an order.
  static func otherValues(_ point: ChoicePoint) -> [Int] {
    point == .order ? [1, 2] : Array(point.values.dropFirst())
  }

  /// The first schedule under which `fixture`'s result is `wanted`: one
  /// deviation from the default, or else the first seed's, shrunk; nil when
  /// none within the budgets gives it. A run
  /// that hit the wall-clock limit never counts: its verdict is the
  /// machine's, not the schedule's.
  package func find(_ fixture: Fixture, wanted: @escaping (ScenarioResult) -> Bool) -> Found? {
    let runner = self.runner
    let gives = { (result: ScenarioResult) in wanted(result) && !result.hitWallClockLimit }
    let recorded = runner.run(fixture, schedule: .recordedDefault)
    if gives(recorded.result) { return Found(seed: nil, deviations: [], name: "default") }
    for schedule in SystematicSchedule.defaultGate {
      let run = runner.run(fixture, schedule: .systematic(schedule))
      if gives(run.result) { return Found(seed: nil, deviations: run.deviations, name: schedule.name) }
    }
    var tried = 0
    for (index, point) in recorded.points.enumerated() {
      for value in Self.otherValues(point) {
        guard tried < neighbours else { break }
        tried += 1
        let one = [ScheduleChoice(index: index, point: point, value: value)]
        let run = runner.run(fixture, schedule: .deviations(one))
        if gives(run.result) { return Found(seed: nil, deviations: run.deviations) }
      }
    }
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
