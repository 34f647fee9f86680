import ArgumentParser
import ScenarioRunner

/// `bridgecheck validate`: check fixtures without running them; every
/// problem of every file is reported at once.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check fixture files and report every problem at once (exit 2 if any).")

  @Argument(help: "Fixture files or folders (default: Fixtures/).")
  var paths: [String] = []

  func run() throws {
    let selection = try FixtureSelection.parse(paths)
    if FixtureSelection.protocolDocument(near: selection.effectivePaths[0]) == nil {
      Diagnostic.warning(
        "docs/protocol.md was not found, so `spec` anchors were not checked",
        hint: "run from a bridgecheck checkout, or keep the fixtures inside one"
      ).emit()
    }
    let outcome = selection.loadAll()
    if !outcome.problems.isEmpty {
      throw FixtureSelection.describe(outcome.problems)
    }
    let areas = Set(outcome.fixtures.map(\.area)).count
    print(Diagnostic.prefix + "\(outcome.fixtures.count) fixtures in \(areas) areas are valid")
  }
}
