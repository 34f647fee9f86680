import ScenarioRunner

/// Every page implementation against every native implementation, as a
/// Markdown table (`conformance/RESULTS.md`) and a self-contained HTML page
/// (``InteropMatrixPage``): the verdict first (pass, fail at must, error),
/// cells coloured by verdict and never by pass rate, expected failures
/// named and not counted as passes, messages cut to a bounded size.
/// All text that comes from implementations is escaped.
package enum InteropMatrixReport {
  /// The longest failure line the Markdown file shows, in characters.
  static let lineLimit = 300

  /// The areas, in the order they first appear.
  static func areas(_ pairs: [InteropPair]) -> [String] {
    var seen: [String] = []
    for result in pairs.flatMap(\.results) where !seen.contains(result.scenario.area) {
      seen.append(result.scenario.area)
    }
    return seen
  }

  /// The one-line account of a failure, cut to ``lineLimit``.
  static func headline(_ result: ScenarioResult) -> String {
    FailureText.truncated(FailureText.headline(result), to: lineLimit)
  }

  /// The legend's lines, one a verdict (a `not judged` one only when used).
  static func legend(_ pairs: [InteropPair]) -> [InteropVerdict] {
    let used = Set(pairs.map { $0.tally(area: nil).verdict })
    return InteropVerdict.allCases.filter { $0 != .notJudged || used.contains($0) }
  }

  /// The Markdown report: the pairs' table, then `dialects` (one row per
  /// dialect bridge of our own, each side alone and both), then every
  /// failure.
  package static func markdown(
    _ pairs: [InteropPair], toolVersion: String, fixtureCount: Int, dialects: [InteropDialectRow] = []
  ) -> String {
    let areas = areas(pairs)
    let everyPair = pairs + dialects.flatMap(\.pairs)
    var lines: [String] = []
    lines.append("# bridgecheck interoperability matrix")
    lines.append("")
    lines.append(
      "bridgecheck \(toolVersion), \(fixtureCount) fixtures. Regenerate with `bridgecheck matrix --write-results`.")
    lines.append("")
    lines.append(
      "Each cell: scenarios passed / scenarios judged (skips excluded; an expected failure is not a pass), "
        + "then expected failures (xfail) and errors. The mark is the verdict, not the pass rate:")
    lines.append("")
    for verdict in legend(everyPair) { lines.append("- \(verdict.icon) \(verdict.label): \(verdict.meaning)") }
    lines.append("")
    lines.append(
      "| page × native | verdict | total | " + areas.map(MarkdownReport.cell).joined(separator: " | ") + " |")
    lines.append("|---|---|---:|" + areas.map { _ in "---:" }.joined(separator: "|") + "|")
    for pair in pairs {
      let total = pair.tally(area: nil)
      let cells = areas.map { mark(pair.tally(area: $0)) }
      lines.append(
        "| \(MarkdownReport.cell(pair.title)) | \(total.verdict.icon) \(total.verdictText) | \(mark(total)) | "
          + cells.joined(separator: " | ") + " |")
    }
    if !dialects.isEmpty { lines += dialectTable(dialects) }
    for pair in everyPair where !pair.failures.isEmpty {
      lines += ["", "## Failures of \(MarkdownReport.inline(pair.title))", ""]
      for failure in pair.failures { lines.append(item(failure) + " — `bridgecheck explain \(failure.scenario.id)`") }
    }
    for pair in everyPair where !pair.expectedFailures.isEmpty {
      lines += ["", "## Expected failures of \(MarkdownReport.inline(pair.title))", ""]
      for failure in pair.expectedFailures { lines.append(item(failure)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The dialect table: one row per dialect, a cell per way it ran.
  static func dialectTable(_ dialects: [InteropDialectRow]) -> [String] {
    var lines = [
      "", "## bridgecheck's own bridge in each dialect", "",
      "Each dialect's bridges of our own (`conformance/dialects/`, listed in `conformance/dialects/dialects.json`) under "
        + "the dialect's profile: its page script with the reference native bridge, the reference page bridge with its "
        + "native side, and both together. A dialect whose model is not complete yet fails here until it is.",
      "",
      "| dialect | profile | verdict | page side: page.js × reference native | native side: reference page × native.py | both: page.js × native.py |",
      "|---|---|---|---:|---:|---:|",
    ]
    for row in dialects {
      let worst = row.pairs.map { $0.tally(area: nil) }.max { $0.verdict.severity < $1.verdict.severity }
      let verdict = worst.map { "\($0.verdict.icon) \($0.verdict.label)" } ?? "–"
      lines.append(
        "| \(MarkdownReport.cell(row.dialect)) | \(MarkdownReport.cell(row.profile)) | \(verdict) | "
          + row.pairs.map { mark($0.tally(area: nil)) }.joined(separator: " | ") + " |")
    }
    return lines
  }

  private static func item(_ result: ScenarioResult) -> String {
    "- `\(result.scenario.id)` (\(result.scenario.level.rawValue), \(result.status.rawValue)): "
      + MarkdownReport.inline(headline(result))
  }

  private static func mark(_ tally: InteropTally) -> String {
    tally.judged == 0 ? "–" : "\(tally.verdict.icon) \(tally.text)"
  }

  /// The HTML page; `explanations` maps fixture ids to their `explain` text.
  package static func html(
    _ pairs: [InteropPair], toolVersion: String, fixtureCount: Int, explanations: [String: String]
  ) -> String {
    InteropMatrixPage(pairs: pairs, toolVersion: toolVersion, fixtureCount: fixtureCount, explanations: explanations)
      .render()
  }
}
