import Reporters
import ScenarioRunner
import Testing

@Suite struct TerminalReportWidth {
  /// On a terminal, message lines are wrapped at spaces to its width; a
  /// single word longer than that stays whole.
  @Test func messageLinesAreWrappedToTheWidth() {
    let text = TerminalReport.render(SampleReport.report, options: TerminalReport.Options(width: 60))
    let start = text.range(of: "Failures (")!.lowerBound
    let end = text.range(of: "Skipped (")!.lowerBound
    let messageLines = text[start..<end].split(separator: "\n").filter {
      $0.hasPrefix(String(repeating: " ", count: 11)) && !$0.trimmingPrefix(" ").hasPrefix("at ")
    }
    #expect(!messageLines.isEmpty)
    for line in messageLines where line.count > 60 {
      let words = line.split(separator: " ")
      #expect(words.count <= 2 || words.dropFirst().contains { $0.count > 30 }, "\(line)")
    }
    let whole = TerminalReport.render(SampleReport.report)
    #expect(whole.split(separator: "\n").contains { $0.count > 60 }, "without a width, lines are kept whole")
  }

  /// Identical failures are printed once, with a count and the ids.
  @Test func identicalFailuresAreGrouped() {
    var report = SampleReport.report
    let failing = SampleReport.results.first { $0.status == .error }!
    report.results = (0..<5).map { index in
      var copy = failing
      copy.scenario.id = "area/scenario-\(index)"
      return copy
    }
    let text = TerminalReport.render(report)
    #expect(text.contains("ERROR ×5 (the same message; 5 of them gate)"), "\(text)")
    #expect(text.components(separatedBy: failing.message!.split(separator: "\n")[0]).count == 2)
    #expect(text.contains("in: area/scenario-0, area/scenario-1,"))
  }
}
