import JSONModel

/// Reading what a bridge put on the wire while it was probed: the JSON a
/// payload text holds and the probe's message inside it.
package enum WirePayload {
  /// The JSON value `text` holds, as it is (`json`) or through
  /// `decodeURIComponent` (`uri-json`); nil when neither parses.
  package static func decode(_ text: String) -> (value: JSONValue, encoding: TextEncoding)? {
    if let value = try? JSONValue.parse(text), value.objectValue != nil || value.arrayValue != nil {
      return (value, .json)
    }
    if text.contains("%"), let decoded = percentDecoded(text), let value = try? JSONValue.parse(decoded),
      value.objectValue != nil || value.arrayValue != nil
    {
      return (value, .uriJSON)
    }
    return nil
  }

  /// `text` with its `%XX` escapes undone as UTF-8 (`decodeURIComponent`);
  /// nil when the bytes are not UTF-8.
  package static func percentDecoded(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(validating: out, as: UTF8.self)
  }

  /// `text` through `encodeURIComponent`.
  package static func percentEncoded(_ text: String) -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)
    var out = ""
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return out
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Where a message sat in a payload.
  package enum Container: Sendable, Hashable {
    /// The payload is the message.
    case single
    /// The payload is an array of messages (a queue).
    case queue
    /// The payload is an object holding the queue (`queue`) or one message
    /// under a member, next to other members.
    case envelope(Envelope, queue: Bool)
  }

  /// The first message in `value` (the value itself, an element of a
  /// queue, or the queue or message of an envelope) that `matches`.
  package static func findMessage(in value: JSONValue, where matches: (JSONObject) -> Bool) -> (
    message: JSONObject, container: Container
  )? {
    if let object = value.objectValue {
      if matches(object) { return (object, .single) }
      for (key, member) in object {
        if let elements = member.arrayValue {
          for element in elements {
            if let message = element.objectValue, matches(message) {
              return (message, .envelope(envelope(of: object, payloadKey: key), queue: true))
            }
          }
        } else if let message = member.objectValue, matches(message) {
          return (message, .envelope(envelope(of: object, payloadKey: key), queue: false))
        }
      }
      return nil
    }
    for element in value.arrayValue ?? [] {
      if let message = element.objectValue, matches(message) { return (message, .queue) }
    }
    return nil
  }

  private static func envelope(of object: JSONObject, payloadKey: String) -> Envelope {
    var constants: [String: String] = [:]
    var counterKey: String?
    for (key, member) in object where key != payloadKey {
      if let text = member.stringValue { constants[key] = text }
      if member.numberValue != nil, counterKey == nil { counterKey = key }
    }
    return Envelope(payloadKey: payloadKey, constants: constants, counterKey: counterKey)
  }

  /// Whether `value` holds the string `text` anywhere (a member, an element, nested).
  package static func contains(_ value: JSONValue, string text: String) -> Bool {
    switch value {
    case .string(let string): return string == text
    case .array(let elements): return elements.contains { contains($0, string: text) }
    case .object(let object): return object.values.contains { contains($0, string: text) }
    default: return false
    }
  }
}
