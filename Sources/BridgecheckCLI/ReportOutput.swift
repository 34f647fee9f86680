import Foundation
import Reporters
import ScenarioRunner

/// Writes a finished run's reports: files first (so they exist even if
/// printing fails), then standard output; under GitHub Actions
/// (`GITHUB_ACTIONS=true`) the gating failures also go to standard error as
/// annotations (``GitHubAnnotations``), where they never mix with a report
/// printed on standard output.
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

  func write(format: OutputFormat, json: String?, junit: String?, markdown: MarkdownTarget?, outputs: String? = nil)
    throws
  {
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
    if let outputs {
      try ReportFile.append(Self.outputLines(report, json: json, markdown: markdown?.path), to: outputs)
    }
    switch format {
    case .json:
      print(JSONReport.render(report), terminator: "")
    case .table:
      let options = TerminalReport.Options(
        useColor: Terminal.useColor(color), verbose: verbose, width: Terminal.width)
      print(TerminalReport.render(report, options: options), terminator: "")
    }
    if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
      fflush(nil)
      let workspace = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]
      Terminal.standardError(
        GitHubAnnotations.render(report, workspace: workspace) { path in
          try? String(contentsOfFile: path, encoding: .utf8)
        })
    }
  }

  /// `name=value` lines for `--outputs` (`$GITHUB_OUTPUT`): verdict,
  /// exit-code, total, passed, failed, errors, skipped, xfail, xpass,
  /// gating, and the paths of the JSON and Markdown reports when written.
  static func outputLines(_ report: RunReport, json: String?, markdown: String?) -> String {
    let summary = report.summary
    var pairs: [(String, String)] = [
      ("verdict", report.verdict), ("exit-code", String(report.exitCode)), ("total", String(summary.total)),
      ("passed", String(summary.passed)), ("failed", String(summary.failed)), ("errors", String(summary.errors)),
      ("skipped", String(summary.skipped)), ("xfail", String(summary.xfail)), ("xpass", String(summary.xpass)),
      ("gating", String(report.gatingFailures.count)),
    ]
    if let json { pairs.append(("json", json)) }
    if let markdown { pairs.append(("markdown", markdown)) }
    // A path with a line break would start another output: such a value is
    // left out rather than split.
    return pairs.filter { !$0.1.contains("\n") && !$0.1.contains("\r") }.map { "\($0.0)=\($0.1)\n" }.joined()
  }
}
