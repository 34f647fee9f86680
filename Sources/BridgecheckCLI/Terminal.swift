import ArgumentParser
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

  /// Colour on standard output with `--color auto`: `FORCE_COLOR` set (and
  /// not `0`) turns it on; otherwise only on a terminal that is not
  /// `TERM=dumb`, and never with `NO_COLOR` set to a non-empty value
  /// (https://no-color.org).
  static var useColor: Bool { useColor(.auto) }

  /// Colour on standard output under `mode` (`--color`).
  static func useColor(_ mode: ColorMode, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
      if !(environment["NO_COLOR"] ?? "").isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return standardOutputIsTerminal
    }
  }

  /// Whether the terminal on standard error can rewrite a line in place
  /// (a terminal, not `TERM=dumb`).
  static var canRewriteLines: Bool {
    standardErrorIsTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  }

  /// The width to wrap standard output to: `COLUMNS` when set, else the
  /// terminal's width; nil when standard output is not a terminal (a pipe
  /// or file gets whole lines, for grep).
  static var width: Int? {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 { return columns }
    guard standardOutputIsTerminal else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 else { return 80 }
    return Int(size.ws_col)
  }

  /// Writes `text` to `path` whole (through a temporary file and a rename),
  /// creating folders; a failure is a usage error that says what is wrong
  /// with the path and what to do.
  static func write(_ text: String, to path: String) throws {
    try ReportFile.write(text, to: path)
  }
}

/// `--color`.
enum ColorMode: String, ExpressibleByArgument, CaseIterable {
  /// Colour on a terminal (see ``Terminal/useColor``).
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never
}
