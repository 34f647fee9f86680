import Dialects
import JSONModel

/// One way the page reached out during a probe call, with what it carried.
struct Outgoing {
  enum Payload {
    case none
    case text(String)
    case value(JSONValue)
    case url(String)
    case hostCall(method: String, args: [Described])
  }

  var signal: SignalMechanism
  var payload: Payload
  /// What it was, in words (`an iframe navigated to …`).
  var what: String
}

/// A probe message that left the page, and how.
struct Sent {
  /// The signal that carried it, or that made the native side fetch it.
  var signal: SignalMechanism
  /// The message as it went over the wire, when it is one object.
  var message: JSONObject?
  /// The data as it travelled, when there is no message object (the
  /// handler name in the URL, a host method named after the handler).
  var data: Described?
  /// Where the message sat: alone, in a queue, in an envelope.
  var container: WirePayload.Container = .single
  var encoding: TextEncoding = .json
  /// The function whose value (or navigation) returned the queue.
  var fetch: String?
  /// The URL prefix of a queue returned by navigation.
  var returnURL: String?
  /// The handler name's place in a navigation URL: the separator after it.
  var urlPathSeparator: String?
  /// A host method named after the handler: its arguments.
  var hostCall: (method: String, args: [Described])?
  /// How it left, in words.
  var evidence: String

  /// The queue return this shows.
  var queue: QueueReturn {
    if fetch != nil { return returnURL == nil ? .fetch : .navigation }
    switch container {
    case .single: return .perMessage
    case .queue: return .inSignal
    case .envelope(_, let queue): return queue ? .inSignal : .perMessage
    }
  }
}

/// How a probe recognises its message.
enum MessageMarker {
  /// A member whose value is the handler name.
  case handlerName(String)
  /// Members whose values are the record probe's `bcRecord:` strings.
  case record
  /// A member with this value (an answer's id), and none with `excluded`.
  case value(JSONValue, excluding: JSONValue?)

  func matches(_ message: JSONObject) -> Bool {
    switch self {
    case .handlerName(let name):
      return message.values.contains(.string(name))
    case .value(let value, let excluded):
      return message.values.contains(value) && !(excluded.map { message.values.contains($0) } ?? false)
    case .record:
      return message.values.contains { $0.stringValue?.hasPrefix("bcRecord:") == true }
    }
  }
}

extension PageProbes {
  /// The ways the page reached out in `observation`, in order.
  func outgoing(_ observation: ProbePage.Observation) -> [Outgoing] {
    var out: [Outgoing] = []
    for event in observation.events {
      switch event.kitKind {
      case "post":
        let name = event["name"]?.stringValue ?? ""
        let signal = SignalMechanism(kind: .messageHandlers, name: name)
        out.append(
          Outgoing(
            signal: signal, payload: Self.payload(Described(event["body"])),
            what: "a post to window.webkit.messageHandlers.\(name)"))
      case "call":
        let object = event["object"]?.stringValue ?? ""
        let method = event["method"]?.stringValue ?? ""
        let args = (event["args"]?.arrayValue ?? []).map { Described($0) }
        if method == "postMessage" {
          let signal = SignalMechanism(kind: .channel, name: object)
          out.append(
            Outgoing(signal: signal, payload: Self.payload(args.first ?? .undefined), what: "\(object).postMessage(…)"))
        } else {
          let signal = SignalMechanism(kind: .hostObject, name: object, method: method)
          out.append(
            Outgoing(signal: signal, payload: .hostCall(method: method, args: args), what: "\(object).\(method)(…)"))
        }
      case "prompt":
        let marker = event["message"]?.stringValue ?? ""
        let value = event["value"]?.stringValue
        out.append(
          Outgoing(
            signal: SignalMechanism(kind: .prompt, marker: marker), payload: value.map { .text($0) } ?? .none,
            what: "prompt('\(marker)', …)"))
      case "nav-set":
        let url = event["url"]?.stringValue ?? ""
        let main = event["frame"]?.stringValue == "main"
        out.append(
          Outgoing(
            signal: SignalMechanism(kind: main ? .location : .iframe, url: url), payload: .url(url),
            what: main ? "location was set to \(Self.short(url))" : "an iframe navigated to \(Self.short(url))"))
      default:
        break
      }
    }
    return out
  }

