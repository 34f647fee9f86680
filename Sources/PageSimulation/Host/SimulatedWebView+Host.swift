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

  /// Schedules `body` as a host task on the virtual clock.
  package func scheduleHostTask(after milliseconds: Int64, label: String, _ body: @escaping () -> Void) {
    scheduler.schedule(after: milliseconds, kind: .host, label: label, body)
  }
}
