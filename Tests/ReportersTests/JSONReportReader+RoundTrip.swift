import Foundation
import JSONModel
import Reporters
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// A JSON report read back (what `bridgecheck merge` does with each shard's
/// report) is the run that wrote it: rendered again, every format is the
/// same.
@Suite("JSON report, read back")
struct JSONReportReaderTests {
  static let redactedJUnit = JUnitReport.Options(redactDurations: true)

  func roundTrip(_ report: RunReport) throws -> RunReport {
    try JSONReportReader.read(JSONReport.render(report))
  }

  @Test func everyFormatRendersTheSameFromTheReadBackReport() throws {
    var explored = SampleReport.report
    explored.results[1].exploration = ScheduleExploration(
      schedules: 3, distinctSchedules: 3, seedsAsked: 30, failingSeed: 2,
      failingSchedule: [ScheduleChoice(index: 4, point: .order, value: 1)])
    explored.cutShort = "cut short after 1 gating failure (--max-failures 1): 8 of 9 scenarios ran"
    explored.expectationProblems = ["x.json#/expectations/nope: the expectations file names nope"]
    explored.results[0].exploration = ScheduleExploration(
      schedules: 2, distinctSchedules: 2, seedsAsked: 30,
      failingSchedule: [ScheduleChoice(index: 1, point: .stepGap, value: 1)])
    explored.results[0].exploration?.systematicAsked = 5
    explored.results[0].exploration?.failingScheduleName = "steps-apart"
    explored.schedules = RunSchedules(names: ["default", "steps-apart", "host-first"], seeds: 30)
    for report in [SampleReport.report, SampleReport.passingReport, explored] {
      let back = try roundTrip(report)
      #expect(JSONReport.render(back) == JSONReport.render(report))
      #expect(
        JUnitReport.render(back, options: Self.redactedJUnit) == JUnitReport.render(report, options: Self.redactedJUnit)
      )
      #expect(
        MarkdownReport.render(back, options: MarkdownReport.Options(redactDurations: true))
          == MarkdownReport.render(report, options: MarkdownReport.Options(redactDurations: true)))
      #expect(
        TerminalReport.render(back, options: TerminalReport.Options(verbose: true, redactDurations: true))
          == TerminalReport.render(report, options: TerminalReport.Options(verbose: true, redactDurations: true)))
      #expect(back.context == report.context)
      #expect(back.schedules == report.schedules, "the schedules a run ran, for bridgecheck merge")
      #expect(back.exitCode == report.exitCode && back.verdict == report.verdict)
    }
  }

  @Test func anInterruptedRunKeepsItsExitCode() throws {
    var report = SampleReport.report
    report.interrupted = true
    report.interruptionExitCode = 143
    let back = try roundTrip(report)
    #expect(back.exitCode == 143)
    #expect(try JSONValue.parse(JSONReport.render(back))["exitCode"] == 143)
  }

  @Test func aTraceFieldNamedLikeAHeaderKeyIsReadBackUnderItsOwnName() throws {
    var report = SampleReport.report
    let event = TraceEvent(
      sequence: 9, time: VirtualTime(milliseconds: 3), source: .host, name: "evaluate",
      fields: ["time": 5, "source": "page", "text": "x", "event": "a field called event"])
    report.results[1].trace = [event]
    let back = try roundTrip(report)
    #expect(back.results[1].trace == [event])
  }

  @Test func aBrokenReportIsRefusedWithThePointer() throws {
    var document = try #require(JSONReport.document(SampleReport.report).objectValue)
    document["seed"] = .number(5)
    #expect(throws: JSONReportReader.Problem.self) { try JSONReportReader.read(.object(document)) }
    do {
      _ = try JSONReportReader.read(.object(document))
    } catch {
      #expect(error.description == "#/seed: expected a string")
    }
    var results = try #require(document["results"]?.arrayValue)
    var first = try #require(results[0].objectValue)
    first["status"] = "passed"
    results[0] = .object(first)
    document["seed"] = "7"
    document["results"] = .array(results)
    do {
      _ = try JSONReportReader.read(.object(document))
      Issue.record("a status that does not exist was read")
    } catch {
      #expect(error.description == "#/results/0/status: unknown value \"passed\"")
    }
    #expect(throws: JSONReportReader.Problem.self) { try JSONReportReader.read("{\"tool\": ") }
  }

  @Test func reproduceNamesTheCommandTheFixtureAndAnExploredSeed() throws {
    var report = SampleReport.report
    report.results[1].exploration = ScheduleExploration(
      schedules: 3, distinctSchedules: 3, seedsAsked: 30, failingSeed: 2)
    let rendered = try JSONValue.parse(JSONReport.render(report))
    #expect(
      rendered["results"]?[1]?["reproduce"]
        == "bridgecheck run --js 'web/my bridge*.js' --seed 18446744073709551615 --filter data/falsy-values --verbose --replay 2"
    )
    #expect(rendered["results"]?[0]?["reproduce"] == nil, "a pass has nothing to reproduce")
    #expect(rendered["results"]?[4]?["reproduce"] == nil, "nor a skip")
    #expect(rendered["results"]?[6]?["reproduce"] == nil, "nor an xpass")
    #expect(rendered["results"]?[2]?["reproduce"] != nil, "an xfail has")
    #expect(rendered["verdict"] == "fail" && rendered["exitCode"] == 1)
    #expect(try JSONValue.parse(JSONReport.render(SampleReport.passingReport))["verdict"] == "pass")
    let junit = JUnitReport.render(report)
    #expect(junit.contains("<property name=\"bridgecheck.verdict\" value=\"fail\"/>"))
    #expect(junit.contains("<property name=\"bridgecheck.exitCode\" value=\"1\"/>"))
    #expect(junit.contains("<property name=\"bridgecheck.shard\" value=\"2/3\"/>"))
    #expect(
      junit.contains("reproduce: bridgecheck run --js &apos;web/my bridge*.js&apos;")
        || junit.contains("reproduce: bridgecheck run --js 'web/my bridge*.js'"))
    #expect(try JUnitSchema.problems(junit).isEmpty)
  }
}
