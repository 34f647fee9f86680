import Reporters
import ScenarioRunner
import Testing

@Suite struct MarkdownReportGolden {
  static let redacted = MarkdownReport.Options(redactDurations: true)

  @Test func matchesTheGoldenFile() {
    Golden.check(MarkdownReport.render(SampleReport.report, options: Self.redacted), named: "report.md")
  }

  @Test func matchesTheGoldenFileForAPassingRun() {
    Golden.check(MarkdownReport.render(SampleReport.passingReport, options: Self.redacted), named: "report-passing.md")
  }

  /// The number of `|` not escaped by a backslash.
  static func unescapedPipes(_ line: String) -> Int {
    var count = 0
    var backslashes = 0
    for scalar in line.unicodeScalars {
      if scalar == "|" && backslashes % 2 == 0 { count += 1 }
      backslashes = scalar == "\\" ? backslashes + 1 : 0
    }
    return count
  }

  @Test func tableRowsKeepTheirColumns() {
    let text = MarkdownReport.render(SampleReport.report)
    let rows = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
    // Counts; 3 gating failures; 1 failure below the gate; 1 expected failure (each with a header).
    #expect(rows.count == 3 + 5 + 3 + 3)
    for row in rows.prefix(3) { #expect(Self.unescapedPipes(row) == 8, "\(row)") }
    for row in rows.dropFirst(3) { #expect(Self.unescapedPipes(row) == 6, "\(row)") }
  }

  @Test func everyFailureIsNamedAndLinked() {
    let text = MarkdownReport.render(
      SampleReport.report, options: MarkdownReport.Options(linkBase: "https://x.test/b/"))
    for result in SampleReport.results where result.status != .pass && result.status != .skip {
      #expect(text.contains("[\(MarkdownReport.inline(result.scenario.id))](https://x.test/b/\(result.scenario.file))"))
    }
    #expect(text.contains("(https://x.test/b/docs/protocol.md#handler-missing)"))
  }

  @Test func cellsAreEscaped() {
    let cell = MarkdownReport.cell("a|b `c` <d> & e\\|f *g* _h_ [i](j)\nsecond\u{0}")
    #expect(cell == #"a\|b \`c\` &lt;d&gt; &amp; e\\\|f \*g\* \_h\_ \[i\](j)<br>second\\u{00}"#)
    #expect(Self.unescapedPipes(cell) == 0)
    #expect(MarkdownReport.cell("x\u{2028}y\u{1B}[0m") == #"x\\u{2028}y\\u{1B}\[0m"#)
  }

  @Test func theOutputHasNoRawControlCharacters() {
    let text = MarkdownReport.render(SampleReport.report)
    // Tabs only occur inside code blocks, where they are harmless.
    let invisible = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && FailureText.isInvisible($0) }
    #expect(invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) })")
  }

  @Test func fencesAreLongerThanAnyBacktickRunInside() {
    #expect(MarkdownReport.codeBlock(["plain"]) == ["```text", "plain", "```"])
    #expect(MarkdownReport.codeBlock(["a ``` b", "````"]) == ["`````text", "a ``` b", "````", "`````"])
    let text = MarkdownReport.render(SampleReport.report)
    #expect(text.contains("\n`````text\nexpected \"0\" but the bridge sent"))
  }

  @Test func givesTheVerdictInTheTitle() {
    let failing = MarkdownReport.render(SampleReport.report, options: Self.redacted)
    #expect(failing.hasPrefix("## ❌ bridgecheck: FAIL — 3 gating failures (gate: must)\n"))
    let passing = MarkdownReport.render(SampleReport.passingReport, options: Self.redacted)
    #expect(passing.hasPrefix("## ✅ bridgecheck: PASS (gate: must)\n"))
    #expect(passing.contains("Non-gating failures (levels below the gate must): 1 (should: 1, may: 0)\n"))
    var interrupted = SampleReport.passingReport
    interrupted.interrupted = true
    let partial = MarkdownReport.render(interrupted, options: Self.redacted)
    #expect(partial.hasPrefix("## ❌ bridgecheck: INTERRUPTED (gate: must)\n"))
    #expect(
      partial.contains("> ⚠️ **The run was interrupted:** these are the results of the 2 scenarios that finished."))
  }

  @Test func detailsAreLimited() {
    let text = MarkdownReport.render(SampleReport.report, options: MarkdownReport.Options(maxDetails: 1))
    #expect(text.components(separatedBy: "<details>").count == 2)
    #expect(text.contains("…and 2 more failures without details"))
  }

  @Test func aGateOfMayMakesEveryFailureGate() {
    var report = SampleReport.report
    report.gate = .may
    let text = MarkdownReport.render(report, options: Self.redacted)
    #expect(text.contains("FAIL — 4 gating failures (gate: may)"))
    #expect(text.contains("Non-gating failures (levels below the gate may): 0\n"))
  }
}
