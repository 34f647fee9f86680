import JSONModel
import ScenarioRunner
import WebViewHosting

/// The wording the text formats share, so that a failure reads the same in
/// the terminal, in JUnit and in Markdown: the first line of a message, the
/// trace excerpt, and how unprintable characters are shown. (The JSON report
/// keeps messages and traces verbatim.)
///
/// Everything here is pure and deterministic.
package enum FailureText {
  /// How many characters of a trace event's field value are shown before it
  /// is cut with an ellipsis (the serialized JSON text of the value counts).
  package static let defaultFieldLimit = 160

  /// How many characters of a headline (first line of a message) one-line
  /// places show: JUnit `message` attributes, Markdown table cells.
  package static let headlineLimit = 300

  /// The marker in front of the trace event a failure is about.
  package static let focusMarker = "> "
  /// The marker in front of the other trace events (as wide as the focus marker).
  package static let plainMarker = "  "

  // MARK: - Lines

  /// The lines of `text`, split at LF, CR and CRLF (the line ends of
  /// CommonMark, XML and most terminals; U+2028 and U+2029 are not line ends
  /// here, they are shown by ``visible(_:keepingLineBreaks:)``).
  package static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    lines.append(String(current))
    return lines
  }

  /// The first line of `message` that is not blank, without its trailing
  /// whitespace; `""` when there is no message or it is blank. The line is
  /// returned as written: formats escape it themselves.
  package static func firstLine(_ message: String?) -> String {
    guard let message else { return "" }
    for line in lines(message) {
      let trimmed = trimmingTrailingWhitespace(line)
      if !trimmed.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { return trimmed }
    }
    return ""
  }

  /// The one-line account of a result: the first line of its message, or a
  /// sentence naming the status when there is no message.
  package static func headline(_ result: ScenarioResult) -> String {
    let line = firstLine(result.message)
    if !line.isEmpty { return line }
    switch result.status {
    case .pass: return "passed"
    case .fail: return "failed (no message)"
    case .error: return "could not be judged (no message)"
    case .skip: return "skipped (no reason given)"
    case .xfail: return "failed, as the baseline expects"
    case .xpass: return "passed, although the baseline expects a failure"
    }
  }

  /// The first non-blank line of a skip reason, or `"no reason given"`.
  package static func skipReason(_ result: ScenarioResult) -> String {
    let line = firstLine(result.message)
    return line.isEmpty ? "no reason given" : line
  }

  /// Whether a result is a failure a report lists: `fail`, `error` or
  /// `xpass`, gating or not.
  package static func isFailure(_ status: ScenarioStatus) -> Bool {
    status == .fail || status == .error || status == .xpass
  }

  /// `text` cut to at most `limit` characters (grapheme clusters), with `…`
  /// in place of what was cut.
  package static func truncated(_ text: String, to limit: Int) -> String {
    guard limit > 0 else { return text.isEmpty ? "" : "…" }
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return String(text[..<end]) + "…"
  }

  // MARK: - Unprintable characters

  /// Whether a report shows `scalar` as an escape instead of the character:
  /// C0 and C1 controls and DEL, the line and paragraph separators
  /// U+2028/U+2029, bidirectional formatting characters (which reorder the
  /// text around them), U+FEFF, and the non-characters U+FFFE and U+FFFF.
  /// Tab and line feed are included; callers that keep them say so.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFEFF, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// The marker shown for an unprintable scalar: `\u{1B}`, `\u{2028}`
  /// (uppercase hex, at least two digits).
  package static func marker(for scalar: Unicode.Scalar) -> String {
    "\\u{" + hex(scalar.value, minimumDigits: 2) + "}"
  }

  /// `text` with every ``isInvisible(_:)`` scalar replaced by its
  /// ``marker(for:)``; line feeds (and CRLF/CR line ends, as LF) and tabs
  /// are kept when `keepingLineBreaks` is `true`.
  package static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    if keepingLineBreaks {
      return lines(text).map { visibleKeepingTabs($0) }.joined(separator: "\n")
    }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) {
        result.append(contentsOf: marker(for: scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func visibleKeepingTabs(_ line: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      if scalar != "\t" && isInvisible(scalar) {
        result.append(contentsOf: marker(for: scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The lines of a message as reports print them: unprintable characters
  /// made visible (tabs kept), each line cut to `lineLimit` characters when
  /// one is given, and trailing blank lines dropped.
  package static func messageLines(_ message: String?, lineLimit: Int? = nil) -> [String] {
    guard let message else { return [] }
    var result = lines(message).map { line -> String in
      let shown = visibleKeepingTabs(trimmingTrailingWhitespace(line))
      return lineLimit.map { truncated(shown, to: $0) } ?? shown
    }
    while let last = result.last, last.isEmpty { result.removeLast() }
    return result
  }

  // MARK: - Trace

  /// One trace event on one line, like `TraceEvent.description`
  /// (`#12 @0ms page navigation-requested {"url":"…"}`), except that each
  /// field value whose JSON text is longer than `fieldLimit` characters is
  /// cut with `…` (a cut string keeps its closing quote), and unprintable
  /// characters are escaped: inside the JSON as `\u2028`-style JSON escapes
  /// (so the braces still hold JSON, apart from cut values), in the event
  /// name as ``marker(for:)``.
  package static func eventLine(_ event: TraceEvent, fieldLimit: Int = defaultFieldLimit) -> String {
    var fields = "{"
    var first = true
    for (key, value) in event.fields {
      if !first { fields += "," }
      first = false
      fields += JSONValue.string(key).serialized() + ":" + shortened(value, limit: fieldLimit)
    }
    fields += "}"
    return "#\(event.sequence) @\(event.time) \(event.source.rawValue) \(visible(event.name)) \(jsonVisible(fields))"
  }

  /// The trace excerpt of a result, one event a line, each prefixed with
  /// ``focusMarker`` (the event the failure is about) or ``plainMarker``.
  package static func traceLines(_ result: ScenarioResult, fieldLimit: Int = defaultFieldLimit) -> [String] {
    let focus = result.detail?.focus
    return result.trace.map { event in
      (event.sequence == focus ? focusMarker : plainMarker) + eventLine(event, fieldLimit: fieldLimit)
    }
  }

  /// A heading for the trace excerpt: which events it shows out of how many,
  /// e.g. `trace: events #3–#9 of 40 (">" marks the event the failure is about)`;
  /// `nil` when the result has no trace.
  package static func traceHeading(_ result: ScenarioResult) -> String? {
    guard let first = result.trace.first, let last = result.trace.last else { return nil }
    let total = max(result.traceEventCount, result.trace.count)
    let range: String
    if result.trace.count == total {
      range = total == 1 ? "the only event" : "all \(total) events"
    } else if first.sequence == last.sequence {
      range = "event #\(first.sequence) of \(total)"
    } else {
      range = "events #\(first.sequence)–#\(last.sequence) of \(total)"
    }
    let hasFocus = result.detail?.focus.map { focus in result.trace.contains { $0.sequence == focus } } ?? false
    return "trace: \(range)" + (hasFocus ? " (\">\" marks the event the failure is about)" : "")
  }

  /// Where the failing expectation is written: `file#/json/pointer`, or the
  /// file alone when the failure has no pointer.
  package static func location(_ result: ScenarioResult) -> String {
    guard let pointer = result.detail?.pointer else { return result.scenario.file }
    return result.scenario.file + "#" + pointer.description
  }

  // MARK: - Helpers

  /// The JSON text of a field value, cut to about `limit` characters.
  static func shortened(_ value: JSONValue, limit: Int) -> String {
    let text = value.serialized()
    guard let end = text.index(text.startIndex, offsetBy: max(limit, 1), limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    var kept = Array(text[..<end])
    dropPartialEscape(&kept)
    if case .string = value {
      return String(kept) + "…\""
    }
    return String(kept) + "…"
  }

  /// Drops a JSON escape sequence cut in the middle (`\`, `\u00`) from the
  /// end of `characters`.
  static func dropPartialEscape(_ characters: inout [Character]) {
    let window = min(characters.count, 6)
    for distance in 1...max(window, 1) where distance <= characters.count {
      let position = characters.count - distance
      guard characters[position] == "\\" else { continue }
      var backslashesBefore = 0
      var index = position - 1
      while index >= 0 && characters[index] == "\\" {
        backslashesBefore += 1
        index -= 1
      }
      guard backslashesBefore % 2 == 0 else { continue }
      // An escape starts at `position`: `\u` needs 6 characters, others 2.
      let needed = position + 1 < characters.count && characters[position + 1] == "u" ? 6 : 2
      if distance < needed { characters.removeSubrange(position...) }
      return
    }
  }

  /// JSON text with the unprintable scalars that JSON leaves raw (DEL, C1,
  /// U+2028, bidirectional controls, …) written as `\uXXXX` escapes. Only
  /// valid for JSON text, where such scalars can only be inside strings.
  static func jsonVisible(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: isInvisible) else { return json }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if isInvisible(scalar) {
        result.append(contentsOf: ("\\u" + hex(scalar.value, minimumDigits: 4).lowercased()).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `value` in uppercase hexadecimal, zero-padded to `minimumDigits`.
  static func hex(_ value: UInt32, minimumDigits: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, minimumDigits - digits.count)) + digits
  }

  static func trimmingTrailingWhitespace(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
