import Dialects

extension NativeBridgeOptions {
  /// The options of the reference native bridge for one scenario: the
  /// profile's signal of the scenario's transport, its injection mode and
  /// the profile itself. The page script is injected exactly as given.
  package init(configuration: SessionConfiguration, pageScript: String) {
    let profile = configuration.profile
    let signal =
      profile.signal(configuration.transport)
      ?? SignalMechanism(kind: configuration.transport, name: profile.messageHandlerName)
    self.init(
      transport: NativeBridgeOptions.Transport(signal),
      injection: NativeBridgeOptions.Injection(configuration.injection),
      answerMissingHandler: configuration.options.answerMissingHandler, pageBridgeScript: pageScript)
    configuresPageBridge = false
    self.profile = profile
  }
}
