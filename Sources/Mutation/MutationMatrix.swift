import BridgeImplementations
import Exploration
import ReferenceImplementations
import ScenarioRunner

/// Every mutant run against every fixture, plus the reference pair.
package struct MutationMatrix: Sendable {
  /// The fixtures, in order.
  package var fixtures: [Fixture]
  /// The mutants, in order.
  package var mutants: [Mutant]
  /// The reference pair's results, in fixture order.
  package var reference: [ScenarioResult]
  /// Mutant name → ids of the fixtures it fails (fail or error); only
  /// mutants with at least one cell run.
  package var kills: [String: Set<String>]
  /// How many cells ran (all of them unless the run was interrupted).
  package var cellsRun: Int
  /// How many cells the matrix has: (mutants + 1 + dialect references) × fixtures.
  package var cellCount: Int
  /// Mutants that cannot be judged yet (``Mutant/notYetJudged``): listed
  /// with their reason, not run, neither killed nor surviving.
  package var notYetJudged: [Mutant] = []
  /// The results of each dialect bridge's own unpatched pair (page script
  /// and native side under the dialect's profile), by dialect, in fixture
  /// order: the reference of the dialect's mutants.
  package var dialectReferences: [String: [ScenarioResult]]

  /// Whether every cell ran: only a complete matrix may be compared with,
  /// or written as, the expected one.
  package var isComplete: Bool { cellsRun == cellCount }

  /// Creates a matrix from its parts.
  package init(
    fixtures: [Fixture], mutants: [Mutant], reference: [ScenarioResult], kills: [String: Set<String>],
    cellsRun: Int? = nil, cellCount: Int? = nil, dialectReferences: [String: [ScenarioResult]] = [:]
  ) {
    self.fixtures = fixtures
    self.mutants = mutants
    self.reference = reference
    self.kills = kills
    self.dialectReferences = dialectReferences
    let total = (mutants.count + 1 + dialectReferences.count) * fixtures.count
    self.cellCount = cellCount ?? total
    self.cellsRun = cellsRun ?? total
  }

  /// Builds the implementations a mutant stands for.
  package struct Implementations: Sendable {
    /// The native side for a fault name: in process for ordinary faults, in
    /// a separate process (adapter) for faults that crash.
    package var native: @Sendable (_ fault: String, _ crashes: Bool) -> any NativeImplementation

    /// Creates the factory.
    package init(native: @escaping @Sendable (_ fault: String, _ crashes: Bool) -> any NativeImplementation) {
      self.native = native
    }
  }

  /// Runs the matrix on `jobs` threads, in this process: page patches and
  /// native faults only (dialect mutants run their own bridges' processes:
  /// ``SupervisedMutationMatrix``).
  package static func run(
    fixtures: [Fixture], mutants: [Mutant], implementations: Implementations, options: RunOptions = RunOptions(),
    jobs: Int
  ) -> MutationMatrix {
    let referencePage = ReferencePageImplementation()
    let referenceNative = ReferenceNativeImplementation()
    var runners: [FixtureRunner] = [FixtureRunner(page: referencePage, native: referenceNative, options: options)]
    for mutant in mutants {
      switch mutant.construction {
      case .pagePatch:
        let page = ReferencePageImplementation(source: mutant.pageSource() ?? "")
        runners.append(
          FixtureRunner(
            page: page, native: referenceNative, tested: TestedSides(page: true, native: false), options: options))
      case .nativeFault(let fault):
        runners.append(
          FixtureRunner(
            page: referencePage, native: implementations.native(fault, mutant.crashes),
            tested: TestedSides(page: false, native: true), options: options))
      case .dialectPatch:
        preconditionFailure("the dialect mutant \(mutant.name) runs on worker processes (SupervisedMutationMatrix)")
      }
    }
    let allRunners = runners
    // A mutant judged under the default gate runs its cells as `run` does.
    let schedules = [nil] + mutants.map(\.matrixSchedules)
    let cells = allRunners.count * fixtures.count
    let runCell: @Sendable (Int) -> ScenarioResult = { cell in
      let runner = allRunners[cell / fixtures.count]
      let fixture = fixtures[cell % fixtures.count]
      guard let options = schedules[cell / fixtures.count] else { return runner.run(fixture) }
      return ScheduleExplorer(runner: runner, options: options).explore(fixture).result
    }
    var results = ParallelWork.map(count: cells, jobs: jobs, work: runCell)
    // A cell that ran out of wall-clock time may only have met a busy
    // machine: it runs once more, alone, before it counts as a kill, so the
    // matrix compared with the committed one depends on the bridges only.
    for cell in results.indices where results[cell].hitWallClockLimit {
      results[cell] = runCell(cell)
    }
    var kills: [String: Set<String>] = [:]
    for (index, mutant) in mutants.enumerated() {
      let row = results[((index + 1) * fixtures.count)..<((index + 2) * fixtures.count)]
      kills[mutant.name] = Set(row.filter { $0.status == .fail || $0.status == .error }.map(\.scenario.id))
    }
    return MutationMatrix(
      fixtures: fixtures, mutants: mutants, reference: Array(results.prefix(fixtures.count)), kills: kills)
  }

  /// Fixtures no mutant fails: they prove nothing yet.
  package var uncaughtFixtures: [Fixture] {
    let killed = kills.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    return fixtures.filter { !killed.contains($0.id) }
  }

  /// Mutants that fail no fixture: a bug the suite does not catch.
  package var survivingMutants: [Mutant] { mutants.filter { kills[$0.name, default: []].isEmpty } }

  /// Must and should fixtures the reference pairs do not pass: a failure
  /// or error of the reference pair or of a dialect bridge's own pair, and
  /// a fixture the reference pair skips (its dialect cannot express it)
  /// that no dialect bridge's pair passes either.
  package var referenceFailures: [ScenarioResult] {
    let dialectResults = dialectReferences.keys.sorted().flatMap { dialectReferences[$0] ?? [] }
    let passedElsewhere = Set(dialectResults.filter { $0.status == .pass }.map(\.scenario.id))
    let main = reference.filter { result in
      result.scenario.level != .may && result.status != .pass
        && !(result.status == .skip && passedElsewhere.contains(result.scenario.id))
    }
    return main + dialectResults.filter { $0.scenario.level != .may && ($0.status == .fail || $0.status == .error) }
  }
}
