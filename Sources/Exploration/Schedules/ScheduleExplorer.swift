import ScenarioRunner
import WebViewHosting

/// Runs one scenario under many schedules (`bridgecheck run`, the default
/// gate, and `run --explore N`): first the default one (seed 0, the
/// schedule every fixture was written for), then the default gate's
/// systematic schedules in order, then seeds 1 through N; the first schedule
/// that fails is shrunk to the fewest deviations from seed 0 and reported
/// with its name or seed, its choices and how to replay or pin it.
///
/// Deterministic: the schedules, and so the result, depend only on the
/// fixture, the implementations and the options (not on `--jobs` or the
/// machine), except when a time budget cuts the seeds short, which the
/// result says.
package struct ScheduleExplorer: Sendable {
  /// Runs each schedule.
  package let runner: FixtureRunner
  /// How much to explore.
  package let options: ExploreOptions

  /// Creates an explorer.
  package init(runner: FixtureRunner, options: ExploreOptions) {
    self.runner = runner
    self.options = options
  }

  /// What exploring one scenario found.
  package struct Outcome: Sendable {
    /// The result to report: the default schedule's, or the shrunk failing
    /// schedule's with the seed and choices in its message.
    package var result: ScenarioResult
    /// Seeds run past the default schedule.
    package var seedsRun: Int
    /// The first seed that failed, if one did.
    package var failingSeed: UInt64?
    /// The systematic schedule that failed, if one did (then no seed ran).
    package var failingSchedule: SystematicSchedule? = nil
    /// The deviations of the seed's schedule, before shrinking.
    package var seedDeviations: [ScheduleChoice] = []
    /// The shrunk deviations that still fail.
    package var shrunk: [ScheduleChoice] = []
  }

  /// What a worker watches of each run: `begin` before it starts, `event`
  /// for every trace event (its sign of life, and the trace a killed
  /// worker leaves).
  package struct RunWatch {
    /// Called before each run.
    package var begin: () -> Void
    /// Called for every trace event of the run.
    package var event: (TraceEvent) -> Void

    /// Creates a watch.
    package init(begin: @escaping () -> Void, event: @escaping (TraceEvent) -> Void) {
      self.begin = begin
      self.event = event
    }
  }

  /// Explores `fixture`. `progress` is called after every run or batch of
  /// runs (a worker's sign of life), on the calling thread; `watch` sees
  /// each run that runs on the calling thread (seeds run on several threads
  /// are not watched).
  package func explore(_ fixture: Fixture, progress: @escaping () -> Void = {}, watch: RunWatch? = nil) -> Outcome {
    // With `--traces`, the trace kept is the default schedule's, or the
    // reported failure's (see ``failure(_:run:found:schedules:distinct:progress:)``).
    watch?.begin()
    let base = runner.run(fixture, traceObserver: watch?.event)
    let runner = self.runner.withoutTraceFiles
    progress()
    let systematic = options.systematic
    // A failure under the default schedule needs no exploring; a fixture
    // that pins a schedule runs under that one only.
    guard base.status == .pass, fixture.schedule == nil, options.seeds > 0 || !systematic.isEmpty else {
      var result = base
      let ran = base.status == .skip ? 0 : 1
      result.exploration = record(schedules: ran, distinct: ran)
      return Outcome(result: result, seedsRun: 0)
    }
    // Distinct schedules: the default one, and each different set of
    // deviations a schedule made (counted up to the first failing one only,
    // so that the count does not depend on how many ran in a batch).
    var distinct: Set<[ScheduleChoice]> = [[]]
    for (position, schedule) in systematic.enumerated() {
      watch?.begin()
      let run = runner.run(fixture, schedule: .systematic(schedule), traceObserver: watch?.event)
      progress()
      distinct.insert(run.deviations)
      if Self.isFailure(run.result) {
        return failure(
          fixture, run: run, found: .systematic(schedule), schedules: 2 + position, distinct: distinct.count,
          progress: progress, watch: watch)
      }
    }
    let ranBefore = 1 + systematic.count
    let clock = ContinuousClock()
    let start = clock.now
    var seedsRun = 0
    let threads = max(1, options.threads)
    let batch = threads == 1 ? 1 : threads * 8
    var next: UInt64 = 1
    let last = UInt64(max(0, options.seeds))
    var failing: (seed: UInt64, run: FixtureRunner.ScheduledRun)?
    while failing == nil && next <= last {
      if let budget = options.timeBudget, clock.now - start > budget { break }
      let seeds = Array(next...min(last, next + UInt64(batch) - 1))
      let runs =
        threads == 1
        ? [
          runner.run(
            fixture, schedule: .seed(seeds[0]),
            traceObserver: watch.map { watch in
              watch.begin()
              return watch.event
            })
        ]
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
      var outcome = failure(
        fixture, run: run, found: .seed(seed), schedules: ranBefore + seedsRun, distinct: distinct.count,
        progress: progress, watch: watch)
      outcome.seedsRun = seedsRun
      return outcome
    }
    var result = base
    if let budget = options.timeBudget, seedsRun < options.seeds {
      result.message = "explored \(seedsRun) of \(options.seeds) seeds within the time budget of \(budget)"
    }
    result.exploration = record(schedules: ranBefore + seedsRun, distinct: distinct.count)
    return Outcome(result: result, seedsRun: seedsRun)
  }

  /// How a failing schedule was found.
  enum Found {
    case systematic(SystematicSchedule)
    case seed(UInt64)

    /// How the report names it, e.g. `seed 12` or `steps-apart`.
    var name: String {
      switch self {
      case .systematic(let schedule): return schedule.name
      case .seed(let seed): return "seed \(seed)"
      }
    }

    /// The schedule itself.
    var spec: ScheduleSpec {
      switch self {
      case .systematic(let schedule): return .systematic(schedule)
      case .seed(let seed): return .seed(seed)
      }
    }

    /// What `--replay` takes to run it again.
    var replayArgument: String {
      switch self {
      case .systematic(let schedule): return schedule.name
      case .seed(let seed): return String(seed)
      }
    }
  }

  /// The record of this scenario's schedules.
  private func record(
    schedules: Int, distinct: Int, found: Found? = nil, shrunk: [ScheduleChoice]? = nil
  ) -> ScheduleExploration {
    var exploration = ScheduleExploration(
      schedules: schedules, distinctSchedules: distinct, seedsAsked: options.seeds, failingSchedule: shrunk)
    exploration.systematicAsked = options.systematic.count
    switch found {
    case .systematic(let schedule)?: exploration.failingScheduleName = schedule.name
    case .seed(let seed)?: exploration.failingSeed = seed
    case nil: break
    }
    return exploration
  }

  /// Shrinks a failing run and reports it.
  private func failure(
    _ fixture: Fixture, run: FixtureRunner.ScheduledRun, found: Found, schedules: Int, distinct: Int,
    progress: @escaping () -> Void, watch: RunWatch?
  ) -> Outcome {
    let runner = self.runner.withoutTraceFiles
    let shrinker = ScheduleShrinker(
      fails: { candidate in
        watch?.begin()
        let again = runner.run(fixture, schedule: .deviations(candidate), traceObserver: watch?.event)
        progress()
        return Self.isFailure(again.result) ? again.deviations : nil
      }, budget: options.shrinkRuns)
    let shrunk = shrinker.shrink(run.deviations)
    // The reported run is the one whose trace `--traces` keeps.
    watch?.begin()
    let final = self.runner.run(fixture, schedule: .deviations(shrunk), traceObserver: watch?.event)
    progress()
    let reported = Self.isFailure(final.result) ? final : run
    if !Self.isFailure(final.result) && self.runner.options.traceDirectory != nil {
      _ = self.runner.run(fixture, schedule: found.spec)
    }
    var outcome = Outcome(
      result: reported.result, seedsRun: 0, seedDeviations: run.deviations,
      shrunk: Self.isFailure(final.result) ? final.deviations : run.deviations)
    switch found {
    case .seed(let seed): outcome.failingSeed = seed
    case .systematic(let schedule): outcome.failingSchedule = schedule
    }
    outcome.result.message = Self.message(
      fixture: fixture, found: found, deviations: run.deviations, shrunk: outcome.shrunk,
      original: reported.result.message)
    outcome.result.exploration = record(schedules: schedules, distinct: distinct, found: found, shrunk: outcome.shrunk)
    return outcome
  }

  static func isFailure(_ result: ScenarioResult) -> Bool {
    (result.status == .fail || result.status == .error) && !result.hitWallClockLimit
  }

  /// The report of a failing schedule: its name or seed, its choices,
  /// the shrunk choices, how to replay and how to pin, then the failure
  /// itself.
  static func message(
    fixture: Fixture, found: Found, deviations: [ScheduleChoice], shrunk: [ScheduleChoice], original: String?
  ) -> String {
    let pin = ScheduleSpec.deviations(shrunk).fixtureValue.serialized()
    let name = found.name
    let headline: String
    switch found {
    case .systematic(let schedule):
      headline =
        "fails under the default gate's schedule \(name) (passes under the default schedule, seed 0): \(schedule.summary)"
    case .seed:
      headline = "fails under an explored schedule: \(name) (passes under the default schedule, seed 0)"
    }
    var lines = [
      headline,
      "  \(name) made \(deviations.count) deviation\(deviations.count == 1 ? "" : "s") from seed 0; "
        + "shrunk to \(shrunk.count): " + (shrunk.isEmpty ? "none" : shrunk.map(\.description).joined(separator: ", ")),
      "  replay: bridgecheck run --replay \(found.replayArgument) --filter '\(fixture.id)'",
      "  pin it in the fixture: \"schedule\": \(pin)",
    ]
    if let original { lines.append(original) }
    return lines.joined(separator: "\n")
  }
}
