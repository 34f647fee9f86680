/// The one-line progress indicator a terminal rewrites in place with `\r`:
/// `[ 37/120]`, then `[ 38/120] 1 failing` once something failed.
///
/// The counter is padded to the width of `total` and the failure count never
/// goes down, so each line is at least as long as the one before it and
/// fully overwrites it without clearing (no ANSI needed).
public enum ProgressLine {
  /// The status line after `finished` of `total` scenarios, `failed` of
  /// which failed so far (the caller decides what counts: typically fail,
  /// error and xpass). Contains no `\r` or newline; colour only when
  /// `useColor` is set.
  public static func render(finished: Int, total: Int, failed: Int, useColor: Bool = false) -> String {
    let total = max(0, total)
    let finished = max(0, finished)
    let width = max(String(total).count, String(finished).count)
    let counter = String(repeating: " ", count: width - String(finished).count) + String(finished)
    var line = "[\(counter)/\(total)]"
    if failed > 0 {
      line += " " + TerminalStyle(enabled: useColor).apply(.red, "\(failed) failing")
    }
    return line
  }
}