  private static func payload(_ described: Described) -> Outgoing.Payload {
    switch described {
    case .value(.string(let text)): return .text(text)
    case .value(.null): return .none
    case .value(let value): return .value(value)
    default: return .none
    }
  }

  static func short(_ text: String) -> String { text.count > 80 ? String(text.prefix(77)) + "…" : text }

  /// Calls `path` with `arguments` (armed: stand-ins answer) and finds the
  /// probe's message in what left the page: in a signal's payload, or, for
  /// a signal without one, in what a fetch function returns or navigates to.
  func send(
    _ page: ProbePage, _ path: [String], _ arguments: [ProbeArgument], marker: MessageMarker, settleTag: String? = nil
  ) -> (
    sent: Sent?, result: CallResult, observation: ProbePage.Observation
  ) {
    let (value, observation) = page.call(path, arguments, arm: true, settleTag: settleTag)
    let result = CallResult(value)
    let out = outgoing(observation)
    if let sent = carried(out, marker: marker) { return (sent, result, observation) }
    guard let signal = out.first(where: { if case .hostCall = $0.payload { return false } else { return true } })
    else { return (nil, result, observation) }
    let fetches =
      sending.fetchFunction.map { [$0] }
      ?? layout.ordered(
        ["=_fetchQueue", "fetch", "queue", "flush", "take", "pull"],
        excluding: [path.last ?? ""].union(sending.excludedFromFetch))
    for fetch in fetches {
      let (fetchValue, fetchObservation) = page.call([layout.global, fetch], [], arm: true)
      let fetched = CallResult(fetchValue)
      if case .value(let returned) = fetched.returned, var sent = found(in: returned, marker: marker) {
        sent.signal = signal.signal
        sent.fetch = fetch
        if case .value(let array) = fetched.returned, array.arrayValue != nil { sent.encoding = .object }
        sent.evidence =
          "\(signal.what), and \(layout.global).\(fetch)() returned the message"
          + (sent.encoding == .object
            ? " as an array" : " as \(sent.encoding == .uriJSON ? "URI-encoded " : "")JSON text")
        return (sent, result, observation)
      }
      for later in outgoing(fetchObservation) {
        guard case .url(let url) = later.payload, let (prefix, tail) = Self.splitPayload(url),
          let (decoded, encoding) = WirePayload.decode(tail),
          let (message, container) = WirePayload.findMessage(in: decoded, where: marker.matches)
        else { continue }
        var sent = Sent(signal: signal.signal, message: message, container: container, encoding: encoding, evidence: "")
        sent.fetch = fetch
        sent.returnURL = prefix
        sent.evidence =
          "\(signal.what), and \(layout.global).\(fetch)() navigated to \(prefix)… with the "
          + "\(encoding == .uriJSON ? "URI-encoded " : "")JSON queue"
        return (sent, result, observation)
      }
    }
    return (nil, result, observation)
  }

