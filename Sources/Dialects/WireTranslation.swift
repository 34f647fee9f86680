import Foundation
import JSONModel

/// The translation of wire messages between classic WVJB (how fixtures,
/// the harness and the reference native bridge think) and a dialect (how
/// its page bridge speaks): field names, the transit encoding and envelope,
/// and the form a delivered message takes.
extension BridgeProfile {
  /// `message`, written with classic field names, renamed for the wire.
  ///
  /// Typed messages (``TypedMessages``) are written whole by their own
  /// rules; otherwise the fields are renamed and then laid out as the
  /// calling convention says (``conventionLayout(_:)``). A profile cannot
  /// have both (``ProfileReader`` says so).
  package func toWire(_ message: JSONObject) -> JSONObject {
    if let typedMessages { return typedMessages.toWire(message, fields: fields) }
    return conventionLayout(fields.toWire(message))
  }

  /// `message` as it came over the wire, with classic field names.
  package func fromWire(_ message: JSONObject) -> JSONObject {
    if let typedMessages { return typedMessages.fromWire(message, fields: fields) }
    return fields.fromWire(conventionUnlayout(message))
  }

  /// Whether messages change on the way to the wire (renamed fields, typed
  /// messages, or a calling convention that lays them out differently).
  var translatesMessages: Bool { fields != .classic || typedMessages != nil || convention != .classic }

  /// What arrived in transit (a fetch result, a signal's body or URL tail,
  /// a returned queue), as the JSON text of an array of messages: the
  /// encoding undone, the envelope opened, a single message (per-message
  /// dialects) put in an array. Text that cannot be read that way is
  /// returned as it is, for the native side to report as malformed.
  package func queueText(fromTransit transit: String) -> String {
    if let separator = urlPathSeparator { return urlPathQueueText(transit, separator: separator) ?? transit }
    var text = transit
    if encoding == .uriJSON {
      guard let decoded = text.removingPercentEncoding else { return transit }
      text = decoded
    }
    guard envelope != nil || queue == .perMessage else { return text }
    guard var value = try? JSONValue.parse(text) else { return text }
    if let envelope {
      guard let payload = value.objectValue?[envelope.payloadKey] else { return text }
      value = payload
    }
    if queue == .perMessage, value.arrayValue == nil { value = .array([value]) }
    return value.serialized()
  }

  /// The page-side text of a queue of `messages` (classic field names) as
  /// this dialect puts it in transit; `counter` numbers the envelope.
  package func transitText(of messages: [JSONObject], counter: Int = 1) -> String {
    var value: JSONValue = .array(messages.map { .object(toWire($0)) })
    if queue == .perMessage, messages.count == 1 { value = .object(toWire(messages[0])) }
    if let envelope {
      var object = JSONObject()
      for key in envelope.constants.keys.sorted() { object[key] = envelope.constants[key].map(JSONValue.string) }
      if let counterKey = envelope.counterKey { object[counterKey] = .number(Double(counter)) }
      object[envelope.payloadKey] = value
      value = .object(object)
    }
    let text = value.serialized()
    return encoding == .uriJSON ? Self.encodeURIComponent(text) : text
  }

  /// The payloads the page would put in transit for a queue written as
  /// `text` (the JSON text of an array, or anything on purpose), in a
  /// dialect whose queue does not come back by the fetch's value: for
  /// `per-message`, one payload per message of a valid array; otherwise
  /// one. Nil when the dialect wraps payloads in an envelope and `text` is
  /// not JSON (an envelope cannot hold it).
  package func transitPayloads(ofQueueText text: String) -> [String]? {
    let parsed = try? JSONValue.parse(text)
    if let separator = urlPathSeparator {
      guard case .array(let entries)? = parsed else { return nil }
      let tails = entries.compactMap { $0.objectValue.flatMap { urlPathTransit(of: $0, separator: separator) } }
      return tails.count == entries.count ? tails : nil
    }
    if queue == .perMessage, case .array(let entries)? = parsed {
      return entries.compactMap { entry in wrapped(entry.serialized(), parsed: entry) }
    }
    return wrapped(text, parsed: parsed).map { [$0] }
  }

