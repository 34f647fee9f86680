import Foundation
import Reporters
import Testing

@testable import ScenarioRunner

/// The Markdown summary groups identical gating failures as the terminal
/// does: one table row and one section for a crashing adapter's hundred
/// scenarios.
@Suite("Markdown summary, identical failures")
struct MarkdownGroupingTests {
  static func crashed(_ id: String) -> ScenarioResult {
    SampleReport.result(
      id: "callbacks/\(id)", title: "t", area: "callbacks", level: .must, subject: .pair, status: .error,
      message: "the adapter process exited with status 1", milliseconds: 1)
  }

  @Test func identicalFailuresAreOneRowAndOneSection() {
    let results = ["a", "b", "c"].map(Self.crashed) + [SampleReport.failing]
    let report = RunReport(
      toolVersion: "t", page: ImplementationInfo(name: "reference"), native: ImplementationInfo(name: "adapter"),
      seed: 0,
      gate: .must, results: results, duration: .zero)
    let text = MarkdownReport.render(report)
    #expect(text.contains("### Gating failures (4)"))
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ×3: ") }
    #expect(rows.count == 1, "\(text)")
    #expect(rows.first?.contains("[callbacks/a](Fixtures/callbacks/a.json), [callbacks/b]") == true)
    #expect(
      text.components(separatedBy: "<details>").count - 1 == 2, "one section for the group, one for the other failure")
    #expect(text.contains("<code>callbacks/a</code> and 2 more with the same message"))
    #expect(text.contains("In: `callbacks/a`, `callbacks/b`, `callbacks/c`"))
    #expect(!text.contains("<code>callbacks/b</code>"))
    // The terminal groups the same failures.
    #expect(TerminalReport.render(report).contains("ERROR ×3 (the same message; 3 of them gate)"))
  }

  @Test func absolutePathsOfTheRunnerAreNotShown() {
    var result = SampleReport.failing
    result.scenario.file = "/home/runner/work/_actions/org/bridgecheck/v1/Fixtures/data/falsy-values.json"
    let report = RunReport(
      toolVersion: "t", page: ImplementationInfo(name: "p"), native: ImplementationInfo(name: "n"), seed: 0,
      gate: .must,
      results: [result], duration: .zero)
    let text = MarkdownReport.render(
      report, options: MarkdownReport.Options(linkBase: "https://github.com/org/bridgecheck/blob/abc/"))
    #expect(!text.contains("/home/runner"), "\(text)")
    #expect(text.contains("(https://github.com/org/bridgecheck/blob/abc/Fixtures/data/falsy-values.json)"))
    #expect(text.contains("— Fixtures/data/falsy-values.json#/expect/events/0"))
  }
}
