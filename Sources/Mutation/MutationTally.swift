import ScenarioRunner

/// The mutation matrix built as results arrive, in any order, keeping only
/// what the report needs: which fixtures each mutant fails, and the
/// reference pair's results cut to a verdict (no trace, payloads bounded).
/// Memory does not grow with the number of cells beyond one bit each.
package struct MutationTally: Sendable {
  /// The fixtures, in order.
  package let fixtures: [Fixture]
  /// The mutants, in order (row `r` of the matrix is mutant `r - 1`; row 0
  /// is the reference pair).
  package let mutants: [Mutant]
  /// The dialect bridges whose unpatched pair runs too, after the mutants
  /// (the reference of their dialect's mutants).
  package let dialects: [String]
  private var reference: [ScenarioResult?]
  private var dialectReferences: [[ScenarioResult?]]
  private var kills: [String: Set<String>] = [:]
  private var doneInRow: [Int]
  /// Cells judged so far.
  package private(set) var cellsDone = 0

  /// An empty tally.
  package init(fixtures: [Fixture], mutants: [Mutant], dialects: [String] = []) {
    self.fixtures = fixtures
    self.mutants = mutants
    self.dialects = dialects
    reference = Array(repeating: nil, count: fixtures.count)
    dialectReferences = Array(repeating: Array(repeating: nil, count: fixtures.count), count: dialects.count)
    doneInRow = Array(repeating: 0, count: mutants.count + 1 + dialects.count)
  }

  /// Every cell: the reference row, one row per mutant, one per dialect reference.
  package var cellCount: Int { (mutants.count + 1 + dialects.count) * fixtures.count }

  /// Mutant rows whose every cell is judged.
  package var mutantsDone: Int { doneInRow.dropFirst().prefix(mutants.count).filter { $0 == fixtures.count }.count }

  /// The row and fixture of a cell.
  package func position(of cell: Int) -> (row: Int, fixture: Int) {
    (cell / fixtures.count, cell % fixtures.count)
  }

  /// Records the result of `cell`.
  package mutating func record(cell: Int, _ result: ScenarioResult) {
    let (row, fixture) = position(of: cell)
    cellsDone += 1
    doneInRow[row] += 1
    var verdict = result.bounded()
    verdict.trace = []
    if row == 0 {
      reference[fixture] = verdict
    } else if row > mutants.count {
      dialectReferences[row - mutants.count - 1][fixture] = verdict
    } else if result.status == .fail || result.status == .error {
      kills[mutants[row - 1].name, default: []].insert(result.scenario.id)
    }
  }

  /// The matrix of what was recorded; ``MutationMatrix/isComplete`` says
  /// whether every cell was.
  package var matrix: MutationMatrix {
    var byMutant: [String: Set<String>] = [:]
    for (row, mutant) in mutants.enumerated() where doneInRow[row + 1] > 0 {
      byMutant[mutant.name] = kills[mutant.name, default: []]
    }
    var byDialect: [String: [ScenarioResult]] = [:]
    for (index, dialect) in dialects.enumerated() { byDialect[dialect] = dialectReferences[index].compactMap { $0 } }
    return MutationMatrix(
      fixtures: fixtures, mutants: mutants, reference: reference.compactMap { $0 }, kills: byMutant,
      cellsRun: cellsDone, cellCount: cellCount, dialectReferences: byDialect)
  }
}
