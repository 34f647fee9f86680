import Dialects

/// Optional behaviours a scenario may ask an implementation to switch on.
public struct BridgeOptions: Sendable, Hashable {
  /// Answer a call to a missing handler with
  /// `{"error": "no-handler", "handlerName": name}` instead of staying silent.
  public var answerMissingHandler: Bool

  /// Creates options; everything off by default, like upstream WVJB.
  public init(answerMissingHandler: Bool = false) {
    self.answerMissingHandler = answerMissingHandler
  }

  /// The feature names of the options that are on (see ``ImplementationFeature``).
  public var requiredFeatures: [String] {
    answerMissingHandler ? [ImplementationFeature.answerMissingHandler] : []
  }
}

/// Names of optional features an implementation may declare.
public enum ImplementationFeature {
  /// Can be configured to answer calls to missing handlers with an error object.
  public static let answerMissingHandler = "answer-missing-handler"
}

/// What one scenario asks of both sides.
public struct SessionConfiguration: Sendable, Hashable {
  /// How the page signals the native side.
  public var transport: Transport
  /// When the page bridge is injected.
  public var injection: Injection
  /// Optional behaviours.
  public var options: BridgeOptions
  /// The page dialect in use.
  public var profile: BridgeProfile

  /// Creates a configuration.
  public init(transport: Transport, injection: Injection, options: BridgeOptions, profile: BridgeProfile) {
    self.transport = transport
    self.injection = injection
    self.options = options
    self.profile = profile
  }
}
