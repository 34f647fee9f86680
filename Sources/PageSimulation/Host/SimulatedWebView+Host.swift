import WebViewHosting

/// The simulated engine's host: everything it offers a native side and a
/// harness, on its virtual clock.
extension SimulatedWebView: HarnessWebViewHost {
  /// The scheduler's virtual time.
  package var now: VirtualTime { scheduler.now }

  /// The tasks the scheduler ran so far.
  package var tasksRun: Int { scheduler.tasksRun }

  /// The CPU time of the thread that drives this web view since it was
  /// made: the page runs on it (with the harness and an in-process native
  /// side, whose share is small).
  package var pageCPUTime: Duration { ThreadCPUTime.now - createdCPUTime }

  /// Whether ``pageCPUTime`` is past `limit`. A thread's CPU time grows no
  /// faster than the wall clock, so while the web view is younger than
  /// `limit` it cannot be, and the thread's CPU clock (a system call, which
  /// the scenario's run loop would otherwise make before every task) is not
  /// read.
  package func pageCPUTimeExceeds(_ limit: Duration) -> Bool {
    guard ContinuousClock.now - createdWallClock > limit else { return false }
    return pageCPUTime > limit
  }

  /// Schedules `body` as a host task on the virtual clock.
  package func scheduleHostTask(after milliseconds: Int64, label: String, _ body: @escaping () -> Void) {
    scheduler.schedule(after: milliseconds, kind: .host, label: label, body)
  }
}
