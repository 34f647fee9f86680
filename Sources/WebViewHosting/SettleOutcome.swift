/// Why settling a page (``HarnessWebViewHost/runUntilIdle(maxTasks:maxTime:shouldStop:)``) returned.
package enum SettleOutcome: Sendable, Hashable {
  /// No task is pending.
  case idle
  /// The task budget ran out with tasks still pending.
  case taskBudgetExhausted
  /// The next pending task is due after the time budget.
  case timeBudgetExhausted
  /// The caller's stop check asked to stop (e.g. a wall-clock limit).
  case interrupted
}
