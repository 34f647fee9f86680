import Foundation
import Synchronization

/// The progress of a long command, on standard error only (standard output
/// carries the reports, and a pipe must get nothing else there): what it is
/// doing, how far it is, the rate and an estimate of the time left.
///
/// - On a terminal (standard error a terminal, not `TERM=dumb`), one line
///   rewritten in place at most every ``terminalInterval``, from
///   ``quietStart`` on (a short command shows nothing), and cleared at the end.
/// - Elsewhere (a CI log), a whole line at most every ``logInterval``, the
///   first one only after a run has taken that long.
final class ProgressMeter: Sendable {
  /// How a meter shows itself.
  enum Mode: Sendable {
    case terminal, log, off

    /// A terminal when standard error can rewrite a line, else a log.
    static var automatic: Mode { Terminal.canRewriteLines ? .terminal : .log }
  }

  /// How often a terminal's line is rewritten at most.
  static let terminalInterval = Duration.milliseconds(100)
  /// How often a log gets a line at most.
  static let logInterval = Duration.seconds(10)
  /// How long a run goes before a terminal shows its progress.
  static let quietStart = Duration.milliseconds(500)

  private struct State {
    var lastShown: ContinuousClock.Instant?
    var onScreen = false
  }

  private let task: String
  private let unit: String
  private let mode: Mode
  private let start = ContinuousClock.now
  private let state = Mutex(State())
  private let write: @Sendable (String) -> Void

  /// A meter for `task` (e.g. `fuzz`), counting `unit`s (e.g. `values`).
  init(
    task: String, unit: String, mode: Mode = .automatic,
    write: @escaping @Sendable (String) -> Void = { Terminal.standardError($0) }
  ) {
    self.task = task
    self.unit = unit
    self.mode = mode
    self.write = write
  }

  /// `done` of `total` units are done (`total` nil when not known);
  /// `note` says more (failures so far, what runs now).
  func update(done: Int, total: Int?, note: String? = nil) {
    guard mode != .off else { return }
    let now = ContinuousClock.now
    let elapsed = now - start
    let finished = total.map { done >= $0 } ?? false
    state.withLock { state in
      switch mode {
      case .terminal:
        guard elapsed >= Self.quietStart else { return }
        if let last = state.lastShown, now - last < Self.terminalInterval, !finished { return }
        state.lastShown = now
        state.onScreen = true
        write("\r\u{1B}[2K" + Self.line(task: task, unit: unit, done: done, total: total, elapsed: elapsed, note: note))
      case .log:
        guard now - (state.lastShown ?? start) >= Self.logInterval else { return }
        state.lastShown = now
        write(Self.line(task: task, unit: unit, done: done, total: total, elapsed: elapsed, note: note) + "\n")
      case .off:
        return
      }
    }
  }

  /// Clears the terminal's line.
  func finish() {
    state.withLock { state in
      if state.onScreen { write("\r\u{1B}[2K") }
      state.onScreen = false
    }
  }

  /// `bridgecheck: fuzz: 4200/20000 values, 21%, 1050/s, about 15 s left, 4 s so far — note`.
  static func line(task: String, unit: String, done: Int, total: Int?, elapsed: Duration, note: String?) -> String {
    var text = Diagnostic.prefix + "\(task): \(done)"
    if let total, total > 0 {
      text += "/\(total) \(unit), \(min(100, done * 100 / total))%"
    } else {
      text += " \(unit)"
    }
    let seconds = max(elapsed.milliseconds / 1000, 0.001)
    let rate = Double(done) / seconds
    text += ", " + rateText(rate)
    if let total, done > 0, done < total {
      text += ", about " + durationText(Double(total - done) / rate) + " left"
    }
    text += ", " + durationText(seconds) + " so far"
    if let note, !note.isEmpty { text += " — " + note }
    return text
  }

  /// `1050/s`, `4.2/s`, `0.35/s`.
  static func rateText(_ rate: Double) -> String {
    guard rate.isFinite else { return "–/s" }
    if rate >= 100 { return "\(Int(rate.rounded()))/s" }
    if rate >= 10 { return String(format: "%.1f/s", rate) }
    return String(format: "%.2f/s", rate)
  }

  /// `under 1 s`, `15 s`, `2 min 05 s`, `1 h 04 min`.
  static func durationText(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    let whole = Int(seconds.rounded())
    if whole < 1 { return "under 1 s" }
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return String(format: "%d min %02d s", whole / 60, whole % 60) }
    return String(format: "%d h %02d min", whole / 3600, (whole % 3600) / 60)
  }
}
