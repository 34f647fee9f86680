import JSONModel
import WebViewHosting

/// One diagnostic of a ``NativeBridge``.
package struct NativeBridgeLog: Sendable, Hashable, CustomStringConvertible {
  /// How serious it is.
  package enum Level: String, Sendable, Hashable, Comparable, CaseIterable {
    case debug, info, warning, error

    private var rank: Int {
      switch self {
      case .debug: 0
      case .info: 1
      case .warning: 2
      case .error: 3
      }
    }

    package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
  }

  /// A stable kebab-case identifier of what happened; tests and reports
  /// match on it, never on ``message``.
  package struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { rawValue = value }
    package var description: String { rawValue }

    // Life cycle (info).
    /// The page bridge was evaluated in the page (`onBridgeLoaded`), or a
    /// document-start page bridge announced itself.
    package static let injected: Code = "injected"
    /// The injection evaluation failed (error).
    package static let injectionFailed: Code = "injection-failed"
    /// The start-up queue was sent (`message` gives the count).
    package static let startupFlushed: Code = "startup-flushed"
    /// ``NativeBridge/reset()`` ran (`message` gives the dropped callbacks).
    package static let reset: Code = "reset"

    // Traffic (debug).
    /// A message was evaluated in the page (or queued for start-up, see ``startupQueued``).
    package static let sent: Code = "sent"
    /// A message was held in the start-up queue.
    package static let startupQueued: Code = "startup-queued"
    /// A message came from the page.
    package static let received: Code = "received"
    /// A fetched batch was processed (`message` gives the count).
    package static let fetched: Code = "fetched"

    // Problems (warning).
    /// The fetch result was missing, not a string or an empty string.
    package static let emptyQueue: Code = "empty-queue"
    /// Evaluating `_fetchQueue()` failed (no page bridge, page gone, …).
    package static let fetchFailed: Code = "fetch-failed"
    /// The fetched string is not valid JSON.
    package static let malformedQueue: Code = "malformed-queue"
    /// The fetched JSON is not an array; the batch is dropped.
    package static let queueNotArray: Code = "queue-not-array"
    /// A batch entry is not a JSON object; it is skipped.
    package static let nonObjectMessage: Code = "non-object-message"
    /// A response whose `responseId` matches no pending native callback.
    package static let unknownResponseID: Code = "unknown-response-id"
    /// A native handler answered a second time; nothing was sent.
    package static let duplicateResponse: Code = "duplicate-response"
    /// A request for a handler that is not registered.
    package static let noHandler: Code = "no-handler"
    /// A bridge-looking URL that is no bridge command; cancelled.
    package static let unknownBridgeURL: Code = "unknown-bridge-url"
    /// Evaluating a message in the page failed (page gone, no page bridge).
    package static let sendFailed: Code = "send-failed"
    /// A message was sent before the page bridge was injected in a dialect
    /// whose native side keeps no start-up queue (``StartupQueue/none``).
    package static let sentBeforeInjection: Code = "sent-before-injection"
  }

  /// How serious it is.
  package var level: Level
  /// What happened (stable).
  package var code: Code
  /// Details for people (wording not stable).
  package var message: String

  /// Creates a log entry.
  package init(level: Level, code: Code, message: String) {
    self.level = level
    self.code = code
    self.message = message
  }

  /// `warning unknown-response-id: …`.
  package var description: String { "\(level.rawValue) \(code.rawValue): \(message)" }

  /// The trace fields of the default log handler: `level`, `code`, `message`.
  package var traceFields: JSONObject {
    ["level": .string(level.rawValue), "code": .string(code.rawValue), "message": .string(message)]
  }
}

extension NativeBridgeLog {
  /// The trace event name the default log handler records (source `.native`).
  package static let traceEventName = "native-log"

  /// A log handler that records into `trace` as source `.native`, event
  /// ``traceEventName``, fields `level`, `code`, `message`.
  package static func recorder(into trace: Trace) -> (NativeBridgeLog) -> Void {
    { [weak trace] log in trace?.record(.native, traceEventName, log.traceFields) }
  }
}

/// Short, printable forms of names and values for log messages.
enum LogText {
  /// The most characters of a name or value shown in a log message.
  static let limit = 200

  /// A JSON value, serialized and cut to ``limit`` characters.
  static func describe(_ value: JSONValue?) -> String {
    guard let value else { return "undefined" }
    switch value {
    case .string(let string) where string.utf8.count > limit * 4:
      return describe(.string(String(string.prefix(limit))))
    case .array(let elements) where elements.count > limit:
      return "[array of \(elements.count)]"
    case .object(let object) where object.count > limit:
      return "{object of \(object.count)}"
    default:
      break
    }
    let text = value.serialized()
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  /// A string, JSON-quoted and cut.
  static func quote(_ string: String) -> String { describe(.string(string)) }
}
