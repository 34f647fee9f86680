import BridgeImplementations
import ScenarioRunner

/// How a ``GateRun`` ended.
package enum GateRunOutcome {
  /// The `--native` adapter failed bridgecheck's own `hello`: every
  /// scenario would have ended as error, so none of the `scenarios` ran.
  case adapterDidNotStart(ImplementationError, scenarios: Int)
  /// The scenarios ran (all, or as many as before a stop).
  case finished(GateRunResult)
}

/// A finished ``GateRun``.
package struct GateRunResult {
  /// The report: the results judged against the expectations, the
  /// expectations' problems, why the run was cut short; the caller adds
  /// what only it knows (context, notices, schedules).
  package var report: RunReport
  /// The fixtures the run covered (its shard).
  package var fixtures: [Fixture]
  /// The whole selection, before sharding.
  package var selected: [Fixture]
}
