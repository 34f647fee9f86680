import Reporters
import ScenarioRunner

/// Writes a finished run's reports: files first (so they exist even if
/// printing fails), then standard output.
struct ReportOutput {
  let report: RunReport
  let verbose: Bool
  var color: ColorMode = .auto

  /// How the Markdown summary is written.
  struct MarkdownTarget {
    var path: String
    /// Add to the end of the file instead of replacing it.
    var append: Bool
    var options: MarkdownReport.Options
  }

  func write(format: OutputFormat, json: String?, junit: String?, markdown: MarkdownTarget?) throws {
    if let json { try Terminal.write(JSONReport.render(report), to: json) }
    if let junit { try Terminal.write(JUnitReport.render(report), to: junit) }
    if let markdown {
      let text = MarkdownReport.render(report, options: markdown.options)
      if markdown.append {
        try ReportFile.append("\n" + text, to: markdown.path)
      } else {
        try Terminal.write(text, to: markdown.path)
      }
    }
    switch format {
    case .json:
      print(JSONReport.render(report), terminator: "")
    case .table:
      let options = TerminalReport.Options(
        useColor: Terminal.useColor(color), verbose: verbose, width: Terminal.width)
      print(TerminalReport.render(report, options: options), terminator: "")
    }
  }
}
