import Foundation
import JSONModel
import Reporters
import Testing

@testable import ScenarioRunner

/// A run in which every scenario was skipped judged nothing, and its gate
/// does not pass: exit status 1, the reason first in the text report, in
/// `nothingJudged` of the JSON report and among the reasons of the others.
/// One scenario that ran is enough to judge; one shard's report leaves the
/// rule to the merged report.
@Suite("A run that judged nothing")
struct NothingJudgedTests {
  static func skipped(_ id: String, _ reason: String) -> ScenarioResult {
    SampleReport.result(
      id: id, title: id, area: "data", level: .must, subject: .native, status: .skip, message: reason,
      milliseconds: 0)
  }

  static let allSkipped: RunReport = {
    let results = [
      skipped("data/a", "the native bridge does not declare the injection document-start"),
      skipped("data/b", "the native bridge does not declare the injection document-start"),
      skipped("data/c", "needs the feature answer-missing-handler"),
    ]
    return RunReport(
      toolVersion: "0.9.0-test", page: ImplementationInfo(name: "reference"), native: ImplementationInfo(name: "x.py"),
      seed: 1, gate: .must, results: results, duration: .zero)
  }()

  @Test func everyScenarioSkippedFailsTheGateWithTheCommonestReason() throws {
    let report = Self.allSkipped
    #expect(report.passed == false)
    #expect(report.exitCode == 1)
    let reason = try #require(report.nothingJudged)
    #expect(reason.hasPrefix("no scenario was judged: all 3 scenarios were skipped"), "\(reason)")
    #expect(
      reason.contains("the commonest reason, for 2: the native bridge does not declare the injection document-start"),
      "\(reason)")
  }

  @Test func theReasonComesFirstInEveryReport() throws {
    let report = Self.allSkipped
    let reason = try #require(report.nothingJudged)
    let text = TerminalReport.render(report)
    let lines = text.components(separatedBy: "\n")
    #expect(lines.first == "The run fails because:", "\(text)")
    #expect(lines.dropFirst().first?.hasPrefix("  no scenario was judged") == true, "\(text)")
    #expect(lines.last { !$0.isEmpty }?.contains("FAIL (gate: must; nothing judged)") == true, "\(text)")
    let json = try JSONValue.parse(JSONReport.render(report))
    #expect(json["nothingJudged"]?.stringValue == reason)
    #expect(json["verdict"] == "fail")
    #expect(json["exitCode"] == 1)
    #expect(MarkdownReport.render(report).contains("FAIL"))
    #expect(MarkdownReport.render(report).contains("no scenario was judged"))
  }

  @Test func oneScenarioThatRanIsEnough() throws {
    var report = Self.allSkipped
    report.results[1].status = .pass
    #expect(report.nothingJudged == nil)
    #expect(report.passed)
    let json = try JSONValue.parse(JSONReport.render(report))
    #expect(json["nothingJudged"] == .null)
    // An excused failure ran too.
    report.results[1].status = .xfail
    #expect(report.nothingJudged == nil)
  }

  @Test func oneShardLeavesTheRuleToTheMergedReport() {
    var report = Self.allSkipped
    report.context = SampleReport.context
    #expect(report.nothingJudged == nil)
    report.context?.shard = nil
    report.context?.mergedShards = 3
    #expect(report.nothingJudged != nil)
  }

  @Test func aReadBackReportKeepsTheVerdict() throws {
    let back = try JSONReportReader.read(JSONReport.render(Self.allSkipped))
    #expect(back.nothingJudged == Self.allSkipped.nothingJudged)
    #expect(back.passed == false)
  }

  /// `run.dialect.inferredFrom` says which side the dialect was inferred
  /// from, and a read-back report (a merged shard) keeps it.
  @Test(arguments: [(false, "page"), (true, "native")])
  func theSideTheDialectWasInferredFromIsKept(fromNative: Bool, side: String) throws {
    var report = SampleReport.report
    var note = DialectNote(origin: .inferred, nearest: "jsbridge-1")
    note.inferredFromNative = fromNative
    report.context?.dialect = note
    let json = try JSONValue.parse(JSONReport.render(report))
    #expect(json["run"]?["dialect"]?["inferredFrom"]?.stringValue == side)
    let back = try JSONReportReader.read(JSONReport.render(report))
    #expect(back.context?.dialect?.inferredFromNative == fromNative)
    report.context?.dialect = DialectNote(origin: .given, unfit: "does not fit")
    #expect(try JSONValue.parse(JSONReport.render(report))["run"]?["dialect"]?["inferredFrom"] == .null)
  }
}
