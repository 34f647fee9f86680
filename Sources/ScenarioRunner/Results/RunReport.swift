import BridgeImplementations

/// A named implementation in a report.
package struct ImplementationInfo: Sendable, Hashable {
  /// Its name, e.g. `reference` or a file name.
  package var name: String
  /// Its declared version, if any.
  package var version: String?

  /// Creates an entry.
  package init(name: String, version: String? = nil) {
    self.name = name
    self.version = version
  }
}

/// Counts of a run.
package struct RunSummary: Sendable, Hashable {
  package var total = 0
  package var passed = 0
  package var failed = 0
  package var errors = 0
  package var skipped = 0
  package var xfail = 0
  package var xpass = 0

  /// Counts `results`.
  package init(_ results: [ScenarioResult]) {
    total = results.count
    for result in results {
      switch result.status {
      case .pass: passed += 1
      case .fail: failed += 1
      case .error: errors += 1
      case .skip: skipped += 1
      case .xfail: xfail += 1
      case .xpass: xpass += 1
      }
    }
  }
}

/// Everything a reporter needs about a finished run.
package struct RunReport: Sendable {
  /// The tool's name (`bridgecheck`).
  package var toolName: String
  /// The tool's version.
  package var toolVersion: String
  /// The page-side implementation.
  package var page: ImplementationInfo
  /// The native-side implementation.
  package var native: ImplementationInfo
  /// The seed of the run.
  package var seed: UInt64
  /// The lowest level that gates the exit status.
  package var gate: Level
  /// The results, in fixture order (file path order).
  package var results: [ScenarioResult]
  /// Wall-clock time of the whole run.
  package var duration: Duration
  /// Whether the run was cut short (Ctrl-C): the results are those gathered so far.
  package var interrupted: Bool
  /// Problems of the expectations file that fail the gate on their own
  /// (entries naming fixtures that do not exist), one sentence each.
  package var expectationProblems: [String] = []
  /// Why the run stopped handing out scenarios before the end, if it did
  /// (`--max-failures`); the run then fails.
  package var cutShort: String?
  /// Which schedules each scenario ran under (the default gate's, the
  /// default one only, a replayed one); nil in a real engine, which takes
  /// its own.
  package var schedules: RunSchedules?
  /// What the report says once, at its top, about the whole run (the
  /// profile a page bridge under test ran in, a profile that plainly does
  /// not fit it: ``RunNotices``), one paragraph each.
  package var notices: [String] = []
  /// The exit status of a run stopped by a signal (130 for SIGINT, 143 for
  /// SIGTERM); nil when it was not interrupted, or the signal is unknown.
  package var interruptionExitCode: Int32?
  /// How the run was set up (the command, profile, shard and fixture set),
  /// when the command knows it.
  package var context: RunContext?

  /// Creates a report.
  package init(
    toolName: String = "bridgecheck", toolVersion: String, page: ImplementationInfo, native: ImplementationInfo,
    seed: UInt64, gate: Level, results: [ScenarioResult], duration: Duration, interrupted: Bool = false
  ) {
    self.toolName = toolName
    self.toolVersion = toolVersion
    self.page = page
    self.native = native
    self.seed = seed
    self.gate = gate
    self.results = results
    self.duration = duration
    self.interrupted = interrupted
  }

  /// Counts of the results.
  package var summary: RunSummary { RunSummary(results) }

  /// The schedules the run explored, summed; nil when it did not explore.
  package var exploration: ExplorationTotals? { ExplorationTotals(results) }

  /// The APIs WebKit has that page code reached for in the run and the
  /// simulated page lacks, each with how many scenarios reached for it, most
  /// first (then by name); empty in a real engine.
  package var pageAPIsMissing: [(api: String, scenarios: Int)] {
    var counts: [String: Int] = [:]
    for result in results {
      for api in result.pageAPIsMissing { counts[api, default: 0] += 1 }
    }
    return counts.map { (api: $0.key, scenarios: $0.value) }
      .sorted { $0.scenarios != $1.scenarios ? $0.scenarios > $1.scenarios : $0.api < $1.api }
  }

  /// The results that make the run fail at its gate.
  package var gatingFailures: [ScenarioResult] { results.filter { $0.isGatingFailure(gate: gate) } }

  /// Whether the run passes its gate: no result fails it, and the gate
  /// judged something (``nothingJudged``).
  package var passed: Bool {
    gatingFailures.isEmpty && !interrupted && expectationProblems.isEmpty && cutShort == nil && nothingJudged == nil
  }

  /// Why the run fails although no result does: every scenario was skipped
  /// (a profile that fits nothing, a native side that declares none of the
  /// dialect's transports), so the gate judged nothing and does not pass.
  /// Nil when a scenario ran (passed, failed, or was excused by the
  /// expectations file), when there are no results (an interrupted run; a
  /// selection of no fixture is refused before it runs), and for one shard
  /// of a sharded run: a shard judges its own share, and `bridgecheck merge`
  /// applies the rule to the whole run.
  package var nothingJudged: String? {
    guard !results.isEmpty, context?.shard == nil, results.allSatisfy({ $0.status == .skip }) else { return nil }
    var counts: [String: Int] = [:]
    for result in results { counts[result.message ?? "no reason given", default: 0] += 1 }
    let commonest = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
    let reason = commonest.map { "; the commonest reason, for \($0.value): \($0.key)" } ?? ""
    let scenarios = results.count == 1 ? "the one scenario was skipped" : "all \(results.count) scenarios were skipped"
    return "no scenario was judged: \(scenarios)\(reason). A gate that judged nothing does not pass: give the "
      + "profile of the bridge's dialect (bridgecheck profiles infer prints it), or select fixtures that apply to it"
  }

  /// The verdict: `pass` or `fail` (an interrupted run fails).
  package var verdict: String { passed ? "pass" : "fail" }

  /// The exit status the command ends with: 0 when the run passes, 1 when
  /// it fails, 130 or 143 when a signal stopped it (1 if the signal is not
  /// known).
  package var exitCode: Int32 {
    if interrupted { return interruptionExitCode ?? 1 }
    return passed ? 0 : 1
  }

  /// The command line that runs `result`'s scenario again, its trace
  /// printed (``RunContext/reproduceCommand(for:)``; `bridgecheck run
  /// --filter ID --verbose` when the context is not known); nil for a
  /// result that did not fail (pass, skip, xpass).
  package func reproduceCommand(for result: ScenarioResult) -> String? {
    guard result.outcome != nil else { return nil }
    return RunContext.reproduceCommand(base: context?.command ?? "bridgecheck run", for: result)
  }
}

extension Duration {
  /// The duration in milliseconds, as a `Double`.
  package var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
