import Exploration
import ScenarioRunner
import WebViewHosting

/// What a fidelity check found: the cells whose verdicts differ between the
/// two engines, and the fixtures one engine skips by their `engines` field.
package struct FidelityResult: Sendable {
  /// A row that could not be built (a page bridge file that went away…).
  package struct SetupFailure: Sendable {
    /// The row's name.
    package var row: String
    /// Why it could not be built.
    package var message: String
  }

  /// The first engine's name (the simulated page).
  package var first: String
  /// The second engine's name (the real one).
  package var second: String
  /// Row names, in order.
  package var rows: [String]
  /// Fixture ids, in order.
  package var fixtures: [String]
  /// Cells run in both engines.
  package var compared = 0
  /// Differences and marked cells, in run order.
  package var cells: [FidelityCell] = []
  /// Rows that could not be built.
  package var setupFailures: [SetupFailure] = []
  /// False when the run was stopped before every cell ran.
  package var complete = true

  /// Creates an empty result.
  package init(first: String, second: String, rows: [String], fixtures: [String]) {
    self.first = first
    self.second = second
    self.rows = rows
    self.fixtures = fixtures
  }

  /// Cells whose verdicts differ without a mark or a schedule that
  /// explains them, and again on a second run.
  package var differences: [FidelityCell] { unexplained.filter(\.repeated) }
  /// Cells whose verdicts differed once, not on a second run: a verdict
  /// that one engine does not give every time (reported, not gating).
  package var unstable: [FidelityCell] { unexplained.filter { !$0.repeated } }
  /// Mutant cells where the simulated page gives the real engine's verdict
  /// under another of its schedules: the mutant's bug shows under some
  /// schedules only, and the two engines took different ones (reported,
  /// not gating).
  package var scheduleDependent: [FidelityCell] { cells.filter { $0.marked == nil && $0.explainedBySchedule } }
  private var unexplained: [FidelityCell] { cells.filter { $0.marked == nil && !$0.explainedBySchedule } }
  /// Cells one engine skips by the fixture's `engines` field.
  package var marked: [FidelityCell] { cells.filter { $0.marked != nil } }
  /// Whether the engines agree everywhere they both judge, on every row
  /// (unstable cells aside: a change that breaks agreement does so every time).
  package var agrees: Bool { complete && differences.isEmpty && setupFailures.isEmpty }
}

/// One row on one fixture, where the engines differ (or one is marked out).
package struct FidelityCell: Sendable {
  /// A verdict and its first line of reason.
  package struct Verdict: Sendable {
    /// Pass, fail, error, skip…
    package var status: ScenarioStatus
    /// The first line of the reason (empty for a pass).
    package var message: String
    init(_ result: ScenarioResult) {
      status = result.status
      message = result.message?.split(separator: "\n").first.map(String.init) ?? ""
    }
  }

  /// The row's name.
  package var row: String
  /// The fixture's id.
  package var fixture: String
  /// The verdict in the first engine.
  package var first: Verdict
  /// The verdict in the second engine.
  package var second: Verdict
  /// Why the cell is no difference: the fixture's `engines.because`, or
  /// (``markedPair``) the mutant's `engineTiming`.
  package var marked: String?
  /// Whether the mark is the mutant's, not the fixture's.
  package var markedPair = false
  /// The whole trace of a second run of the cell in the first engine.
  package var firstTrace: [TraceEvent] = []
  /// The same in the second engine.
  package var secondTrace: [TraceEvent] = []
  /// Whether the second run gave the same two verdicts.
  package var repeated = true
  /// A schedule of the simulated page (the first engine) under which it
  /// gives the second engine's verdict, when the search found one.
  package var schedule: ScheduleSearch.Found?
  /// Whether that schedule explains the difference: only for a mutant. A
  /// correct pair must pass under every schedule, so for it the schedule
  /// is a lead (the fixture asks for an order the protocol does not
  /// guarantee, or the bridge has a race), not an excuse.
  package var explainedBySchedule = false

  init(row: String, fixture: String, first: Verdict, second: Verdict, marked: String? = nil) {
    self.row = row
    self.fixture = fixture
    self.first = first
    self.second = second
    self.marked = marked
  }
}
