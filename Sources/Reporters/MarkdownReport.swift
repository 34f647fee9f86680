import ScenarioRunner

/// A GitHub-flavoured Markdown summary (`--markdown FILE`, e.g.
/// `$GITHUB_STEP_SUMMARY`): a title with the verdict, the implementations,
/// a table of counts, a table of the failures that gate the run, a
/// collapsible `<details>` for each of them (message and trace excerpt in
/// fenced code blocks), then tables naming the failures below the gate and
/// the expected failures. Fixture ids link to their fixture files and rule
/// names to their anchors in `docs/protocol.md` (relative to
/// ``Options/linkBase``).
///
/// Text from fixtures and bridges is escaped: table cells stay on one line
/// and cannot close the table or start HTML; code blocks use a fence longer
/// than any backtick run inside them.
package enum MarkdownReport {
  /// How to render.
  package struct Options: Sendable, Hashable {
    /// Write durations as 0 (for golden files and diffs).
    package var redactDurations: Bool
    /// How many gating failures get a `<details>` section; the rest are
    /// counted (a step summary is limited to 1 MiB).
    package var maxDetails: Int
    /// How many characters of each message line a `<details>` shows.
    package var messageLineLimit: Int
    /// How many characters of each trace field value are shown.
    package var fieldLimit: Int
    /// What fixture file and protocol links start with: empty for links
    /// relative to the bridgecheck checkout, or a URL ending in `/`, e.g.
    /// `https://github.com/org/bridgecheck/blob/v1.2.0/`.
    package var linkBase: String

    /// Creates options.
    package init(
      redactDurations: Bool = false, maxDetails: Int = 50, messageLineLimit: Int = 2_000,
      fieldLimit: Int = FailureText.defaultFieldLimit, linkBase: String = ""
    ) {
      self.linkBase = linkBase
      self.redactDurations = redactDurations
      self.maxDetails = maxDetails
      self.messageLineLimit = messageLineLimit
      self.fieldLimit = fieldLimit
    }
  }

  /// The Markdown text, with a trailing newline.
  package static func render(_ report: RunReport, options: Options = Options()) -> String {
    let summary = report.summary
    let gating = report.gatingFailures
    let gate = report.gate.rawValue
    var out: [String] = []

    let tool = inline(report.toolName)
    if report.interrupted {
      out.append("## ❌ \(tool): INTERRUPTED (gate: \(gate))")
    } else if report.passed {
      out.append("## ✅ \(tool): PASS (gate: \(gate))")
    } else {
      out.append("## ❌ \(tool): FAIL — \(ReportFormatting.plural(gating.count, "gating failure")) (gate: \(gate))")
    }
    out.append("")
    let time = ReportFormatting.seconds(report.duration, decimals: 2, redacted: options.redactDurations)
    out.append(
      "Page bridge: **\(inline(ReportFormatting.implementation(report.page)))** · "
        + "native bridge: **\(inline(ReportFormatting.implementation(report.native)))** · "
        + "seed \(report.seed) · \(time)s · verdict **\(report.verdict)**, exit code \(report.exitCode)"
        + shardNote(report.context))
    let note = MissingPageAPIsNote.lines(report)
    if !note.isEmpty {
      out.append("")
      out.append("> ⚠️ " + note.map(inline).joined(separator: " "))
    }
    if report.interrupted {
      out.append("")
      out.append(
        "> ⚠️ **The run was interrupted:** these are the results of the "
          + "\(ReportFormatting.plural(summary.total, "scenario")) that finished.")
    }
    for notice in report.notices {
      out.append("")
      out.append("> " + inline(notice))
    }
    out.append("")
    out.append("| Total | Passed | Failed | Errors | Skipped | xfail | xpass |")
    out.append("|---:|---:|---:|---:|---:|---:|---:|")
    let counts = [
      summary.total, summary.passed, summary.failed, summary.errors, summary.skipped, summary.xfail, summary.xpass,
    ]
    out.append("| " + counts.map(String.init).joined(separator: " | ") + " |")
    if let line = TerminalReport.schedulesLine(report) {
      out.append("")
      out.append(inline(line.prefix(1).uppercased() + line.dropFirst()) + ".")
    }

    if !gating.isEmpty {
      out.append("")
      out.append("### Gating failures (\(gating.count))")
      out.append("")
      // Identical failures (a crashing adapter, a bridge that never loads)
      // are one row and one section, as on the terminal.
      let groups = identicalGroups(gating)
      out.append(contentsOf: groupTable(groups, options: options))
      for group in groups.prefix(max(0, options.maxDetails)) {
        out.append("")
        out.append(contentsOf: details(group, report: report, options: options))
      }
      if groups.count > options.maxDetails {
        out.append("")
        let more = groups.dropFirst(max(0, options.maxDetails)).reduce(0) { $0 + $1.count }
        out.append(
          "…and \(ReportFormatting.plural(more, "more failure")) without details: see the JSON or JUnit report.")
      }
    }

    let nonGating = report.results.filter { FailureText.isFailure($0.status) && !$0.isGatingFailure(gate: report.gate) }
    let byLevel = Level.allCases.filter { !$0.isGated(by: report.gate) }.map { level in
      "\(level.rawValue): \(nonGating.filter { $0.scenario.level == level }.count)"
    }
    out.append("")
    var line = "Non-gating failures (levels below the gate \(gate)): \(nonGating.count)"
    if !byLevel.isEmpty && !nonGating.isEmpty { line += " (" + byLevel.joined(separator: ", ") + ")" }
    out.append(line)
    if !nonGating.isEmpty {
      out.append("")
      out.append(contentsOf: table(nonGating, options: options))
    }
    let expected = report.results.filter { $0.status == .xfail }
    if !expected.isEmpty {
      out.append("")
      out.append("### Expected failures (\(expected.count), excused by the expectations file)")
      out.append("")
      out.append(contentsOf: table(expected, options: options))
    }
    let problems =
      (report.nothingJudged.map { [$0] } ?? []) + report.expectationProblems + (report.cutShort.map { [$0] } ?? [])
    if !problems.isEmpty {
      out.append("")
      out.append("### The run fails because")
      out.append("")
      out.append(contentsOf: problems.map { "- " + inline($0) })
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// A table of results: linked fixture id, linked rule, level, status
  /// (with the outcome and failing check) and the first line of the message.
  static func table(_ results: [ScenarioResult], options: Options) -> [String] {
    var out = ["| Fixture | Rule | Level | Status | Message |", "|---|---|---|---|---|"]
    for result in results {
      let message = FailureText.truncated(FailureText.headline(result), to: FailureText.headlineLimit)
      var status = result.status.rawValue
      if let outcome = result.outcome, outcome.rawValue != status { status += " (\(outcome.rawValue))" }
      if let check = result.failedChecks.first { status += " at \(check)" }
      out.append(
        "| \(fixtureLink(result, options)) | \(ruleLink(result.scenario.spec, options)) | \(result.scenario.level.rawValue) "
          + "| \(cell(status)) | \(cell(message)) |")
    }
    return out
  }

  /// Gating failures grouped as the terminal groups them
  /// (``TerminalReport/groupIdentical(_:)``): each group of identical
  /// failures where its first member was, every other failure alone.
  static func identicalGroups(_ results: [ScenarioResult]) -> [[ScenarioResult]] {
    let (repeated, _) = TerminalReport.groupIdentical(results)
    var groupOf: [String: Int] = [:]
    for (index, group) in repeated.enumerated() {
      for result in group { groupOf[result.scenario.id] = index }
    }
    var emitted = Set<Int>()
    var groups: [[ScenarioResult]] = []
    for result in results {
      if let index = groupOf[result.scenario.id] {
        if emitted.insert(index).inserted { groups.append(repeated[index]) }
      } else {
        groups.append([result])
      }
    }
    return groups
  }

  /// The table of gating failures: a row per failure, one row for each
  /// group of identical ones (their ids, how many, the rules and levels).
  static func groupTable(_ groups: [[ScenarioResult]], options: Options) -> [String] {
    var out = ["| Fixture | Rule | Level | Status | Message |", "|---|---|---|---|---|"]
    for group in groups {
      guard group.count > 1 else {
        out.append(contentsOf: table(group, options: options).dropFirst(2))
        continue
      }
      let first = group[0]
      let shown = group.prefix(groupLinkLimit).map { fixtureLink($0, options) }
      let more = group.count > groupLinkLimit ? " and \(group.count - groupLinkLimit) more" : ""
      let rules = unique(group.map(\.scenario.spec)).map { ruleLink($0, options) }.filter { !$0.isEmpty }
      let levels = unique(group.map(\.scenario.level.rawValue))
      let message = FailureText.truncated(FailureText.headline(first), to: FailureText.headlineLimit)
      out.append(
        "| ×\(group.count): " + shown.joined(separator: ", ") + more + " | " + rules.joined(separator: ", ") + " | "
          + levels.joined(separator: ", ")
          + " | \(cell(first.status.rawValue + " (the same message)")) | \(cell(message)) |")
    }
    return out
  }

  /// How many fixture links a group's row shows.
  static let groupLinkLimit = 20

  private static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  /// ` · shard 2/3` or ` · merged from 3 shards`, or nothing.
  static func shardNote(_ context: RunContext?) -> String {
    if let merged = context?.mergedShards { return " · merged from \(ReportFormatting.plural(merged, "shard"))" }
    if let shard = context?.shard { return " · shard \(shard)" }
    return ""
  }

  /// `[id](Fixtures/area/name.json)`.
  static func fixtureLink(_ result: ScenarioResult, _ options: Options) -> String {
    "[\(inline(result.scenario.id))](\(url(options.linkBase + repositoryPath(result.scenario.file))))"
  }

  /// A fixture file as the repository names it: an absolute path (bridgecheck
  /// run from another folder reads its own fixtures by absolute path) from
  /// its last `Fixtures/` on, so that links resolve against the link base.
  static func repositoryPath(_ file: String) -> String {
    guard file.hasPrefix("/"), let range = file.range(of: "/Fixtures/", options: .backwards) else { return file }
    return String(file[file.index(after: range.lowerBound)...])
  }

  /// `[anchor](docs/protocol.md#anchor)`, or the text when there is none.
  static func ruleLink(_ spec: String, _ options: Options) -> String {
    let anchor = spec.hasPrefix("#") ? String(spec.dropFirst()) : spec
    guard !anchor.isEmpty else { return "" }
    return "[\(inline(anchor))](\(url(options.linkBase + "docs/protocol.md#" + anchor)))"
  }

  /// A link target with the characters that would end it percent-encoded.
  static func url(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case " ", "(", ")", "<", ">", "[", "]", "|", "\\", "`", "\"":
        out += String(format: "%%%02X", scalar.value)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += String(format: "%%%02X", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// The collapsible section of one failure, or of a group of identical
  /// ones (the ids, then the first one's details).
  static func details(_ group: [ScenarioResult], report: RunReport, options: Options) -> [String] {
    let result = group[0]
    let scenario = result.scenario
    var out: [String] = []
    out.append("<details>")
    let others = group.count > 1 ? " and \(group.count - 1) more with the same message" : ""
    out.append(
      "<summary><code>\(html(scenario.id))</code>\(others) — \(result.status.rawValue) (\(scenario.level.rawValue)): "
        + "\(html(FailureText.truncated(FailureText.headline(result), to: FailureText.headlineLimit)))</summary>")
    if group.count > 1 {
      out.append("")
      out.append("In: " + group.map { "`" + codeSpan($0.scenario.id) + "`" }.joined(separator: ", "))
    }
    out.append("")
    out.append("\(inline(scenario.title)) — \(inline(repositoryLocation(result)))")
    if let detail = result.detail {
      out.append("")
      out.append("Expected: \(inline(FailureText.truncated(detail.expectation, to: options.messageLineLimit)))")
    }
    out.append("")
    out.append(contentsOf: codeBlock(FailureText.messageLines(result.message, lineLimit: options.messageLineLimit)))
    if let heading = FailureText.traceHeading(result) {
      out.append("")
      out.append(inline(heading))
      out.append("")
      out.append(contentsOf: codeBlock(FailureText.traceLines(result, fieldLimit: options.fieldLimit)))
    }
    if let reproduce = report.reproduceCommand(for: result) {
      out.append("")
      out.append("Reproduce" + (group.count > 1 ? " (the first)" : "") + ":")
      out.append("")
      var block = codeBlock([FailureText.visible(reproduce)])
      block[0] = String(block[0].dropLast("text".count)) + "sh"
      out.append(contentsOf: block)
    }
    out.append("")
    out.append("</details>")
    return out
  }

  /// ``FailureText/location(_:)`` with the fixture file as the repository
  /// names it (``repositoryPath(_:)``), never the runner's absolute path.
  static func repositoryLocation(_ result: ScenarioResult) -> String {
    guard let pointer = result.detail?.pointer else { return repositoryPath(result.scenario.file) }
    return repositoryPath(result.scenario.file) + "#" + pointer.description
  }

  /// Text for an inline code span: backticks, line breaks and unprintable
  /// characters made visible.
  static func codeSpan(_ text: String) -> String {
    FailureText.visible(text).replacingOccurrences(of: "`", with: "'")
  }

  // MARK: - Escaping

  /// A fenced code block holding `lines`, with a fence longer than any run
  /// of backticks in them (at least three).
  package static func codeBlock(_ lines: [String]) -> [String] {
    let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: lines) + 1))
    return [fence + "text"] + lines + [fence]
  }

  /// Text for a table cell: one line (line breaks as `<br>`), `|` and other
  /// Markdown punctuation backslash-escaped, `<`, `>`, `&` as entities,
  /// unprintable characters as `\u{XX}` markers.
  package static func cell(_ text: String) -> String {
    FailureText.lines(text).map(inline).joined(separator: "<br>")
  }

  /// Text for running Markdown (a paragraph or a cell): as ``cell(_:)``,
  /// but line breaks become visible markers too.
  package static func inline(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in FailureText.visible(text).unicodeScalars {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "|", "~":
        out.append("\\")
        out.append(scalar)
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// Text for HTML (`<summary>`): `& < > "` as entities, unprintable
  /// characters as markers.
  static func html(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in FailureText.visible(text).unicodeScalars {
      switch scalar {
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  static func longestBacktickRun(in lines: [String]) -> Int {
    var longest = 0
    for line in lines {
      var run = 0
      for scalar in line.unicodeScalars {
        run = scalar == "`" ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    return longest
  }
}
