import Foundation
import Reporters
import ScenarioRunner
import Synchronization

/// The progress line of a long run: on standard error, only when it is a
/// terminal, rewritten in place, and only once a run has taken a moment.
final class ProgressReporter: Sendable {
  private struct State {
    var failed = 0
    var shown = false
  }

  /// How many scenarios the run has: read at each update, as fixtures
  /// loaded while the run goes on add to it.
  private let total: @Sendable () -> Int
  private let enabled: Bool
  private let start = ContinuousClock.now
  private let state = Mutex(State())

  init(total: @escaping @Sendable () -> Int) {
    self.total = total
    enabled = Terminal.canRewriteLines
  }

  func update(finished: Int, result: ScenarioResult) {
    guard enabled else { return }
    state.withLock { state in
      if result.status == .fail || result.status == .error || result.status == .xpass { state.failed += 1 }
      // Short runs print no progress at all.
      guard ContinuousClock.now - start > .milliseconds(500) else { return }
      state.shown = true
      Terminal.standardError("\r" + ProgressLine.render(finished: finished, total: total(), failed: state.failed))
    }
  }

  /// Clears the line.
  func finish() {
    state.withLock { state in
      if state.shown { Terminal.standardError("\r\u{1B}[2K") }
      state.shown = false
    }
  }
}
