import PageSimulation

/// A fidelity check as text (for the terminal) and as Markdown
/// (`conformance/FIDELITY.md`): the counts, every difference with both
/// verdicts and both traces from the first event where they part, then the
/// fixtures marked out of an engine with their reasons. No times: a real
/// engine's are its own, and the same run gives the same report.
public enum FidelityReport {
  /// Events shown of each trace from where they part (two before it).
  public static let traceLines = 14

  /// The summary line.
  public static func summary(_ result: FidelityResult) -> String {
    let state = result.complete ? "" : " (interrupted: not every cell ran)"
    return "fidelity \(result.first) vs \(result.second): \(result.rows.count) implementation pair(s) × "
      + "\(result.fixtures.count) fixture(s), \(result.compared) cells compared, \(result.differences.count) "
      + "difference(s), \(result.marked.count) cell(s) marked out of an engine\(state)"
  }

  /// The report for a terminal.
  public static func text(_ result: FidelityResult) -> String {
    var lines = [summary(result)]
    for failure in result.setupFailures {
      lines.append("  NOT RUN \(failure.row): \(failure.message)")
    }
    for cell in result.differences {
      lines.append("")
      lines.append("DIFFERS \(cell.row) on \(cell.fixture)\(cell.repeated ? "" : " (not repeated on a second run)")")
      lines.append("  \(result.first): \(cell.first.status.rawValue.uppercased()) \(cell.first.message)")
      lines.append("  \(result.second): \(cell.second.status.rawValue.uppercased()) \(cell.second.message)")
      for (engine, events) in sideBySide(cell, result) {
        lines.append("  \(engine):")
        lines += events.map { "    \($0)" }
      }
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
  public static func markdown(_ result: FidelityResult, heading: String, preamble: [String]) -> String {
    var lines = ["# \(heading)", ""]
    for paragraph in preamble { lines += [paragraph, ""] }
    lines += ["**\(summary(result)).**", ""]
    for failure in result.setupFailures {
      lines.append("- Not run: `\(failure.row)`: \(failure.message)")
    }
    if result.differences.isEmpty {
      lines += ["No verdict differs between the two engines.", ""]
    } else {
      lines += ["## Differences", ""]
      for cell in result.differences {
        lines += [
          "### `\(cell.row)` on `\(cell.fixture)`\(cell.repeated ? "" : " (not repeated on a second run)")", "",
          "| | \(result.first) | \(result.second) |", "|---|---|---|",
          "| verdict | \(cell.first.status.rawValue) | \(cell.second.status.rawValue) |",
          "| reason | \(escape(cell.first.message)) | \(escape(cell.second.message)) |",
        ]
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
    let marks = markedFixtures(result)
    if !marks.isEmpty {
      lines += [
        "## Fixtures marked out of an engine", "",
        "Each says why in its `engines` field; `bridgecheck run --engine` skips it there with that reason.", "",
        "| fixture | runs only in | why | pairs |", "|---|---|---|---|",
      ]
      lines += marks.map { "| `\($0.fixture)` | \($0.engines) | \(escape($0.reason)) | \($0.rows) |" }
      lines.append("")
    }
    return lines.joined(separator: "\n")
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

  /// The marked fixtures, one line each, with how many rows skipped them.
  static func markedFixtures(_ result: FidelityResult) -> [(fixture: String, engines: String, reason: String, rows: Int)] {
    var order: [String] = []
    var found: [String: (engines: String, reason: String, rows: Int)] = [:]
    for cell in result.marked {
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
