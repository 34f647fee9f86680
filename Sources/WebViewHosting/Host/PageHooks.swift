/// Globals through which the harness's page helpers tell a real engine's
/// host what the page alone cannot report (absent in the simulated page,
/// which sees everything).
package enum PageHooks {
  /// Called with a scripted throw's message just before the harness throws
  /// it: WebKit reports an exception that leaves user-script code (a page
  /// bridge injected at document start) as `Script error.`, and the host
  /// then names the scripted throw it stands for, so that the
  /// no-uncaught-exception invariant can still except it.
  package static let scriptedThrow = "__bridgecheckScriptedThrow"
}
