import BridgeImplementations
import Exploration
import ScenarioRunner
import Supervision
import WebViewHosting

/// `bridgecheck fidelity`: every row (implementation pair) on every fixture
/// in two engines, and where their verdicts differ. A difference is re-run
/// in both with the whole trace recorded, so the report can show the two
/// traces from the first event where they part.
package enum EngineFidelity {
  /// How far a run has got.
  package struct Progress: Sendable {
    /// Cells (row × fixture, in both engines) done.
    package var cellsDone: Int
    /// Cells in all.
    package var cellCount: Int
    /// The row being run.
    package var row: String
  }

  /// Runs `rows` × `fixtures` in `first` and `second` (in this process, one
  /// scenario at a time: a real engine has one engine thread). `progress`
  /// is called after each cell; `shouldStop` ends the run early (the result
  /// says so).
  ///
  /// `first` is the simulated page: its verdict for a correct pair (the
  /// reference, a dialect bridge's own) is the default gate's when
  /// `defaultGate` is set (it passes only if every schedule of the gate
  /// passes: each must be one the real engine can take), for a mutant the
  /// one `bridgecheck mutants` judges it by (``Mutant/matrixSchedules``;
  /// the default schedule for most). Where a mutant's verdicts differ, up to
  /// `scheduleSeeds` of its schedules are searched for one that gives the
  /// second engine's verdict (``FidelityCell/schedule``).
  package static func run(
    rows: [FidelityRow], fixtures: [Fixture], first: PageEngine, second: PageEngine, defaultGate: Bool = true,
    scheduleSeeds: Int = ExploreOptions.defaultSeeds,
    progress: (Progress) -> Void = { _ in }, shouldStop: @escaping @Sendable () -> Bool = { false }
  ) -> FidelityResult {
    var result = FidelityResult(
      first: first.name, second: second.name, rows: rows.map(\.name), fixtures: fixtures.map(\.id))
    var done = 0
    rowLoop: for row in rows {
      let runners: (FixtureRunner, FixtureRunner)
      do {
        runners = (try runner(row, first, shouldStop), try runner(row, second, shouldStop))
      } catch {
        result.setupFailures.append(FidelityResult.SetupFailure(row: row.name, message: "\(error)"))
        done += fixtures.count
        continue
      }
      let schedules = simulatedSchedules(row, defaultGate: defaultGate)
      for fixture in fixtures {
        if shouldStop() {
          result.complete = false
          break rowLoop
        }
        let a =
          schedules.map { ScheduleExplorer(runner: runners.0, options: $0).explore(fixture).result }
          ?? runners.0.run(fixture)
        let b = runners.1.run(fixture)
        result.compared += 1
        if var cell = compare(row: row.name, fixture: fixture, a, b, runners: runners) {
          if cell.marked == nil, let timing = row.engineTiming {
            cell.marked = timing
            cell.markedPair = true
          }
          if cell.marked == nil {
            let wanted = verdictClass(b.status)
            cell.schedule = ScheduleSearch(runner: runners.0, seeds: scheduleSeeds)
              .find(fixture) { verdictClass($0.status) == wanted }
            cell.explainedBySchedule = row.isMutant && cell.schedule != nil
          }
          result.cells.append(cell)
        }
        done += 1
        progress(Progress(cellsDone: done, cellCount: rows.count * fixtures.count, row: row.name))
      }
    }
    return result
  }

  /// The schedules the simulated page runs a row's cells under (nil: the
  /// default one only).
  static func simulatedSchedules(_ row: FidelityRow, defaultGate: Bool) -> ExploreOptions? {
    guard defaultGate else { return nil }
    if row.isMutant { return row.configuration.explore }
    return ExploreOptions(seeds: 0, systematic: SystematicSchedule.defaultGate)
  }

  private static func runner(_ row: FidelityRow, _ engine: PageEngine, _ shouldStop: @escaping @Sendable () -> Bool)
    throws
    -> FixtureRunner
  {
    let configuration = row.configuration
    return FixtureRunner(
      page: try configuration.makePage(), native: configuration.makeNative(shouldStop: shouldStop),
      tested: configuration.tested, options: configuration.options, engine: engine)
  }

  /// The cell to report, or nil when the two verdicts agree. A fixture that
  /// one engine skips because of its `engines` field is reported as marked.
  private static func compare(
    row: String, fixture: Fixture, _ a: ScenarioResult, _ b: ScenarioResult, runners: (FixtureRunner, FixtureRunner)
  ) -> FidelityCell? {
    if let marked = markedCell(
      row: row, fixture: fixture, a, b, first: runners.0.engine.name, second: runners.1.engine.name)
    {
      return marked
    }
    guard verdictClass(a.status) != verdictClass(b.status) else { return nil }
    var cell = FidelityCell(row: row, fixture: fixture.id, first: .init(a), second: .init(b))
    // Again, with every event recorded: the traces, and whether the verdicts
    // repeat (the simulated page under the schedule its verdict came from).
    let failing = a.exploration?.failingSchedule.map { ScheduleSpec.deviations($0) }
    let first = traced(runners.0, fixture, schedule: failing)
    let second = traced(runners.1, fixture, schedule: nil)
    cell.firstTrace = first.trace
    cell.secondTrace = second.trace
    cell.repeated =
      verdictClass(first.status) == verdictClass(a.status) && verdictClass(second.status) == verdictClass(b.status)
    return cell
  }

  /// The cell of a fixture whose `engines` field leaves one of the two
  /// engines out (one of them skipped it for that): marked with its reason,
  /// not a difference. Nil otherwise.
  static func markedCell(
    row: String, fixture: Fixture, _ a: ScenarioResult, _ b: ScenarioResult, first: String, second: String
  ) -> FidelityCell? {
    guard let engines = fixture.engines, a.status == .skip || b.status == .skip,
      engines.only.contains(first) != engines.only.contains(second)
    else { return nil }
    return FidelityCell(row: row, fixture: fixture.id, first: .init(a), second: .init(b), marked: engines.because)
  }

  /// What is compared of a status: a fail and an error are one verdict
  /// (the pair is caught either way; an error may come from a limit of the
  /// simulated page that a real engine does not have).
  static func verdictClass(_ status: ScenarioStatus) -> ScenarioStatus {
    status == .error ? .fail : status
  }

  private static func traced(_ runner: FixtureRunner, _ fixture: Fixture, schedule: ScheduleSpec?) -> (
    status: ScenarioStatus, trace: [TraceEvent]
  ) {
    let events = EventCollector()
    let observe: (TraceEvent) -> Void = { events.events.append($0) }
    let result =
      schedule.map { runner.run(fixture, schedule: $0, traceObserver: observe).result }
      ?? runner.run(fixture, traceObserver: observe)
    return (result.status, events.events)
  }
}

/// The events a trace observer saw.
private final class EventCollector: @unchecked Sendable {
  var events: [TraceEvent] = []
}
