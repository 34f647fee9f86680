import JSONModel
import Reporters
import ScenarioRunner
import Testing

@Suite struct JSONReportGolden {
  static let redacted = JSONReport.Options(redactDurations: true)

  @Test func matchesTheGoldenFile() {
    Golden.check(JSONReport.render(SampleReport.report, options: Self.redacted), named: "report.json")
  }

  @Test func isDeterministicAndEndsWithANewline() {
    let first = JSONReport.render(SampleReport.report, options: Self.redacted)
    let second = JSONReport.render(SampleReport.report, options: Self.redacted)
    #expect(Array(first.utf8) == Array(second.utf8))
    #expect(first.hasSuffix("}\n"))
    #expect(first.hasPrefix("{\n  \"tool\": {"))
  }

  @Test func parsesBackToTheSameDocument() throws {
    let text = JSONReport.render(SampleReport.report)
    let parsed = try JSONValue.parse(text)
    #expect(parsed == JSONReport.document(SampleReport.report))
  }

  @Test func keepsEveryMessageExactly() throws {
    let parsed = try JSONValue.parse(JSONReport.render(SampleReport.report))
    let messages = try #require(parsed["results"]?.arrayValue).map { $0["message"] }
    #expect(messages.count == SampleReport.results.count)
    for (message, result) in zip(messages, SampleReport.results) {
      #expect(message == (result.message.map(JSONValue.string) ?? .null))
    }
    #expect(
      parsed["results"]?[1]?["message"]?.stringValue?.unicodeScalars.elementsEqual(
        SampleReport.nastyMessage.unicodeScalars) == true)
  }

  @Test func writesTheTopLevelFacts() throws {
    let parsed = try JSONValue.parse(JSONReport.render(SampleReport.report))
    #expect(parsed["tool"] == ["name": "bridgecheck", "version": "0.9.0-test"])
    #expect(parsed["implementations"]?["page"] == ["name": "my_bridge*.js", "version": "2.0.0|beta"])
    #expect(parsed["implementations"]?["native"] == ["name": "reference"], "an absent version is left out")
    #expect(parsed["seed"] == "18446744073709551615", "a 64-bit seed survives exactly")
    #expect(parsed["gate"] == "must")
    #expect(parsed["interrupted"] == false)
    #expect(
      parsed["summary"]
        == [
          "total": 8, "passed": 1, "failed": 2, "errors": 1, "skipped": 2, "xfail": 1, "xpass": 1, "durationMs": 424.2,
        ])
  }

  @Test func roundsDurationsToMicroseconds() throws {
    let parsed = try JSONValue.parse(JSONReport.render(SampleReport.report))
    let durations = try #require(parsed["results"]?.arrayValue).map { $0["durationMs"]?.numberValue }
    #expect(durations == [3.2, 12.346, 4.5, 503.2, 0, 0, 7, 10])
    let redacted = try JSONValue.parse(JSONReport.render(SampleReport.report, options: Self.redacted))
    #expect(redacted["summary"]?["durationMs"] == 0)
    #expect(try #require(redacted["results"]?.arrayValue).allSatisfy { $0["durationMs"] == 0 })
  }

  @Test func marksTheResultsThatGate() throws {
    let parsed = try JSONValue.parse(JSONReport.render(SampleReport.report))
    let gating = try #require(parsed["results"]?.arrayValue).map { $0["gating"]?.boolValue }
    #expect(gating == [false, true, false, true, false, false, true, false])
  }

  @Test func writesDetailsAndTraces() throws {
    let parsed = try JSONValue.parse(JSONReport.render(SampleReport.report))
    let failing = try #require(parsed["results"]?[1])
    #expect(failing["detail"]?["expectation"] == #"native-handler-called {"data":0}"#)
    #expect(failing["detail"]?["pointer"] == "/expect/events/0")
    #expect(failing["detail"]?["closest"] == SampleReport.events[2].json)
    #expect(failing["traceEventCount"] == 4)
    #expect(failing["trace"] == .array(SampleReport.events[0...3].map(\.json)))
    let erroring = try #require(parsed["results"]?[3])
    #expect(erroring["detail"]?["pointer"] == .null, "a missing pointer is null, not absent")
    #expect(erroring["trace"]?[1]?["script"] == .string(SampleReport.longScript), "JSON traces are never cut")
    let noClosest = try #require(parsed["results"]?[7]?["detail"]?.objectValue)
    #expect(noClosest["closest"] == nil)
    let passing = try #require(parsed["results"]?[0]?.objectValue)
    #expect(passing["detail"] == nil)
    #expect(passing["message"] == .null)
    #expect(passing["trace"] == [])
  }
}
