import JSONModel
import WebViewHosting

/// Captures: names bound to values of the trace by a fixture's `captures`
/// patterns, and `${name}` in a wire step's raw message replaced by them.
enum CaptureSubstitution {
  /// The values the capture patterns bind in `trace`: each pattern binds
  /// from the first event it matches (its `$captured` parts reading the
  /// names bound by earlier patterns).
  static func bindings(_ captures: [EventPattern], in trace: [TraceEvent]) -> [String: JSONValue] {
    var bound: [String: JSONValue] = [:]
    for pattern in captures {
      guard
        let event = trace.first(where: { event in
          event.name == pattern.event
            && pattern.fields.allSatisfy { $0.matcher.matches(event.fields[$0.key], captures: bound) }
        })
      else { continue }
      for (key, matcher) in pattern.fields {
        for name in matcher.bindsNames {
          if let value = matcher.bound(name, in: event.fields[key]) { bound[name] = value }
        }
      }
    }
    return bound
  }

  /// The names `${name}` in `raw`.
  static func names(in raw: String) -> [String] {
    var names: [String] = []
    var rest = Substring(raw)
    while let open = rest.range(of: "${") {
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
      names.append(String(rest[open.upperBound..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// `raw` with every `${name}` replaced by the bound value (a string's
  /// text, or the JSON of anything else); unbound names stay as written.
  static func substitute(_ raw: String, _ bound: [String: JSONValue]) -> String {
    var text = raw
    for name in names(in: raw) {
      guard let value = bound[name] else { continue }
      text = text.replacingOccurrences(of: "${\(name)}", with: value.stringValue ?? value.serialized())
    }
    return text
  }
}
