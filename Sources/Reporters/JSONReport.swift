import JSONModel
import ScenarioRunner

/// The machine-readable report (`--json FILE`, `--format json`), described
/// by `docs/report-schema.json`:
///
/// ```text
/// {"tool": {"name", "version"}, "verdict": "pass|fail", "exitCode": 0|1|130|143,
///  "implementations": {"page": {"name", "version"?}, "native": {"name", "version"?}},
///  "run": {"command", "profile", "engine", "explore": {"seeds", "timeSeconds"}|null,
///          "shard": {"index", "count"}|null, "mergedShards": int|null,
///          "fixtures": {"sha256", "ids": [id, …], "unselected": [id, …]},
///          "expectations": {"file", "sha256"}|null}|null,
///  "seed": "<decimal digits>", "gate": "must|should|may", "interrupted": bool,
///  "cutShort": string|null, "nothingJudged": string|null, "expectationProblems": [string, …], "notices": [string, …]?,
///  "pageAPIsMissing"?: [{"api", "scenarios"}, …] (APIs WebKit has that page code reached for
///                      and the simulated page lacks, most scenarios first),
///  "schedules"?: {"names": [string, …], "seeds", "seedsTimeBudgeted": bool, "replay": bool},
///  "summary": {"total", "passed", "failed", "errors", "skipped", "xfail", "xpass", "durationMs",
///              "exploration"?: {"scenarios", "seedsAsked", "systematicAsked", "schedules", "distinctSchedules",
///                               "failing"}},
///  "results": [{"id", "title", "area", "level", "subject", "spec", "file", "status", "durationMs",
///               "message": string|null, "gating": bool,
///               "outcome": "fail|error|timeout|crash"|null, "failedChecks": [check id, …],
///               "reproduce"?: string,
///               "detail"?: {"expectation", "pointer": string|null, "closest"?: event, "focus"?: seq},
///               "exploration"?: {"schedules", "distinctSchedules", "seedsAsked", "systematicAsked"?,
///                                "failingSeed"?, "failingScheduleName"?, "failingSchedule"?},
///               "pageAPIsMissing"?: [api, …] (what this scenario's page code reached for and lacked),
///               "traceEventCount", "trace": [event, …]}]}
/// ```
///
/// - `seed` is a string of decimal digits: seeds are 64-bit and a JSON number
///   is exact only up to 2^53.
/// - `durationMs` values are milliseconds rounded to 0.001.
/// - `verdict` and `exitCode` are the run's verdict and the exit status of
///   the command that wrote the report (`RunReport.exitCode`).
/// - `run` says how the run was set up (`RunContext`): what `bridgecheck
///   merge` compares across shards; null when the writer did not know it.
/// - `gating` is whether the result counts against the run's gate.
/// - `reproduce` is the command line that runs a scenario that did not pass
///   again, with its trace (fail, error and xfail only).
/// - `outcome` is how a scenario that did not pass ended (kept for `xfail`);
///   `failedChecks` the stable ids of the checks that did not hold, the one
///   `message` is about first (`ScenarioRunner.CheckID`): what an
///   expectations file entry pins.
/// - `cutShort` says why the run stopped handing out scenarios early
///   (`--max-failures`); `expectationProblems` are problems of the
///   expectations file that fail the gate (entries of unknown fixtures).
/// - `nothingJudged` says why a run in which every scenario was skipped
///   fails (`RunReport.nothingJudged`); null when a scenario ran.
/// - `pointer` is an RFC 6901 JSON pointer into the fixture file, or `null`.
/// - Trace events are `TraceEvent.json` objects: `seq`, `time` (virtual
///   milliseconds), `source`, `event`, then the event's own fields.
/// - Keys appear in the order above; results in the report's order.
package enum JSONReport {
  /// How to render.
  package struct Options: Sendable, Hashable {
    /// Write every `durationMs` as 0 (for golden files and diffs).
    package var redactDurations: Bool

    /// Creates options.
    package init(redactDurations: Bool = false) {
      self.redactDurations = redactDurations
    }
  }

  /// The report as pretty-printed JSON (two-space indent, like
  /// `JSON.stringify(value, null, 2)`) with a trailing newline.
  package static func render(_ report: RunReport, options: Options = Options()) -> String {
    document(report, options: options).serialized(pretty: true) + "\n"
  }

  /// The report as a JSON value.
  package static func document(_ report: RunReport, options: Options = Options()) -> JSONValue {
    let summary = report.summary
    var summaryObject: JSONObject = [
      "total": number(summary.total),
      "passed": number(summary.passed),
      "failed": number(summary.failed),
      "errors": number(summary.errors),
      "skipped": number(summary.skipped),
      "xfail": number(summary.xfail),
      "xpass": number(summary.xpass),
      "durationMs": .number(ReportFormatting.milliseconds(report.duration, redacted: options.redactDurations)),
    ]
    if let exploration = report.exploration {
      summaryObject["exploration"] = [
        "scenarios": number(exploration.scenarios), "seedsAsked": number(exploration.seedsAsked),
        "systematicAsked": number(exploration.systematicAsked), "schedules": number(exploration.schedules),
        "distinctSchedules": number(exploration.distinctSchedules),
        "failing": number(exploration.failing),
      ]
    }
    var root: JSONObject = [
      "tool": ["name": .string(report.toolName), "version": .string(report.toolVersion)],
      "verdict": .string(report.verdict),
      "exitCode": number(Int(report.exitCode)),
      "implementations": ["page": implementation(report.page), "native": implementation(report.native)],
      "run": report.context.map(context) ?? .null,
      "seed": .string(String(report.seed)),
      "gate": .string(report.gate.rawValue),
      "interrupted": .bool(report.interrupted),
      "cutShort": report.cutShort.map(JSONValue.string) ?? .null,
      "nothingJudged": report.nothingJudged.map(JSONValue.string) ?? .null,
      "expectationProblems": .array(report.expectationProblems.map(JSONValue.string)),
      "summary": .object(summaryObject),
      "results": .array(
        report.results.map {
          result(for: $0, gate: report.gate, reproduce: report.reproduceCommand(for: $0), options: options)
        }),
    ]
    if let schedules = report.schedules { root["schedules"] = schedules.jsonValue }
    if !report.notices.isEmpty { root["notices"] = .array(report.notices.map(JSONValue.string)) }
    let missing = report.pageAPIsMissing
    if !missing.isEmpty {
      root["pageAPIsMissing"] = .array(
        missing.map { ["api": .string($0.api), "scenarios": .number(Double($0.scenarios))] })
    }
    return .object(root)
  }

  /// One entry of `results`; `reproduce` is the command line that runs it
  /// again (``RunReport/reproduceCommand(for:)``).
  package static func result(
    for result: ScenarioResult, gate: Level, reproduce: String? = nil, options: Options = Options()
  ) -> JSONValue {
    let scenario = result.scenario
    var object: JSONObject = [
      "id": .string(scenario.id),
      "title": .string(scenario.title),
      "area": .string(scenario.area),
      "level": .string(scenario.level.rawValue),
      "subject": .string(scenario.subject.rawValue),
      "spec": .string(scenario.spec),
      "file": .string(scenario.file),
      "status": .string(result.status.rawValue),
      "durationMs": .number(ReportFormatting.milliseconds(result.duration, redacted: options.redactDurations)),
      "message": result.message.map(JSONValue.string) ?? .null,
      "gating": .bool(result.isGatingFailure(gate: gate)),
      "outcome": result.outcome.map { .string($0.rawValue) } ?? .null,
      "failedChecks": .array(result.failedChecks.map(JSONValue.string)),
    ]
    if let reproduce { object["reproduce"] = .string(reproduce) }
    if let detail = result.detail {
      var detailObject: JSONObject = [
        "expectation": .string(detail.expectation),
        "pointer": detail.pointer.map { .string($0.description) } ?? .null,
      ]
      if let closest = detail.closest { detailObject["closest"] = closest.json }
      if let focus = detail.focus { detailObject["focus"] = number(focus) }
      object["detail"] = .object(detailObject)
    }
    if let exploration = result.exploration { object["exploration"] = exploration.jsonValue }
    if !result.pageAPIsMissing.isEmpty {
      object["pageAPIsMissing"] = .array(result.pageAPIsMissing.map(JSONValue.string))
    }
    object["traceEventCount"] = number(result.traceEventCount)
    object["trace"] = .array(result.trace.map(\.json))
    return .object(object)
  }

  /// The `run` object.
  static func context(_ context: RunContext) -> JSONValue {
    var explore = JSONValue.null
    if let setting = context.explore {
      explore = ["seeds": number(setting.seeds), "timeSeconds": setting.timeSeconds.map(JSONValue.number) ?? .null]
    }
    let shard: JSONValue = context.shard.map { ["index": number($0.index), "count": number($0.count)] } ?? .null
    let expectations: JSONValue =
      context.expectations.map { ["file": .string($0.file), "sha256": .string($0.digest)] } ?? .null
    var object: JSONObject = [
      "command": .string(context.command),
      "profile": .string(context.profile),
      "engine": .string(context.engine),
      "explore": explore,
      "shard": shard,
      "mergedShards": context.mergedShards.map(number) ?? .null,
      "fixtures": [
        "sha256": .string(context.fixtures.digest),
        "ids": .array(context.fixtures.ids.map(JSONValue.string)),
        "unselected": .array(context.fixtures.unselected.map(JSONValue.string)),
      ],
      "expectations": expectations,
    ]
    if let note = context.dialect { object["dialect"] = dialect(note) }
    return .object(object)
  }

  /// The `run.dialect` object.
  static func dialect(_ note: DialectNote) -> JSONValue {
    [
      "origin": .string(note.origin.rawValue),
      "inferredFrom": note.inferredFrom.map(JSONValue.string) ?? .null,
      "nearest": note.nearest.map(JSONValue.string) ?? .null,
      "differences": .array(note.differences.map(JSONValue.string)),
      "doubts": .array(note.doubts.map(JSONValue.string)),
      "inferenceFailure": note.inferenceFailure.map(JSONValue.string) ?? .null,
      "unfit": note.unfit.map(JSONValue.string) ?? .null,
    ]
  }

  private static func implementation(_ info: ImplementationInfo) -> JSONValue {
    var object: JSONObject = ["name": .string(info.name)]
    if let version = info.version { object["version"] = .string(version) }
    return .object(object)
  }

  private static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
}
