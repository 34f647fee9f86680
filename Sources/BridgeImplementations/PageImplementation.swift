import Dialects

/// A page-side bridge: a script that the native side injects into the page.
///
/// Implementations are values shared by every worker of a run, so they must
/// be `Sendable` and must not keep per-scenario state.
package protocol PageImplementation: Sendable {
  /// A short name for reports, e.g. `reference` or a file name.
  var name: String { get }
  /// The version the implementation declares, if any.
  var version: String? { get }
  /// The dialect of the page bridge.
  var profile: BridgeProfile { get }
  /// Optional features it supports (see ``ImplementationFeature``).
  var features: Set<String> { get }
  /// The script to inject for a scenario configured as `configuration`.
  func script(for configuration: SessionConfiguration) throws(ImplementationError) -> String
  /// A script the harness runs in the page at document start, before the
  /// native side injects the page bridge, to configure that bridge for a
  /// scenario (the reference page bridge reads `window.WVJBReferenceOptions`);
  /// nil for none. It is never part of the page script that native sides
  /// see, so every native side injects the same text.
  func pageOptionsScript(for configuration: SessionConfiguration) -> String?
}

extension PageImplementation {
  package func pageOptionsScript(for configuration: SessionConfiguration) -> String? { nil }
}

/// A page bridge whose script is given as text (a JS file's contents).
package struct ScriptPageImplementation: PageImplementation {
  package let name: String
  package let version: String?
  package let profile: BridgeProfile
  package let features: Set<String>
  /// The bridge's source text.
  package let source: String

  /// Creates an implementation from a script's text.
  package init(
    name: String, source: String, version: String? = nil, profile: BridgeProfile = .classic, features: Set<String> = []
  ) {
    self.name = name
    self.source = source
    self.version = version
    self.profile = profile
    self.features = features
  }

  package func script(for configuration: SessionConfiguration) throws(ImplementationError) -> String { source }
}
