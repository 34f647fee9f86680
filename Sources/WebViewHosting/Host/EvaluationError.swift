/// Why a web view could not evaluate a script for its host
/// (``WebViewHost/evaluateJavaScript(_:completion:)``): what `WKWebView`
/// reports as the error of `evaluateJavaScript`. Every engine reports its
/// failures in these terms, so that a host needs no JavaScript engine of
/// its own (a native side behind the adapter protocol has none).
package struct EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the script stopped.
  package enum Kind: String, Sendable, Hashable, Codable {
    /// The script threw a value (an `Error` object or anything else).
    case exception
    /// The source text did not parse.
    case syntax
    /// The script ran past the page's time limit and was terminated.
    case timeLimit = "time-limit"
    /// The script recursed until the engine's stack limit.
    case stackOverflow = "stack-overflow"
    /// The engine could not allocate what the script asked for.
    case outOfMemory = "out-of-memory"
    /// The page was used after it had been closed.
    case contextClosed = "context-closed"
    /// The result was larger than the page allows; nothing was copied.
    case sizeLimit = "size-limit"
  }

  /// The category of failure.
  package var kind: Kind
  /// The error's `name` (`TypeError`, `SyntaxError`, …), or `nil` when the
  /// thrown value was not an error object.
  package var name: String?
  /// The error message, or the string conversion of a thrown non-error value.
  package var message: String
  /// The source name of the evaluation the error came from, if known.
  package var sourceURL: String?
  /// 1-based line of the throw site, if the engine reported one.
  package var line: Int?
  /// 1-based column of the throw site, if the engine reported one.
  package var column: Int?
  /// The JavaScript stack trace, if the engine recorded one.
  package var stack: String?

  /// Creates an error; all location fields are optional.
  package init(
    kind: Kind, name: String? = nil, message: String, sourceURL: String? = nil,
    line: Int? = nil, column: Int? = nil, stack: String? = nil
  ) {
    self.kind = kind
    self.name = name
    self.message = message
    self.sourceURL = sourceURL
    self.line = line
    self.column = column
    self.stack = stack
  }

  /// `Name: message (source:line:column)`, the way a console prints it.
  package var description: String {
    var text = name.map { "\($0): \(message)" } ?? message
    if let line {
      let source = sourceURL ?? "<anonymous>"
      text += " (\(source):\(line)" + (column.map { ":\($0)" } ?? "") + ")"
    }
    return text
  }
}
