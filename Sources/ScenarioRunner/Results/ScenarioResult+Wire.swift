import JSONModel
import WebViewHosting

/// A result as a JSON value and back, without loss: how a worker process
/// hands a finished scenario to the supervisor (`bridgecheck run`), so that
/// the reports are byte for byte those of an in-process run.
///
/// Not the report format (``JSONReport`` in Reporters is that): this one
/// keeps what reports derive things from (trace events with their own field
/// names, the failure's focus, whether the wall clock ran out).
extension ScenarioResult {
  /// The result as JSON.
  package var wireValue: JSONValue {
    var object: JSONObject = [
      "scenario": scenario.wireValue,
      "status": .string(status.rawValue),
      "durationNs": .number(Double(duration.nanoseconds)),
      "traceEventCount": .number(Double(traceEventCount)),
      "trace": .array(trace.map(\.wireValue)),
    ]
    if let message { object["message"] = .string(message) }
    if let detail { object["detail"] = detail.wireValue }
    if hitWallClockLimit { object["hitWallClockLimit"] = true }
    if !failedChecks.isEmpty { object["failedChecks"] = .array(failedChecks.map(JSONValue.string)) }
    if let exploration { object["exploration"] = exploration.jsonValue }
    if !pageAPIsMissing.isEmpty { object["pageAPIsMissing"] = .array(pageAPIsMissing.map(JSONValue.string)) }
    return .object(object)
  }

  /// Reads back ``wireValue``; nil when `value` is not one.
  package init?(wireValue value: JSONValue) {
    guard let scenario = value["scenario"].flatMap(ScenarioIdentity.init(wireValue:)),
      let status = value["status"]?.stringValue.flatMap(ScenarioStatus.init(rawValue:)),
      let nanoseconds = value["durationNs"]?.numberValue,
      let count = value["traceEventCount"]?.numberValue,
      let trace = value["trace"]?.arrayValue
    else { return nil }
    let events = trace.compactMap(TraceEvent.init(wireValue:))
    guard events.count == trace.count else { return nil }
    var detail: FailureDetail?
    if let detailValue = value["detail"] {
      guard let decoded = FailureDetail(wireValue: detailValue) else { return nil }
      detail = decoded
    }
    self.init(
      scenario: scenario, status: status, message: value["message"]?.stringValue, detail: detail,
      duration: .nanoseconds(Int64(nanoseconds)), trace: events, traceEventCount: Int(count),
      hitWallClockLimit: value["hitWallClockLimit"]?.boolValue ?? false,
      failedChecks: value["failedChecks"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    if let exploration = value["exploration"] {
      guard let decoded = ScheduleExploration(jsonValue: exploration) else { return nil }
      self.exploration = decoded
    }
    pageAPIsMissing = value["pageAPIsMissing"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }
}

extension ScenarioIdentity {
  /// The identity as JSON.
  package var wireValue: JSONValue {
    [
      "id": .string(id), "title": .string(title), "area": .string(area), "level": .string(level.rawValue),
      "subject": .string(subject.rawValue), "spec": .string(spec), "file": .string(file),
    ]
  }

  /// Reads back ``wireValue``.
  package init?(wireValue value: JSONValue) {
    guard let id = value["id"]?.stringValue, let title = value["title"]?.stringValue,
      let area = value["area"]?.stringValue,
      let level = value["level"]?.stringValue.flatMap(Level.init(rawValue:)),
      let subject = value["subject"]?.stringValue.flatMap(Subject.init(rawValue:)),
      let spec = value["spec"]?.stringValue, let file = value["file"]?.stringValue
    else { return nil }
    self.init(id: id, title: title, area: area, level: level, subject: subject, spec: spec, file: file)
  }
}

extension FailureDetail {
  var wireValue: JSONValue {
    var object: JSONObject = ["expectation": .string(expectation)]
    if let pointer { object["pointer"] = .string(pointer.description) }
    if let closest { object["closest"] = closest.wireValue }
    if let focus { object["focus"] = .number(Double(focus)) }
    return .object(object)
  }

  init?(wireValue value: JSONValue) {
    guard let expectation = value["expectation"]?.stringValue else { return nil }
    var pointer: JSONPointer?
    if let text = value["pointer"]?.stringValue {
      guard let parsed = try? JSONPointer(parsing: text) else { return nil }
      pointer = parsed
    }
    var closest: TraceEvent?
    if let event = value["closest"] {
      guard let decoded = TraceEvent(wireValue: event) else { return nil }
      closest = decoded
    }
    self.init(
      expectation: expectation, pointer: pointer, closest: closest, focus: value["focus"]?.numberValue.map { Int($0) })
  }
}

extension TraceEvent {
  /// The event as JSON, its fields kept apart from its header.
  package var wireValue: JSONValue {
    [
      "seq": .number(Double(sequence)), "time": .number(Double(time.milliseconds)),
      "source": .string(source.rawValue), "event": .string(name), "fields": .object(fields),
    ]
  }

  /// Reads back ``wireValue``.
  package init?(wireValue value: JSONValue) {
    guard let sequence = value["seq"]?.numberValue, let time = value["time"]?.numberValue,
      let source = value["source"]?.stringValue.flatMap(TraceSource.init(rawValue:)),
      let name = value["event"]?.stringValue, let fields = value["fields"]?.objectValue
    else { return nil }
    self.init(
      sequence: Int(sequence), time: VirtualTime(milliseconds: Int64(time)), source: source, name: name, fields: fields)
  }
}

extension Duration {
  /// The whole duration in nanoseconds (saturating).
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? Int64.max : product &+ attoseconds / 1_000_000_000
  }
}
