import Digest
import JSONModel
import WebViewHosting

/// Cuts payloads to a bounded size where results keep them (messages,
/// details, trace excerpts), so a report of the whole suite stays small
/// whatever the bridge sends: a long string becomes its first
/// ``keptCharacters`` characters and `… (1048576 characters, sha256 3f2a9c01…)`,
/// enough to tell two payloads apart and to check one against a known value.
package enum PayloadBound {
  /// Strings up to this many characters are kept whole.
  package static let stringLimit = 400
  /// How many characters of a longer string are kept.
  package static let keptCharacters = 200
  /// Lines of a message up to this many characters are kept whole.
  package static let lineLimit = 2000
  /// Events, array elements and object members kept in one value.
  package static let elementLimit = 200

  /// `text`, cut when longer than `limit` characters.
  package static func string(_ text: String, limit: Int = stringLimit) -> String {
    guard text.utf8.count > limit, text.count > limit else { return text }
    let digest = SHA256.hex(text.utf8).prefix(16)
    return String(text.prefix(keptCharacters)) + "… (\(text.count) characters, sha256 \(digest)…)"
  }

  /// `value` with every long string in it cut (keys too), and long arrays
  /// and objects shortened with a marker saying how many were left out.
  package static func value(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text):
      return .string(string(text))
    case .array(let elements):
      var kept = elements.prefix(elementLimit).map(Self.value)
      if elements.count > elementLimit { kept.append(.string("… (\(elements.count - elementLimit) more elements)")) }
      return .array(kept)
    case .object(let object):
      return .object(self.object(object))
    default:
      return value
    }
  }

  /// `object` with its values bounded.
  package static func object(_ object: JSONObject) -> JSONObject {
    var out: [(String, JSONValue)] = []
    for (index, member) in object.enumerated() {
      if index == elementLimit {
        out.append(("…", .string("\(object.count - elementLimit) more members")))
        break
      }
      out.append((string(member.0), value(member.1)))
    }
    return JSONObject(out)
  }

  /// A message with every line longer than ``lineLimit`` cut.
  package static func text(_ text: String) -> String {
    guard text.utf8.count > lineLimit else { return text }
    // Lines are found by their UTF-8 line-feed bytes: splitting the String
    // walks it character by character, seconds for a megabyte payload (and
    // would not split at "\r\n", one character to Swift).
    var lines: [String] = []
    var lineStart = text.utf8.startIndex
    var index = lineStart
    while index != text.utf8.endIndex {
      if text.utf8[index] == UInt8(ascii: "\n") {
        lines.append(bounded(line: text.utf8[lineStart..<index]))
        lineStart = text.utf8.index(after: index)
      }
      index = text.utf8.index(after: index)
    }
    lines.append(bounded(line: text.utf8[lineStart...]))
    return lines.joined(separator: "\n")
  }

  private static func bounded(line: Substring.UTF8View) -> String {
    let text = String(Substring(line))
    return line.count > lineLimit ? string(text, limit: lineLimit) : text
  }

  /// `event` with its fields bounded.
  package static func event(_ event: TraceEvent) -> TraceEvent {
    var bounded = event
    bounded.fields = object(event.fields)
    return bounded
  }
}

extension ScenarioResult {
  /// This result with its payloads cut (``PayloadBound``): message, detail
  /// and trace excerpt.
  package func bounded() -> ScenarioResult {
    var result = self
    result.message = message.map(PayloadBound.text)
    if var detail {
      detail.expectation = PayloadBound.text(detail.expectation)
      detail.closest = detail.closest.map(PayloadBound.event)
      result.detail = detail
    }
    result.trace = trace.map(PayloadBound.event)
    return result
  }
}
