/// Optional behaviours a scenario may ask an implementation to switch on.
package struct BridgeOptions: Sendable, Hashable {
  /// Answer a call to a missing handler with
  /// `{"error": "no-handler", "handlerName": name}` instead of staying silent.
  package var answerMissingHandler: Bool

  /// Creates options; everything off by default, like upstream WVJB.
  package init(answerMissingHandler: Bool = false) {
    self.answerMissingHandler = answerMissingHandler
  }

  /// The feature names of the options that are on (see ``ImplementationFeature``).
  package var requiredFeatures: [String] {
    answerMissingHandler ? [ImplementationFeature.answerMissingHandler] : []
  }
}

/// Names of optional features an implementation may declare.
package enum ImplementationFeature {
  /// Can be configured to answer calls to missing handlers with an error object.
  package static let answerMissingHandler = "answer-missing-handler"
}

/// What one scenario asks of both sides.
package struct SessionConfiguration: Sendable, Hashable {
  /// How the page signals the native side.
  package var transport: Transport
  /// When the page bridge is injected.
  package var injection: Injection
  /// Optional behaviours.
  package var options: BridgeOptions
  /// The page dialect in use.
  package var profile: BridgeProfile

  /// Creates a configuration.
  package init(transport: Transport, injection: Injection, options: BridgeOptions, profile: BridgeProfile) {
    self.transport = transport
    self.injection = injection
    self.options = options
    self.profile = profile
  }
}
