import Foundation
import Mutation

/// The progress of `bridgecheck mutants` on standard error: a line
/// rewritten in place on a terminal, else (a CI log) a line once the
/// reference pair's row is done and then every few seconds, so that a run
/// of a minute never looks stuck.
final class MutantsProgress {
  private let start = ContinuousClock.now
  private var lastLine = ContinuousClock.now
  private let rewrites = Terminal.canRewriteLines
  private var shown = false
  private var logged = false

  /// How often a log (not a terminal) gets a line.
  static let logInterval = Duration.seconds(5)

  /// Announces the run.
  func begin(mutants: Int, fixtures: Int, jobs: Int, dialects: Int = 0) {
    let pairs =
      dialects == 0
      ? "the reference pair" : "the reference pair and \(dialects) dialect bridge pair\(dialects == 1 ? "" : "s")"
    Diagnostic.status(
      "mutants: \(mutants) mutants and \(pairs) × \(fixtures) fixtures "
        + "(\((mutants + 1 + dialects) * fixtures) cells) on \(jobs) worker\(jobs == 1 ? "" : "s")"
    ).emit()
  }

  func update(_ progress: SupervisedMutationMatrix.Progress) {
    let now = ContinuousClock.now
    let interval = rewrites ? Duration.milliseconds(100) : Self.logInterval
    let firstLogLine = !rewrites && !logged && progress.cellsDone >= progress.cellCount / (progress.mutantCount + 1)
    guard now - lastLine >= interval || firstLogLine || progress.cellsDone == progress.cellCount else { return }
    logged = true
    lastLine = now
    let line = Self.text(progress, elapsed: now - start)
    if rewrites {
      shown = true
      Terminal.standardError("\r\u{1B}[2K" + line)
    } else {
      Terminal.standardError(line + "\n")
    }
  }

  /// Clears the line on a terminal.
  func finish() {
    if shown { Terminal.standardError("\r\u{1B}[2K") }
  }

  /// `bridgecheck: mutants: 4200/13230 cells, 31%, 410/s, about 22 s left, 10 s so far — 31/98 mutants done`.
  static func text(_ progress: SupervisedMutationMatrix.Progress, elapsed: Duration) -> String {
    ProgressMeter.line(
      task: "mutants", unit: "cells", done: progress.cellsDone, total: progress.cellCount, elapsed: elapsed,
      note: "\(progress.mutantsDone)/\(progress.mutantCount) mutants done")
  }
}
