import ScenarioRunner

/// One pair of implementations run over the suite.
public struct InteropPair: Sendable {
  /// The page side.
  public var page: ImplementationInfo
  /// The native side.
  public var native: ImplementationInfo
  /// Its results, in fixture order.
  public var results: [ScenarioResult]

  /// Creates a pair.
  public init(page: ImplementationInfo, native: ImplementationInfo, results: [ScenarioResult]) {
    self.page = page
    self.native = native
    self.results = results
  }

  /// "page × native".
  public var title: String { "\(Self.label(page)) × \(Self.label(native))" }

  static func label(_ info: ImplementationInfo) -> String {
    info.name + (info.version.map { " \($0)" } ?? "")
  }

  /// Passed and judged (not skipped) scenarios of an area (`nil`: all areas).
  func rate(area: String?) -> (passed: Int, judged: Int) {
    let relevant = results.filter { (area == nil || $0.scenario.area == area) && $0.status != .skip }
    return (relevant.filter { $0.status == .pass || $0.status == .xfail }.count, relevant.count)
  }

  var failures: [ScenarioResult] { results.filter { FailureText.isFailure($0.status) } }
}

/// Every page implementation against every native implementation, as a
/// Markdown table (`conformance/RESULTS.md`) and a self-contained HTML page
/// (cells coloured by pass rate, every failure linked to its explanation).
/// All text that comes from implementations is escaped.
public enum InteropMatrixReport {
  /// The areas, in the order they first appear.
  static func areas(_ pairs: [InteropPair]) -> [String] {
    var seen: [String] = []
    for result in pairs.flatMap(\.results) where !seen.contains(result.scenario.area) {
      seen.append(result.scenario.area)
    }
    return seen
  }

  static func cellText(_ rate: (passed: Int, judged: Int)) -> String {
    rate.judged == 0 ? "–" : "\(rate.passed)/\(rate.judged)"
  }

  static func percent(_ rate: (passed: Int, judged: Int)) -> Double? {
    rate.judged == 0 ? nil : Double(rate.passed) / Double(rate.judged)
  }

  /// The Markdown report.
  public static func markdown(_ pairs: [InteropPair], toolVersion: String, fixtureCount: Int) -> String {
    let areas = areas(pairs)
    var lines: [String] = []
    lines.append("# bridgecheck interoperability matrix")
    lines.append("")
    lines.append(
      "bridgecheck \(toolVersion), \(fixtureCount) fixtures. Each cell: scenarios passed / scenarios judged "
        + "(skips excluded). Regenerate with `bridgecheck matrix`.")
    lines.append("")
    lines.append("| page × native | " + areas.map(MarkdownReport.cell).joined(separator: " | ") + " | total |")
    lines.append("|---|" + areas.map { _ in "---:" }.joined(separator: "|") + "|---:|")
    for pair in pairs {
      let cells = areas.map { area in mark(pair.rate(area: area)) }
      lines.append("| \(MarkdownReport.cell(pair.title)) | " + cells.joined(separator: " | ") + " | \(mark(pair.rate(area: nil))) |")
    }
    for pair in pairs where !pair.failures.isEmpty {
      lines += ["", "## Failures of \(MarkdownReport.inline(pair.title))", ""]
      for failure in pair.failures {
        lines.append(
          "- `\(failure.scenario.id)` (\(failure.scenario.level.rawValue), \(failure.status.rawValue)): "
            + MarkdownReport.inline(FailureText.firstLine(failure.message))
            + " — `bridgecheck explain \(failure.scenario.id)`")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func mark(_ rate: (passed: Int, judged: Int)) -> String {
    guard let share = percent(rate) else { return "–" }
    let icon = share == 1 ? "✅" : share >= 0.8 ? "🟡" : "❌"
    return "\(icon) \(cellText(rate))"
  }

  /// The HTML page; `explanations` maps fixture ids to their `explain` text.
  public static func html(
    _ pairs: [InteropPair], toolVersion: String, fixtureCount: Int, explanations: [String: String]
  ) -> String {
    let areas = areas(pairs)
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>bridgecheck interoperability matrix</title>
      <style>
      body{font-family:system-ui,sans-serif;margin:2rem;color:#1b1f23}
      table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.35rem .6rem;text-align:center}
      th:first-child,td:first-child{text-align:left}
      .full{background:#d1f2d9}.most{background:#fff3c4}.low{background:#ffd7d5}.none{background:#f6f8fa}
      pre{background:#f6f8fa;padding:.75rem;overflow:auto;white-space:pre-wrap}
      a{color:inherit}
      </style></head><body>
      <h1>bridgecheck interoperability matrix</h1>

      """
    html += "<p>bridgecheck \(escape(toolVersion)), \(fixtureCount) fixtures. "
    html += "Each cell: scenarios passed / judged (skips excluded); click a cell for its failures.</p>\n"
    html += "<table><thead><tr><th>page × native</th>"
    html += areas.map { "<th>\(escape($0))</th>" }.joined() + "<th>total</th></tr></thead><tbody>\n"
    for (index, pair) in pairs.enumerated() {
      html += "<tr><td>\(escape(pair.title))</td>"
      for area in areas + [""] {
        let rate = pair.rate(area: area.isEmpty ? nil : area)
        let share = percent(rate)
        let style = share.map { $0 == 1 ? "full" : $0 >= 0.8 ? "most" : "low" } ?? "none"
        let hasFailures = pair.failures.contains { area.isEmpty || $0.scenario.area == area }
        let text = escape(cellText(rate))
        let cell = hasFailures ? "<a href=\"#pair-\(index)\">\(text)</a>" : text
        html += "<td class=\"\(style)\">\(cell)</td>"
      }
      html += "</tr>\n"
    }
    html += "</tbody></table>\n"
    var explained: Set<String> = []
    for (index, pair) in pairs.enumerated() where !pair.failures.isEmpty {
      html += "<h2 id=\"pair-\(index)\">Failures of \(escape(pair.title))</h2><ul>\n"
      for failure in pair.failures {
        explained.insert(failure.scenario.id)
        html += "<li><a href=\"#\(anchor(failure.scenario.id))\"><code>\(escape(failure.scenario.id))</code></a> "
        html += "(\(escape(failure.scenario.level.rawValue)), \(escape(failure.status.rawValue)))"
        html += "<pre>\(escape(FailureText.visible(failure.message ?? "", keepingLineBreaks: true)))</pre></li>\n"
      }
      html += "</ul>\n"
    }
    if !explained.isEmpty { html += "<h2>Explanations</h2>\n" }
    for id in explained.sorted() {
      html += "<h3 id=\"\(anchor(id))\">\(escape(id))</h3><pre>\(escape(explanations[id] ?? ""))</pre>\n"
    }
    html += "</body></html>\n"
    return html
  }

  /// HTML text escaping, also making invisible characters visible.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in FailureText.visible(text, keepingLineBreaks: true).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func anchor(_ id: String) -> String {
    "explain-" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }
}
