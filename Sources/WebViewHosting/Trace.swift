import JSONModel

/// Who caused a trace event.
package enum TraceSource: String, Sendable, Hashable, Codable {
  /// The page: its scripts, timers, console, navigations and errors.
  case page
  /// The web view around the page: evaluations, policy decisions, loads.
  case host
  /// The native bridge under test (recorded by later layers).
  case native
  /// The harness itself: scenario steps and checks.
  case harness
}

/// One thing that happened in a simulation, at a virtual time.
///
/// Events are data: a stable kebab-case `name` (see ``TraceEventName``) and
/// a JSON object of fields, so that reports can print them and fixtures can
/// match them without knowing Swift types.
package struct TraceEvent: Sendable, Hashable, CustomStringConvertible {
  /// Position in the trace, from 0; unique and increasing.
  package var sequence: Int
  /// Virtual time at which it happened.
  package var time: VirtualTime
  /// Who caused it.
  package var source: TraceSource
  /// What happened, e.g. `navigation-requested`.
  package var name: String
  /// The details, e.g. `{"url": "https://__bridge_loaded__", "frame": "iframe"}`.
  package var fields: JSONObject

  /// Creates an event.
  package init(sequence: Int, time: VirtualTime, source: TraceSource, name: String, fields: JSONObject) {
    self.sequence = sequence
    self.time = time
    self.source = source
    self.name = name
    self.fields = fields
  }

  /// The field `key`, if present.
  package subscript(key: String) -> JSONValue? { fields[key] }

  /// One line: `#12 @0ms page navigation-requested {"url":…}`.
  package var description: String {
    "#\(sequence) @\(time) \(source.rawValue) \(name) \(JSONValue.object(fields))"
  }

  /// The keys ``json`` uses for the event itself.
  package static let headerKeys: Set<String> = ["seq", "time", "source", "event"]

  /// The event as a JSON object (`seq`, `time`, `source`, `event`, then the
  /// fields; a field named like a header key is written with a leading `_`).
  package var json: JSONValue {
    var object: JSONObject = [
      "seq": .number(Double(sequence)),
      "time": .number(Double(time.milliseconds)),
      "source": .string(source.rawValue),
      "event": .string(name),
    ]
    for (key, value) in fields {
      var name = key
      while Self.headerKeys.contains(name) || (name != key && object[name] != nil) { name = "_" + name }
      object[name] = value
    }
    return .object(object)
  }
}

