import Exploration
import Foundation
import JSONModel
import ScenarioRunner

/// `run --explore --write-fixture PATH`: the first scenario (in fixture
/// order) that failed under an explored schedule, written as a fixture with
/// that schedule, shrunk, pinned in its `schedule` field.
enum PinnedFixtureWriter {
  /// Writes the fixture and says so on standard error; says why nothing was
  /// written when no explored schedule failed.
  static func write(results: [ScenarioResult], fixtures: [Fixture], to path: String) throws {
    let failing = results.filter { $0.exploration?.failingSchedule != nil }
    guard let first = failing.first, let exploration = first.exploration, let schedule = exploration.failingSchedule,
      let fixture = fixtures.first(where: { $0.id == first.scenario.id })
    else {
      Diagnostic.status("no scenario failed under an explored schedule: nothing written to \(path)").emit()
      return
    }
    let pinned: JSONValue
    do {
      pinned = try FixturePin.pinned(fixture, schedule: .deviations(schedule))
    } catch {
      throw CLIError.usage("--write-fixture: \(error.description)")
    }
    try Terminal.write(pinned.serialized(pretty: true) + "\n", to: path)
    let seed = exploration.failingSeed.map { "seed \($0), " } ?? ""
    let others = failing.count > 1 ? "; \(failing.count - 1) more failed under explored schedules (see the report)" : ""
    Diagnostic.status(
      "wrote \(fixture.id)-pinned to \(path): the schedule that failed (\(seed)shrunk to "
        + "\(ReportingWords.deviations(schedule.count))) pinned in its \"schedule\" field\(others)\n"
        + "  run it: bridgecheck run \(path)"
    ).emit()
  }
}

/// Small phrases of the exploration messages.
enum ReportingWords {
  /// `1 deviation`, `3 deviations`.
  static func deviations(_ count: Int) -> String { "\(count) deviation" + (count == 1 ? "" : "s") }
}
