import ScenarioRunner

/// Runs many fixtures in this process on several threads, each explored
/// when `explore` is set (``ScheduleExplorer``), otherwise as
/// ``SuiteRunner`` does. Results come in fixture order.
package struct ExploringSuiteRunner: Sendable {
  /// The scenario runner shared by every thread.
  package let runner: FixtureRunner
  /// How much to explore each scenario; nil runs the default schedule only.
  package let explore: ExploreOptions?
  /// How many threads run scenarios.
  package let jobs: Int

  /// Creates a suite runner.
  package init(runner: FixtureRunner, explore: ExploreOptions?, jobs: Int) {
    self.runner = runner
    self.explore = explore
    self.jobs = max(1, jobs)
  }

  /// Runs `fixtures` (see ``SuiteRunner/run(_:progress:shouldStop:)``).
  package func run(
    _ fixtures: [Fixture], progress: @escaping @Sendable (Int, ScenarioResult) -> Void = { _, _ in },
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> [ScenarioResult] {
    guard let explore else {
      return SuiteRunner(runner: runner, jobs: jobs).run(fixtures, progress: progress, shouldStop: shouldStop)
    }
    let explorer = ScheduleExplorer(runner: runner, options: explore)
    return ParallelWork.map(
      count: fixtures.count, jobs: jobs, work: { explorer.explore(fixtures[$0]).result }, progress: progress,
      shouldStop: shouldStop)
  }
}
