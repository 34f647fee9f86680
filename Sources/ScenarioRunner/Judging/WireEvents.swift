import Dialects
import JSONModel
import WebViewHosting

/// The messages that crossed the wire, read out of a trace in the page's
/// dialect: `wire-to-page` for every message a native side delivered (from
/// its delivery scripts) and `wire-to-native` for every message the page
/// handed over (fetch results, returned queues, signals that carry them).
/// Their fields are the message's, under classic names (absent when the
/// message has none), and `at`, the sequence number of the event they come
/// from: fixtures bind to the ids actually issued (`captures`) and check
/// each field alone, in any dialect. A dialect whose native calls are
/// answered by the evaluation's value has no ids on the wire: the
/// evaluation is the call's id (`evaluation-<its event number>`), and its
/// value is the answer.
enum WireEvents {
  /// The event names.
  static let toPage = "wire-to-page"
  static let toNative = "wire-to-native"

  /// The derived events, numbered after `trace`'s last event, in the order
  /// of the events they come from; each names its source in `at`.
  static func derive(from trace: [TraceEvent], profile: BridgeProfile) -> [TraceEvent] {
    var derived: [TraceEvent] = []
    var fetchPending = false
    // A native call whose answer is the evaluation's value (convention
    // `nativeCalls`: function-call): the evaluation is its callback id.
    var answeredByValue: String?
    // The request of the host call that has not returned yet (host-object calls with a message's parts).
    var hostRequest: JSONObject?
    func add(_ name: String, _ messages: [JSONObject], from event: TraceEvent) {
      for message in messages {
        var fields = message
        fields["at"] = .number(Double(event.sequence))
        derived.append(
          TraceEvent(
            sequence: trace.count + derived.count, time: event.time, source: event.source, name: name, fields: fields))
      }
    }
    func messages(inTransit text: String) -> [JSONObject] {
      guard case .array(let entries)? = try? JSONValue.parse(profile.queueText(fromTransit: text)) else { return [] }
      return entries.compactMap(\.objectValue).map(profile.fromWire)
    }
    for event in trace {
      switch event.name {
      case TraceEventName.evaluate:
        guard let script = event["script"]?.stringValue else { continue }
        if script.hasPrefix(profile.fetchQueueScript) || script.hasPrefix("window." + profile.fetchQueueScript) {
          fetchPending = true
        } else if var message = profile.decodeDelivery(script) {
          if profile.answersByCompletionValue(message) {
            answeredByValue = "evaluation-\(event.sequence)"
            message["callbackId"] = answeredByValue.map(JSONValue.string)
          }
          add(toPage, [message], from: event)
        }
      case TraceEventName.evaluateResult where answeredByValue != nil:
        if event["ok"] == .bool(true), let id = answeredByValue {
          var answer: JSONObject = ["responseId": .string(id)]
          if let value = event["result"] { answer["responseData"] = value }
          add(toNative, [answer], from: event)
        }
        answeredByValue = nil
      case TraceEventName.evaluateResult where fetchPending:
        fetchPending = false
        if profile.queue == .fetch, profile.encoding != .object, let text = event["result"]?.stringValue {
          add(toNative, messages(inTransit: text), from: event)
        }
        if profile.queue == .fetch, profile.encoding == .object, let result = event["result"], result.arrayValue != nil
        {
          // The queue array itself, as the fetch call's value.
          add(toNative, messages(inTransit: result.serialized()), from: event)
        }
      case TraceEventName.navigationRequested:
        guard let url = event["url"]?.stringValue else { continue }
        switch profile.classify(navigation: url) {
        case .signal(let payload?), .returnedQueue(let payload):
          add(toNative, messages(inTransit: payload), from: event)
        default: break
        }
      case TraceEventName.scriptMessage where profile.signalCarriesPayload:
        if let body = event["body"] {
          add(toNative, messages(inTransit: body.stringValue ?? body.serialized()), from: event)
        }
      case TraceEventName.dialog where profile.signalCarriesPayload:
        if event["kind"]?.stringValue == "prompt", let text = event["default"]?.stringValue {
          add(toNative, messages(inTransit: text), from: event)
        }
      case TraceEventName.interfaceCalled where profile.hostObjectCalls != nil:
        hostRequest = nil
        guard event["name"]?.stringValue == profile.hostObjectCalls?.signal.name,
          let method = event["method"]?.stringValue,
          case .message(let message) = profile.hostCallContent(
            method: method, arguments: (event["arguments"]?.arrayValue ?? []).map { $0 == .null ? nil : $0 })
        else { continue }
        add(toNative, [message], from: event)
        if message["responseId"] == nil { hostRequest = message }
      case TraceEventName.interfaceReturned where profile.hostObjectCalls?.calls.returnAnswers == true:
        // A request's host method returned a string: in this dialect the page takes it as the
        // answer at once (JSON text, or the text itself), as if a response message had come.
        defer { hostRequest = nil }
        guard event["name"]?.stringValue == profile.hostObjectCalls?.signal.name, let request = hostRequest,
          event["method"]?.stringValue == request["handlerName"]?.stringValue, let id = request["callbackId"],
          case .string(let text)? = event["result"], !text.isEmpty
        else { continue }
        add(toPage, [["responseId": id, "responseData": (try? JSONValue.parse(text)) ?? .string(text)]], from: event)
      case TraceEventName.interfaceCalled where profile.signalCarriesPayload:
        if let text = event["arguments"]?.arrayValue?.first?.stringValue {
          add(toNative, messages(inTransit: text), from: event)
        }
      default:
        continue
      }
    }
    return derived
  }
}
