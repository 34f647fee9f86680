import JSONModel
import ScenarioRunner
import WebViewHosting

/// What a worker does with each scenario instead of running it once (schedule
/// exploration is one): an extension point of the supervisor. A configuration
/// carries its mode to the worker as an opaque payload (the mode's name and
/// its settings as JSON), and the supervisor needs to know no more of it than
/// how long a scenario may take. A mode is registered
/// (``WorkerExtensions/register(runMode:)``) in the worker process, which
/// reads it back.
package protocol WorkerRunMode: Sendable {
  /// The name the mode is registered and sent under (a member of the
  /// configuration's wire form).
  static var name: String { get }
  /// The mode's settings, as sent to the worker.
  var settings: JSONValue { get }
  /// Reads back ``settings``; nil when they are not this mode's.
  init?(settings: JSONValue)
  /// How long the supervisor lets one scenario run in this mode, when one
  /// run of it may take `scenarioLimit`.
  func wallClockLimit(scenarioLimit: Duration) -> Duration
  /// Runs `fixture` with `runner` in this mode, telling `watch` what happens.
  func run(_ fixture: Fixture, runner: FixtureRunner, watch: WorkerRunWatch) -> ScenarioResult
}

/// What a ``WorkerRunMode`` tells the worker while it runs a scenario: that it
/// makes progress (the stuck-task watch), that a run begins (its trace is
/// logged afresh, so that a worker killed in it leaves that run's last
/// events), and each trace event.
package struct WorkerRunWatch {
  /// Called whenever the mode makes progress.
  package let progress: () -> Void
  /// Called when one run of the scenario begins.
  package let begin: () -> Void
  /// Called with every trace event of the current run.
  package let event: (TraceEvent) -> Void

  /// Creates a watch.
  package init(
    progress: @escaping () -> Void, begin: @escaping () -> Void, event: @escaping (TraceEvent) -> Void
  ) {
    self.progress = progress
    self.begin = begin
    self.event = event
  }
}
