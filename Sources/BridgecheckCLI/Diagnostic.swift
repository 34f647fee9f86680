import JSONModel

/// One message the CLI prints on standard error, in one shape everywhere:
///
///     bridgecheck: [warning: |note: ]message
///       hint: how to fix it
///
/// An error carries no label (its exit code says it is one; scripts and the
/// tests match `bridgecheck: <file>…`); a warning and a note say what they
/// are; a status line (`bridgecheck: wrote …`) is a note without the label.
/// A problem of a JSON file renders as the file's problems do
/// (``JSONFileProblem``: location, message, code, hint).
struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// How serious it is: what label it carries.
  enum Severity: Sendable, Equatable {
    /// Ends the command (``CLIError`` carries it with the exit code).
    case error
    /// Something the user should change; the command goes on.
    case warning
    /// Something the user should know; the command goes on.
    case note
    /// What the command did (`wrote …`, `interrupted …`).
    case status
  }

  /// The prefix of every line the CLI prints about itself.
  static let prefix = "bridgecheck: "

  /// How serious it is.
  var severity: Severity
  /// What happened; may span lines (a list of problems).
  var message: String
  /// How to fix it, one line each.
  var hints: [String]

  /// A diagnostic; `hint` (if any) goes on a line of its own.
  init(_ severity: Severity, _ message: String, hint: String? = nil) {
    self.severity = severity
    self.message = message
    self.hints = hint.map { [$0] } ?? []
  }

  /// An error (no label).
  static func error(_ message: String, hint: String? = nil) -> Diagnostic { Diagnostic(.error, message, hint: hint) }
  /// A warning.
  static func warning(_ message: String, hint: String? = nil) -> Diagnostic {
    Diagnostic(.warning, message, hint: hint)
  }
  /// A note.
  static func note(_ message: String, hint: String? = nil) -> Diagnostic { Diagnostic(.note, message, hint: hint) }
  /// What the command did.
  static func status(_ message: String) -> Diagnostic { Diagnostic(.status, message) }

  /// The problems of JSON files: one in place, several under a count.
  static func problems(_ problems: [JSONFileProblem], in what: String = "file") -> Diagnostic {
    if problems.count == 1 { return .error(problems[0].description) }
    return .error(
      "\(problems.count) problems in \(what):\n" + problems.map(\.description).joined(separator: "\n"))
  }

  /// The text, without the final line break.
  var description: String {
    let label =
      switch severity {
      case .warning: "warning: "
      case .note: "note: "
      case .error, .status: ""
      }
    return ([Self.prefix + label + message] + hints.map { "  hint: " + $0 }).joined(separator: "\n")
  }

  /// Prints it on standard error.
  func emit() { Terminal.standardError(description + "\n") }
}
