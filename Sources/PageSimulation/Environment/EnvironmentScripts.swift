import JSRuntime

/// The JavaScript files of the page's and a worker's environment
/// (`Environment/Scripts/`): ``PageEnvironmentScript`` and
/// ``WorkerEnvironmentScript`` are templates, filled with the parts of
/// ``EnvironmentScriptParts`` and the other pieces at their `$name$`
/// placeholders.
let environmentScripts = ScriptResources()

extension EnvironmentScriptParts {
  /// The parts by the placeholder names the environment templates give them.
  static var placeholderValues: [String: String] {
    [
      "prelude": prelude, "events": events, "time": time, "console": console, "errors": errors, "timers": timers,
      "blobs": blobs, "clone": clone,
    ]
  }
}
