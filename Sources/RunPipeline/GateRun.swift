import BridgeImplementations
import Exploration
import ScenarioRunner
import Supervision
import WebViewHosting

/// One run of the gate (`bridgecheck run`): fixtures run against a page side
/// and a native side, in process or on supervised workers, counted as they
/// finish (``FailureCounter`` for `--max-failures`, ``AdapterCircuitBreaker``
/// for a `--native` adapter that fails everything alike), judged against an
/// expectations file, and gathered into a ``RunReport``.
///
/// The CLI builds one from its options, calls ``run()`` and maps the
/// ``GateRunOutcome`` to its reports and exit status; tests build one
/// directly and run it in process.
package struct GateRun {
  /// Where the scenarios run.
  package enum Executor {
    /// On `jobs` threads of this process, in pages of `engine`; with
    /// `explore`, each scenario runs under the schedules it chooses.
    case inProcess(engine: PageEngine, jobs: Int, explore: ExploreOptions?)
    /// On the supervised workers of `pool`, already configured for this
    /// run (each worker rebuilds the implementations); the pool is stopped
    /// when the run ends.
    case workers(WorkerPool)
  }

  /// The fixtures the run covers.
  package enum Fixtures {
    /// Loaded already: `fixtures` run (a shard's, or all of `selected`);
    /// `selected` is the whole selection, before sharding, that the reports list.
    case loaded(fixtures: [Fixture], selected: [Fixture])
    /// Arriving on `feed` while they are still being loaded, so the first
    /// scenarios start early; `finish` waits for the loading to end and
    /// returns what ran and what was selected, or throws the selection's
    /// problem (the run's results are then discarded).
    case streamed(WorkFeed<Fixture>, finish: () throws -> (fixtures: [Fixture], selected: [Fixture]))
  }

  /// The page side.
  package var page: any PageImplementation
  /// The native side.
  package var native: any NativeImplementation
  /// Which of the two sides is under test (the other is the reference).
  package var tested: TestedSides
  /// The options of every scenario (seed, schedule, traces, wall-clock limit).
  package var options: RunOptions
  /// Where the scenarios run.
  package var executor: Executor
  /// The fixtures the run covers.
  package var fixtures: Fixtures
  /// The lowest level that gates the verdict.
  package var gate: Level = .must
  /// Stop starting scenarios after this many gating failures (`--max-failures`).
  package var maxFailures: Int?
  /// The `--native` adapter's command, quoted as the user would type it,
  /// when the native side is an adapter: the circuit breaker then watches
  /// the run (unless the expectations are being rewritten), and its notice
  /// names the command.
  package var adapterCommand: String?
  /// What the results are judged against.
  package var expectations = GateExpectations()
  /// The version the report names.
  package var toolVersion: String
  /// Polled between and during scenarios: a reason (Ctrl-C, SIGTERM) stops
  /// the run, and the report says it was interrupted.
  package var stopReason: @Sendable () -> StopReason? = { nil }
  /// Told of each finished scenario, and when the run ends.
  package var progress: (any GateRunProgress)?

  /// A run of `fixtures` with `page` and `native`, on `executor`.
  package init(
    page: any PageImplementation, native: any NativeImplementation, tested: TestedSides, options: RunOptions,
    executor: Executor, fixtures: Fixtures, toolVersion: String
  ) {
    self.page = page
    self.native = native
    self.tested = tested
    self.options = options
    self.executor = executor
    self.fixtures = fixtures
    self.toolVersion = toolVersion
  }
}

/// What a ``GateRun`` judges its results against: an expectations file
/// (`--baseline`), or one written from the run (`--update-baseline`).
package struct GateExpectations {
  /// The expectations the results are judged against, as they arrive (a
  /// failure they excuse neither counts towards `maxFailures` nor trips the
  /// breaker) and in the report; nil without an expectations file, or while
  /// it is being rewritten.
  package var baseline: Baseline?
  /// Rewrites the expectations from the run's results and returns what it
  /// wrote, which the report is then judged against. While it is set, the
  /// circuit breaker is off (the file must list every scenario) and
  /// ``problems`` is not asked.
  package var rewrite: (([ScenarioResult]) throws -> Baseline)?
  /// The problems of the expectations the run is judged against that fail
  /// the run on their own (entries naming no fixture), one sentence each.
  package var problems: (Baseline) -> [String] = { _ in [] }

  /// Nothing to judge against.
  package init() {}

  /// Judged against `baseline`, with its `problems`.
  package init(baseline: Baseline?, problems: @escaping (Baseline) -> [String] = { _ in [] }) {
    self.baseline = baseline
    self.problems = problems
  }

  /// Rewritten from the run by `rewrite`.
  package init(rewrite: @escaping ([ScenarioResult]) throws -> Baseline) {
    self.rewrite = rewrite
  }
}

/// Hears a ``GateRun``'s progress (the CLI's progress line).
package protocol GateRunProgress: Sendable {
  /// `finished` scenarios are done, `result` the latest.
  func update(finished: Int, result: ScenarioResult)
  /// The run ended (or its streamed fixtures finished loading).
  func finish()
}
