import JSONModel
import ScenarioRunner

/// The failures that gate a run as GitHub Actions workflow commands
/// (`::error file=…,line=…,title=…::message`), which the runner turns into
/// annotations on the job and, for a file in the repository, on the file's
/// line: one per gating failure (one for each group of identical failures,
/// as the terminal groups them), pointing at the fixture file and the line
/// of the expectation that failed, and one per reason the run fails as a
/// whole (an expectations-file problem, a run cut short or interrupted).
///
/// GitHub shows at most 10 error annotations of a step: after
/// ``limit`` − 1 failures, the last one counts the rest.
package enum GitHubAnnotations {
  /// The most annotations written.
  package static let limit = 10

  /// The workflow commands, one a line (empty when the run passes).
  /// - Parameters:
  ///   - workspace: `$GITHUB_WORKSPACE`: fixture files under it are named
  ///     relative to it, as GitHub needs them; others keep their path.
  ///   - readFile: reads a fixture file, to find the line of a failing
  ///     expectation (nil: the file is not read and the line is 1).
  package static func render(
    _ report: RunReport, workspace: String?, readFile: (String) -> String? = { _ in nil }
  ) -> String {
    var lines: [String] = []
    let groups = MarkdownReport.identicalGroups(report.gatingFailures)
    let runProblems =
      (report.nothingJudged.map { [$0] } ?? []) + report.expectationProblems + (report.cutShort.map { [$0] } ?? [])
      + (report.interrupted ? ["the run was interrupted: these are the results of the scenarios that finished"] : [])
    let room = max(0, limit - runProblems.count)
    for (index, group) in groups.enumerated() {
      if index == room - 1 && groups.count > room {
        let rest = groups[index...].reduce(0) { $0 + $1.count }
        lines.append(
          command(
            properties: [("title", "bridgecheck: \(ReportFormatting.plural(rest, "more gating failure"))")],
            message: "and \(ReportFormatting.plural(rest, "more gating failure")): see the step summary or the reports")
        )
        break
      }
      guard index < room else { break }
      lines.append(annotation(group, report: report, workspace: workspace, readFile: readFile))
    }
    for problem in runProblems {
      lines.append(command(properties: [("title", "bridgecheck: the run fails")], message: problem))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func annotation(
    _ group: [ScenarioResult], report: RunReport, workspace: String?, readFile: (String) -> String?
  ) -> String {
    let first = group[0]
    let scenario = first.scenario
    var line = 1
    if let pointer = first.detail?.pointer, let text = readFile(scenario.file), let found = pointer.line(in: text) {
      line = found
    }
    let count = group.count > 1 ? " ×\(group.count)" : ""
    let title = "bridgecheck: \(first.status.rawValue.uppercased())\(count) \(scenario.id) (\(scenario.level.rawValue))"
    var message = FailureText.truncated(FailureText.headline(first), to: FailureText.headlineLimit)
    if group.count > 1 { message += "\nthe same message in: " + group.map(\.scenario.id).joined(separator: ", ") }
    message += "\nat " + FailureText.location(first)
    if let reproduce = report.reproduceCommand(for: first) { message += "\nreproduce: " + reproduce }
    return command(
      properties: [("file", relative(scenario.file, to: workspace)), ("line", String(line)), ("title", title)],
      message: message)
  }

  /// `path` relative to `workspace` when it is under it.
  static func relative(_ path: String, to workspace: String?) -> String {
    guard let workspace, !workspace.isEmpty, path.hasPrefix("/") else { return path }
    let folder = workspace.hasSuffix("/") ? workspace : workspace + "/"
    return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
  }

  /// `::error k=v,…::message`, escaped as the runner unescapes it.
  static func command(properties: [(String, String)], message: String) -> String {
    let list = properties.map { $0.0 + "=" + escapeProperty(FailureText.visible($0.1)) }.joined(separator: ",")
    let text = FailureText.lines(message).map { FailureText.visible($0) }.joined(separator: "\n")
    return "::error " + list + "::" + escapeData(text)
  }

  /// `%`, CR and LF percent-encoded (the message of a workflow command).
  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// ``escapeData(_:)`` and `:` and `,` too (a property value).
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
