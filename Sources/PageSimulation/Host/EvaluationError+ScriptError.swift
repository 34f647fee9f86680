import JSRuntime
import WebViewHosting

extension EvaluationError {
  /// The JavaScript engine's error as the host reports it.
  package init(_ error: ScriptError) {
    self.init(
      kind: Kind(rawValue: error.kind.rawValue) ?? .exception, name: error.name, message: error.message,
      sourceURL: error.sourceURL, line: error.line, column: error.column, stack: error.stack)
  }
}
