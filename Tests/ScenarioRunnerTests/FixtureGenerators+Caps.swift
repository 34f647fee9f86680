import Foundation
import Testing

@testable import ScenarioRunner

@Suite("$repeat generators are capped per fixture before any string is built")
struct FixtureGeneratorCapTests {
  private func problems(steps: [String]) -> [FixtureProblem] {
    let json = """
      {"id": "data/big", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [\(steps.joined(separator: ", "))]}
      """
    do {
      _ = try fixture(json, file: "big.json")
      return []
    } catch let failure as FixtureLoadFailure {
      return failure.problems
    } catch {
      Issue.record("\(error)")
      return []
    }
  }

  private func call(_ text: String, _ times: Int) -> String {
    #"{"action": "native.call", "handler": "h", "data": {"$repeat": {"text": "\#(text)", "times": \#(times)}}}"#
  }

  @Test(arguments: ["x", "ab", "é😀", "e\u{301}", "\r\n"])
  func aRepeatIsTheTextThatManyTimesOver(text: String) {
    for times in [0, 1, 2, 3, 5, 8, 1000, 65_537] {
      let built = FixtureGenerators.repeated(text, times: times)
      #expect(Array(built.utf8) == Array(String(repeating: text, count: times).utf8), "\(times) times")
    }
  }

  @Test func manyLargeGeneratorsAreRejectedTogether() {
    // 64 generators of 16 Mi would be 1 GiB (2 GiB of UTF-16); nothing is built.
    let found = problems(steps: Array(repeating: call("x", 16 << 20), count: 64))
    #expect(found.map(\.code) == ["generators-too-large"])
    #expect(found.first?.pointer.description == "/steps/4/data/$repeat")
    #expect(found.first?.message.contains("1073741824") == true)
    #expect(found.first?.hint?.contains("times") == true)
    #expect(found.first?.file.hasSuffix("big.json") == true)
  }

  @Test func theTotalCountsUTF16Units() {
    // "é😀" is 3 UTF-16 units (and 6 UTF-8 bytes): 15 Mi each, five of them 75 Mi.
    #expect(problems(steps: Array(repeating: call("é😀", 5 << 20), count: 5)).map(\.code) == ["generators-too-large"])
  }

  @Test func upToTheTotalIsFine() throws {
    let loaded = try fixture(
      """
      {"id": "data/big", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [\(Array(repeating: call("ab", 8 << 20), count: 4).joined(separator: ", "))]}
      """)
    #expect(loaded.steps.count == 4)
  }

  @Test func tooManyGeneratorsAreRejected() {
    let found = problems(steps: Array(repeating: call("x", 1), count: FixtureGenerators.maximumGenerators + 1))
    #expect(found.map(\.code) == ["too-many-generators"])
    #expect(found.first?.pointer.description == "/steps/\(FixtureGenerators.maximumGenerators)/data/$repeat")
    #expect(problems(steps: Array(repeating: call("x", 1), count: FixtureGenerators.maximumGenerators)).isEmpty)
  }

  @Test func oneOversizedGeneratorSaysByHowMuch() {
    let found = problems(steps: [call("xy", 10_000_000)])
    #expect(found.map(\.code) == ["bad-generator"])
    #expect(found.first?.message.contains("20000000") == true)
    #expect(found.first?.hint != nil)
  }

  @Test func literalContentIsNotCounted() throws {
    let loaded = try fixture(
      """
      {"id": "data/big", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "steps": [{"action": "native.call", "handler": "h",
                  "data": {"$literal": {"$repeat": {"text": "x", "times": 1e300}}}}]}
      """)
    #expect(loaded.steps.count == 1)
  }
}
