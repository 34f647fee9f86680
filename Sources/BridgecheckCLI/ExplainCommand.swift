import ArgumentParser
import ScenarioRunner

/// `bridgecheck explain ID`: a fixture in words, with the rule it checks.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain", abstract: "Describe a fixture in words, with the text of the rule it checks.")

  @Argument(help: "The fixture id (see `bridgecheck list`).")
  var id: String

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are (default: bridgecheck's own Fixtures/).")
  var fixturesOption: String?

  private var fixturesPath: String { fixturesOption ?? Resources.path("Fixtures") }

  func run() throws {
    let selection = try FixtureSelection.parse([fixturesPath])
    let outcome = selection.loadAll()
    guard let fixture = outcome.fixtures.first(where: { $0.id == id }) else {
      let ids = outcome.fixtures.map(\.id)
      let near = ids.filter { $0.contains(id) || id.contains($0) }.prefix(5)
      var message = "bridgecheck: no fixture has the id \"\(id)\" in \(fixturesPath)"
      if !near.isEmpty { message += "\n  similar: " + near.joined(separator: ", ") }
      if !outcome.problems.isEmpty { message += "\n  (\(outcome.problems.count) files have problems: run `bridgecheck validate`)" }
      throw CLIError.usage(message + "\n  hint: `bridgecheck list` shows every id")
    }
    let document = FixtureSelection.protocolDocument(near: fixturesPath).flatMap(ProtocolDocument.init(path:))
    print(FixtureExplanation.text(of: fixture, rule: document?.rule(fixture.spec)), terminator: "")
  }
}
