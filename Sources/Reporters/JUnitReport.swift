import ScenarioRunner

/// The JUnit XML report (`--junit FILE`), in the dialect GitHub Actions test
/// reporters, GitLab and Jenkins read:
///
/// - one `<testsuites>`, one `<testsuite>` per area (in report order) with
///   `tests`, `failures`, `errors`, `skipped` and `time` (seconds), and
///   `<properties>` naming the implementations, seed, gate and interruption;
/// - one `<testcase classname="bridgecheck.<area>" name="<fixture id>"
///   time="…" file="<fixture file>">` per scenario;
/// - `fail` and `xpass` hold `<failure message="<first line>" type="<status>">`,
///   `error` holds `<error …>`; the element text is the whole message, the
///   fixture's facts and the trace excerpt;
/// - `skip` holds `<skipped message="<reason>"/>`;
/// - `xfail` passes, with `<system-out>expected failure: <message></system-out>`.
///
/// The document is well-formed for any text (see ``XMLEscaping``). Failures
/// below the gate are still `<failure>`s (JUnit has no "non-gating"); their
/// text says they do not gate.
public enum JUnitReport {
  /// How to render.
  public struct Options: Sendable, Hashable {
    /// Write every `time` as 0.000 (for golden files and diffs).
    public var redactDurations: Bool
    /// How many characters of each trace field value are shown.
    public var fieldLimit: Int

    /// Creates options.
    public init(redactDurations: Bool = false, fieldLimit: Int = FailureText.defaultFieldLimit) {
      self.redactDurations = redactDurations
      self.fieldLimit = fieldLimit
    }
  }

  /// The XML document, with a trailing newline.
  public static func render(_ report: RunReport, options: Options = Options()) -> String {
    let summary = report.summary
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites"
    out += attributes([
      ("name", report.toolName),
      ("tests", String(summary.total)),
      ("failures", String(summary.failed + summary.xpass)),
      ("errors", String(summary.errors)),
      ("skipped", String(summary.skipped)),
      ("time", seconds(report.duration, options)),
    ])
    out += ">\n"
    for (area, results) in ReportFormatting.groupedByArea(report.results) {
      out += suite(area: area, results: results, report: report, options: options)
    }
    out += "</testsuites>\n"
    return out
  }

  private static func suite(area: String, results: [ScenarioResult], report: RunReport, options: Options) -> String {
    let counts = RunSummary(results)
    let time = results.reduce(Duration.zero) { $0 + $1.duration }
    var out = "  <testsuite"
    out += attributes([
      ("name", area),
      ("tests", String(counts.total)),
      ("failures", String(counts.failed + counts.xpass)),
      ("errors", String(counts.errors)),
      ("skipped", String(counts.skipped)),
      ("time", seconds(time, options)),
    ])
    out += ">\n"
    out += "    <properties>\n"
    let properties: [(String, String)] = [
      ("bridgecheck.page", ReportFormatting.implementation(report.page)),
      ("bridgecheck.native", ReportFormatting.implementation(report.native)),
      ("bridgecheck.seed", String(report.seed)),
      ("bridgecheck.gate", report.gate.rawValue),
      ("bridgecheck.interrupted", String(report.interrupted)),
    ]
    for (name, value) in properties {
      out += "      <property" + attributes([("name", name), ("value", value)]) + "/>\n"
    }
    out += "    </properties>\n"
    for result in results {
      out += testcase(result, report: report, options: options)
    }
    out += "  </testsuite>\n"
    return out
  }

  private static func testcase(_ result: ScenarioResult, report: RunReport, options: Options) -> String {
    let scenario = result.scenario
    var out = "    <testcase"
    out += attributes([
      ("classname", "\(report.toolName).\(scenario.area)"),
      ("name", scenario.id),
      ("time", seconds(result.duration, options)),
      ("file", scenario.file),
    ])
    let message = FailureText.truncated(FailureText.headline(result), to: FailureText.headlineLimit)
    switch result.status {
    case .pass:
      return out + "/>\n"
    case .fail, .xpass, .error:
      let element = result.status == .error ? "error" : "failure"
      out += ">\n      <\(element)" + attributes([("message", message), ("type", result.status.rawValue)]) + ">"
      out += XMLEscaping.text(body(result, gate: report.gate, options: options))
      out += "</\(element)>\n"
    case .skip:
      out += ">\n      <skipped" + attributes([("message", result.message ?? FailureText.skipReason(result))]) + "/>\n"
    case .xfail:
      out += ">\n      <system-out>"
      out += XMLEscaping.text("expected failure: " + (result.message ?? FailureText.headline(result)))
      out += "</system-out>\n"
    }
    return out + "    </testcase>\n"
  }

  /// The text of a `<failure>` or `<error>`: the message, the fixture's
  /// facts, the failing expectation and the trace excerpt.
  static func body(_ result: ScenarioResult, gate: Level, options: Options) -> String {
    let scenario = result.scenario
    var lines: [String] = []
    lines.append(result.message ?? FailureText.headline(result))
    lines.append("")
    lines.append("fixture: \(scenario.id) — \(scenario.title)")
    let gating = result.isGatingFailure(gate: gate) ? "gates the run" : "does not gate the run"
    lines.append(
      "level: \(scenario.level.rawValue) (\(gating) at gate \(gate.rawValue)), subject: \(scenario.subject.rawValue)")
    if !scenario.spec.isEmpty { lines.append("spec: \(scenario.spec)") }
    lines.append("file: \(FailureText.location(result))")
    if let detail = result.detail {
      lines.append("expected: \(detail.expectation)")
      if let closest = detail.closest {
        lines.append("closest: \(FailureText.eventLine(closest, fieldLimit: options.fieldLimit))")
      }
    }
    if let heading = FailureText.traceHeading(result) {
      lines.append("")
      lines.append(heading)
      lines.append(contentsOf: FailureText.traceLines(result, fieldLimit: options.fieldLimit))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
  }

  private static func seconds(_ duration: Duration, _ options: Options) -> String {
    ReportFormatting.seconds(duration, decimals: 3, redacted: options.redactDurations)
  }
}
