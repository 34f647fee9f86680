import Foundation
import JSONModel
import Reporters
import ScenarioRunner
import Testing

/// When page code reached for APIs that WebKit has and the simulated page
/// lacks, every report says so at its top, with how many scenarios and the
/// engine that judges such a bridge.
@Suite("Reports: APIs the simulated page lacks")
struct MissingPageAPIsNoteTests {
  static var report: RunReport {
    var report = SampleReport.report
    report.results[0].pageAPIsMissing = ["fetch", "document.cookie"]
    report.results[1].pageAPIsMissing = ["fetch"]
    return report
  }

  @Test func theTerminalReportStartsWithTheNote() {
    let text = TerminalReport.render(Self.report)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first
        == "The page code reached for APIs that WebKit has and bridgecheck's simulated page lacks: fetch (2 scenarios), document.cookie (1 scenario)."
    )
    #expect(lines.dropFirst().first?.contains("bridgecheck run --engine webkitgtk") == true, "\(text.prefix(600))")
  }

  @Test func withNothingMissingThereIsNoNote() {
    #expect(!TerminalReport.render(SampleReport.report).contains("simulated page lacks"))
    #expect(!MarkdownReport.render(SampleReport.report).contains("simulated page lacks"))
    #expect(JSONReport.document(SampleReport.report)["pageAPIsMissing"] == nil)
  }

  @Test func theJSONReportListsThemAndMatchesTheSchema() throws {
    let document = try JSONValue.parse(JSONReport.render(Self.report))
    #expect(
      document["pageAPIsMissing"]
        == [["api": "fetch", "scenarios": 2], ["api": "document.cookie", "scenarios": 1]])
    let problems = try JSONReportSchema.checker().problems(document)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func theMarkdownReportSaysSoNearTheTop() {
    let markdown = MarkdownReport.render(Self.report)
    let note = markdown.range(of: "fetch (2 scenarios), document.cookie (1 scenario)")
    let table = markdown.range(of: "| Total |")
    #expect(note != nil && table != nil && note!.lowerBound < table!.lowerBound, "\(markdown.prefix(800))")
  }
}
