import ArgumentParser
import BridgeImplementations
import Foundation
import Mutation
import ScenarioRunner

/// `bridgecheck mutants`: run every mutant against every fixture and check
/// the suite catches them all.
struct MutantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutants",
    abstract: "Run the mutants (deliberately broken bridges) against the fixtures and print the matrix.",
    discussion: """
      Fails (exit 1) unless the reference pair passes every must and should fixture, every fixture fails on at \
      least one mutant, every mutant fails at least one fixture, and the matrix equals the expected one.
      """)

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are.")
  var fixturesPath = "Fixtures"

  @Option(name: .customLong("mutants"), help: "Where the mutant definitions are.")
  var mutantsPath = "conformance/mutants"

  @Flag(help: "Rewrite the expected matrix (conformance/mutants/expected-kills.json) from this run.")
  var updateExpected = false

  @Flag(help: "List the fixtures each mutant fails.")
  var verbose = false

  @Option(help: "Threads (default: the number of cores).")
  var jobs = ProcessInfo.processInfo.activeProcessorCount

  func run() throws {
    let fixtures = try FixtureSelection.parse([fixturesPath]).load()
    let catalog = MutantCatalog.load(from: mutantsPath)
    if !catalog.problems.isEmpty {
      throw CLIError.usage(FixtureSelection.describe(catalog.problems))
    }
    let matrix = MutationMatrix.run(
      fixtures: fixtures, mutants: catalog.mutants, implementations: MutantImplementations.make(), jobs: jobs)
    let expectedPath = (mutantsPath as NSString).appendingPathComponent("expected-kills.json")
    let actual = ExpectedKills(kills: matrix.kills)
    var differences: [String] = []
    if updateExpected {
      try Terminal.write(actual.serialized, to: expectedPath)
      Terminal.standardError("bridgecheck: wrote \(expectedPath)\n")
    } else {
      switch ExpectedKills.load(from: expectedPath) {
      case .success(let expected?): differences = expected.differences(from: actual)
      case .success(nil): differences = ["\(expectedPath) does not exist: write it with --update-expected"]
      case .failure(let problem): throw CLIError.usage("bridgecheck: \(problem)")
      }
    }
    print(MutationReport.text(matrix, differences: differences, verbose: verbose), terminator: "")
    if !MutationReport.passes(matrix, differences: differences) { throw ExitCode(CLIError.gateExitCode) }
  }
}

/// How the CLI builds native mutants.
enum MutantImplementations {
  static func make() -> MutationMatrix.Implementations {
    MutationMatrix.Implementations { fault, _ in
      ReferenceNativeImplementation(faults: [fault])
    }
  }
}
