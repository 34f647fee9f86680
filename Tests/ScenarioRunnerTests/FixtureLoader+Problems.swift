import Foundation
import Testing

@testable import ScenarioRunner

@Suite("Fixture validation reports every problem at once")
struct FixtureLoaderProblemTests {
  private func problems(_ json: String, anchors: Set<String>? = nil) throws -> [FixtureProblem] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-problems-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("broken.json").path
    try json.write(toFile: file, atomically: true, encoding: .utf8)
    return FixtureLoader(knownAnchors: anchors).load(paths: [file]).problems
  }

  @Test func manyProblemsInOneFileAreAllReported() throws {
    let found = try problems(
      """
      {
        "id": "data/x", "title": "t", "area": "data", "level": "mustt", "spec": "falsy-data-exactt",
        "subject": "pair", "colour": 1,
        "setup": {"nativeHandlers": {"h": {"respond": "echo", "thrown": "x"}}},
        "steps": [{"action": "page.cal", "handler": "h"}, {"action": "advance"}, {"action": "native.call"}],
        "expect": {"events": [{"event": "native-callback-invokd", "label": "nope"}]}
      }
      """, anchors: ["falsy-data-exact"])
    let byPointer = Dictionary(grouping: found, by: { $0.pointer.description })
    #expect(byPointer["/level"]?.first?.code == "unknown-value")
    #expect(byPointer["/level"]?.first?.hint?.contains("did you mean \"must\"") == true)
    #expect(byPointer["/colour"]?.first?.code == "unknown-field")
    #expect(byPointer["/setup/nativeHandlers/h/thrown"]?.first?.hint?.contains("\"throw\"") == true)
    #expect(byPointer["/steps/0/action"]?.first?.code == "unknown-action")
    #expect(byPointer["/steps/1/ms"]?.first?.code == "missing-field")
    #expect(byPointer["/steps/2/handler"]?.first?.code == "missing-field")
    #expect(byPointer["/expect/events/0/event"]?.first?.hint?.contains("native-callback-invoked") == true)
    #expect(found.allSatisfy { $0.file.hasSuffix("broken.json") })
    #expect(found.count >= 7)
  }

  @Test func unknownSpecAnchorIsReportedWithASuggestion() throws {
    let found = try problems(
      #"{"id": "data/x", "title": "t", "area": "data", "level": "must", "spec": "falsy-data-exactt", "subject": "pair"}"#,
      anchors: ["falsy-data-exact"])
    #expect(found.map(\.code) == ["unknown-spec-anchor"])
    #expect(found.first?.hint?.contains("falsy-data-exact") == true)
  }

  @Test func syntaxErrorsGiveLineAndColumn() throws {
    let found = try problems("{\n  \"id\": \"data/x\",\n  \"title\": \"t\",,\n}")
    #expect(found.count == 1)
    #expect(found.first?.code == "invalid-json")
    #expect(found.first?.line == 3)
    #expect(found.first?.description.contains("broken.json:3:") == true)
  }

  @Test func labelsAreCheckedAndIdsMustStartWithTheArea() throws {
    let found = try problems(
      """
      {"id": "other/x", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [{"action": "page.call", "handler": "h", "callback": "c1"}, {"action": "native.call", "handler": "h", "callback": "c1"}],
       "expect": {"events": [{"event": "page-callback-invoked", "label": "c2"}]}}
      """)
    let codes = Set(found.map(\.code))
    #expect(codes == ["id-area-mismatch", "duplicate-label", "unknown-label"])
  }

  @Test func missingPathsAndDuplicateIDsAreProblems() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-dupes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let body = #"{"id": "data/same", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair"}"#
    try body.write(toFile: folder.appendingPathComponent("a.json").path, atomically: true, encoding: .utf8)
    try body.write(toFile: folder.appendingPathComponent("b.json").path, atomically: true, encoding: .utf8)
    let outcome = FixtureLoader().load(paths: [folder.path, folder.appendingPathComponent("nope").path])
    #expect(Set(outcome.problems.map(\.code)) == ["no-such-path", "duplicate-id"])
    #expect(outcome.fixtures.count == 2)
  }

  @Test func repeatGeneratorExpandsAndRejectsNonsense() throws {
    let fixture = try fixture(
      """
      {"id": "data/big", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [{"action": "native.call", "handler": "h", "data": {"$repeat": {"text": "ab", "times": 3}}}]}
      """)
    #expect(fixture.steps == [.nativeCall(handler: "h", data: "ababab", callbackLabel: nil)])
    let found = try problems(
      """
      {"id": "data/big", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [{"action": "native.call", "handler": "h", "data": {"$repeat": {"text": "", "times": 3}}}]}
      """)
    #expect(found.map(\.code) == ["bad-generator"])
  }
}
