import Reporters
import ScenarioRunner

/// Writes a finished run's reports: files first (so they exist even if
/// printing fails), then standard output.
struct ReportOutput {
  let report: RunReport
  let verbose: Bool

  func write(format: OutputFormat, json: String?, junit: String?, markdown: String?) throws {
    if let json { try Terminal.write(JSONReport.render(report), to: json) }
    if let junit { try Terminal.write(JUnitReport.render(report), to: junit) }
    if let markdown { try Terminal.write(MarkdownReport.render(report), to: markdown) }
    switch format {
    case .json:
      print(JSONReport.render(report), terminator: "")
    case .table:
      let options = TerminalReport.Options(useColor: Terminal.useColor, verbose: verbose)
      print(TerminalReport.render(report, options: options), terminator: "")
    }
  }
}
