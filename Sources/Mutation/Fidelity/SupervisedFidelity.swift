import BridgeImplementations
import Exploration
import Foundation
import JSONModel
import PageSimulation
import ScenarioRunner
import Supervision
import WebViewHosting

/// `bridgecheck fidelity` on the supervised workers of `bridgecheck run`:
/// every cell (row × fixture) in both engines runs in a worker process, so
/// a page that loops, floods or grows in the real engine ends within the
/// worker's limits (the script and CPU limits of the page, the wall-clock
/// and memory limits of the supervisor) and the check goes on. The second
/// runs of the cells that differ (with their whole traces) run there too;
/// the search for a schedule of the simulated page that gives the real
/// engine's verdict runs here, in the simulated page only.
package enum SupervisedFidelity {
  /// Runs `rows` × `fixtures` in the simulated page and in the engine named
  /// `second` (the workers make it), on `jobs` workers held to `limits`.
  /// Reports and stops as ``EngineFidelity/run(rows:fixtures:first:second:defaultGate:scheduleSeeds:progress:shouldStop:)``;
  /// `stopReason` ends the run at once (Ctrl-C, SIGTERM): the result is then incomplete.
  package static func run(
    rows: [FidelityRow], fixtures: [Fixture], second: String, executable: String, jobs: Int,
    limits: SupervisorLimits = SupervisorLimits(), defaultGate: Bool = true,
    scheduleSeeds: Int = ExploreOptions.defaultSeeds,
    progress: (EngineFidelity.Progress) -> Void = { _ in }, stopReason: @escaping () -> StopReason? = { nil }
  ) -> FidelityResult {
    let first = PageEngine.simulated.name
    var result = FidelityResult(first: first, second: second, rows: rows.map(\.name), fixtures: fixtures.map(\.id))
    guard !rows.isEmpty, !fixtures.isEmpty else { return result }
    let pool = WorkerPool(
      executable: executable,
      configuration: configuration(rows[0], engine: first, verdictsOnly: true, defaultGate: defaultGate), jobs: jobs,
      limits: limits)
    defer { pool.stopAll() }

    // Every cell in both engines: for each row, its simulated cells, then its real ones (a worker is
    // configured again only when its next cell needs another row or engine).
    let engines = [first, second]
    let perRow = fixtures.count * 2
    var verdicts = [ScenarioResult?](repeating: nil, count: rows.count * perRow)
    // A cell is done once both its engines are.
    var halves = [UInt8](repeating: 0, count: rows.count * fixtures.count)
    var cellsDone = 0
    pool.run(
      count: verdicts.count,
      assignment: { index in
        let (row, engine, fixture) = (index / perRow, (index % perRow) / fixtures.count, index % fixtures.count)
        return (
          fixtures[fixture],
          configuration(rows[row], engine: engines[engine], verdictsOnly: true, defaultGate: defaultGate)
        )
      },
      result: { index, outcome in
        verdicts[index] = outcome
        let row = index / perRow
        let cell = row * fixtures.count + index % fixtures.count
        halves[cell] += 1
        guard halves[cell] == 2 else { return }
        cellsDone += 1
        progress(
          EngineFidelity.Progress(cellsDone: cellsDone, cellCount: rows.count * fixtures.count, row: rows[row].name))
      }, stopReason: stopReason)
    if stopReason() != nil || verdicts.contains(where: { $0 == nil }) { result.complete = false }

    // Compare; what differs runs again in both engines with the whole trace kept.
    var differing: [(row: Int, fixture: Int, cell: FidelityCell)] = []
    for (rowIndex, row) in rows.enumerated() {
      let rowResults = (0..<perRow).compactMap { verdicts[rowIndex * perRow + $0] }
      if let failure = setupFailure(rowResults), rowResults.count == perRow {
        result.setupFailures.append(FidelityResult.SetupFailure(row: row.name, message: failure))
        continue
      }
      for (fixtureIndex, fixture) in fixtures.enumerated() {
        guard let a = verdicts[rowIndex * perRow + fixtureIndex],
          let b = verdicts[rowIndex * perRow + fixtures.count + fixtureIndex]
        else { continue }
        result.compared += 1
        if let marked = EngineFidelity.markedCell(row: row.name, fixture: fixture, a, b, first: first, second: second) {
          result.cells.append(marked)
        } else if EngineFidelity.verdictClass(a.status) != EngineFidelity.verdictClass(b.status) {
          let cell = FidelityCell(row: row.name, fixture: fixture.id, first: .init(a), second: .init(b))
          differing.append((rowIndex, fixtureIndex, cell))
        }
      }
    }
    guard !differing.isEmpty, result.complete else {
      result.cells += differing.map(\.cell)
      return result
    }
    let searchRunners = SearchRunners()
    defer { searchRunners.shutdown() }
    let traced = tracedRuns(
      of: differing.map { ($0.row, $0.fixture) }, rows: rows, fixtures: fixtures, engines: engines,
      pool: pool, stopReason: stopReason)
    if traced == nil { result.complete = false }
    for (index, entry) in differing.enumerated() {
      var cell = entry.cell
      if let traced {
        let (a, b) = traced[index]
        cell.firstTrace = a.trace
        cell.secondTrace = b.trace
        cell.repeated =
          EngineFidelity.verdictClass(a.status) == EngineFidelity.verdictClass(cell.first.status)
          && EngineFidelity.verdictClass(b.status) == EngineFidelity.verdictClass(cell.second.status)
      }
      let row = rows[entry.row]
      if let timing = row.engineTiming {
        cell.marked = timing
        cell.markedPair = true
      } else if stopReason() == nil, let runner = searchRunners.runner(for: row) {
        let wanted = EngineFidelity.verdictClass(cell.second.status)
        cell.schedule = ScheduleSearch(runner: runner, seeds: scheduleSeeds)
          .find(fixtures[entry.fixture]) { EngineFidelity.verdictClass($0.status) == wanted }
        cell.explainedBySchedule = row.isMutant && cell.schedule != nil
      }
      result.cells.append(cell)
    }
    return result
  }

  /// The row's configuration in `engine`: in the simulated page under the
  /// schedules ``EngineFidelity`` runs it under (the default gate's for a
  /// correct pair when `defaultGate` is set, a mutant's own), in a real
  /// engine under its own; a run that keeps the whole trace (`traces`) runs
  /// the default schedule only (one trace a scenario).
  static func configuration(
    _ row: FidelityRow, engine: String, verdictsOnly: Bool, defaultGate: Bool = true, traces: String? = nil
  ) -> WorkerConfiguration {
    var configuration = row.configuration
    configuration.engine = engine
    configuration.explore =
      engine == PageEngine.simulated.name && traces == nil
      ? EngineFidelity.simulatedSchedules(row, defaultGate: defaultGate) : nil
    configuration.verdictsOnly = verdictsOnly
    configuration.options.traceDirectory = traces
    return configuration
  }

  /// The message every cell of a row got when its worker could not build
  /// the pair (a profile that does not load, a page bridge that went away).
  private static func setupFailure(_ results: [ScenarioResult]) -> String? {
    let prefix = "the worker could not start: "
    guard let first = results.first?.message, first.hasPrefix(prefix),
      results.allSatisfy({ $0.message == first })
    else { return nil }
    return String(first.dropFirst(prefix.count))
  }

  /// The cells again in both engines, each with its whole trace (written
  /// by the worker to a folder of its own, then read back); nil when the
  /// run was stopped.
  private static func tracedRuns(
    of cells: [(row: Int, fixture: Int)], rows: [FidelityRow], fixtures: [Fixture], engines: [String], pool: WorkerPool,
    stopReason: @escaping () -> StopReason?
  ) -> [(ScenarioResult, ScenarioResult)]? {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridgecheck-fidelity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    func folder(_ cell: Int, _ engine: Int) -> String {
      base.appendingPathComponent("\(cell)-\(engine)").path
    }
    for index in cells.indices {
      for engine in engines.indices {
        try? FileManager.default.createDirectory(atPath: folder(index, engine), withIntermediateDirectories: true)
      }
    }
    var outcomes = [ScenarioResult?](repeating: nil, count: cells.count * 2)
    pool.run(
      count: outcomes.count,
      assignment: { index in
        let (cell, engine) = (index / 2, index % 2)
        let (row, fixture) = cells[cell]
        return (
          fixtures[fixture],
          configuration(rows[row], engine: engines[engine], verdictsOnly: false, traces: folder(cell, engine))
        )
      },
      result: { index, outcome in outcomes[index] = outcome }, stopReason: stopReason)
    guard stopReason() == nil else { return nil }
    return cells.indices.map { cell in
      let pair = (0..<2).map { engine -> ScenarioResult in
        guard var outcome = outcomes[cell * 2 + engine] else {
          return ScenarioResult(
            scenario: ScenarioIdentity(fixtures[cells[cell].fixture]), status: .error, message: "not run", detail: nil,
            duration: .zero, trace: [], traceEventCount: 0, failedChecks: [CheckID.harness])
        }
        let path = (folder(cell, engine) as NSString).appendingPathComponent(
          TraceFile.component(fixtures[cells[cell].fixture].id) + ".jsonl")
        // A worker killed mid-scenario wrote no file: its excerpt is what there is.
        if let whole = TraceFile.read(path) { outcome.trace = whole }
        return outcome
      }
      return (pair[0], pair[1])
    }
  }

}

/// Runners of rows in the simulated page, in this process, for the schedule
/// search: one a row, made when first asked; ``shutdown()`` ends the
/// adapter processes they started.
private final class SearchRunners {
  private var runners: [String: FixtureRunner?] = [:]

  /// The row's runner; nil when its implementations cannot be built here.
  func runner(for row: FidelityRow) -> FixtureRunner? {
    if let made = runners[row.name] { return made }
    let configuration = row.configuration
    let runner = (try? configuration.makePage()).map { page in
      FixtureRunner(
        page: page, native: configuration.makeNative(), tested: configuration.tested, options: configuration.options)
    }
    runners[row.name] = runner
    return runner
  }

  func shutdown() {
    for case let runner?? in runners.values { (runner.native as? AdapterNativeImplementation)?.shutdown() }
  }
}
