import ArgumentParser
import Foundation
import ScenarioRunner

/// `bridgecheck explain ID`: a fixture in words, with the rule it checks.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain", abstract: "Describe a fixture in words, with the text of the rule it checks.")

  @Argument(help: "The fixture id (see `bridgecheck list`), or the path of a fixture file.")
  var id: String

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are (default: bridgecheck's own Fixtures/).")
  var fixturesOption: String?

  private var fixturesPath: String { fixturesOption ?? Resources.path("Fixtures") }

  func run() throws {
    if id.hasSuffix(".json"), FileManager.default.fileExists(atPath: id) {
      // A fixture file: explained as it is (its own problems are reported).
      let fixtures = try FixtureSelection.parse([id]).load()
      let document = FixtureSelection.protocolDocument(near: id).flatMap(ProtocolDocument.init(path:))
      print(
        fixtures.map { FixtureExplanation.text(of: $0, rule: document?.rule($0.spec)) }.joined(separator: "\n"),
        terminator: "")
      return
    }
    let selection = try FixtureSelection.parse([fixturesPath])
    let outcome = selection.loadAll()
    // A path of one of the fixtures that no longer exists here (`Fixtures/a/b.json`) names its id.
    let wanted = Self.id(fromPath: id, among: outcome.fixtures.map(\.id)) ?? id
    guard let fixture = outcome.fixtures.first(where: { $0.id == wanted }) else {
      let ids = outcome.fixtures.map(\.id)
      let near = ids.filter { $0.contains(id) || id.contains($0) }.prefix(5)
      var message = "no fixture has the id \"\(id)\" in \(fixturesPath)"
      if !near.isEmpty { message += "\n  similar: " + near.joined(separator: ", ") }
      if !outcome.problems.isEmpty {
        message += "\n  (\(outcome.problems.count) files have problems: run `bridgecheck validate`)"
      }
      throw CLIError.usage(message, hint: "`bridgecheck list` shows every id")
    }
    let document = FixtureSelection.protocolDocument(near: fixturesPath).flatMap(ProtocolDocument.init(path:))
    print(FixtureExplanation.text(of: fixture, rule: document?.rule(fixture.spec)), terminator: "")
  }

  /// The id a fixture path names (`Fixtures/callbacks/x.json` or
  /// `callbacks/x.json`: `callbacks/x`), when it is one of `ids`.
  static func id(fromPath path: String, among ids: [String]) -> String? {
    guard path.hasSuffix(".json") else { return nil }
    var components = String(path.dropLast(".json".count)).split(separator: "/").map(String.init)
    while !components.isEmpty {
      let candidate = components.joined(separator: "/")
      if ids.contains(candidate) { return candidate }
      components.removeFirst()
    }
    return nil
  }
}
