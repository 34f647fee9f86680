import Dialects
import JSONModel

extension ImplementationFeature {
  /// Every optional feature an implementation may declare.
  package static let known = [answerMissingHandler]
}

extension ScriptPageImplementation {
  /// The same page bridge, declaring `features` (`run --js FILE
  /// --page-feature NAME`): scenarios that need one of them then run
  /// instead of being skipped, and before the page bridge is injected the
  /// harness sets `window.bridgecheckOptions` to the scenario's options
  /// (``pageOptionsScript(for:)``), for a bridge that can switch them.
  package func declaring(_ features: [String]) -> ScriptPageImplementation {
    ScriptPageImplementation(
      name: name, source: source, version: version, profile: profile, features: self.features.union(features))
  }

  /// `window.bridgecheckOptions = {"answerMissingHandler": …};` when the
  /// bridge declares a feature; nil otherwise (a page bridge that declares
  /// none sees nothing of the harness's options).
  package func pageOptionsScript(for configuration: SessionConfiguration) -> String? {
    guard !features.isEmpty else { return nil }
    let options: JSONObject = ["answerMissingHandler": .bool(configuration.options.answerMissingHandler)]
    return "window.bridgecheckOptions = \(JSONValue.object(options).serialized());\n"
  }
}
