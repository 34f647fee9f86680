import BridgeImplementations
import Exploration
import ReferenceBridges
import ScenarioRunner
import Supervision

/// The mutation matrix run on supervised worker processes (`bridgecheck
/// mutants`): every cell in a worker, each worker configured again when its
/// next cell belongs to another mutant, results streamed into a
/// ``MutationTally`` as verdicts only. Memory stays that of a `bridgecheck
/// run` (the workers' share of the memory limit, plus a bit a cell here),
/// a mutant that crashes or hangs costs one worker, and Ctrl-C stops the
/// workers at once.
package enum SupervisedMutationMatrix {
  /// How far a run has got, for a progress line.
  package struct Progress: Sendable {
    /// Cells judged so far.
    package var cellsDone: Int
    /// Cells in all: (mutants + 1) × fixtures.
    package var cellCount: Int
    /// Mutants whose every cell is judged.
    package var mutantsDone: Int
    /// Mutants in all.
    package var mutantCount: Int
  }

  /// The worker configuration of each row: the reference pair, then each
  /// mutant (a page patch, a native fault in the worker, or, for faults
  /// that crash, the faulty native bridge behind the stdio adapter:
  /// `executable reference-adapter --fault NAME`).
  ///
  /// A dialect mutant runs its patched copy (`copies`, by mutant name) with
  /// the dialect bridge's other side under the dialect's profile; after the
  /// mutants comes one row per dialect of `dialects`: the bridge's own pair,
  /// unpatched.
  package static func configurations(
    mutants: [Mutant], executable: String, options: RunOptions = RunOptions(), copies: [String: String] = [:],
    dialects: [DialectBridge] = []
  ) -> [WorkerConfiguration] {
    let limits = AdapterLimits()
    func adapter(_ command: [String]) -> WorkerConfiguration.Native {
      .adapter(command: command, commandTimeout: limits.commandTimeout, startupTimeout: limits.startupTimeout)
    }
    var rows = [
      WorkerConfiguration(page: .reference, native: .reference, tested: .both, options: options, verdictsOnly: true)
    ]
    for mutant in mutants {
      switch mutant.construction {
      case .dialectPatch(let patch):
        let bridge = patch.bridge
        let copy = copies[mutant.name] ?? patch.file
        let page = WorkerConfiguration.Page.script(
          path: mutant.side == .page ? copy : bridge.page, profile: bridge.profile)
        let native = adapter(
          mutant.side == .native ? bridge.native.map { $0 == patch.file ? copy : $0 } : bridge.native)
        rows.append(
          WorkerConfiguration(
            page: page, native: native, tested: TestedSides(page: mutant.side == .page, native: mutant.side == .native),
            options: options, verdictsOnly: true, explore: mutant.matrixSchedules))
      case .pagePatch:
        rows.append(
          WorkerConfiguration(
            page: .referenceSource(mutant.pageSource() ?? ""), native: .reference,
            tested: TestedSides(page: true, native: false), options: options, verdictsOnly: true,
            explore: mutant.matrixSchedules))
      case .nativeFault(let fault):
        let native: WorkerConfiguration.Native =
          mutant.crashes ? adapter([executable, "reference-adapter", "--fault", fault]) : .referenceFaults([fault])
        rows.append(
          WorkerConfiguration(
            page: .reference, native: native, tested: TestedSides(page: false, native: true), options: options,
            verdictsOnly: true, explore: mutant.matrixSchedules))
      }
    }
    for bridge in dialects {
      rows.append(
        WorkerConfiguration(
          page: .script(path: bridge.page, profile: bridge.profile), native: adapter(bridge.native), tested: .both,
          options: options, verdictsOnly: true))
    }
    return rows
  }

  /// The dialect bridges the judged dialect mutants patch, by name: each
  /// adds a row (its own unpatched pair).
  package static func dialects(of mutants: [Mutant]) -> [DialectBridge] {
    var found: [String: DialectBridge] = [:]
    for mutant in mutants {
      if case .dialectPatch(let patch) = mutant.construction { found[patch.bridge.name] = patch.bridge }
    }
    return found.keys.sorted().compactMap { found[$0] }
  }

  /// Runs the matrix on `jobs` workers of `executable` (`bridgecheck`).
  /// `progress` is called after each cell. When `stopReason` answers, the
  /// workers are stopped and the matrix returned is partial
  /// (``MutationMatrix/isComplete`` is false). A cell that ran out of
  /// wall-clock time runs once more, alone, before it counts, so the
  /// matrix depends on the bridges, not on how busy the machine is.
  package static func run(
    fixtures: [Fixture], mutants: [Mutant], executable: String, jobs: Int,
    limits: SupervisorLimits = SupervisorLimits(), options: RunOptions = RunOptions(),
    progress: (Progress) -> Void = { _ in }, stopReason: () -> StopReason? = { nil }
  ) -> MutationMatrix {
    let judged = mutants.filter { $0.notYetJudged == nil }
    let dialects = dialects(of: judged)
    let copies = DialectMutantCopies(judged)
    defer { copies.remove() }
    let rows = configurations(
      mutants: judged, executable: executable, options: options, copies: copies.paths, dialects: dialects)
    var tally = MutationTally(fixtures: fixtures, mutants: judged, dialects: dialects.map(\.name))
    var retries: [Int] = []
    func report() {
      progress(
        Progress(
          cellsDone: tally.cellsDone, cellCount: tally.cellCount, mutantsDone: tally.mutantsDone,
          mutantCount: judged.count))
    }
    func assignment(_ cell: Int) -> (fixture: Fixture, configuration: WorkerConfiguration) {
      let (row, fixture) = tally.position(of: cell)
      return (fixtures[fixture], rows[row])
    }
    let pool = WorkerPool(executable: executable, configuration: rows[0], jobs: jobs, limits: limits)
    pool.run(
      count: tally.cellCount, assignment: assignment,
      result: { cell, result in
        // A cell cut short by Ctrl-C proves nothing: it is left out.
        if result.failedChecks.contains(CheckID.interrupted) { return }
        if result.hitWallClockLimit {
          retries.append(cell)
        } else {
          tally.record(cell: cell, result)
          report()
        }
      }, stopReason: stopReason)
    pool.stopAll()
    func finished() -> MutationMatrix {
      var matrix = tally.matrix
      matrix.mutants = mutants.filter { $0.notYetJudged == nil }
      matrix.notYetJudged = mutants.filter { $0.notYetJudged != nil }
      return matrix
    }
    guard stopReason() == nil, !retries.isEmpty else { return finished() }
    let alone = WorkerPool(executable: executable, configuration: rows[0], jobs: 1, limits: limits)
    let cells = retries.sorted()
    alone.run(
      count: cells.count, assignment: { assignment(cells[$0]) },
      result: { index, result in
        if result.failedChecks.contains(CheckID.interrupted) { return }
        tally.record(cell: cells[index], result)
        report()
      }, stopReason: stopReason)
    alone.stopAll()
    return finished()
  }
}
