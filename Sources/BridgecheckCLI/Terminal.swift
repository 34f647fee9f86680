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

  /// Writes `text` to `path`, creating folders; a failure is a usage error
  /// naming the path.
  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    } catch {
      throw CLIError.usage("bridgecheck: cannot write \(path): \(error.localizedDescription)")
    }
  }
}
