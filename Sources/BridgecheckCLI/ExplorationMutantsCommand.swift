import ArgumentParser
import Exploration
import Foundation
import ScenarioRunner

/// `bridgecheck exploration-mutants`: the mutants only exploration finds.
struct ExplorationMutantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exploration-mutants",
    abstract: "Check that each exploration mutant is missed by the fixed fixtures and caught by --explore or fuzz.",
    discussion: """
      For each mutant of conformance/mutants/exploration/: the fixtures under the default schedule (which must \
      all pass), then its finder within the default budget: --explore over every fixture (the lowest failing seed \
      is printed) or fuzz (the number of values until the first failure). Exit 1 unless every mutant is missed by \
      the fixed fixtures and caught.
      """)

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are (default: bridgecheck's own Fixtures/).")
  var fixturesOption: String?

  @Option(
    name: .customLong("mutants"),
    help: "Where the exploration mutants are (default: bridgecheck's own conformance/mutants/exploration/).")
  var mutantsOption: String?

  private var fixturesPath: String { fixturesOption ?? Resources.path("Fixtures") }
  private var mutantsPath: String { mutantsOption ?? Resources.path(ExplorationMutantCatalog.defaultFolder) }

  @Option(help: "Seeds per scenario for --explore mutants.")
  var explore: Int = ExploreOptions.defaultSeeds

  @Option(help: "Values for fuzz mutants.")
  var runs: Int = FuzzOptions.defaultRuns

  @Option(name: .customLong("mutant"), help: "Only this mutant (repeatable).")
  var only: [String] = []

  @Option(name: .customLong("jobs"), help: "Threads (default: the number of cores). Changes nothing in the report.")
  var jobsOption: Int?

  func run() throws {
    let fixtures = try FixtureSelection.parse([fixturesPath]).load()
    let catalog = ExplorationMutantCatalog.load(from: mutantsPath)
    if !catalog.problems.isEmpty { throw FixtureSelection.describe(catalog.problems) }
    let unknown = only.filter { name in !catalog.mutants.contains { $0.name == name } }
    if !unknown.isEmpty {
      throw CLIError.usage(
        "no exploration mutant \(unknown.joined(separator: ", "))",
        hint: "one of "
          + catalog.mutants.map(\.name).joined(separator: ", "))
    }
    let mutants = only.isEmpty ? catalog.mutants : catalog.mutants.filter { only.contains($0.name) }
    let meter = ProgressMeter(task: "exploration-mutants", unit: "mutants")
    let matrix = ExplorationMatrix.run(
      mutants: mutants, fixtures: fixtures, explore: ExploreOptions(seeds: explore),
      fuzz: FuzzOptions(runs: runs), jobs: jobsOption ?? ProcessInfo.processInfo.activeProcessorCount,
      progress: { done, running in meter.update(done: done, total: mutants.count, note: running) })
    meter.finish()
    print(matrix.text, terminator: "")
    if !matrix.passes { throw ExitCode(CLIError.gateExitCode) }
  }
}
