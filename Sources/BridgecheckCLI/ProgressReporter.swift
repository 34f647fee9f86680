import Foundation
import ScenarioRunner
import Synchronization

/// The progress of `bridgecheck run` (``ProgressMeter``, on standard error):
/// scenarios finished of how many, how many failed so far and, with
/// `--explore`, how many schedules ran.
final class ProgressReporter: Sendable {
  private struct State {
    var failed = 0
    var schedules = 0
  }

  /// How many scenarios the run has: read at each update, as fixtures
  /// loaded while the run goes on add to it.
  private let total: @Sendable () -> Int
  private let meter: ProgressMeter
  private let state = Mutex(State())

  init(total: @escaping @Sendable () -> Int, exploring: Bool = false, mode: ProgressMeter.Mode = .automatic) {
    self.total = total
    meter = ProgressMeter(task: exploring ? "run --explore" : "run", unit: "scenarios", mode: mode)
  }

  func update(finished: Int, result: ScenarioResult) {
    let note = state.withLock { state -> String in
      if result.status == .fail || result.status == .error || result.status == .xpass { state.failed += 1 }
      state.schedules += result.exploration?.schedules ?? 0
      var parts: [String] = []
      if state.schedules > 0 { parts.append("\(state.schedules) schedules explored") }
      if state.failed > 0 { parts.append("\(state.failed) failing") }
      return parts.joined(separator: ", ")
    }
    meter.update(done: finished, total: total(), note: note)
  }

  /// Clears the line.
  func finish() {
    meter.finish()
  }
}
