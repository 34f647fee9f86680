import ScenarioRunner

/// ANSI styling that is a no-op unless colour was asked for.
struct TerminalStyle: Sendable {
  let enabled: Bool

  enum Tone: String {
    case green = "32"
    case red = "31"
    case yellow = "33"
    case magenta = "35"
    case dim = "2"
    case bold = "1"
    case boldRed = "1;31"
    case boldGreen = "1;32"
  }

  func apply(_ tone: Tone, _ text: String) -> String {
    guard enabled, !text.isEmpty else { return text }
    return "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m"
  }

  /// The tone of a status label.
  static func tone(for status: ScenarioStatus) -> Tone {
    switch status {
    case .pass: .green
    case .fail, .error: .boldRed
    case .xpass: .magenta
    case .skip: .yellow
    case .xfail: .dim
    }
  }
}
