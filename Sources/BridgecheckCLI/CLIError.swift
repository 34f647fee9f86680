import JSONModel

/// A failure the CLI reports with a diagnostic and a documented exit code.
struct CLIError: Error {
  static let gateExitCode: Int32 = 1
  static let usageExitCode: Int32 = 2
  static let internalExitCode: Int32 = 3

  /// What is printed.
  var diagnostic: Diagnostic
  /// How the process ends.
  var exitCode: Int32

  /// The text printed on standard error.
  var message: String { diagnostic.description }

  /// A usage or input problem (exit 2): `message` without the `bridgecheck: `
  /// prefix, which the renderer adds.
  static func usage(_ message: String, hint: String? = nil) -> CLIError {
    CLIError(diagnostic: .error(message, hint: hint), exitCode: usageExitCode)
  }
  /// Problems of JSON files (exit 2).
  static func usage(_ problems: [JSONFileProblem], in what: String = "file") -> CLIError {
    CLIError(diagnostic: .problems(problems, in: what), exitCode: usageExitCode)
  }
  /// A problem of a JSON file (exit 2).
  static func usage(_ problem: JSONFileProblem) -> CLIError { usage([problem]) }
  /// A failure of the harness itself (exit 3).
  static func `internal`(_ message: String, hint: String? = nil) -> CLIError {
    CLIError(diagnostic: .error(message, hint: hint), exitCode: internalExitCode)
  }
}
