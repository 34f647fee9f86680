/// Runs many fixtures on several threads and returns results in fixture
/// order, whatever order they finished in.
package struct SuiteRunner: Sendable {
  /// The scenario runner shared by every worker.
  package let runner: FixtureRunner
  /// How many threads run scenarios.
  package let jobs: Int

  /// Creates a suite runner.
  package init(runner: FixtureRunner, jobs: Int) {
    self.runner = runner
    self.jobs = max(1, jobs)
  }

  /// Runs `fixtures`. `progress` is called (serialised) after each scenario
  /// with the number finished so far; `shouldStop` is polled between
  /// scenarios (Ctrl-C): scenarios not started are left out.
  package func run(
    _ fixtures: [Fixture], progress: @escaping @Sendable (Int, ScenarioResult) -> Void = { _, _ in },
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> [ScenarioResult] {
    let runner = self.runner
    return ParallelWork.map(
      count: fixtures.count, jobs: jobs, work: { runner.run(fixtures[$0]) }, progress: progress,
      shouldStop: shouldStop)
  }

  /// Runs the fixtures of `feed` as they arrive (the first scenarios start
  /// while later fixtures are still being loaded); results come back in feed
  /// order, as ``run(_:progress:shouldStop:)`` gives them.
  package func run(
    _ feed: WorkFeed<Fixture>, progress: @escaping @Sendable (Int, ScenarioResult) -> Void = { _, _ in },
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> [ScenarioResult] {
    let runner = self.runner
    return ParallelWork.map(
      feed: feed, jobs: jobs, work: { runner.run($0) }, progress: progress, shouldStop: shouldStop)
  }
}