/// The event names the page simulation records.
package enum TraceEventName {
  /// A scheduled task started: `label`, `kind` (`page` or `host`).
  package static let task = "task"
  /// A page world was created: `url`, `generation`.
  package static let pageLoaded = "page-loaded"
  /// A page world was destroyed: `url`, `generation`.
  package static let pageUnloaded = "page-unloaded"
  /// A page script or user script ran: `name`, `phase`.
  package static let scriptRun = "script-run"
  /// The host installed a user script (`WKUserScript`): `name`,
  /// `injectionTime` (`document-start` or `document-end`), `length` (UTF-16
  /// units), and `rawLineSeparators` (how many raw U+2028/U+2029 its text
  /// holds) when there are any. The text itself is not recorded (a whole
  /// page bridge, in every scenario).
  package static let userScriptAdded = "user-script-added"
  /// The host started evaluating a script: `script`.
  package static let evaluate = "evaluate"
  /// An evaluation finished: `ok`, and `result` or `error`.
  package static let evaluateResult = "evaluate-result"
  /// A pending iframe navigation was dropped because its frame left the
  /// document before it fired: `frameId`, `url`.
  package static let navigationDropped = "navigation-dropped"
  /// The page asked to navigate: `url`, `frame` (`iframe` or `main`), `frameId`.
  package static let navigationRequested = "navigation-requested"
  /// The host's policy answered: `url`, `frame`, `policy` (`allow` or `cancel`).
  package static let navigationDecided = "navigation-decided"
  /// A pending iframe navigation was replaced by a later `src`: `frameId`, `url`, `replacedBy`.
  package static let navigationReplaced = "navigation-replaced"
  /// A console call: `level`, `text`.
  package static let console = "console"
  /// An exception no page code caught: `message`, `name`, `source`, `line`, `column`, `task`.
  package static let uncaughtException = "uncaught-exception"
  /// A promise rejection no handler caught: `reason`.
  package static let unhandledRejection = "unhandled-rejection"
  /// The engine stopped a script: `reason` (`time-limit`, …), `task`.
  package static let scriptTerminated = "script-terminated"
  /// `alert`, `confirm` or `prompt`: `kind`, `message`, `default`, `answer`.
  package static let dialog = "dialog"
  /// `window.webkit.messageHandlers.<name>.postMessage(body)`: `name`, `body`.
  package static let scriptMessage = "script-message"
  /// The page called a method of a JavaScript interface (`name`, `method`, `arguments`).
  package static let interfaceCalled = "interface-called"
  /// A synchronous JavaScript interface method returned a value to the page
  /// (fields `name`, `method`, `result`); not recorded for `undefined`.
  package static let interfaceReturned = "interface-returned"
  /// A task budget ran out while settling: `reason`.
  package static let budgetExhausted = "budget-exhausted"
  /// The page passed one of its limits (see ``PageLimits``) and the run
  /// should stop: `limit`, `message`.
  package static let pageLimitExceeded = "page-limit-exceeded"
  /// The page made a dedicated worker: `worker` (its id in the page), `url`, `name`.
  package static let workerCreated = "worker-created"
  /// A worker ended (terminated, closed itself, its script not loaded): `worker`, `reason`.
  package static let workerEnded = "worker-ended"
  /// An exception or unhandled rejection in a worker's own code: `worker`,
  /// `kind` (`exception`, `syntax`, `unhandled-rejection`), and the error's
  /// fields. It reaches the page (an `uncaught-exception` there) only when
  /// neither the worker nor the worker object's handlers handle it.
  package static let workerError = "worker-error"
  /// Page code (or a worker's) touched an API that WebKit has and the
  /// simulated page lacks: `api` (e.g. `fetch`, `document.cookie`), `worker`.
  /// Once per API and page.
  package static let pageAPIMissing = "page-api-missing"
}

/// The ordered record of a simulation.
package final class Trace {
  /// Every event so far, in order.
  package private(set) var events: [TraceEvent] = []
  private let clock: () -> VirtualTime
  /// Called with every event kept, as it is recorded (a worker process logs
  /// them for its supervisor, which reads the last ones if the worker dies).
  package var observer: ((TraceEvent) -> Void)?
  /// The most events ``record(_:_:_:)`` keeps; later ones are dropped.
  package var capacity = Int.max
  /// How many events were dropped because the trace was full.
  package private(set) var droppedCount = 0
  /// Called once, with the capacity, when the first event is dropped.
  package var onFull: ((Int) -> Void)?

  /// Creates an empty trace reading times from `clock`.
  package init(clock: @escaping () -> VirtualTime) { self.clock = clock }

  /// Appends an event at the current virtual time (unless the trace is full:
  /// the event is then counted in ``droppedCount`` and not kept).
  @discardableResult
  package func record(_ source: TraceSource, _ name: String, _ fields: JSONObject = [:]) -> TraceEvent {
    let event = TraceEvent(sequence: events.count, time: clock(), source: source, name: name, fields: fields)
    guard events.count < capacity else {
      droppedCount += 1
      if droppedCount == 1 { onFull?(capacity) }
      return event
    }
    events.append(event)
    observer?(event)
    return event
  }

  /// Appends an event even when the trace is full (the few events that
  /// explain why a run stopped).
  @discardableResult
  package func recordPastCapacity(_ source: TraceSource, _ name: String, _ fields: JSONObject) -> TraceEvent {
    let event = TraceEvent(sequence: events.count, time: clock(), source: source, name: name, fields: fields)
    events.append(event)
    observer?(event)
    return event
  }

  /// The events named `name`, in order.
  package func events(named name: String) -> [TraceEvent] { events.filter { $0.name == name } }

  /// The whole trace, one event a line.
  package var text: String { events.map(\.description).joined(separator: "\n") }
}
