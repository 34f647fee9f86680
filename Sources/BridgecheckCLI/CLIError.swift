/// A failure the CLI reports with a message and a documented exit code.
struct CLIError: Error {
  static let gateExitCode: Int32 = 1
  static let usageExitCode: Int32 = 2
  static let internalExitCode: Int32 = 3

  var message: String
  var exitCode: Int32

  /// A usage or fixture problem (exit 2).
  static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: usageExitCode) }
  /// A failure of the harness itself (exit 3).
  static func `internal`(_ message: String) -> CLIError { CLIError(message: message, exitCode: internalExitCode) }
}
