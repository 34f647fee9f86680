import BridgeImplementations
import Exploration
import ScenarioRunner
import Supervision

extension GateRun {
  /// Runs the scenarios and returns the report, or that the `--native`
  /// adapter did not start (nothing ran). Throws what the streamed
  /// selection's `finish` or the expectations' `rewrite` throws.
  package func run() throws -> GateRunOutcome {
    if let adapter = native as? AdapterNativeImplementation, let failure = adapter.startupFailure, stopReason() == nil {
      // Every worker's adapter would fail the same way, each after its own
      // wait: none is started, and the run ends here.
      if case .workers(let pool) = executor { pool.abandon() }
      return .adapterDidNotStart(failure, scenarios: try covered().fixtures.count)
    }
    let failures = FailureCounter(limit: maxFailures, gate: gate)
    // Not while writing the expectations file: it must list every scenario.
    let breaker = AdapterCircuitBreaker(enabled: adapterCommand != nil && expectations.rewrite == nil)
    let expected = expectations.baseline
    let progress = self.progress
    let finished: @Sendable (Int, ScenarioResult) -> Void = { finished, result in
      // Judged as the report will judge it: an error the expectations file
      // excuses is an xfail, which neither counts nor trips the breaker.
      let judged = expected?.apply(to: result) ?? result
      failures.count(judged)
      breaker.record(judged)
      progress?.update(finished: finished, result: result)
    }
    let stopReason = self.stopReason
    let clock = ContinuousClock()
    let start = clock.now
    var results: [ScenarioResult]
    var fixtures: (fixtures: [Fixture], selected: [Fixture])
    switch executor {
    case .workers(let pool):
      // The supervisor's own adapter only told the name and version: the
      // workers start their own.
      (native as? AdapterNativeImplementation)?.shutdown()
      let stopHandingOut = { failures.reached || breaker.openedOn != nil }
      switch self.fixtures {
      case .streamed(let feed, let finish):
        results = pool.run(feed, progress: finished, stopReason: stopReason, stopHandingOut: stopHandingOut)
        pool.stopAll()
        progress?.finish()
        fixtures = try finish()
      case .loaded(let loaded, let selected):
        fixtures = (loaded, selected)
        results = pool.run(loaded, progress: finished, stopReason: stopReason, stopHandingOut: stopHandingOut)
        pool.stopAll()
      }
    case .inProcess(let engine, let jobs, let explore):
      let runner = FixtureRunner(page: page, native: native, tested: tested, options: options, engine: engine)
      let shouldStop: @Sendable () -> Bool = { stopReason() != nil || failures.reached || breaker.openedOn != nil }
      switch self.fixtures {
      case .streamed(let feed, let finish):
        results = SuiteRunner(runner: runner, jobs: jobs).run(feed, progress: finished, shouldStop: shouldStop)
        progress?.finish()
        fixtures = try finish()
      case .loaded(let loaded, let selected):
        fixtures = (loaded, selected)
        results = ExploringSuiteRunner(runner: runner, explore: explore, jobs: jobs).run(
          loaded, progress: finished, shouldStop: shouldStop)
      }
    }
    progress?.finish()
    // Payloads cut to a bounded size, whatever ended the scenario.
    results = results.map { $0.bounded() }
    var problems: [String] = []
    let judgedAgainst = try expectations.rewrite?(results) ?? expected
    if let judgedAgainst {
      results = results.map(judgedAgainst.apply)
      if expectations.rewrite == nil { problems = expectations.problems(judgedAgainst) }
    }
    var report = RunReport(
      toolVersion: toolVersion,
      page: ImplementationInfo(name: page.name, version: page.version),
      native: ImplementationInfo(name: native.name, version: native.version),
      seed: options.seed, gate: gate, results: results, duration: clock.now - start,
      interrupted: stopReason() != nil)
    report.expectationProblems = problems
    report.cutShort = cutShort(ran: results.count, of: fixtures.fixtures.count, failures: failures, breaker: breaker)
    return .finished(GateRunResult(report: report, fixtures: fixtures.fixtures, selected: fixtures.selected))
  }

  /// The fixtures the run covers, once loaded.
  private func covered() throws -> (fixtures: [Fixture], selected: [Fixture]) {
    switch fixtures {
    case .loaded(let fixtures, let selected): return (fixtures, selected)
    case .streamed(_, let finish): return try finish()
    }
  }

  /// Why the run stopped handing out scenarios before the end, if it did.
  private func cutShort(ran: Int, of total: Int, failures: FailureCounter, breaker: AdapterCircuitBreaker)
    -> String?
  {
    if failures.reached && ran < total, let maxFailures {
      return
        "cut short after \(maxFailures) gating failure\(maxFailures == 1 ? "" : "s") (--max-failures \(maxFailures)): "
        + "\(ran) of \(total) scenarios ran"
    }
    if let message = breaker.openedOn, ran < total {
      let command = adapterCommand ?? "'…'"
      return "cut short: the native adapter failed the first \(AdapterCircuitBreaker.threshold) scenarios that ran "
        + "with the same error, so the other \(total - ran) were not run "
        + "(`bridgecheck doctor --native \(command)` explains what is wrong): "
        + (message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message)
    }
    return nil
  }
}