  /// The probe's message in a payload the page sent with its signal.
  private func carried(_ out: [Outgoing], marker: MessageMarker) -> Sent? {
    for outgoing in out {
      switch outgoing.payload {
      case .none:
        continue
      case .text(let text):
        guard let (value, encoding) = WirePayload.decode(text),
          let (message, container) = WirePayload.findMessage(in: value, where: marker.matches)
        else { continue }
        return Sent(
          signal: outgoing.signal, message: message, container: container, encoding: encoding,
          evidence: "\(outgoing.what) carried the message as \(encoding == .uriJSON ? "URI-encoded " : "")JSON text")
      case .value(let value):
        guard let (message, container) = WirePayload.findMessage(in: value, where: marker.matches) else { continue }
        return Sent(
          signal: outgoing.signal, message: message, container: container, encoding: .object,
          evidence: "\(outgoing.what) carried the message as an object")
      case .url(let url):
        if case .handlerName(let name) = marker, let sent = urlPath(url, name: name, outgoing: outgoing) { return sent }
        guard let (prefix, tail) = Self.splitPayload(url), let (value, encoding) = WirePayload.decode(tail),
          let (message, container) = WirePayload.findMessage(in: value, where: marker.matches)
        else { continue }
        var signal = outgoing.signal
        signal.url = prefix
        return Sent(
          signal: signal, message: message, container: container, encoding: encoding,
          evidence: "\(outgoing.what): the URL carries the message after \(prefix)")
      case .hostCall(let method, let args):
        if case .handlerName(let name) = marker, method == name {
          var sent = Sent(signal: outgoing.signal, evidence: "")
          sent.hostCall = (method, args)
          sent.data = args.first.map { described in
            if case .value(.string(let text)) = described, let value = try? JSONValue.parse(text) {
              return .value(value)
            }
            return described
          }
          sent.evidence =
            "\(outgoing.signal.name).\(method)(dataJSON, id): a method of the host object named after the handler"
          return sent
        }
        guard case .value(.string(let text))? = args.first, let (value, encoding) = WirePayload.decode(text),
          let (message, container) = WirePayload.findMessage(in: value, where: marker.matches)
        else { continue }
        return Sent(
          signal: outgoing.signal, message: message, container: container, encoding: encoding,
          evidence: "\(outgoing.what) carried the message as JSON text")
      }
    }
    return nil
  }

  /// A navigation whose URL holds the handler name before the payload
  /// (`mushao://<name>://<params>`).
  private func urlPath(_ url: String, name: String, outgoing: Outgoing) -> Sent? {
    guard let nameRange = url.range(of: WirePayload.percentEncoded(name)) else { return nil }
    let jsonStart = Self.payloadStart(url)
    if let jsonStart, jsonStart < nameRange.lowerBound { return nil }
    let prefix = String(url[..<nameRange.lowerBound])
    guard prefix.contains("://") else { return nil }
    let rest = url[nameRange.upperBound...]
    let separatorEnd = jsonStart ?? rest.endIndex
    let separator = String(url[nameRange.upperBound..<max(separatorEnd, nameRange.upperBound)])
    var sent = Sent(signal: outgoing.signal, evidence: "")
    sent.signal.url = prefix
    sent.urlPathSeparator = separator
    if let jsonStart, let (value, encoding) = WirePayload.decode(String(url[jsonStart...])) {
      sent.data = .value(value)
      sent.encoding = encoding
    } else {
      sent.data = .undefined
    }
    sent.evidence = "\(outgoing.what): the URL is \(prefix), the handler name, \(separator) and the data"
    return sent
  }

  /// The message in a value a fetch function returned (a JSON text, or the array itself).
  private func found(in returned: JSONValue, marker: MessageMarker) -> Sent? {
    if let text = returned.stringValue {
      guard let (value, encoding) = WirePayload.decode(text),
        let (message, container) = WirePayload.findMessage(in: value, where: marker.matches)
      else { return nil }
      return Sent(
        signal: SignalMechanism(kind: .iframe), message: message, container: container, encoding: encoding, evidence: ""
      )
    }
    guard let (message, container) = WirePayload.findMessage(in: returned, where: marker.matches) else { return nil }
    return Sent(
      signal: SignalMechanism(kind: .iframe), message: message, container: container, encoding: .object, evidence: "")
  }

  /// A URL split where its JSON payload starts (`{`, `[`, or their escapes).
  static func splitPayload(_ url: String) -> (prefix: String, tail: String)? {
    guard let start = payloadStart(url) else { return nil }
    return (String(url[..<start]), String(url[start...]))
  }

  static func payloadStart(_ url: String) -> String.Index? {
    let marks = ["%7B", "%7b", "{", "%5B", "%5b", "["]
    return marks.compactMap { url.range(of: $0)?.lowerBound }.min()
  }
}

extension Array where Element == String {
  func union(_ other: Set<String>) -> Set<String> { Set(self).union(other) }
}
