import JSONModel
import ScenarioRunner
import WebViewHosting

/// The lines a supervisor and its workers exchange: one JSON object a line.
///
/// Supervisor → worker (the worker's standard input):
/// - first `{"configure": <WorkerConfiguration>}`,
/// - then `{"run": {"file": PATH, "id": ID}}` for each scenario.
///
/// Worker → supervisor (a pipe of its own, not the worker's standard output,
/// which goes to its standard error so that nothing else can write there):
/// - `{"ready": true}` once the implementations are built, or
///   `{"setupFailed": MESSAGE}`,
/// - `{"result": <ScenarioResult>}` when each scenario ends,
/// - `{"stuck": MESSAGE}` just before the worker ends itself because its
///   scenario is stuck where the page's limits cannot stop it
///   (``StuckTaskWatch``).
///
/// Trace events go to the worker's ``TraceLog`` file instead, one
/// `{"event": <TraceEvent>}` line each (long strings cut), which the
/// supervisor reads only if the worker dies.
enum WorkerMessage {
  /// What a worker sends.
  enum FromWorker {
    case ready
    case setupFailed(String)
    case stuck(String)
    case result(ScenarioResult)

    /// Reads one line's value; nil when it is none of these.
    init?(_ value: JSONValue) {
      if value["ready"] != nil {
        self = .ready
      } else if let message = value["setupFailed"]?.stringValue {
        self = .setupFailed(message)
      } else if let message = value["stuck"]?.stringValue {
        self = .stuck(message)
      } else if let result = value["result"].flatMap(ScenarioResult.init(wireValue:)) {
        self = .result(result)
      } else {
        return nil
      }
    }
  }

  static func configure(_ configuration: WorkerConfiguration) -> String {
    JSONValue.object(["configure": configuration.wireValue]).serialized() + "\n"
  }

  static func run(file: String, id: String) -> String {
    JSONValue.object(["run": ["file": .string(file), "id": .string(id)]]).serialized() + "\n"
  }

  static let ready = #"{"ready":true}"# + "\n"

  static func setupFailed(_ message: String) -> String {
    JSONValue.object(["setupFailed": .string(message)]).serialized() + "\n"
  }

  static func stuck(_ message: String) -> String {
    JSONValue.object(["stuck": .string(message)]).serialized() + "\n"
  }

  static func event(_ event: TraceEvent) -> String {
    JSONValue.object(["event": TraceEventDigest.shortened(event).wireValue]).serialized() + "\n"
  }

  static func result(_ result: ScenarioResult) -> String {
    JSONValue.object(["result": result.wireValue]).serialized() + "\n"
  }
}

/// Trace events cut to a size worth streaming: the supervisor shows them
/// only when a worker dies, and a megabyte payload would cost more to send
/// than the scenario itself.
enum TraceEventDigest {
  /// The longest string kept whole, in characters.
  static let maximumStringLength = 512

  static func shortened(_ event: TraceEvent) -> TraceEvent {
    guard event.fields.contains(where: { isLong($0.value) }) else { return event }
    var copy = event
    copy.fields = JSONObject(event.fields.map { ($0.key, shortened($0.value)) })
    return copy
  }

  /// Whether `value` holds something ``shortened(_:)`` would cut.
  static func isLong(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text): return text.utf8.count > maximumStringLength
    case .array(let elements): return elements.count > 64 || elements.contains(where: isLong)
    case .object(let object): return object.contains { isLong($0.value) }
    default: return false
    }
  }

  static func shortened(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text) where text.utf16.count > maximumStringLength:
      let kept = String(text.prefix(maximumStringLength))
      return .string(kept + "… (\(text.utf16.count) UTF-16 units in all)")
    case .array(let elements):
      if elements.count > 64 {
        return .array(elements.prefix(64).map(shortened) + [.string("… (\(elements.count) elements in all)")])
      }
      return .array(elements.map(shortened))
    case .object(let object):
      return .object(JSONObject(object.map { ($0.key, shortened($0.value)) }))
    default:
      return value
    }
  }
}
