import BridgeImplementations
import WebViewHosting

/// Limits and seeds of a run. Limits on virtual time are deterministic; the
/// wall-clock limit is a safety net against a hung implementation.
package struct RunOptions: Sendable {
  /// Mixed with each fixture id to seed its page's `Math.random`.
  package var seed: UInt64
  /// The most each page script entry may run (an infinite loop in a bridge
  /// becomes an error after this long).
  package var scriptTimeLimit: Duration
  /// The most wall-clock time one scenario may take.
  package var scenarioTimeLimit: Duration
  /// The most tasks one settle step may run.
  package var maxTasksPerSettle: Int
  /// The most virtual time one settle step may move the clock.
  package var maxVirtualMillisecondsPerSettle: Int64
  /// The most tasks a whole scenario may run (every settle and advance
  /// together): a page that never goes idle ends here.
  package var maxTasksPerScenario: Int = 10_000
  /// The most CPU time the page may use in a whole scenario (the driving
  /// thread's in the simulated page, the web process's in a real engine):
  /// a page whose tasks are each short but never stop ends here.
  package var scenarioCPULimit: Duration = .seconds(2)
  /// The schedule every scenario runs under unless its fixture pins one
  /// (`run --replay SEED`); nil for the default schedule.
  package var schedule: ScheduleSpec? = nil
  /// Whether the pages of the scenarios one thread runs are fresh global
  /// contexts in one shared JavaScriptCore context group (the default: about
  /// half the cost of a scenario), or each in a context group of its own.
  /// Verdicts and traces are the same either way; after a scenario that ends
  /// in an error the thread's group is replaced.
  package var sharesContextGroups: Bool = true
  /// A folder where each scenario that runs leaves its whole trace
  /// (``TraceFile``, `<fixture id>.jsonl`, the id's `/` as `--`); nil for none.
  package var traceDirectory: String? = nil

  /// Creates options with the defaults used by `bridgecheck run`.
  package init(
    seed: UInt64 = 0, scriptTimeLimit: Duration = .milliseconds(500), scenarioTimeLimit: Duration = .seconds(20),
    maxTasksPerSettle: Int = 200_000, maxVirtualMillisecondsPerSettle: Int64 = 600_000
  ) {
    self.seed = seed
    self.scriptTimeLimit = scriptTimeLimit
    self.scenarioTimeLimit = scenarioTimeLimit
    self.maxTasksPerSettle = maxTasksPerSettle
    self.maxVirtualMillisecondsPerSettle = maxVirtualMillisecondsPerSettle
  }
}

extension RunOptions {
  /// Makes room in the wall-clock limit for a native adapter with these
  /// limits: its start (up to the answer to `hello`) and three commands at
  /// their limit, when that is more than the limit already set.
  package mutating func allowTime(for adapter: AdapterLimits) {
    scenarioTimeLimit = max(scenarioTimeLimit, adapter.helloTimeout + adapter.commandTimeout * 3)
  }
}

/// Which sides of a pair are under test: fixtures that judge only a side
/// that is not under test are skipped (with that reason).
package struct TestedSides: Sendable, Hashable {
  /// The page bridge is under test.
  package var page: Bool
  /// The native bridge is under test.
  package var native: Bool

  /// Both sides (the reference pair, or a pair of implementations).
  package static let both = TestedSides(page: true, native: true)

  /// Creates a selection.
  package init(page: Bool, native: Bool) {
    self.page = page
    self.native = native
  }
}
