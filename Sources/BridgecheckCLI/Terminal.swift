import Foundation

/// Where output goes and how it may look.
enum Terminal {
  /// Writes to standard error.
  static func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  /// Whether standard error is a terminal.
  static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Colour on standard output: only on a terminal, and never with `NO_COLOR`
  /// set to a non-empty value (https://no-color.org).
  static var useColor: Bool {
    standardOutputIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Writes `text` to `path` whole (through a temporary file and a rename),
  /// creating folders; a failure is a usage error that says what is wrong
  /// with the path and what to do.
  static func write(_ text: String, to path: String) throws {
    try ReportFile.write(text, to: path)
  }
}
