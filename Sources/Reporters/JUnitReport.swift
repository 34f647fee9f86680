import ScenarioRunner

/// The JUnit XML report (`--junit FILE`), valid under the Jenkins xUnit
/// plugin's `junit-10.xsd` (the dialect GitHub Actions test reporters, GitLab
/// and Jenkins read):
///
/// - one `<testsuites name tests failures errors time>`, one
///   `<testsuite name tests failures errors skipped time>` per area (in
///   report order) with `<properties>` naming the implementations, seed,
///   gate, interruption, the run's verdict (`pass` or `fail`) and exit code,
///   the shard of a sharded run, the command line of the run and the
///   schedules each scenario ran under;
/// - one `<testcase classname="bridgecheck.<area>" name="<fixture id>" time="…">`
///   per scenario (the fixture file is in the element text);
/// - a result that fails the gate is `<failure message="<first line>" type="fail|xpass">`
///   or, for `error`, `<error …>`; the element text is the whole message, the
///   fixture's facts, the command line that reproduces it and the trace excerpt;
/// - what does not fail the gate is `<skipped>`, so a viewer is green when
///   the gate is: a skip (its reason), an expected failure (`xfail`,
///   `expected failure: …`) and a failure below the gate (`does not gate: …`,
///   with the same text as a `<failure>`);
/// - `failures`, `errors` and `skipped` count those elements.
///
/// The document is well-formed for any text (see ``XMLEscaping``).
package enum JUnitReport {
  /// How to render.
  package struct Options: Sendable, Hashable {
    /// Write every `time` as 0.000 (for golden files and diffs).
    package var redactDurations: Bool
    /// How many characters of each trace field value are shown.
    package var fieldLimit: Int

    /// Creates options.
    package init(redactDurations: Bool = false, fieldLimit: Int = FailureText.defaultFieldLimit) {
      self.redactDurations = redactDurations
      self.fieldLimit = fieldLimit
    }
  }

  /// The XML document, with a trailing newline.
  package static func render(_ report: RunReport, options: Options = Options()) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites"
    let counts = Counts(report.results, gate: report.gate)
    out += attributes([
      ("name", report.toolName),
      ("tests", String(report.results.count)),
      ("failures", String(counts.failures)),
      ("errors", String(counts.errors)),
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
    let counts = Counts(results, gate: report.gate)
    let time = results.reduce(Duration.zero) { $0 + $1.duration }
    var out = "  <testsuite"
    out += attributes([
      ("name", area),
      ("tests", String(results.count)),
      ("failures", String(counts.failures)),
      ("errors", String(counts.errors)),
      ("skipped", String(counts.skipped)),
      ("time", seconds(time, options)),
    ])
    out += ">\n"
    out += "    <properties>\n"
    let properties: [(String, String)] =
      [
        ("bridgecheck.page", ReportFormatting.implementation(report.page)),
        ("bridgecheck.native", ReportFormatting.implementation(report.native)),
        ("bridgecheck.seed", String(report.seed)),
        ("bridgecheck.gate", report.gate.rawValue),
        ("bridgecheck.interrupted", String(report.interrupted)),
        ("bridgecheck.verdict", report.verdict),
        ("bridgecheck.exitCode", String(report.exitCode)),
      ] + contextProperties(report.context)
      + (report.schedules.map { [("bridgecheck.schedules", $0.description)] } ?? [])
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

  /// The properties that say how the run was set up.
  private static func contextProperties(_ context: RunContext?) -> [(String, String)] {
    guard let context else { return [] }
    var properties = [("bridgecheck.command", context.command), ("bridgecheck.profile", context.profile)]
    if let shard = context.shard { properties.append(("bridgecheck.shard", shard.description)) }
    if let merged = context.mergedShards { properties.append(("bridgecheck.mergedShards", String(merged))) }
    if let note = context.dialect {
      properties.append(("bridgecheck.profileOrigin", note.origin.rawValue))
      if let side = note.inferredFrom { properties.append(("bridgecheck.profileInferredFrom", side)) }
      if let nearest = note.nearest { properties.append(("bridgecheck.profileNearest", nearest)) }
      if !note.differences.isEmpty {
        properties.append(("bridgecheck.profileDifferences", note.differences.joined(separator: "; ")))
      }
      if !note.doubts.isEmpty { properties.append(("bridgecheck.profileDoubts", note.doubts.joined(separator: "; "))) }
      if let failure = note.inferenceFailure { properties.append(("bridgecheck.profileInferenceFailure", failure)) }
      if let unfit = note.unfit { properties.append(("bridgecheck.profileUnfit", unfit)) }
    }
    return properties
  }

  private static func testcase(_ result: ScenarioResult, report: RunReport, options: Options) -> String {
    let scenario = result.scenario
    var out = "    <testcase"
    out += attributes([
      ("classname", "\(report.toolName).\(scenario.area)"),
      ("name", scenario.id),
      ("time", seconds(result.duration, options)),
    ])
    let message = FailureText.truncated(FailureText.headline(result), to: FailureText.headlineLimit)
    switch Kind(result, gate: report.gate) {
    case .passed:
      return out + "/>\n"
    case .failure, .error:
      let element = result.status == .error ? "error" : "failure"
      out += ">\n      <\(element)" + attributes([("message", message), ("type", result.status.rawValue)]) + ">"
      out += XMLEscaping.text(
        body(result, gate: report.gate, reproduce: report.reproduceCommand(for: result), options: options))
      out += "</\(element)>\n"
    case .skipped where result.status == .skip:
      out += ">\n      <skipped" + attributes([("message", result.message ?? FailureText.skipReason(result))]) + "/>\n"
    case .skipped where result.status == .xfail:
      let headline = "expected failure: " + message
      out += ">\n      <skipped" + attributes([("message", headline), ("type", "xfail")]) + ">"
      out += XMLEscaping.text(
        body(result, gate: report.gate, reproduce: report.reproduceCommand(for: result), options: options))
      out += "</skipped>\n"
    case .skipped:
      out +=
        ">\n      <skipped" + attributes([("message", "does not gate: " + message), ("type", result.status.rawValue)])
        + ">"
      out += XMLEscaping.text(
        body(result, gate: report.gate, reproduce: report.reproduceCommand(for: result), options: options))
      out += "</skipped>\n"
    }
    return out + "    </testcase>\n"
  }

  /// The text of a `<failure>` or `<error>`: the message, the fixture's
  /// facts, the failing expectation and the trace excerpt.
  static func body(_ result: ScenarioResult, gate: Level, reproduce: String? = nil, options: Options) -> String {
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
    if let reproduce { lines.append("reproduce: \(reproduce)") }
    if let heading = FailureText.traceHeading(result) {
      lines.append("")
      lines.append(heading)
      lines.append(contentsOf: FailureText.traceLines(result, fieldLimit: options.fieldLimit))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What a result is in JUnit terms.
  enum Kind {
    case passed, failure, error, skipped

    init(_ result: ScenarioResult, gate: Level) {
      switch result.status {
      case .pass: self = .passed
      case .skip, .xfail: self = .skipped
      case .fail, .xpass, .error:
        guard result.isGatingFailure(gate: gate) else {
          self = .skipped
          return
        }
        self = result.status == .error ? .error : .failure
      }
    }
  }

  /// How many results of each kind.
  struct Counts {
    var failures = 0
    var errors = 0
    var skipped = 0

    init(_ results: [ScenarioResult], gate: Level) {
      for result in results {
        switch Kind(result, gate: gate) {
        case .passed: break
        case .failure: failures += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
      }
    }
  }

  private static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
  }

  private static func seconds(_ duration: Duration, _ options: Options) -> String {
    ReportFormatting.seconds(duration, decimals: 3, redacted: options.redactDurations)
  }
}
