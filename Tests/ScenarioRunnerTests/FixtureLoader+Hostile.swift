import Foundation
import JSONModel
import Testing

@testable import ScenarioRunner

/// Fixture files are untrusted: whatever they hold, loading ends quickly
/// with problems that keep the documented one-line shape.
@Suite("Hostile fixture files are reported, never crash or hang loading")
struct FixtureLoaderHostileTests {
  private func problems(_ json: String) -> [FixtureProblem] {
    do {
      _ = try fixture(json, file: "hostile.json")
      return []
    } catch let failure as FixtureLoadFailure {
      return failure.problems
    } catch {
      Issue.record("\(error)")
      return []
    }
  }

  private let header = #""id": "data/x", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair""#

  @Test func deepNestingIsAProblemNotAStackOverflow() {
    let depth = 5_000
    let deep = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let found = problems(#"{\#(header), "expect": {"events": [{"event": "console", "data": \#(deep)}]}}"#)
    #expect(found.map(\.code) == ["too-deep"])
    #expect(found.first?.line == 1)
    #expect(found.first?.hint?.contains("\(FixtureLoader.maximumDepth)") == true)
  }

  @Test func nestingUpToTheLimitLoads() throws {
    let depth = FixtureLoader.maximumDepth - 4
    let deep = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let loaded = try fixture(#"{\#(header), "expect": {"events": [{"event": "console", "data": \#(deep)}]}}"#)
    #expect(loaded.expect.events.count == 1)
  }

  @Test func aHugeUnknownNameGetsNoSuggestionAndACutMessage() {
    // Edit distance against a 10 MB name would take minutes.
    let found = problems(
      #"{\#(header), "expect": {"events": [{"event": {"$repeat": {"text": "😀", "times": 5000000}}}]}}"#)
    #expect(found.map(\.code) == ["unknown-event"])
    #expect(found.first?.hint?.contains("did you mean") == false)
    let line = found.first?.description ?? ""
    #expect(line.utf8.count < 5_000)
    #expect(line.contains("(20000000 bytes)") || line.contains("bytes)"))
  }

  @Test func problemLinesSpellOutControlsFromTheFixture() {
    let found = problems(
      #"{\#(header), "colour\n[fake] ok\u001b[2J": 1, "setup": {"nativeHandlers": {"h": "echo\u2028"}}}"#)
    #expect(found.count == 2)
    for problem in found {
      let lines = problem.description.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 2, "\(problem.description)")
      #expect(lines.count < 2 || lines[1].hasPrefix("  hint: "))
      #expect(!problem.description.unicodeScalars.contains { $0.value == 0x1B || $0 == "\u{2028}" })
    }
    #expect(found.contains { $0.description.contains("<U+000A>[fake] ok<U+001B>[2J") })
  }

  @Test func closestIgnoresWordsFarLongerThanTheCandidates() {
    #expect(closest(to: "mustt", among: ["must", "should"]) == "must")
    #expect(closest(to: String(repeating: "m", count: 1_000_000), among: ["must", "should"]) == nil)
  }
}
