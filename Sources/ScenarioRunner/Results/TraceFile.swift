import Foundation
import JSONModel
import WebViewHosting

/// A scenario's whole trace as a file, one JSON event a line, in trace order
/// (`run --traces DIR`, `fidelity --traces DIR`): what a reader needs when
/// the report's excerpt around the failure is not enough.
package enum TraceFile {
  /// `name` (a fixture id, a pair's name) as one path component: `/`
  /// becomes `--` and `:` becomes `-`, so `startup-queue/reset` is
  /// `startup-queue--reset`.
  package static func component(_ name: String) -> String {
    name.replacingOccurrences(of: "/", with: "--").replacingOccurrences(of: ":", with: "-")
  }

  /// The trace as text: one JSON object a line.
  package static func lines(_ trace: [TraceEvent]) -> String {
    trace.map { $0.json.serialized() + "\n" }.joined()
  }

  /// The trace in the file at `path` (as ``write(_:to:)`` writes it), nil
  /// when it cannot be read or a line is not an event.
  package static func read(_ path: String) -> [TraceEvent]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var events: [TraceEvent] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let value = try? JSONValue.parse(String(line)), let event = event(value) else { return nil }
      events.append(event)
    }
    return events
  }

  /// An event from ``TraceEvent/json`` (a field written with a leading `_`
  /// because it was named like a header key gets its name back).
  static func event(_ value: JSONValue) -> TraceEvent? {
    guard case .object(let object) = value, let sequence = object["seq"]?.numberValue,
      let time = object["time"]?.numberValue,
      let source = object["source"]?.stringValue.flatMap(TraceSource.init(rawValue:)),
      let name = object["event"]?.stringValue
    else { return nil }
    var fields: JSONObject = [:]
    for (key, field) in object where !TraceEvent.headerKeys.contains(key) {
      let stripped = key.hasPrefix("_") ? String(key.dropFirst()) : key
      fields[TraceEvent.headerKeys.contains(stripped) ? stripped : key] = field
    }
    return TraceEvent(
      sequence: Int(sequence), time: VirtualTime(milliseconds: Int64(time)), source: source, name: name, fields: fields)
  }

  /// Writes `trace` to `path`, replacing the file.
  package static func write(_ trace: [TraceEvent], to path: String) throws {
    try lines(trace).write(toFile: path, atomically: true, encoding: .utf8)
  }
}
