import JSONModel
import ScenarioRunner
import Supervision
import WebViewHosting

/// Schedule exploration (`run --explore`) as a run mode of the supervisor's
/// workers: each scenario runs under every seed and systematic schedule of
/// its options, and a failure is shrunk. Registered with the workers by
/// ``register()``.
package struct ExplorationRunMode: WorkerRunMode {
  package static let name = "explore"
  /// The kind of native side of an exploration mutant (`run --mutant`).
  package static let faultKind = "exploration-fault"

  /// What to explore.
  package var options: ExploreOptions

  /// Explores with `options`.
  package init(_ options: ExploreOptions) {
    self.options = options
  }

  package var settings: JSONValue {
    var fields: JSONObject = [
      "seeds": .number(Double(options.seeds)), "shrinkRuns": .number(Double(options.shrinkRuns)),
      "threads": .number(Double(options.threads)),
      "systematic": .array(options.systematic.map { .string($0.name) }),
    ]
    if let budget = options.timeBudget { fields["timeBudgetMs"] = .number(budget.milliseconds) }
    return .object(fields)
  }

  package init?(settings fields: JSONValue) {
    guard let seeds = fields["seeds"]?.numberValue else { return nil }
    let systematic = (fields["systematic"]?.arrayValue ?? []).compactMap {
      $0.stringValue.flatMap(SystematicSchedule.named)
    }
    var options = ExploreOptions(
      seeds: Int(seeds), systematic: systematic,
      timeBudget: fields["timeBudgetMs"]?.numberValue.map { .milliseconds($0) },
      shrinkRuns: Int(fields["shrinkRuns"]?.numberValue ?? 300))
    options.threads = Int(fields["threads"]?.numberValue ?? 1)
    self.options = options
  }

  /// Room for every seed and the shrinking runs at the scenario limit each
  /// (each run still has its own limit inside the worker).
  package func wallClockLimit(scenarioLimit: Duration) -> Duration {
    let runs = min(options.seeds, 100_000) + options.systematic.count + options.shrinkRuns + 3
    let all = scenarioLimit * runs
    return options.timeBudget.map { min(all, $0 + scenarioLimit * (options.shrinkRuns + 2)) } ?? all
  }

  package func run(_ fixture: Fixture, runner: FixtureRunner, watch: WorkerRunWatch) -> ScenarioResult {
    ScheduleExplorer(runner: runner, options: options).explore(
      fixture, progress: watch.progress,
      watch: ScheduleExplorer.RunWatch(begin: watch.begin, event: watch.event)
    ).result
  }

  /// Registers exploration with the workers of this process: the run mode,
  /// and the native side of the exploration mutants.
  package static func register() {
    WorkerExtensions.register(runMode: ExplorationRunMode.self)
    WorkerExtensions.register(nativeKind: faultKind) { settings in
      settings.stringValue.flatMap(ExplorationFault.init(rawValue:)).map { ExplorationNativeImplementation(fault: $0) }
    }
  }
}

extension WorkerConfiguration {
  /// Schedule exploration of every scenario (`run --explore`), or nil: the
  /// run mode, when it is exploration.
  package var explore: ExploreOptions? {
    get { (runMode as? ExplorationRunMode)?.options }
    set {
      ExplorationRunMode.register()
      runMode = newValue.map(ExplorationRunMode.init)
    }
  }

  /// Creates a configuration whose workers explore every scenario's
  /// schedules with `explore` (none when nil). Registers exploration in
  /// this process (``ExplorationRunMode/register()``), so that the
  /// configuration reads back from its wire form here too.
  package init(
    page: Page, native: Native, tested: TestedSides, options: RunOptions, verdictsOnly: Bool = false,
    explore: ExploreOptions?, engine: String? = nil
  ) {
    ExplorationRunMode.register()
    self.init(
      page: page, native: native, tested: tested, options: options, verdictsOnly: verdictsOnly,
      runMode: explore.map(ExplorationRunMode.init))
    if let engine { self.engine = engine }
  }
}

extension WorkerConfiguration.Native {
  /// The reference native bridge with an exploration fault (the raw value
  /// of ``ExplorationFault``): an exploration mutant (`run --mutant`).
  /// Registers exploration in this process (``ExplorationRunMode/register()``),
  /// so that it can make the native side too.
  package static func explorationFault(_ fault: String) -> Self {
    ExplorationRunMode.register()
    return .registered(kind: ExplorationRunMode.faultKind, settings: .string(fault))
  }
}

extension Duration {
  /// The duration in (fractional) milliseconds.
  fileprivate var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
