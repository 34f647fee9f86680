/// The simulated engine's host: everything it offers a native side and a
/// harness, on its virtual clock.
extension SimulatedWebView: HarnessWebViewHost {
  /// The scheduler's virtual time.
  public var now: VirtualTime { scheduler.now }

  /// Schedules `body` as a host task on the virtual clock.
  public func scheduleHostTask(after milliseconds: Int64, label: String, _ body: @escaping () -> Void) {
    scheduler.schedule(after: milliseconds, kind: .host, label: label, body)
  }
}
