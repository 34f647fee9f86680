import Reporters
import ScenarioRunner
import Testing

@Suite struct TerminalReportGolden {
  @Test func matchesTheGoldenFile() {
    let options = TerminalReport.Options(redactDurations: true)
    Golden.check(TerminalReport.render(SampleReport.report, options: options), named: "report.terminal.txt")
  }

  @Test func matchesTheVerboseGoldenFile() {
    let options = TerminalReport.Options(verbose: true, redactDurations: true)
    Golden.check(TerminalReport.render(SampleReport.report, options: options), named: "report.terminal-verbose.txt")
  }

  @Test func matchesTheColourGoldenFile() {
    let options = TerminalReport.Options(useColor: true, verbose: true, redactDurations: true)
    Golden.check(TerminalReport.render(SampleReport.report, options: options), named: "report.terminal-color.txt")
  }

  @Test func usesColourOnlyWhenTold() {
    for verbose in [false, true] {
      let plain = TerminalReport.render(SampleReport.report, options: TerminalReport.Options(verbose: verbose))
      #expect(!plain.unicodeScalars.contains("\u{1B}"), "not even the ESC a bridge printed")
      let invisible = plain.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && FailureText.isInvisible($0) }
      #expect(invisible.isEmpty, "\(invisible.map { String($0.value, radix: 16) })")
    }
    let coloured = TerminalReport.render(SampleReport.report, options: TerminalReport.Options(useColor: true))
    #expect(coloured.contains("\u{1B}[1;31mFAIL\u{1B}[0m"))
  }

  @Test func endsWithTheSummaryLine() {
    let text = TerminalReport.render(SampleReport.report)
    #expect(
      text.hasSuffix(
        "\nbridgecheck: 8 scenarios — 1 passed, 2 failed, 1 error, 2 skipped, 1 xfail, 1 xpass — 3 gating — 0.42s — FAIL (gate: must)\n"
      ))
    #expect(
      TerminalReport.summaryLine(SampleReport.passingReport)
        == "bridgecheck: 2 scenarios — 1 passed, 1 failed, 0 errors, 0 skipped, 0 xfail, 0 xpass — 0 gating — 0.01s — PASS (gate: must)"
    )
    var interrupted = SampleReport.passingReport
    interrupted.interrupted = true
    #expect(TerminalReport.summaryLine(interrupted).hasSuffix(" — FAIL (gate: must; interrupted)"))
    var empty = SampleReport.passingReport
    empty.results = []
    #expect(
      TerminalReport.render(empty, options: TerminalReport.Options(redactDurations: true))
        == "bridgecheck: 0 scenarios — 0 passed, 0 failed, 0 errors, 0 skipped, 0 xfail, 0 xpass — 0 gating — 0.00s — PASS (gate: must)\n"
    )
  }

  @Test func groupsSkipReasons() {
    let text = TerminalReport.render(SampleReport.report)
    #expect(text.contains("Skipped (2):\n  2 × judges the native side, and only the page side is under test\n"))
  }

  @Test func verboseTracesCutLongValues() throws {
    let text = TerminalReport.render(SampleReport.report, options: TerminalReport.Options(verbose: true))
    let line = try #require(text.split(separator: "\n").first { $0.contains("host evaluate") })
    #expect(line.hasSuffix("…\"}"))
    #expect(line.count < 11 + 2 + 30 + FailureText.defaultFieldLimit + 10)
    #expect(line.contains(#"{"script":"</script><script>"#))
    let console = try #require(text.split(separator: "\n").first { $0.contains("page console") })
    #expect(
      console.hasSuffix(#"{"level":"log","text":"tab\tnul\u0000esc\u001b[2J del\u007f ls\u2028ps\u2029 rlo\u202etxt"}"#)
    )
  }
}
