import ArgumentParser
import Exploration
import PageSimulation
import ScenarioRunner
import WebViewHosting

/// Which schedules `bridgecheck run` runs each scenario under.
enum ScheduleSet: String, ExpressibleByArgument, CaseIterable {
  /// The default gate: the default schedule and the systematic ones.
  case `default`
  /// The default schedule only (seed 0): weaker, misses races a real web view has.
  case single
}

/// The schedule options of `bridgecheck run`: `--schedules`, `--explore N`,
/// `--explore-time SECONDS` and `--replay SEED|NAME` (docs/exploration.md).
struct ExploreArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "default: run each scenario under the default schedule and, if it passes, under each of the default gate's systematic schedules (\(SystematicSchedule.defaultGate.map(\.name).joined(separator: ", "))), the races a real web view has; single: the default schedule only (weaker: it misses those races).",
      valueName: "set"))
  var schedules: ScheduleSet = .default

  @Option(
    help: ArgumentHelp(
      "Also run each scenario that passes the default gate under N seeds (1 to N) of the simulated page; the first that fails is shrunk to the fewest deviations from the default schedule and reported with its seed (default budget: \(ExploreOptions.defaultSeeds)).",
      valueName: "n"))
  var explore: Int?

  @Option(
    help: ArgumentHelp(
      "A wall-clock budget for --explore's seeds, in seconds, shared by the scenarios (without --explore: as many seeds as fit).",
      valueName: "seconds"))
  var exploreTime: Double?

  @Option(
    help: ArgumentHelp(
      "Run every scenario under one schedule only: a seed (as --explore reported it) or the name of one of the default gate's schedules.",
      valueName: "seed|name"))
  var replay: String?

  @Option(
    help: ArgumentHelp(
      "Write the first scenario that fails under a schedule other than the default one as a fixture file, its shrunk schedule pinned in its `schedule` field (the fixture's id gets -pinned).",
      valueName: "path"))
  var writeFixture: String?

  @Option(
    help: ArgumentHelp(
      "Run an exploration mutant of conformance/mutants/exploration/ instead of the reference pair (a self-test of --explore; bridgecheck exploration-mutants lists what catches each).",
      valueName: "name"))
  var mutant: String?

  func validate() throws {
    if let explore, explore < 0 { throw ValidationError("--explore must be 0 or more seeds") }
    if let exploreTime, !(exploreTime > 0) { throw ValidationError("--explore-time must be more than 0 seconds") }
    if let replay, Self.replaySchedule(replay) == nil {
      throw ValidationError(
        "--replay \(replay): give a seed (a whole number, as a failure's report names it) or one of the default gate's schedules: "
          + SystematicSchedule.defaultGate.map(\.name).joined(separator: ", "))
    }
    if replay != nil && (explore != nil || exploreTime != nil) {
      throw ValidationError("--replay runs one schedule: give it without --explore and --explore-time")
    }
    if writeFixture != nil && !explores {
      throw ValidationError(
        "--write-fixture writes a schedule that the default gate or --explore found: drop --schedules single or --replay, or give --explore N"
      )
    }
  }

  /// The schedules of this run for `scenarios` scenarios on `jobs`
  /// workers, or nil for one schedule per scenario.
  func options(scenarios: Int, jobs: Int) -> ExploreOptions? {
    guard explores else { return nil }
    let seeding = explore != nil || exploreTime != nil
    let budget = exploreTime.map { seconds in
      Duration.milliseconds(Int64(seconds * 1000 * Double(max(1, jobs)) / Double(max(1, scenarios))))
    }
    var options = ExploreOptions(
      seeds: explore ?? (exploreTime != nil ? 1_000_000 : 0),
      systematic: schedules == .default ? SystematicSchedule.defaultGate : [], timeBudget: budget)
    // Fewer scenarios than jobs: each scenario's seeds share the spare cores.
    if seeding { options.threads = max(1, jobs / max(1, min(jobs, scenarios))) }
    return options
  }

  /// Whether the run runs more than one schedule a scenario: the default
  /// gate (unless `--schedules single` or `--replay`), or `--explore`.
  var explores: Bool {
    explore != nil || exploreTime != nil || (schedules == .default && replay == nil)
  }

  /// Whether the run explores seeds (`--explore N` or `--explore-time`).
  var exploresSeeds: Bool { explore != nil || exploreTime != nil }

  /// `--replay SEED|NAME` as the schedule of every scenario.
  var schedule: ScheduleSpec? { replay.flatMap(Self.replaySchedule) }

  /// A seed or a systematic schedule's name as a schedule.
  static func replaySchedule(_ text: String) -> ScheduleSpec? {
    if let seed = UInt64(text) { return .seed(seed) }
    return SystematicSchedule.named(text).map { .systematic($0) }
  }

  /// What the reports say about the schedules of this run.
  var described: RunSchedules {
    if let replay { return RunSchedules(names: [replay], seeds: 0, replay: true) }
    let gate = schedules == .default ? SystematicSchedule.defaultGate.map(\.name) : []
    return RunSchedules(names: ["default"] + gate, seeds: explore ?? (exploreTime != nil ? -1 : 0), replay: false)
  }
}
