import JSRuntime

extension PageEnvironmentScript {
  /// The environment script, parsed once per JavaScriptCore context group
  /// instead of once per page.
  static let prepared = PreparedScript(source: source, sourceURL: sourceURL)
}
