import Foundation
import JSONModel
import ScenarioRunner
import WebViewHosting

/// Turns a failing schedule into a fixture: the fixture's own file with a
/// `schedule` field that pins the shrunk deviations, so the scenario runs
/// under exactly that schedule from then on.
package enum FixturePin {
  /// Why a fixture cannot be pinned.
  package struct Failure: Error, CustomStringConvertible {
    /// What went wrong, naming the file.
    package var description: String
  }

  /// The JSON of `fixture`'s file with `schedule` pinned and the id given
  /// the suffix `-pinned` (so it can sit next to the original).
  package static func pinned(_ fixture: Fixture, schedule: ScheduleSpec) throws(Failure) -> JSONValue {
    guard let data = FileManager.default.contents(atPath: fixture.file),
      case .object(var object)? = try? JSONValue.parse(utf8: [UInt8](data))
    else {
      throw Failure(description: "\(fixture.file): the fixture file cannot be read back as a JSON object")
    }
    object["id"] = .string(fixture.id + "-pinned")
    object["schedule"] = schedule.fixtureValue
    return .object(object)
  }
}