  private func wrapped(_ text: String, parsed: JSONValue?) -> String? {
    var written = text
    if let envelope {
      guard let parsed else { return nil }
      var object = JSONObject()
      for key in envelope.constants.keys.sorted() { object[key] = envelope.constants[key].map(JSONValue.string) }
      if let counterKey = envelope.counterKey { object[counterKey] = .number(1) }
      object[envelope.payloadKey] = parsed
      written = JSONValue.object(object).serialized()
    }
    return encoding == .uriJSON ? Self.encodeURIComponent(written) : written
  }

  /// The counter `text` writes in canonical decimal (`"0"`, `"12"`; not
  /// `"01"`, `"-1"` or `""`), or nil.
  static func counterText(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      text == "0" || !text.hasPrefix("0")
    else { return nil }
    return Int(text)
  }

  /// JavaScript's `encodeURIComponent`.
  package static func encodeURIComponent(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    allowed.insert(charactersIn: "-_.!~*'()")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  // MARK: - Wire-level steps the harness plays

  /// A raw message the harness delivers to the page, in the dialect: a JSON
  /// object has its fields renamed; anything else (malformed text on
  /// purpose) is delivered as written. Nil when the dialect delivers
  /// objects and `raw` is not one (it cannot be delivered as written).
  package func deliverable(_ raw: String) -> String? {
    guard case .object(let message)? = try? JSONValue.parse(raw) else {
      if delivery == .uriJSONString { return Self.encodeURIComponent(raw) }
      return delivery == .jsonString ? raw : nil
    }
    let text = translatesMessages ? JSONValue.object(toWire(played(message, at: 0))).serialized() : raw
    return delivery == .uriJSONString ? Self.encodeURIComponent(text) : text
  }

  /// What the harness makes the page's queue fetch return, in the dialect:
  /// message objects (in an array, or in the JSON text of an array) have
  /// their fields renamed; anything else is returned as written.
  package func queued(_ result: JSONValue?) -> JSONValue? {
    if encoding == .object, queue == .fetch, case .string(let text)? = result,
      case .array(let entries)? = try? JSONValue.parse(text)
    {
      // The fetch call returns the queue array itself in this dialect.
      return .array(translatesMessages ? entries.enumerated().map(renamedEntry) : entries)
    }
    guard translatesMessages, let result else { return result }
    switch result {
    case .array(let entries):
      return .array(entries.enumerated().map(renamedEntry))
    case .string(let text):
      guard case .array(let entries)? = try? JSONValue.parse(text) else { return result }
      return .string(JSONValue.array(entries.enumerated().map(renamedEntry)).serialized())
    default:
      return result
    }
  }

  private func renamedEntry(_ position: Int, _ entry: JSONValue) -> JSONValue {
    guard case .object(let message) = entry else { return entry }
    return .object(toWire(played(message, at: position)))
  }

  /// A message the harness plays, ready for ``toWire(_:)``: in a typed
  /// dialect, where every request carries an id, a request written without
  /// a `callbackId` gets one that no bridge issues (counters from
  /// ``TypedMessages/playedIDBase``, or `played_<n>` strings), so that an
  /// answer to it reaches no callback, as for a request that wants none.
  /// With counter ids, an id the fixture wrote as the text of a counter
  /// (`"${c1}"` after a capture of `0` is `"0"`) is that counter: classic
  /// fixtures write ids as strings, a counter dialect has numbers only.
  func played(_ message: JSONObject, at position: Int) -> JSONObject {
    guard let typed = typedMessages else { return message }
    if typed.ids == .counter {
      var converted = message
      for key in ["callbackId", "responseId"] {
        if case .string(let text)? = message[key], let counter = Self.counterText(text) {
          converted[key] = .number(Double(counter))
        }
      }
      if converted != message { return converted }
    }
    guard message["callbackId"] == nil, message["responseId"] == nil else { return message }
    var numbered = message
    numbered["callbackId"] =
      typed.ids == .counter ? .number(Double(TypedMessages.playedIDBase + position)) : .string("played_\(position + 1)")
    return numbered
  }
}
