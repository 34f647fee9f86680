import BridgeImplementations
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
public enum SupervisedMutationMatrix {
  /// How far a run has got, for a progress line.
  public struct Progress: Sendable {
    /// Cells judged so far.
    public var cellsDone: Int
    /// Cells in all: (mutants + 1) × fixtures.
    public var cellCount: Int
    /// Mutants whose every cell is judged.
    public var mutantsDone: Int
    /// Mutants in all.
    public var mutantCount: Int
  }

  /// The worker configuration of each row: the reference pair, then each
  /// mutant (a page patch, a native fault in the worker, or, for faults
  /// that crash, the faulty native bridge behind the stdio adapter:
  /// `executable reference-adapter --fault NAME`).
  public static func configurations(
    mutants: [Mutant], executable: String, options: RunOptions = RunOptions()
  ) -> [WorkerConfiguration] {
    var rows = [WorkerConfiguration(page: .reference, native: .reference, tested: .both, options: options, verdictsOnly: true)]
    for mutant in mutants {
      switch mutant.construction {
      case .pagePatch:
        rows.append(
          WorkerConfiguration(
            page: .referenceSource(mutant.pageSource() ?? ""), native: .reference,
            tested: TestedSides(page: true, native: false), options: options, verdictsOnly: true))
      case .nativeFault(let fault):
        let limits = AdapterLimits()
        let native: WorkerConfiguration.Native =
          mutant.crashes
          ? .adapter(
            command: [executable, "reference-adapter", "--fault", fault], commandTimeout: limits.commandTimeout,
            startupTimeout: limits.startupTimeout)
          : .referenceFaults([fault])
        rows.append(
          WorkerConfiguration(
            page: .reference, native: native, tested: TestedSides(page: false, native: true), options: options,
            verdictsOnly: true))
      }
    }
    return rows
  }

  /// Runs the matrix on `jobs` workers of `executable` (`bridgecheck`).
  /// `progress` is called after each cell. When `stopReason` answers, the
  /// workers are stopped and the matrix returned is partial
  /// (``MutationMatrix/isComplete`` is false). A cell that ran out of
  /// wall-clock time runs once more, alone, before it counts, so the
  /// matrix depends on the bridges, not on how busy the machine is.
  public static func run(
    fixtures: [Fixture], mutants: [Mutant], executable: String, jobs: Int,
    limits: SupervisorLimits = SupervisorLimits(), options: RunOptions = RunOptions(),
    progress: (Progress) -> Void = { _ in }, stopReason: () -> StopReason? = { nil }
  ) -> MutationMatrix {
    let rows = configurations(mutants: mutants, executable: executable, options: options)
    var tally = MutationTally(fixtures: fixtures, mutants: mutants)
    var retries: [Int] = []
    func report() {
      progress(
        Progress(
          cellsDone: tally.cellsDone, cellCount: tally.cellCount, mutantsDone: tally.mutantsDone,
          mutantCount: mutants.count))
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
    guard stopReason() == nil, !retries.isEmpty else { return tally.matrix }
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
    return tally.matrix
  }
}
