import ArgumentParser
import Exploration
import PageSimulation
import ScenarioRunner

/// The schedule options of `bridgecheck run`: `--explore N`,
/// `--explore-time SECONDS` and `--replay SEED` (docs/exploration.md).
struct ExploreArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Run each scenario that passes under N more schedules (seeds 1 to N) of the simulated page; the first that fails is shrunk to the fewest deviations from the default schedule and reported with its seed (default budget: \(ExploreOptions.defaultSeeds)).",
      valueName: "n"))
  var explore: Int?

  @Option(
    help: ArgumentHelp(
      "A wall-clock budget for --explore, in seconds, shared by the scenarios (without --explore: as many seeds as fit).",
      valueName: "seconds"))
  var exploreTime: Double?

  @Option(help: ArgumentHelp("Run every scenario under the schedule of this seed (as --explore reported it).", valueName: "seed"))
  var replay: UInt64?

  @Option(
    help: ArgumentHelp(
      "With --explore: write the first scenario that fails under an explored schedule as a fixture file, its shrunk schedule pinned in its `schedule` field (the fixture's id gets -pinned).",
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
    if replay != nil && (explore != nil || exploreTime != nil) {
      throw ValidationError("--replay runs one schedule: give it without --explore and --explore-time")
    }
    if writeFixture != nil && !explores {
      throw ValidationError("--write-fixture writes a schedule that --explore found: give --explore N (or --explore-time) too")
    }
  }

  /// The exploration of this run for `scenarios` scenarios on `jobs`
  /// workers, or nil.
  func options(scenarios: Int, jobs: Int) -> ExploreOptions? {
    guard explore != nil || exploreTime != nil else { return nil }
    let budget = exploreTime.map { seconds in
      Duration.milliseconds(Int64(seconds * 1000 * Double(max(1, jobs)) / Double(max(1, scenarios))))
    }
    var options = ExploreOptions(
      seeds: explore ?? (exploreTime != nil ? 1_000_000 : ExploreOptions.defaultSeeds), timeBudget: budget)
    // Fewer scenarios than jobs: each scenario's seeds share the spare cores.
    options.threads = max(1, jobs / max(1, min(jobs, scenarios)))
    return options
  }

  /// Whether the run explores schedules.
  var explores: Bool { explore != nil || exploreTime != nil }

  /// `--replay SEED` as the schedule of every scenario.
  var schedule: ScheduleSpec? { replay.map { .seed($0) } }
}
