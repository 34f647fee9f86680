import ArgumentParser
import Foundation
import Mutation
import PageSimulation
import ReferenceBridges
import ScenarioRunner
import Supervision
import WebViewHosting

/// `bridgecheck fidelity`: the suite in the simulated page and in a real
/// WebKitGTK web view, with the reference pair and every mutant, and where
/// the verdicts differ (issue #14; `conformance/FIDELITY.md` is its report).
struct FidelityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fidelity",
    abstract: "Run the fixtures in the simulated page and in WebKitGTK, with the reference pair and every mutant, "
      + "and show where the verdicts differ.",
    discussion: """
      Each implementation pair (the reference, each mutant of conformance/mutants/, each patched dialect bridge's own \
      pair) runs every fixture in both engines, on the worker processes of `bridgecheck run` (--jobs, --memory-limit: \
      each worker its own web view and web process, held to the same limits). Where the verdicts differ, the cell runs again \
      in both with the whole trace kept, and the report shows the two traces from the first event where they part \
      (task and script-run events are the engines' own and left out). A fixture whose engines field leaves an engine \
      out is listed with its reason, not as a difference. In the simulated page a correct pair (the reference, a \
      dialect bridge's own pair) runs under every schedule of the default gate, as `bridgecheck run` runs it, so each \
      of those schedules is checked against what WebKit does; a mutant runs under the schedules `bridgecheck mutants` \
      judges it by (the default schedule, unless its file says "schedules": "default"). --schedules single runs \
      everything under the default schedule only. Exit 1 when any verdict differs. Needs a build with the \
      WebKitGTK trait, on a display or under xvfb-run (scripts/fidelity.sh does both).
      """)

  @OptionGroup var selection: FixtureSelection

  @Option(
    name: .customLong("mutants"),
    help: "Where the mutant definitions are (default: bridgecheck's own conformance/mutants/).")
  var mutantsOption: String?

  @Option(
    name: .customLong("pair"),
    help:
      "Only the implementation pairs whose name matches this glob (reference, a mutant's name, dialect:NAME, calibration:NAME); repeatable."
  )
  var pairs: [String] = []

  @Option(help: "Run only shard K of N of the pairs (1-based), e.g. 2/4.", transform: Shard.parse)
  var shard: Shard?

  @Option(
    help: ArgumentHelp(
      "default: the simulated page runs each correct pair under the default gate's schedules and each mutant as bridgecheck mutants judges it; single: everything under the default schedule only.",
      valueName: "set"))
  var schedules: ScheduleSet = .default

  @Option(help: "Write the report as Markdown to this file (conformance/FIDELITY.md).")
  var markdown: String?

  @Option(
    help: ArgumentHelp(
      "Write the whole traces of each differing cell, in both engines, to this folder: ROW/FIXTURE.ENGINE.jsonl.",
      valueName: "folder"))
  var traces: String?

  @Option(
    name: .customLong("jobs"),
    help: "Worker processes (default: one per core, fewer when the memory limit cannot give each worker 768 MB).")
  var jobsOption: Int?

  @Option(
    name: .customLong("memory-limit"),
    help: ArgumentHelp(
      "The most resident memory the workers may use (their web and network processes included), e.g. 4G: each of the --jobs workers gets an equal share, at least 768 MB (default: 2G, or 1G a worker when there are more than two, up to three quarters of the machine's memory).",
      valueName: "size"), transform: MemorySize.parse)
  var memoryLimitOption: MemorySize?

  /// The workers and their memory (``WorkerBudget``).
  func workerBudget() throws(WorkerBudgetError) -> WorkerBudget {
    try WorkerBudget.resolve(
      jobs: jobsOption, memoryLimit: memoryLimitOption?.bytes, kind: .webKit,
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
    try EngineChoice.webkitgtk.checkAvailable(asker: "fidelity")
    let budget = try workerBudget()
    Interrupt.install()
    let fixtures = try selection.load()
    let mutantsPath = mutantsOption ?? Resources.path("conformance/mutants")
    let catalog = MutantCatalog.load(
      from: mutantsPath, dialectList: Resources.absolute(Resources.path("conformance/dialects/dialects.json")))
    if !catalog.problems.isEmpty { throw FixtureSelection.describe(catalog.problems) }
    let calibrations: [CalibrationBridge]
    do {
      calibrations = try CalibrationBridge.fidelityRows(
        in: Resources.path("conformance/calibration"), pageBridge: ReferenceScripts.pageBridge)
    } catch {
      throw CLIError.usage("fidelity: \(error)")
    }
    let allRows = FidelityRows(
      mutants: catalog.mutants, executable: RunCommand.executablePath, calibrations: calibrations)
    defer { allRows.remove() }
    var rows = allRows.rows.filter { row in pairs.isEmpty || pairs.contains { Glob.matches($0, row.name) } }
    let unmatched = pairs.filter { pair in !allRows.rows.contains { Glob.matches(pair, $0.name) } }
    if !unmatched.isEmpty {
      throw CLIError.usage(
        "fidelity: --pair \(unmatched.joined(separator: ", ")) matches no implementation pair",
        hint:
          "the pairs are reference, the mutants' names (`bridgecheck mutants` lists them), dialect:NAME and calibration:NAME"
      )
    }
    if let shard { rows = rows.enumerated().filter { shard.holds(index: $0.offset) }.map(\.element) }
    let meter = ProgressMeter(task: "fidelity", unit: "cells")
    let result = SupervisedFidelity.run(
      rows: rows, fixtures: fixtures, second: EngineChoice.webkitgtk.rawValue, executable: RunCommand.executablePath,
      jobs: budget.jobs, limits: SupervisorLimits(memoryLimit: budget.memoryLimit), defaultGate: schedules == .default,
      progress: { step in meter.update(done: step.cellsDone, total: step.cellCount, note: step.row) },
      stopReason: { Interrupt.stopReason })
    meter.finish()
    print(FidelityReport.text(result), terminator: "")
    if let markdown {
      let text = FidelityReport.markdown(
        result, heading: "Fidelity: the simulated page against WebKitGTK",
        preamble: [
          "Written by `scripts/fidelity.sh` (`bridgecheck fidelity --markdown conformance/FIDELITY.md`) with WebKitGTK "
            + "\(EngineChoice.webKitVersion ?? "?"). Every implementation pair runs every fixture in both engines; a difference is a "
            + "simulator bug to fix, a fixture to mark with its reason (`engines`) or, for a mutant, a schedule of the simulated "
            + "page that gives the real engine's verdict (found by the check itself), never left unexplained. "
            + (schedules == .default
              ? "In the simulated page the reference and dialect pairs run under every schedule of the default gate "
                + "(the default one, then \(SystematicSchedule.defaultGate.map(\.name).joined(separator: ", "))), as "
                + "`bridgecheck run` runs them; each mutant under the schedules `bridgecheck mutants` judges it by. "
              : "The simulated page runs every pair under the default schedule only (`--schedules single`). ")
            + "See `docs/webkit-engine.md` for how the real engine is driven and what it contradicted."
        ])
      try Terminal.write(text, to: markdown)
      Diagnostic.status("wrote \(markdown)").emit()
    }
    if let traces {
      let written = try FidelityTraceFiles.write(result, to: traces)
      Diagnostic.status("wrote \(written.count) trace file(s) to \(traces)").emit()
    }
    if let status = Interrupt.exitStatus { throw ExitCode(status) }
    if !result.agrees { throw ExitCode(CLIError.gateExitCode) }
  }
}
