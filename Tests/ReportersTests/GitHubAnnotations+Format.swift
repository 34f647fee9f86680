import Foundation
import Testing

@testable import Reporters
@testable import ScenarioRunner

/// Gating failures as GitHub Actions `::error` workflow commands.
@Suite("GitHub annotations")
struct GitHubAnnotationsTests {
  static let fixture = """
    {
      "id": "data/falsy-values",
      "expect": {
        "events": [
          {"event": "native-handler-called"}
        ]
      }
    }
    """

  @Test func eachGatingFailurePointsAtTheLineOfItsExpectation() {
    var report = SampleReport.report
    for index in report.results.indices {
      report.results[index].scenario.file = "/work/repo/" + report.results[index].scenario.file
    }
    let text = GitHubAnnotations.render(report, workspace: "/work/repo") { path in
      path == "/work/repo/Fixtures/data/falsy-values.json" ? Self.fixture : nil
    }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "the three gating failures: \(text)")
    let first = lines[0]
    #expect(
      first.hasPrefix(
        "::error file=Fixtures/data/falsy-values.json,line=5,title=bridgecheck%3A FAIL data/falsy-values (must)::"),
      "\(first)")
    // The message is one line: line breaks and % are encoded, invisible characters shown.
    #expect(
      first.contains("%0Aat /work/repo/Fixtures/data/falsy-values.json#/expect/events/0%0Areproduce: bridgecheck run"))
    #expect(!first.dropFirst(2).contains("\n") && !first.contains("\u{0}") && !first.contains("\u{1B}"))
    // A failure without a pointer points at the file's first line.
    #expect(lines[1].hasPrefix("::error file=Fixtures/handler-missing/page-to-native-batch-continues.json,line=1,"))
    #expect(GitHubAnnotations.render(SampleReport.passingReport, workspace: nil).isEmpty, "a passing run has none")
  }

  @Test func atMostTenAnnotationsTheLastCountingTheRest() {
    let results = (0..<15).map { index in
      SampleReport.result(
        id: "area/f\(index)", title: "t", area: "area", level: .must, subject: .pair, status: .fail,
        message: "failure number \(index)", milliseconds: 1)
    }
    var report = RunReport(
      toolVersion: "t", page: ImplementationInfo(name: "p"), native: ImplementationInfo(name: "n"), seed: 0,
      gate: .must,
      results: results, duration: .zero)
    report.cutShort = "cut short after 15 gating failures"
    let lines = GitHubAnnotations.render(report, workspace: nil).split(separator: "\n")
    #expect(lines.count == GitHubAnnotations.limit)
    #expect(lines[8].contains("and 7 more gating failures"), "\(lines[8])")
    #expect(lines[9].contains("title=bridgecheck%3A the run fails::cut short after 15 gating failures"))
  }

  @Test func propertiesAndDataAreEscapedAsTheRunnerUnescapesThem() {
    #expect(GitHubAnnotations.escapeData("50% a\r\nb") == "50%25 a%0D%0Ab")
    #expect(GitHubAnnotations.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    #expect(GitHubAnnotations.relative("/w/Fixtures/a.json", to: "/w") == "Fixtures/a.json")
    #expect(GitHubAnnotations.relative("/elsewhere/a.json", to: "/w") == "/elsewhere/a.json")
  }
}
