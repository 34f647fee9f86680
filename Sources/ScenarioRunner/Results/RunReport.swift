import BridgeImplementations

/// A named implementation in a report.
public struct ImplementationInfo: Sendable, Hashable {
  /// Its name, e.g. `reference` or a file name.
  public var name: String
  /// Its declared version, if any.
  public var version: String?

  /// Creates an entry.
  public init(name: String, version: String? = nil) {
    self.name = name
    self.version = version
  }
}

/// Counts of a run.
public struct RunSummary: Sendable, Hashable {
  public var total = 0
  public var passed = 0
  public var failed = 0
  public var errors = 0
  public var skipped = 0
  public var xfail = 0
  public var xpass = 0

  /// Counts `results`.
  public init(_ results: [ScenarioResult]) {
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
public struct RunReport: Sendable {
  /// The tool's name (`bridgecheck`).
  public var toolName: String
  /// The tool's version.
  public var toolVersion: String
  /// The page-side implementation.
  public var page: ImplementationInfo
  /// The native-side implementation.
  public var native: ImplementationInfo
  /// The seed of the run.
  public var seed: UInt64
  /// The lowest level that gates the exit status.
  public var gate: Level
  /// The results, in fixture order (file path order).
  public var results: [ScenarioResult]
  /// Wall-clock time of the whole run.
  public var duration: Duration
  /// Whether the run was cut short (Ctrl-C): the results are those gathered so far.
  public var interrupted: Bool
  /// Problems of the expectations file that fail the gate on their own
  /// (entries naming fixtures that do not exist), one sentence each.
  public var expectationProblems: [String] = []
  /// Why the run stopped handing out scenarios before the end, if it did
  /// (`--max-failures`); the run then fails.
  public var cutShort: String?
  /// Which schedules each scenario ran under (the default gate's, the
  /// default one only, a replayed one); nil in a real engine, which takes
  /// its own.
  public var schedules: RunSchedules?

  /// Creates a report.
  public init(
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
  public var summary: RunSummary { RunSummary(results) }

  /// The schedules the run explored, summed; nil when it did not explore.
  public var exploration: ExplorationTotals? { ExplorationTotals(results) }

  /// The results that make the run fail at its gate.
  public var gatingFailures: [ScenarioResult] { results.filter { $0.isGatingFailure(gate: gate) } }

  /// Whether the run passes its gate.
  public var passed: Bool { gatingFailures.isEmpty && !interrupted && expectationProblems.isEmpty && cutShort == nil }
}

extension Duration {
  /// The duration in milliseconds, as a `Double`.
  public var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
