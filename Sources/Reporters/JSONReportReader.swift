import JSONModel
import ScenarioRunner
import WebViewHosting

/// Reads a JSON report (``JSONReport``, `docs/report-schema.json`) back into
/// the run it describes, for `bridgecheck merge`: rendered again, it gives
/// the same JSON (and the same JUnit, Markdown and terminal reports) as the
/// run that wrote it, timings aside (durations are kept to the microsecond
/// the report has).
///
/// A trace field the report had to rename (a field called like a header
/// key, `seq`, `time`, `source` or `event`, is written `_seq`…) is read back
/// under its own name.
package enum JSONReportReader {
  /// What is wrong with a report: where (a JSON pointer) and what.
  package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the report.
    package var pointer: JSONPointer
    /// What is wrong.
    package var message: String

    /// `#/pointer: message`, or the message alone at the root.
    package var description: String {
      pointer.isRoot ? message : "#\(pointer.description): \(message)"
    }
  }

  /// The run `text` describes.
  package static func read(_ text: String) throws(Problem) -> RunReport {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      throw Problem(pointer: .root, message: "not valid JSON: \(error)")
    }
    return try read(value)
  }

  /// The run `value` describes.
  package static func read(_ value: JSONValue) throws(Problem) -> RunReport {
    var reader = Reader()
    return try reader.report(value)
  }

  private struct Reader {
    func fail(_ pointer: JSONPointer, _ message: String) -> Problem { Problem(pointer: pointer, message: message) }

    func member(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> JSONValue {
      guard value.objectValue != nil else { throw fail(pointer, "expected an object, found \(value.typeName)") }
      guard let member = value[key] else { throw fail(pointer.appending(key), "missing") }
      return member
    }

    func string(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> String {
      guard let text = try member(value, key, at: pointer).stringValue else {
        throw fail(pointer.appending(key), "expected a string")
      }
      return text
    }

    func optionalString(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> String? {
      guard let member = value[key], !member.isNull else { return nil }
      guard let text = member.stringValue else { throw fail(pointer.appending(key), "expected a string or null") }
      return text
    }

    func integer(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> Int {
      guard let number = try member(value, key, at: pointer).numberValue, number == number.rounded(),
        abs(number) < 9e15
      else { throw fail(pointer.appending(key), "expected a whole number") }
      return Int(number)
    }

    func number(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> Double {
      guard let number = try member(value, key, at: pointer).numberValue, number.isFinite else {
        throw fail(pointer.appending(key), "expected a number")
      }
      return number
    }

    func array(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> [JSONValue] {
      guard let items = try member(value, key, at: pointer).arrayValue else {
        throw fail(pointer.appending(key), "expected an array")
      }
      return items
    }

    func strings(_ value: JSONValue, _ key: String, at pointer: JSONPointer) throws(Problem) -> [String] {
      var out: [String] = []
      for (index, item) in try array(value, key, at: pointer).enumerated() {
        guard let text = item.stringValue else {
          throw fail(pointer.appending(key).appending(String(index)), "expected a string")
        }
        out.append(text)
      }
      return out
    }

    func enumValue<T: RawRepresentable>(
      _ type: T.Type, _ value: JSONValue, _ key: String, at pointer: JSONPointer
    ) throws(Problem) -> T where T.RawValue == String {
      let text = try string(value, key, at: pointer)
      guard let parsed = T(rawValue: text) else { throw fail(pointer.appending(key), "unknown value \"\(text)\"") }
      return parsed
    }

    mutating func report(_ value: JSONValue) throws(Problem) -> RunReport {
      let root = JSONPointer.root
      let tool = try member(value, "tool", at: root)
      let toolName = try string(tool, "name", at: root.appending("tool"))
      let toolVersion = try string(tool, "version", at: root.appending("tool"))
      let implementations = try member(value, "implementations", at: root)
      let page = try implementation(
        try member(implementations, "page", at: root.appending("implementations")),
        at: root.appending("implementations").appending("page"))
      let native = try implementation(
        try member(implementations, "native", at: root.appending("implementations")),
        at: root.appending("implementations").appending("native"))
      let seedText = try string(value, "seed", at: root)
      guard let seed = UInt64(seedText) else { throw fail(root.appending("seed"), "expected decimal digits") }
      let gate = try enumValue(Level.self, value, "gate", at: root)
      guard let interrupted = try member(value, "interrupted", at: root).boolValue else {
        throw fail(root.appending("interrupted"), "expected true or false")
      }
      let summary = try member(value, "summary", at: root)
      let duration = try number(summary, "durationMs", at: root.appending("summary"))
      var results: [ScenarioResult] = []
      for (index, item) in try array(value, "results", at: root).enumerated() {
        results.append(try result(item, at: root.appending("results").appending(String(index))))
      }
      var report = RunReport(
        toolName: toolName, toolVersion: toolVersion, page: page, native: native, seed: seed, gate: gate,
        results: results, duration: .nanoseconds(Int64(max(0, duration) * 1_000_000)), interrupted: interrupted)
      report.cutShort = try optionalString(value, "cutShort", at: root)
      report.expectationProblems = try strings(value, "expectationProblems", at: root)
      if let notices = value["notices"], !notices.isNull { report.notices = try strings(value, "notices", at: root) }
      if interrupted, let code = value["exitCode"]?.numberValue, code == 130 || code == 143 {
        report.interruptionExitCode = Int32(code)
      }
      if let run = value["run"], !run.isNull {
        report.context = try context(run, at: root.appending("run"))
      }
      if let schedules = value["schedules"] {
        guard let decoded = RunSchedules(jsonValue: schedules) else {
          throw fail(root.appending("schedules"), "not a schedules record (docs/report-schema.json)")
        }
        report.schedules = decoded
      }
      return report
    }

    func implementation(_ value: JSONValue, at pointer: JSONPointer) throws(Problem) -> ImplementationInfo {
      ImplementationInfo(
        name: try string(value, "name", at: pointer), version: try optionalString(value, "version", at: pointer))
    }

    func context(_ value: JSONValue, at pointer: JSONPointer) throws(Problem) -> RunContext {
      let fixtures = try member(value, "fixtures", at: pointer)
      let fixturesAt = pointer.appending("fixtures")
      var context = RunContext(
        command: try string(value, "command", at: pointer), profile: try string(value, "profile", at: pointer),
        engine: try string(value, "engine", at: pointer),
        fixtures: RunContext.FixtureSet(
          digest: try string(fixtures, "sha256", at: fixturesAt), ids: try strings(fixtures, "ids", at: fixturesAt),
          unselected: try strings(fixtures, "unselected", at: fixturesAt)))
      if let explore = value["explore"], !explore.isNull {
        let at = pointer.appending("explore")
        var time: Double?
        if let seconds = explore["timeSeconds"], !seconds.isNull { time = try number(explore, "timeSeconds", at: at) }
        context.explore = RunContext.ExploreSetting(seeds: try integer(explore, "seeds", at: at), timeSeconds: time)
      }
      if let shard = value["shard"], !shard.isNull {
        let at = pointer.appending("shard")
        let index = try integer(shard, "index", at: at)
        let count = try integer(shard, "count", at: at)
        guard count >= 1, index >= 1, index <= count else {
          throw fail(at, "shard \(index)/\(count) is not one of 1 to \(count)")
        }
        context.shard = RunContext.ShardPosition(index: index, count: count)
      }
      if let merged = value["mergedShards"], !merged.isNull {
        context.mergedShards = try integer(value, "mergedShards", at: pointer)
      }
      if let expectations = value["expectations"], !expectations.isNull {
        let at = pointer.appending("expectations")
        context.expectations = RunContext.ExpectationsSource(
          file: try string(expectations, "file", at: at), digest: try string(expectations, "sha256", at: at))
      }
      if let dialect = value["dialect"], !dialect.isNull {
        let at = pointer.appending("dialect")
        let origin = try string(dialect, "origin", at: at)
        guard let kind = DialectNote.Origin(rawValue: origin) else {
          throw fail(
            at.appending("origin"),
            "\"\(origin)\" is not one of \(DialectNote.Origin.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        context.dialect = DialectNote(
          origin: kind, nearest: try optionalString(dialect, "nearest", at: at),
          differences: try strings(dialect, "differences", at: at),
          doubts: dialect["doubts"] == nil ? [] : try strings(dialect, "doubts", at: at),
          inferenceFailure: try optionalString(dialect, "inferenceFailure", at: at),
          unfit: try optionalString(dialect, "unfit", at: at))
        // Absent in reports of bridgecheck before it: the page side.
        context.dialect?.inferredFromNative = try optionalString(dialect, "inferredFrom", at: at) == "native"
      }
      return context
    }

    func result(_ value: JSONValue, at pointer: JSONPointer) throws(Problem) -> ScenarioResult {
      let identity = ScenarioIdentity(
        id: try string(value, "id", at: pointer), title: try string(value, "title", at: pointer),
        area: try string(value, "area", at: pointer), level: try enumValue(Level.self, value, "level", at: pointer),
        subject: try enumValue(Subject.self, value, "subject", at: pointer),
        spec: try string(value, "spec", at: pointer),
        file: try string(value, "file", at: pointer))
      var detail: FailureDetail?
      if let detailValue = value["detail"] {
        let at = pointer.appending("detail")
        var location: JSONPointer?
        if let text = try optionalString(detailValue, "pointer", at: at) {
          do {
            location = try JSONPointer(parsing: text)
          } catch {
            throw fail(at.appending("pointer"), "not a JSON pointer: \(error)")
          }
        }
        var closest: TraceEvent?
        if let event = detailValue["closest"] { closest = try traceEvent(event, at: at.appending("closest")) }
        var focus: Int?
        if let seq = detailValue["focus"], !seq.isNull { focus = try integer(detailValue, "focus", at: at) }
        detail = FailureDetail(
          readExpectation: try string(detailValue, "expectation", at: at), pointer: location, closest: closest,
          focus: focus)
      }
      var trace: [TraceEvent] = []
      for (index, event) in try array(value, "trace", at: pointer).enumerated() {
        trace.append(try traceEvent(event, at: pointer.appending("trace").appending(String(index))))
      }
      let milliseconds = try number(value, "durationMs", at: pointer)
      var result = ScenarioResult(
        scenario: identity, status: try enumValue(ScenarioStatus.self, value, "status", at: pointer),
        message: try optionalString(value, "message", at: pointer), detail: detail,
        duration: .nanoseconds(Int64((max(0, milliseconds) * 1_000_000).rounded())), trace: trace,
        traceEventCount: try integer(value, "traceEventCount", at: pointer),
        failedChecks: try strings(value, "failedChecks", at: pointer))
      if let exploration = value["exploration"] {
        guard let decoded = ScheduleExploration(jsonValue: exploration) else {
          throw fail(pointer.appending("exploration"), "not an exploration record (docs/report-schema.json)")
        }
        result.exploration = decoded
      }
      if value["pageAPIsMissing"] != nil { result.pageAPIsMissing = try strings(value, "pageAPIsMissing", at: pointer) }
      return result
    }

    func traceEvent(_ value: JSONValue, at pointer: JSONPointer) throws(Problem) -> TraceEvent {
      guard let object = value.objectValue else { throw fail(pointer, "expected an object, found \(value.typeName)") }
      let sequence = try integer(value, "seq", at: pointer)
      let time = try integer(value, "time", at: pointer)
      let source = try enumValue(TraceSource.self, value, "source", at: pointer)
      let name = try string(value, "event", at: pointer)
      var fields = JSONObject()
      for (key, field) in object where !TraceEvent.headerKeys.contains(key) {
        fields[Self.fieldName(key)] = field
      }
      return TraceEvent(
        sequence: sequence, time: VirtualTime(milliseconds: Int64(time)), source: source, name: name, fields: fields)
    }

    /// A field's own name: `_seq` is `seq` (renamed because it is a header key).
    static func fieldName(_ key: String) -> String {
      guard key.hasPrefix("_") else { return key }
      let bare = key.drop { $0 == "_" }
      return TraceEvent.headerKeys.contains(String(bare)) ? String(key.dropFirst()) : key
    }
  }
}
