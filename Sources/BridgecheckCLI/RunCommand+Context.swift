import BridgeImplementations
import Exploration
import Foundation
import ProcessSupport
import ScenarioRunner

extension RunCommand {
  /// How this run is set up, for its reports: the command line that picks
  /// its bridges (the base of each failure's `reproduce`), the profile,
  /// engine, exploration and shard, the fixtures it selected (`selected`,
  /// before sharding) and the expectations file it is judged against.
  func runContext(profile: String, selected: [Fixture], allIDs: [String]? = nil) -> RunContext {
    var unselected: [String] = []
    if !selection.filters.isEmpty || !selection.tags.isEmpty {
      let chosen = Set(selected.map(\.id))
      unselected = (allIDs ?? selection.loadAll().fixtures.map(\.id)).filter { !chosen.contains($0) }
    }
    var explore: RunContext.ExploreSetting?
    if schedules.exploresSeeds {
      explore = RunContext.ExploreSetting(
        seeds: schedules.explore ?? (schedules.exploreTime != nil ? 1_000_000 : ExploreOptions.defaultSeeds),
        timeSeconds: schedules.exploreTime)
    }
    var expectations: RunContext.ExpectationsSource?
    if let baseline {
      expectations = RunContext.ExpectationsSource(
        file: baseline, digest: FixtureSetDigest.digest(ofFile: baseline) ?? "")
    }
    return RunContext(
      command: ShellWords.join(commandWords), profile: profile, engine: engine.rawValue, explore: explore,
      shard: shard.map { RunContext.ShardPosition(index: $0.index, count: $0.count) },
      fixtures: RunContext.FixtureSet(
        digest: FixtureSetDigest.digest(selected), ids: selected.map(\.id), unselected: unselected),
      expectations: expectations)
  }

  /// `bridgecheck run` with the paths and the options that choose the
  /// bridges and shape the results (`--schedules single` among them), as
  /// given; not the filters, shard, seeds explored, expectations or outputs.
  var commandWords: [String] {
    var words = ["bridgecheck", "run"] + selection.paths
    if let js { words += ["--js", js] }
    for feature in pageFeatures { words += ["--page-feature", feature] }
    if let profile { words += ["--profile", profile] }
    if let nativeCommand { words += ["--native", nativeCommand] }
    if let mutant = schedules.mutant { words += ["--mutant", mutant] }
    if engine != .simulated { words += ["--engine", engine.rawValue] }
    if seed != 0 { words += ["--seed", String(seed)] }
    if let replay = schedules.replay {
      words += ["--replay", String(replay)]
    } else if schedules.schedules == .single {
      words += ["--schedules", "single"]
    }
    if adapterTimeout != 5 { words += ["--adapter-timeout", Self.number(adapterTimeout)] }
    if adapterStartupTimeout != 15 { words += ["--adapter-startup-timeout", Self.number(adapterStartupTimeout)] }
    return words
  }

  /// `5`, or `2.5`.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension ShellWords {
  /// `words`, each quoted when it needs to be, joined by spaces.
  static func join(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}
