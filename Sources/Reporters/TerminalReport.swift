import ScenarioRunner

/// The report `bridgecheck run` prints on standard output:
///
/// 0. when every scenario was skipped, why the run fails
///    (``RunReport/nothingJudged``); when page code reached for APIs that WebKit has and the simulated
///    page lacks, a note saying which and naming `--engine webkitgtk`,
///    then the notes about the whole run;
/// 1. a table of counts per area, with PASS or FAIL (FAIL when the area has
///    a failure that gates the run);
/// 2. the failures (fail, error, xpass; gating or not), grouped by area:
///    status, fixture id and level, the message indented below, and where
///    in the fixture the failing expectation is; with `verbose`, the trace
///    excerpt under each (one event a line, long values cut, unprintable
///    characters escaped);
/// 3. the skipped scenarios: how many, and their reasons with counts (with
///    `verbose`, the fixture ids too);
/// 4. with `run --explore`, how many schedules were explored
///    (``explorationLine(_:)``);
/// 5. one summary line:
///    `bridgecheck: 83 scenarios — 80 passed, 1 failed, 0 errors, 2 skipped, 0 xfail, 0 xpass — 0 gating — 0.42s — PASS (gate: must)`.
///
/// Notes about the whole run (``RunReport/notices``) come right after the
/// missing-API note, under
/// `Notes:`.
///
/// Colour (ANSI) only when `useColor` is set; the caller decides (a terminal,
/// and no `NO_COLOR`). Text from fixtures and bridges has its control
/// characters escaped, so a bridge cannot move the cursor or recolour the
/// terminal.
package enum TerminalReport {
  /// How to render.
  package struct Options: Sendable, Hashable {
    /// Use ANSI colours.
    package var useColor: Bool
    /// Print the trace excerpt under each failure, and the ids of skipped
    /// and expected-failure scenarios.
    package var verbose: Bool
    /// Print durations as 0.
    package var redactDurations: Bool
    /// How many characters of each message line are printed.
    package var messageLineLimit: Int
    /// How many characters of each trace field value are printed.
    package var fieldLimit: Int
    /// The terminal's width in columns: message lines and lists of ids are
    /// wrapped to it; nil (a pipe or file) keeps message lines whole and
    /// wraps id lists at 100.
    package var width: Int?

    /// Creates options.
    package init(
      useColor: Bool = false, verbose: Bool = false, redactDurations: Bool = false, messageLineLimit: Int = 400,
      fieldLimit: Int = FailureText.defaultFieldLimit, width: Int? = nil
    ) {
      self.width = width
      self.useColor = useColor
      self.verbose = verbose
      self.redactDurations = redactDurations
      self.messageLineLimit = messageLineLimit
      self.fieldLimit = fieldLimit
    }
  }

  /// The whole report, ending with the summary line and a newline.
  package static func render(_ report: RunReport, options: Options = Options()) -> String {
    let style = TerminalStyle(enabled: options.useColor)
    var out: [String] = []
    if let nothingJudged = report.nothingJudged {
      out.append(style.apply(.bold, "The run fails because:"))
      out.append(contentsOf: fit(FailureText.visible(nothingJudged), indent: "  ", width: options.width))
      out.append("")
    }
    let note = MissingPageAPIsNote.lines(report)
    if !note.isEmpty {
      out.append(style.apply(.bold, note[0]))
      for line in note.dropFirst() { out.append(contentsOf: fit(line, indent: "  ", width: options.width)) }
      out.append("")
    }
    if !report.notices.isEmpty {
      out.append(style.apply(.bold, "Notes:"))
      for notice in report.notices {
        out.append(contentsOf: fit(FailureText.visible(notice), indent: "  ", width: options.width))
      }
      out.append("")
    }
    let areas = ReportFormatting.groupedByArea(report.results)
    if !areas.isEmpty {
      out.append(contentsOf: table(areas, gate: report.gate, style: style))
    }

    let failures = report.results.filter { FailureText.isFailure($0.status) }
    if !failures.isEmpty {
      out.append("")
      out.append(style.apply(.bold, "Failures (\(failures.count)):"))
      let (repeated, single) = groupIdentical(failures)
      for group in repeated {
        out.append("")
        out.append(contentsOf: repeatedFailure(group, gate: report.gate, options: options, style: style))
      }
      for (area, results) in ReportFormatting.groupedByArea(single) {
        out.append("")
        out.append("  " + style.apply(.bold, FailureText.visible(area)))
        for result in results {
          out.append(contentsOf: failure(result, gate: report.gate, options: options, style: style))
        }
      }
    }

    let skipped = report.results.filter { $0.status == .skip }
    if !skipped.isEmpty {
      out.append("")
      out.append(style.apply(.bold, "Skipped (\(skipped.count)):"))
      out.append(contentsOf: skipReasons(skipped, verbose: options.verbose, style: style))
    }

    let expected = report.results.filter { $0.status == .xfail }
    if !expected.isEmpty {
      out.append("")
      out.append(style.apply(.bold, "Expected failures (\(expected.count), excused by the expectations file):"))
      for result in expected {
        let how = (result.outcome?.rawValue ?? "fail") + (result.failedChecks.first.map { " at \($0)" } ?? "")
        out.append(
          "  " + FailureText.visible(result.scenario.id) + style.apply(.dim, " (\(how))  " + headline(result, options)))
      }
    }

    if !report.expectationProblems.isEmpty || report.cutShort != nil {
      out.append("")
      out.append(style.apply(.bold, "The run fails because:"))
      for problem in report.expectationProblems { out.append("  " + style.apply(.red, FailureText.visible(problem))) }
      if let cutShort = report.cutShort { out.append("  " + style.apply(.red, FailureText.visible(cutShort))) }
    }

    if let line = schedulesLine(report) {
      if !out.isEmpty { out.append("") }
      out.append(line)
    }

    if !out.isEmpty { out.append("") }
    out.append(summaryLine(report, options: options))
    return out.joined(separator: "\n") + "\n"
  }

  /// The last line: counts, how many results fail the gate, time and
  /// verdict, e.g. `bridgecheck: 83 scenarios — 80 passed, 1 failed, 0 errors,
  /// 2 skipped, 0 xfail, 0 xpass — 0 gating — 0.42s — PASS (gate: must)`
  /// (the failure is below the gate).
  package static func summaryLine(_ report: RunReport, options: Options = Options()) -> String {
    let style = TerminalStyle(enabled: options.useColor)
    let summary = report.summary
    let counts = [
      "\(summary.passed) passed",
      "\(summary.failed) failed",
      ReportFormatting.plural(summary.errors, "error"),
      "\(summary.skipped) skipped",
      "\(summary.xfail) xfail",
      "\(summary.xpass) xpass",
    ].joined(separator: ", ")
    let time = ReportFormatting.seconds(report.duration, decimals: 2, redacted: options.redactDurations) + "s"
    let verdict = report.passed ? style.apply(.boldGreen, "PASS") : style.apply(.boldRed, "FAIL")
    let gate =
      "gate: \(report.gate.rawValue)" + (report.interrupted ? "; interrupted" : "")
      + (report.cutShort != nil ? "; cut short" : "") + (report.nothingJudged != nil ? "; nothing judged" : "")
    let scenarios = ReportFormatting.plural(summary.total, "scenario")
    let gating = "\(report.gatingFailures.count) gating"
    return
      "\(FailureText.visible(report.toolName)): \(scenarios) — \(counts) — \(gating) — \(time) — \(verdict) (\(gate))"
  }

  /// Which schedules the run ran each scenario under and how many ran, e.g.
  /// `schedules: the default gate's 6 (default, steps-apart, …): 810 run over 135 scenarios, 700 distinct, 0 failing`;
  /// nil for a run that does not say (a real engine's).
  package static func schedulesLine(_ report: RunReport) -> String? {
    let totals = report.exploration.map(explorationCounts)
    guard let schedules = report.schedules else {
      return totals.map { "schedules: " + $0 }
    }
    return schedules.description + (totals.map { ": " + $0 } ?? "")
  }

  /// How many schedules ran, e.g.
  /// `810 run over 135 scenarios, 700 distinct, 0 failing`.
  package static func explorationCounts(_ exploration: ExplorationTotals) -> String {
    ReportFormatting.plural(exploration.schedules, "schedule") + " run over "
      + ReportFormatting.plural(exploration.scenarios, "scenario")
      + ", \(exploration.distinctSchedules) distinct, \(exploration.failing) failing"
  }

  // MARK: - Parts

  private static let columns = ["TOTAL", "PASS", "FAIL", "ERROR", "SKIP", "XFAIL", "XPASS"]

  private static func table(
    _ areas: [(area: String, results: [ScenarioResult])], gate: Level, style: TerminalStyle
  ) -> [String] {
    let names = areas.map { FailureText.visible($0.area) }
    let nameWidth = max("AREA".count, names.map(\.count).max() ?? 0)
    var lines = ["AREA".padding(to: nameWidth) + columns.map { "  " + $0 }.joined() + "  RESULT"]
    for (index, group) in areas.enumerated() {
      let counts = RunSummary(group.results)
      let values = [
        counts.total, counts.passed, counts.failed, counts.errors, counts.skipped, counts.xfail, counts.xpass,
      ]
      var line = names[index].padding(to: nameWidth)
      for (column, value) in zip(columns, values) {
        let text = String(value).leftPadding(to: column.count)
        let tone: TerminalStyle.Tone? =
          value == 0 || column == "TOTAL"
          ? nil
          : column == "PASS" ? .green : column == "SKIP" ? .yellow : column == "XFAIL" ? .dim : .red
        line += "  " + (tone.map { style.apply($0, text) } ?? text)
      }
      let failing = group.results.contains { $0.isGatingFailure(gate: gate) }
      line += "  " + (failing ? style.apply(.boldRed, "FAIL") : style.apply(.green, "PASS"))
      lines.append(line)
    }
    return lines
  }

  private static func failure(_ result: ScenarioResult, gate: Level, options: Options, style: TerminalStyle) -> [String]
  {
    let label = result.status.rawValue.uppercased()
    let gating = result.isGatingFailure(gate: gate)
    let level = result.scenario.level.rawValue + (gating ? "" : ", does not gate")
    var lines = [
      "    " + style.apply(TerminalStyle.tone(for: result.status), label.padding(to: 5)) + "  "
        + FailureText.visible(result.scenario.id) + " (\(level))"
    ]
    let indent = String(repeating: " ", count: 11)
    var message = FailureText.messageLines(result.message, lineLimit: options.messageLineLimit)
    if message.isEmpty { message = [FailureText.headline(result)] }
    lines.append(contentsOf: message.flatMap { fit($0, indent: indent, width: options.width) })
    lines.append(indent + style.apply(.dim, "at " + FailureText.visible(FailureText.location(result))))
    if options.verbose, let heading = FailureText.traceHeading(result) {
      lines.append(indent + style.apply(.dim, heading + ":"))
      for line in FailureText.traceLines(result, fieldLimit: options.fieldLimit) {
        lines.append(indent + style.apply(.dim, line))
      }
    }
    return lines
  }

  /// Failures with the same status and message (a crashing adapter, a
  /// bridge that never loads): the groups of two or more, in order of first
  /// appearance, and the rest.
  static func groupIdentical(_ failures: [ScenarioResult]) -> (repeated: [[ScenarioResult]], single: [ScenarioResult]) {
    var groups: [String: [ScenarioResult]] = [:]
    var order: [String] = []
    for result in failures {
      let key = result.status.rawValue + "\u{0}" + (result.message ?? FailureText.headline(result))
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(result)
    }
    let repeated = order.compactMap { groups[$0] }.filter { $0.count > 1 }
    let grouped = Set(repeated.flatMap { $0.map(\.scenario.id) })
    return (repeated, failures.filter { !grouped.contains($0.scenario.id) })
  }

  /// One entry for a group of identical failures: the status, how many,
  /// the message once, and the ids.
  private static func repeatedFailure(
    _ group: [ScenarioResult], gate: Level, options: Options, style: TerminalStyle
  ) -> [String] {
    let first = group[0]
    let gating = group.filter { $0.isGatingFailure(gate: gate) }.count
    let label = first.status.rawValue.uppercased()
    var lines = [
      "  " + style.apply(TerminalStyle.tone(for: first.status), label) + " ×\(group.count)"
        + " (the same message; \(gating) of them gate)"
    ]
    let indent = String(repeating: " ", count: 11)
    var message = FailureText.messageLines(first.message, lineLimit: options.messageLineLimit)
    if message.isEmpty { message = [FailureText.headline(first)] }
    lines.append(contentsOf: message.flatMap { fit($0, indent: indent, width: options.width) })
    let ids = group.map { FailureText.visible($0.scenario.id) }
    lines.append(
      contentsOf: wrap(ids, prefix: indent + "in: ", indent: indent + "    ", width: options.width ?? 100).map {
        style.apply(.dim, $0)
      })
    return lines
  }

  /// A message line, indented, and wrapped at spaces to `width` when one is
  /// given (continuations indented two more; a word longer than the room
  /// stays whole).
  static func fit(_ line: String, indent: String, width: Int?) -> [String] {
    guard !line.isEmpty else { return [""] }
    guard let width, indent.count + line.count > width else { return [indent + line] }
    let lead = line.prefix { $0 == " " }
    let words = line.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    return wrap(words, prefix: indent + lead, indent: indent + lead + "  ", width: width, separator: "")
  }

  /// `items` joined with `, ` into lines of at most `width` characters
  /// (an item longer than that gets a line of its own).
  static func wrap(_ items: [String], prefix: String, indent: String, width: Int, separator: String = ",") -> [String] {
    var lines: [String] = []
    var line = prefix
    var empty = true
    for (index, item) in items.enumerated() {
      let piece = item + (index < items.count - 1 ? separator : "")
      if !empty && line.count + 1 + piece.count > width {
        lines.append(line)
        line = indent
        empty = true
      }
      line += (empty ? "" : " ") + piece
      empty = false
    }
    lines.append(line)
    return lines
  }

  private static func skipReasons(_ skipped: [ScenarioResult], verbose: Bool, style: TerminalStyle) -> [String] {
    var reasons: [String: [String]] = [:]
    for result in skipped {
      reasons[FailureText.visible(FailureText.skipReason(result)), default: []].append(result.scenario.id)
    }
    let ordered = reasons.sorted { lhs, rhs in
      guard lhs.value.count == rhs.value.count else { return lhs.value.count > rhs.value.count }
      return lhs.key.unicodeScalars.lexicographicallyPrecedes(rhs.key.unicodeScalars)
    }
    var lines: [String] = []
    for (reason, ids) in ordered {
      lines.append("  " + style.apply(.yellow, "\(ids.count) ×") + " " + reason)
      if verbose {
        lines.append(contentsOf: ids.map { "      " + style.apply(.dim, FailureText.visible($0)) })
      }
    }
    return lines
  }

  private static func headline(_ result: ScenarioResult, _ options: Options) -> String {
    FailureText.truncated(FailureText.visible(FailureText.headline(result)), to: options.messageLineLimit)
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  /// Spaces up to `width` characters, then the string.
  fileprivate func leftPadding(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
