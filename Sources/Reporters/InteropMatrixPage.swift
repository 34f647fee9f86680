import ScenarioRunner

/// The interop matrix as a self-contained HTML page: readable on a phone
/// (a viewport tag; the table scrolls sideways in its own region while the
/// pair names stay in view, and the verdict is the first column after
/// them), accessible (landmarks, headings in order, table headers with
/// scopes, the verdict in words and not only in colour, colours with a
/// contrast of at least 4.5:1), and small: messages and explanations are
/// cut as in every report (``PayloadBound``), so the failure section paints
/// whatever a bridge sent.
struct InteropMatrixPage {
  let pairs: [InteropPair]
  let toolVersion: String
  let fixtureCount: Int
  let explanations: [String: String]

  /// Text and background of each verdict (contrast ≥ 4.5:1, checked in the tests).
  static let colours: [InteropVerdict: (text: String, background: String)] = [
    .pass: ("#0a3622", "#d3f5dc"),
    .passWithNotes: ("#3b2300", "#fff1b8"),
    .failMust: ("#5c0000", "#ffc9c4"),
    .error: ("#ffffff", "#a4161a"),
    .notJudged: ("#4a525b", "#f0f2f4"),
  ]

  static let style: String = {
    var css = """
      *{box-sizing:border-box}
      body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:1rem;color:#1b1f23;background:#fff;line-height:1.45}
      main,header{max-width:80rem}
      h1{font-size:1.5rem;margin:.25rem 0 .5rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}h3{font-size:1rem;margin:1rem 0 .25rem}
      .legend{padding-left:1.2rem}.legend li{margin:.2rem 0}
      .swatch{display:inline-block;min-width:5.5rem;padding:0 .4rem;margin-right:.4rem;border-radius:3px;font-weight:600}
      .scroll{overflow-x:auto;max-width:100%;border:1px solid #d0d7de}
      .scroll:focus{outline:3px solid #0550ae;outline-offset:2px}
      table{border-collapse:collapse;font-size:.9rem}
      caption{text-align:left;padding:.4rem .5rem;font-weight:600}
      th,td{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:center;white-space:nowrap}
      thead th{background:#eef1f4}
      tbody th{text-align:left;white-space:normal;min-width:8rem;max-width:11rem;position:sticky;left:0;background:#fff;font-weight:600}
      thead th:first-child{position:sticky;left:0;z-index:1}
      td.verdict{text-align:left;white-space:normal;min-width:9rem;max-width:14rem}
      a{color:inherit}
      pre{background:#f6f8fa;color:#1b1f23;padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%}
      code{overflow-wrap:anywhere}
      li{margin:.4rem 0}

      """
    for verdict in InteropVerdict.allCases {
      if let colour = colours[verdict] {
        css += ".v-\(verdict.rawValue){color:\(colour.text);background:\(colour.background)}\n"
      }
    }
    return css
  }()

  func render() -> String {
    let areas = InteropMatrixReport.areas(pairs)
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>bridgecheck interoperability matrix</title>
      <style>
      \(Self.style)</style>
      </head>
      <body>
      <header>
      <h1>bridgecheck interoperability matrix</h1>

      """
    html += "<p>bridgecheck \(escape(toolVersion)), \(fixtureCount) fixtures. Each cell: scenarios passed / judged "
    html += "(skips excluded; an expected failure is not a pass), then expected failures (xfail) and errors. "
    html += "A cell with failures links to them.</p>\n</header>\n<main>\n"
    html += legend()
    html += "<h2 id=\"matrix\">Matrix</h2>\n"
    html += "<div class=\"scroll\" role=\"region\" aria-labelledby=\"matrix\" tabindex=\"0\">\n"
    html += "<table>\n<caption>Each pair's verdict and results by area</caption>\n"
    html += "<thead><tr><th scope=\"col\">page × native</th><th scope=\"col\">verdict</th><th scope=\"col\">total</th>"
    html += areas.map { "<th scope=\"col\">\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
    for (index, pair) in pairs.enumerated() {
      let total = pair.tally(area: nil)
      html += "<tr><th scope=\"row\">\(escape(pair.title))</th>"
      html += "<td class=\"verdict v-\(total.verdict.rawValue)\">\(escape(total.verdictText))</td>"
      for area in [nil] + areas.map(Optional.some) {
        let tally = pair.tally(area: area)
        let linked = pair.results(area: area).contains { FailureText.isFailure($0.status) || $0.status == .xfail }
        let text = escape(tally.text)
        html += "<td class=\"v-\(tally.verdict.rawValue)\">"
        html += linked ? "<a href=\"#pair-\(index)\">\(text)</a>" : text
        html += "</td>"
      }
      html += "</tr>\n"
    }
    html += "</tbody>\n</table>\n</div>\n"
    html += failureSections()
    html += "</main>\n</body>\n</html>\n"
    return html
  }

  private func legend() -> String {
    var html =
      "<h2 id=\"legend\">Legend</h2>\n<p>The colour is the verdict, never the pass rate:</p>\n<ul class=\"legend\">\n"
    for verdict in InteropMatrixReport.legend(pairs) {
      html += "<li><span class=\"swatch v-\(verdict.rawValue)\">\(escape(verdict.label))</span> "
      html += "\(escape(verdict.meaning))</li>\n"
    }
    return html + "</ul>\n"
  }

  private func failureSections() -> String {
    var html = ""
    var explained: [String] = []
    for (index, pair) in pairs.enumerated() where !pair.failures.isEmpty || !pair.expectedFailures.isEmpty {
      html += "<section aria-labelledby=\"pair-\(index)\">\n"
      html += "<h2 id=\"pair-\(index)\">Failures of \(escape(pair.title))</h2>\n"
      html += "<p>\(escape(pair.tally(area: nil).verdictText))</p>\n"
      for (title, results) in [("Failing", pair.failures), ("Expected failures (xfail)", pair.expectedFailures)]
      where !results.isEmpty {
        html += "<h3>\(title)</h3>\n<ul>\n"
        for result in results {
          if !explained.contains(result.scenario.id) { explained.append(result.scenario.id) }
          html += "<li><a href=\"#\(Self.anchor(result.scenario.id))\"><code>\(escape(result.scenario.id))</code></a> "
          html += "(\(escape(result.scenario.level.rawValue)), \(escape(result.status.rawValue)))"
          html += "<pre>\(escape(PayloadBound.text(result.message ?? "")))</pre></li>\n"
        }
        html += "</ul>\n"
      }
      html += "</section>\n"
    }
    guard !explained.isEmpty else { return html }
    html += "<section aria-labelledby=\"explanations\">\n<h2 id=\"explanations\">Explanations</h2>\n"
    for id in explained.sorted() {
      html += "<h3 id=\"\(Self.anchor(id))\">\(escape(id))</h3>"
      html += "<pre>\(escape(PayloadBound.text(explanations[id] ?? "")))</pre>\n"
    }
    return html + "</section>\n"
  }

  /// HTML text escaping, also making invisible characters visible.
  func escape(_ text: String) -> String { Self.escape(text) }

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
