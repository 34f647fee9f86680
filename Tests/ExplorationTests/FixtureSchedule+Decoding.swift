import Foundation
import JSONModel
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

@Suite("The fixture schedule field")
struct FixtureScheduleTests {
  static func fixture(schedule: String) -> String {
    """
    {"id": "callbacks/pinned", "title": "t", "area": "callbacks", "level": "must", "spec": "s", "subject": "pair",
     "setup": {"nativeHandlers": {"echo": "echo"}},
     "steps": [{"action": "settle"}, {"action": "page.call", "handler": "echo", "data": 1, "callback": "c1"}],
     "expect": {"events": [{"event": "page-callback-invoked", "label": "c1", "data": 1}]},
     "schedule": \(schedule)}
    """
  }

  func load(_ text: String) throws -> Result<Fixture, FixtureLoader.FileProblems> {
    let folder = try temporaryFolder("bridgecheck-exploration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("pinned.json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return FixtureLoader().loadFile(file.path)
  }

  @Test("a seed and a list of deviations are read, and the run follows them")
  func pinned() throws {
    let seeded = try load(Self.fixture(schedule: #"{"seed": 5}"#)).get()
    #expect(seeded.schedule == .seed(5))
    // The first deviation some seed makes, pinned alone, is made alone.
    let deviation = try #require(
      (1...50).lazy.compactMap { referenceRunner.run(seeded, schedule: .seed($0)).deviations.first }.first)
    let pinned = try load(Self.fixture(schedule: ScheduleSpec.deviations([deviation]).fixtureValue.serialized())).get()
    #expect(pinned.schedule == .deviations([deviation]))
    #expect(referenceRunner.run(pinned).status == .pass)
    #expect(referenceRunner.run(pinned, schedule: pinned.schedule!).deviations == [deviation])
  }

  @Test("a bad schedule names the file, the JSON pointer and the fix")
  func badSchedule() throws {
    for (schedule, pointer, code) in [
      (#"{"seed": 1, "deviations": []}"#, "/schedule", "bad-schedule"),
      (
        #"{"deviations": [{"at": 0, "point": "latency", "value": 1}]}"#, "/schedule/deviations/0/point", "unknown-value"
      ),
      (#"{"sed": 1}"#, "/schedule/sed", "unknown-field"),
    ] {
      guard case .failure(let problems) = try load(Self.fixture(schedule: schedule)) else {
        Issue.record("\(schedule) was accepted")
        continue
      }
      let problem = problems.problems.first
      #expect(problem?.pointer.description == pointer, "\(schedule)")
      #expect(problem?.code == code, "\(schedule)")
      #expect(problem?.file.hasSuffix("pinned.json") == true)
    }
  }
}
