/// The engine a scenario's page runs in: it makes one ``HarnessWebViewHost``
/// per scenario. The simulated page (`PageSimulation`'s `PageEngine.simulated`)
/// is the default; the real engine (`WebKitEngine`, package trait
/// `WebKitGTK`) provides another.
package struct PageEngine: Sendable {
  /// A short name for reports and the command line (`simulated`, `webkitgtk`).
  package let name: String
  /// Makes a fresh host with no page loaded, for one scenario on the calling
  /// thread. An engine that cannot honour `policy` (a real one: its
  /// latencies are its own) ignores it.
  package let makeHost:
    @Sendable (_ configuration: PageConfiguration, _ policy: any SchedulingPolicy) -> any HarnessWebViewHost

  /// Creates an engine from its name and its host factory.
  package init(
    name: String,
    makeHost:
      @escaping @Sendable (_ configuration: PageConfiguration, _ policy: any SchedulingPolicy) -> any HarnessWebViewHost
  ) {
    self.name = name
    self.makeHost = makeHost
  }
}
