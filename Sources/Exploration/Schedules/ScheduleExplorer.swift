import PageSimulation
import ScenarioRunner

/// Runs one scenario under many schedules (`bridgecheck run --explore N`):
/// first the default one (seed 0, the verdict every fixture was written
/// for), then seeds 1 through N; the first seed that fails is shrunk to the
/// fewest deviations from seed 0 and reported with the seed, its choices and
/// how to replay or pin it.
///
/// Deterministic: the seeds, and so the result, depend only on the fixture,
/// the implementations and the options (not on `--jobs` or the machine),
/// except when a time budget cuts exploration short, which the result says.
public struct ScheduleExplorer: Sendable {
  /// Runs each schedule.
  public let runner: ScenarioRunner
  /// How much to explore.
  public let options: ExploreOptions

  /// Creates an explorer.
  public init(runner: ScenarioRunner, options: ExploreOptions) {
    self.runner = runner
    self.options = options
  }

  /// What exploring one scenario found.
  public struct Outcome: Sendable {
    /// The result to report: the default schedule's, or the shrunk failing
    /// schedule's with the seed and choices in its message.
    public var result: ScenarioResult
    /// Seeds run past the default schedule.
    public var seedsRun: Int
    /// The first seed that failed, if one did.
    public var failingSeed: UInt64?
    /// The deviations of the seed's schedule, before shrinking.
    public var seedDeviations: [ScheduleChoice] = []
    /// The shrunk deviations that still fail.
    public var shrunk: [ScheduleChoice] = []
  }

  /// Explores `fixture`. `progress` is called after every run or batch of
  /// runs (a worker's sign of life), on the calling thread.
  public func explore(_ fixture: Fixture, progress: @escaping () -> Void = {}) -> Outcome {
    let base = runner.run(fixture)
    progress()
    // A failure under the default schedule needs no exploring; a fixture
    // that pins a schedule runs under that one only.
    guard base.status == .pass, fixture.schedule == nil, options.seeds > 0 else {
      var result = base
      let ran = base.status == .skip ? 0 : 1
      result.exploration = ScheduleExploration(schedules: ran, distinctSchedules: ran, seedsAsked: options.seeds)
      return Outcome(result: result, seedsRun: 0)
    }
    // Distinct schedules: the default one, and each different set of
    // deviations a seed made (counted up to the first failing seed only, so
    // that the count does not depend on how many ran in a batch).
    var distinct: Set<[ScheduleChoice]> = [[]]
    let clock = ContinuousClock()
    let start = clock.now
    var seedsRun = 0
    let threads = max(1, options.threads)
    let batch = threads == 1 ? 1 : threads * 8
    var next: UInt64 = 1
    let last = UInt64(max(0, options.seeds))
    var failing: (seed: UInt64, run: ScenarioRunner.ScheduledRun)?
    while failing == nil && next <= last {
      if let budget = options.timeBudget, clock.now - start > budget { break }
      let seeds = Array(next...min(last, next + UInt64(batch) - 1))
      let runner = self.runner
      let runs =
        threads == 1
        ? [runner.run(fixture, schedule: .seed(seeds[0]))]
        : ParallelWork.map(count: seeds.count, jobs: threads) { runner.run(fixture, schedule: .seed(seeds[$0])) }
      progress()
      if let index = runs.firstIndex(where: { Self.isFailure($0.result) }) {
        failing = (seeds[index], runs[index])
        seedsRun += index + 1
        distinct.formUnion(runs[...index].map(\.deviations))
      } else {
        seedsRun += seeds.count
        distinct.formUnion(runs.map(\.deviations))
      }
      next += UInt64(seeds.count)
    }
    if let (seed, run) = failing {
      let shrinker = ScheduleShrinker(
        fails: { candidate in
          let again = runner.run(fixture, schedule: .deviations(candidate))
          progress()
          return Self.isFailure(again.result) ? again.deviations : nil
        }, budget: options.shrinkRuns)
      let shrunk = shrinker.shrink(run.deviations)
      let final = runner.run(fixture, schedule: .deviations(shrunk))
      progress()
      let reported = Self.isFailure(final.result) ? final : run
      var outcome = Outcome(
        result: reported.result, seedsRun: seedsRun, failingSeed: seed, seedDeviations: run.deviations,
        shrunk: Self.isFailure(final.result) ? final.deviations : run.deviations)
      outcome.result.message = Self.message(
        fixture: fixture, seed: seed, seedDeviations: run.deviations, shrunk: outcome.shrunk,
        original: reported.result.message)
      outcome.result.exploration = ScheduleExploration(
        schedules: 1 + seedsRun, distinctSchedules: distinct.count, seedsAsked: options.seeds, failingSeed: seed,
        failingSchedule: outcome.shrunk)
      return outcome
    }
    var result = base
    if let budget = options.timeBudget, seedsRun < options.seeds {
      result.message = "explored \(seedsRun) of \(options.seeds) seeds within the time budget of \(budget)"
    }
    result.exploration = ScheduleExploration(
      schedules: 1 + seedsRun, distinctSchedules: distinct.count, seedsAsked: options.seeds)
    return Outcome(result: result, seedsRun: seedsRun)
  }

  static func isFailure(_ result: ScenarioResult) -> Bool {
    (result.status == .fail || result.status == .error) && !result.hitWallClockLimit
  }

  /// The report of a failing schedule: seed, choices, shrunk choices, how to
  /// replay and how to pin, then the failure itself.
  static func message(
    fixture: Fixture, seed: UInt64, seedDeviations: [ScheduleChoice], shrunk: [ScheduleChoice], original: String?
  ) -> String {
    let pin = ScheduleSpec.deviations(shrunk).fixtureValue.serialized()
    var lines = [
      "fails under an explored schedule: seed \(seed) (passes under the default schedule, seed 0)",
      "  seed \(seed) made \(seedDeviations.count) deviation\(seedDeviations.count == 1 ? "" : "s") from seed 0; "
        + "shrunk to \(shrunk.count): " + (shrunk.isEmpty ? "none" : shrunk.map(\.description).joined(separator: ", ")),
      "  replay: bridgecheck run --replay \(seed) --filter '\(fixture.id)'",
      "  pin it in the fixture: \"schedule\": \(pin)",
    ]
    if let original { lines.append(original) }
    return lines.joined(separator: "\n")
  }
}
