/// The mutation matrix as text: the score, then what is wrong, then each
/// mutant with the fixtures it fails.
package enum MutationReport {
  /// The report; `differences` are lines from ``ExpectedKills/differences(from:)``.
  package static func text(_ matrix: MutationMatrix, differences: [String], verbose: Bool) -> String {
    guard matrix.isComplete else { return partialText(matrix, verbose: verbose) }
    var lines: [String] = []
    let caught = matrix.fixtures.count - matrix.uncaughtFixtures.count
    let killed = matrix.mutants.count - matrix.survivingMutants.count
    lines.append(
      "mutation score: fixtures caught \(caught)/\(matrix.fixtures.count), mutants killed \(killed)/\(matrix.mutants.count)"
    )
    let referencePassed = matrix.reference.filter { $0.status == .pass }.count
    lines.append("reference pair: \(referencePassed)/\(matrix.reference.count) fixtures pass")
    for dialect in matrix.dialectReferences.keys.sorted() {
      let results = matrix.dialectReferences[dialect] ?? []
      let passed = results.filter { $0.status == .pass }.count
      let skipped = results.filter { $0.status == .skip }.count
      lines.append(
        "dialect \(dialect), its own pair: \(passed)/\(results.count - skipped) judged fixtures pass (\(skipped) skipped)"
      )
    }
    for failure in matrix.referenceFailures {
      lines.append(
        "  REFERENCE \(failure.status.rawValue.uppercased()) \(failure.scenario.id) [\(failure.scenario.level.rawValue)]: "
          + (failure.message?.split(separator: "\n").first.map(String.init) ?? ""))
    }
    for fixture in matrix.uncaughtFixtures {
      lines.append("  NOT CAUGHT \(fixture.id): no mutant fails it; add a mutant with the bug it is meant to catch")
    }
    for mutant in matrix.survivingMutants {
      lines.append("  SURVIVES \(mutant.name): no fixture fails it (\(mutant.bug))")
    }
    for mutant in matrix.notYetJudged {
      lines.append("  NOT YET JUDGED \(mutant.name): \(mutant.notYetJudged ?? "")")
    }
    if !differences.isEmpty {
      lines.append(
        "the matrix differs from the expected one (update with --update-expected if the change is intended):")
      lines += differences.map { "  \($0)" }
    }
    lines.append("")
    let width = (matrix.mutants + matrix.notYetJudged).map(\.name.count).max() ?? 0
    for mutant in matrix.mutants {
      let ids = matrix.kills[mutant.name, default: []].sorted()
      let name = mutant.name.padding(toLength: width, withPad: " ", startingAt: 0)
      lines.append(
        "\(name)  \(mutant.side.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  fails \(ids.count)")
      if verbose { lines += ids.map { "    \($0)" } }
    }
    for mutant in matrix.notYetJudged {
      let name = mutant.name.padding(toLength: width, withPad: " ", startingAt: 0)
      lines.append("\(name)  \(mutant.side.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  not yet judged")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What an interrupted run can say: how far it got and what the mutants
  /// that ran failed so far; no score, and nothing about fixtures not caught
  /// or mutants surviving, which a partial run cannot know.
  static func partialText(_ matrix: MutationMatrix, verbose: Bool) -> String {
    var lines = [
      "mutation matrix interrupted: \(matrix.cellsRun) of \(matrix.cellCount) cells ran; no score "
        + "(a partial run cannot tell which fixtures or mutants are not caught)"
    ]
    let ran = matrix.mutants.filter { matrix.kills[$0.name] != nil }
    let width = ran.map(\.name.count).max() ?? 0
    for mutant in ran {
      let ids = matrix.kills[mutant.name, default: []].sorted()
      lines.append("\(mutant.name.padding(toLength: width, withPad: " ", startingAt: 0))  fails \(ids.count) so far")
      if verbose { lines += ids.map { "    \($0)" } }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether the matrix meets the bar: the reference passes every must and
  /// should fixture, every fixture is caught, every mutant is killed, and
  /// the matrix matches the expected one.
  package static func passes(_ matrix: MutationMatrix, differences: [String]) -> Bool {
    matrix.isComplete && matrix.referenceFailures.isEmpty && matrix.uncaughtFixtures.isEmpty
      && matrix.survivingMutants.isEmpty
      && differences.isEmpty
  }
}
