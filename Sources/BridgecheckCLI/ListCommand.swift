import ArgumentParser
import ScenarioRunner

/// `bridgecheck list`: the fixtures, one a line.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List fixtures: id, level, subject and title.")

  @OptionGroup var selection: FixtureSelection

  func run() throws {
    let fixtures = try selection.load()
    let idWidth = fixtures.map(\.id.count).max() ?? 0
    for fixture in fixtures {
      let id = fixture.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
      let level = fixture.level.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
      let subject = fixture.subject.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
      print("\(id)  \(level)  \(subject)  \(fixture.title)")
    }
  }
}
