import ArgumentParser
import BridgeImplementations
import Foundation
import Mutation
import ScenarioRunner
import Supervision

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

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are (default: bridgecheck's own Fixtures/).")
  var fixturesOption: String?

  @Option(
    name: .customLong("mutants"),
    help: "Where the mutant definitions are (default: bridgecheck's own conformance/mutants/).")
  var mutantsOption: String?

  private var fixturesPath: String { fixturesOption ?? Resources.path("Fixtures") }
  private var mutantsPath: String { mutantsOption ?? Resources.path("conformance/mutants") }

  @Flag(help: "Rewrite the expected matrix (conformance/mutants/expected-kills.json) from this run.")
  var updateExpected = false

  @Flag(help: "List the fixtures each mutant fails.")
  var verbose = false

  @Option(
    name: .customLong("jobs"),
    help: "Worker processes (default: one per core, fewer when the memory limit cannot give each worker 256 MB).")
  var jobsOption: Int?

  @Option(
    name: .customLong("memory-limit"),
    help: ArgumentHelp(
      "The most resident memory the workers may use, e.g. 1G: each of the --jobs workers gets an equal share, at least 256 MB (default: 1G, or 512M a worker when there are more than two, up to three quarters of the machine's memory).",
      valueName: "size"), transform: MemorySize.parse)
  var memoryLimitOption: MemorySize?

  /// The workers and their memory (``WorkerBudget``).
  func workerBudget() throws(WorkerBudgetError) -> WorkerBudget {
    try WorkerBudget.resolve(
      jobs: jobsOption, memoryLimit: memoryLimitOption?.bytes, kind: .mutants,
      cores: ProcessInfo.processInfo.activeProcessorCount, machineMemory: MachineMemory.bytes)
  }

  func validate() throws {
    if let jobsOption, jobsOption < 1 { throw ValidationError("--jobs must be at least 1") }
    do {
      _ = try workerBudget()
    } catch {
      throw ValidationError("\(error)")
    }
  }

  func run() throws {
    let budget = try workerBudget()
    let jobs = budget.jobs
    Interrupt.install()
    let fixtures = try FixtureSelection.parse([fixturesPath]).load()
    // Dialect mutants patch bridgecheck's own dialect bridges, wherever the
    // mutant definitions are.
    let catalog = MutantCatalog.load(
      from: mutantsPath, dialectList: Resources.absolute(Resources.path("conformance/dialects/dialects.json")))
    if !catalog.problems.isEmpty {
      throw FixtureSelection.describe(catalog.problems)
    }
    let progress = MutantsProgress()
    let judged = catalog.mutants.filter { $0.notYetJudged == nil }
    progress.begin(
      mutants: judged.count, fixtures: fixtures.count, jobs: jobs,
      dialects: SupervisedMutationMatrix.dialects(of: judged).count)
    let matrix = SupervisedMutationMatrix.run(
      fixtures: fixtures, mutants: catalog.mutants, executable: RunCommand.executablePath, jobs: jobs,
      limits: SupervisorLimits(memoryLimit: budget.memoryLimit), progress: progress.update,
      stopReason: { Interrupt.stopReason })
    progress.finish()
    if !matrix.isComplete {
      // A partial matrix proves nothing either way: no comparison, no
      // update, and no hint to update.
      print(MutationReport.text(matrix, differences: [], verbose: verbose), terminator: "")
      Diagnostic.status(
        "mutants: interrupted: \(matrix.cellsRun) of \(matrix.cellCount) cells ran; "
          + "the matrix is incomplete, so it was not compared with \(expectedPath)"
          + (updateExpected ? " and not written" : "")
      ).emit()
      throw ExitCode(Interrupt.exitStatus ?? CLIError.gateExitCode)
    }
    let actual = ExpectedKills(
      kills: matrix.kills,
      notYetJudged: Dictionary(uniqueKeysWithValues: matrix.notYetJudged.map { ($0.name, $0.notYetJudged ?? "") }))
    var differences: [String] = []
    if updateExpected {
      try Terminal.write(actual.serialized, to: expectedPath)
      Diagnostic.status("wrote \(expectedPath)").emit()
    } else {
      switch ExpectedKills.load(from: expectedPath) {
      case .success(let expected?): differences = expected.differences(from: actual)
      case .success(nil): differences = ["\(expectedPath) does not exist: write it with --update-expected"]
      case .failure(let problem): throw CLIError.usage("\(problem)")
      }
    }
    print(MutationReport.text(matrix, differences: differences, verbose: verbose), terminator: "")
    if !MutationReport.passes(matrix, differences: differences) { throw ExitCode(CLIError.gateExitCode) }
  }

  private var expectedPath: String { (mutantsPath as NSString).appendingPathComponent("expected-kills.json") }
}

/// This program's own executable, to start it again as an adapter.
enum Executable {
  static var path: String {
    #if os(Linux)
      let resolved = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
      if FileManager.default.isExecutableFile(atPath: resolved) { return resolved }
    #endif
    let argument = CommandLine.arguments.first ?? "bridgecheck"
    return URL(fileURLWithPath: argument, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      .standardizedFileURL.path
  }
}
