import WebViewHosting

extension FixtureRunner {
  /// One run of a fixture under an explicit schedule.
  package struct ScheduledRun: Sendable {
    /// The result, as ``FixtureRunner/run(_:traceObserver:)`` gives it.
    package var result: ScenarioResult
    /// The choices of the run that differ from the default schedule, in the
    /// order they were drawn.
    package var deviations: [ScheduleChoice]
    /// The point of every choice the run drew, in order (index `i` is the
    /// choice a deviation `at: i` changes).
    package var points: [ChoicePoint] = []
  }

  /// Runs `fixture` under `schedule`, whatever schedule the fixture pins
  /// (schedule exploration and shrinking, `run --replay`).
  /// `traceObserver` sees every trace event as it is recorded.
  package func run(_ fixture: Fixture, schedule: ScheduleSpec, traceObserver: ((TraceEvent) -> Void)? = nil)
    -> ScheduledRun
  {
    let (result, deviations, points) = run(fixture, traceObserver: traceObserver, schedule: schedule)
    return ScheduledRun(result: result, deviations: deviations, points: points)
  }
}
