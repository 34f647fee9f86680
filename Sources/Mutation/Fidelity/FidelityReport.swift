import Exploration
import PageSimulation
import WebViewHosting

/// A fidelity check as text (for the terminal) and as Markdown
/// (`conformance/FIDELITY.md`): the counts, every difference with both
/// verdicts and both traces from the first event where they part, then the
/// fixtures marked out of an engine with their reasons. No times: a real
/// engine's are its own, and the same run gives the same report.
package enum FidelityReport {
  /// Events shown of each trace from where they part (two before it).
  package static let traceLines = 14

  /// The summary line.
  package static func summary(_ result: FidelityResult) -> String {
    let state = result.complete ? "" : " (interrupted: not every cell ran)"
    return "fidelity \(result.first) vs \(result.second): \(result.rows.count) implementation pair(s) × "
      + "\(result.fixtures.count) fixture(s), \(result.compared) cells compared, \(result.differences.count) "
      + "difference(s), \(result.unstable.count) unstable, \(result.scheduleDependent.count) mutant cell(s) that depend on "
      + "the schedule, \(result.marked.count) cell(s) marked out of an engine\(state)"
  }

  /// The report for a terminal.
  package static func text(_ result: FidelityResult) -> String {
    var lines = [summary(result)]
    for failure in result.setupFailures {
      lines.append("  NOT RUN \(failure.row): \(failure.message)")
    }
    for cell in result.differences + result.unstable {
      lines.append("")
      lines.append(
        "\(cell.repeated ? "DIFFERS" : "UNSTABLE") \(cell.row) on \(cell.fixture)\(cell.repeated ? "" : " (not repeated on a second run)")"
      )
      lines.append("  \(result.first): \(cell.first.status.rawValue.uppercased()) \(cell.first.message)")
      lines.append("  \(result.second): \(cell.second.status.rawValue.uppercased()) \(cell.second.message)")
      if let lead = scheduleLead(cell, result) { lines.append("  \(lead)") }
      for (engine, events) in sideBySide(cell, result) {
        lines.append("  \(engine):")
        lines += events.map { "    \($0)" }
      }
    }
    if !result.scheduleDependent.isEmpty {
      lines.append("")
      lines.append(
        "mutant verdicts that depend on the schedule (the simulated page gives \(result.second)'s under another of its schedules):"
      )
      lines += result.scheduleDependent.map { cell in
        "  \(cell.row) on \(cell.fixture): \(result.first) \(cell.first.status.rawValue), \(result.second) "
          + "\(cell.second.status.rawValue); \(result.first) \(cell.second.status.rawValue) under \(schedule(cell.schedule))"
      }
    }
    let pairs = timingPairs(result)
    if !pairs.isEmpty {
      lines.append("")
      lines.append("mutants whose bug rests on the simulated page's timing (their engineTiming field):")
      lines += pairs.map { "  \($0.row): \($0.reason) (\($0.fixtures.joined(separator: ", ")))" }
    }
    let marks = markedFixtures(result)
    if !marks.isEmpty {
      lines.append("")
      lines.append("marked out of an engine (the fixture's engines field):")
      lines += marks.map { "  \($0.fixture): \($0.reason) (\($0.rows) pair(s))" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as Markdown, under `heading`, with `preamble` paragraphs.
  package static func markdown(_ result: FidelityResult, heading: String, preamble: [String]) -> String {
    var lines = ["# \(heading)", ""]
    for paragraph in preamble { lines += [paragraph, ""] }
    lines += ["**\(summary(result)).**", ""]
    for failure in result.setupFailures {
      lines.append("- Not run: `\(failure.row)`: \(failure.message)")
    }
    if result.differences.isEmpty {
      lines += ["No verdict differs between the two engines twice in a row.", ""]
    }
    for (title, cells) in [
      ("Differences", result.differences), ("Unstable: differed once, not on a second run", result.unstable),
    ]
    where !cells.isEmpty {
      lines += ["## \(title)", ""]
      for cell in cells {
        lines += [
          "### `\(cell.row)` on `\(cell.fixture)`\(cell.repeated ? "" : " (not repeated on a second run)")", "",
          "| | \(result.first) | \(result.second) |", "|---|---|---|",
          "| verdict | \(cell.first.status.rawValue) | \(cell.second.status.rawValue) |",
          "| reason | \(escape(cell.first.message)) | \(escape(cell.second.message)) |",
        ]
        if let lead = scheduleLead(cell, result) { lines.append("| schedule | \(escape(lead)) | |") }
        let sides = sideBySide(cell, result)
        let count = max(sides[0].events.count, sides[1].events.count)
        for index in 0..<count {
          let left = index < sides[0].events.count ? sides[0].events[index] : ""
          let right = index < sides[1].events.count ? sides[1].events[index] : ""
          lines.append("| \(index == 0 ? "trace" : "") | `\(escape(left))` | `\(escape(right))` |")
        }
        lines.append("")
      }
    }
    lines += table(
      "Mutant verdicts that depend on the schedule",
      "The simulated page gives the real engine's verdict too, under another of its schedules (the first seed that "
        + "does, shrunk to the fewest deviations from the default schedule): the mutant's bug shows under some schedules "
        + "only, and the two engines took different ones. These do not gate; a correct pair must pass under every "
        + "schedule, so for the reference and dialect pairs a schedule is never an excuse.",
      header: ["mutant", "fixture", result.first, result.second, "\(result.first), another schedule"],
      result.scheduleDependent.map {
        [
          "`\($0.row)`", "`\($0.fixture)`", $0.first.status.rawValue, $0.second.status.rawValue,
          "\($0.second.status.rawValue) under \(escape(schedule($0.schedule)))",
        ]
      })
    lines += table(
      "Mutants whose bug rests on the simulated page's timing",
      "Each says why in its `engineTiming` field; the fixtures where WebKit did not catch it are listed.",
      header: ["mutant", "why", "fixtures"],
      timingPairs(result).map {
        ["`\($0.row)`", escape($0.reason), $0.fixtures.map { "`\($0)`" }.joined(separator: ", ")]
      })
    lines += table(
      "Fixtures marked out of an engine",
      "Each says why in its `engines` field; `bridgecheck run --engine` skips it there with that reason.",
      header: ["fixture", "runs only in", "why", "pairs"],
      markedFixtures(result).map { ["`\($0.fixture)`", $0.engines, escape($0.reason), "\($0.rows)"] })
    return lines.joined(separator: "\n")
  }

  /// For an unexplained cell that the simulated page also gives the other
  /// verdict for under some schedule: where to look.
  static func scheduleLead(_ cell: FidelityCell, _ result: FidelityResult) -> String? {
    guard cell.schedule != nil else { return nil }
    return
      "\(result.first) gives \(cell.second.status.rawValue) too under \(schedule(cell.schedule)): the fixture asks "
      + "for an order the protocol does not guarantee, or the pair has a race (bridgecheck run --explore)"
  }

  /// A found schedule in words: its seed and shrunk deviations.
  static func schedule(_ found: ScheduleSearch.Found?) -> String {
    guard let found else { return "no schedule" }
    let deviations =
      found.deviations.isEmpty ? "no deviation" : found.deviations.map(\.description).joined(separator: ", ")
    if found.name == "default" { return "the default schedule (seed 0)" }
    if let name = found.name { return "the default gate's schedule \(name) (\(deviations))" }
    guard let seed = found.seed else { return "one deviation from the default schedule (\(deviations))" }
    return "seed \(seed) (\(deviations))"
  }

  /// Each engine's trace from two events before where they part.
  static func sideBySide(_ cell: FidelityCell, _ result: FidelityResult) -> [(engine: String, events: [String])] {
    let start = FidelityTraceAlignment.firstDivergence(cell.firstTrace, cell.secondTrace) ?? (0, 0)
    func excerpt(_ events: [TraceEvent], from index: Int) -> [String] {
      let shown = FidelityTraceAlignment.compared(events).filter { $0 >= index }.prefix(traceLines)
      let before = FidelityTraceAlignment.compared(events).filter { $0 < index }.suffix(2)
      let lines = (before + shown).map { FidelityTraceAlignment.line(events[$0]) }
      return lines.isEmpty ? ["(no event)"] : lines + (shown.count == traceLines ? ["…"] : [])
    }
    return [
      (result.first, excerpt(cell.firstTrace, from: start.first)),
      (result.second, excerpt(cell.secondTrace, from: start.second)),
    ]
  }

  /// A Markdown section with a table, or nothing when there is no row.
  private static func table(_ title: String, _ intro: String, header: [String], _ rows: [[String]]) -> [String] {
    guard !rows.isEmpty else { return [] }
    let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
    return ["## \(title)", "", intro, "", line(header), "|" + String(repeating: "---|", count: header.count)]
      + rows.map(line) + [""]
  }

  /// The mutants marked by their `engineTiming`, with the fixtures where the engines differed.
  static func timingPairs(_ result: FidelityResult) -> [(row: String, reason: String, fixtures: [String])] {
    var order: [String] = []
    var found: [String: (reason: String, fixtures: [String])] = [:]
    for cell in result.marked where cell.markedPair {
      if found[cell.row] == nil { order.append(cell.row) }
      found[cell.row, default: (cell.marked ?? "", [])].fixtures.append(cell.fixture)
    }
    return order.map { ($0, found[$0]!.reason, found[$0]!.fixtures) }
  }

  /// The marked fixtures, one line each, with how many rows skipped them.
  static func markedFixtures(_ result: FidelityResult) -> [(
    fixture: String, engines: String, reason: String, rows: Int
  )] {
    var order: [String] = []
    var found: [String: (engines: String, reason: String, rows: Int)] = [:]
    for cell in result.marked where !cell.markedPair {
      let engines = cell.first.status == .skip ? result.second : result.first
      if found[cell.fixture] == nil { order.append(cell.fixture) }
      found[cell.fixture, default: (engines, cell.marked ?? "", 0)].rows += 1
    }
    return order.map { ($0, found[$0]!.engines, found[$0]!.reason, found[$0]!.rows) }
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
  }
}
