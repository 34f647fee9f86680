import JSONModel
import WebViewHosting

/// Where two traces of one scenario, from two engines, part. Events that
/// belong to how an engine runs rather than to what the bridges did are left
/// out of the comparison: `task` (its labels are the engine's) and
/// `script-run` (a real engine does not report the page's own scripts); an
/// `evaluate-result` is compared by `ok` and `result` only (what a failed
/// evaluation's error says is the engine's).
package enum FidelityTraceAlignment {
  /// Event names left out of the comparison.
  package static let engineEvents: Set<String> = [TraceEventName.task, TraceEventName.scriptRun]

  /// The positions, in each trace, of the first compared events that
  /// differ (a trace that ended early gives its length); nil when they agree.
  package static func firstDivergence(_ a: [TraceEvent], _ b: [TraceEvent]) -> (first: Int, second: Int)? {
    let left = compared(a)
    let right = compared(b)
    var index = 0
    while index < left.count, index < right.count {
      if key(a[left[index]]) != key(b[right[index]]) { return (left[index], right[index]) }
      index += 1
    }
    if left.count == right.count { return nil }
    return (index < left.count ? left[index] : a.count, index < right.count ? right[index] : b.count)
  }

  /// The positions of the events compared.
  static func compared(_ events: [TraceEvent]) -> [Int] {
    events.indices.filter { !engineEvents.contains(events[$0].name) }
  }

  /// What is compared of an event.
  static func key(_ event: TraceEvent) -> String {
    var fields = event.fields
    if event.name == TraceEventName.evaluateResult {
      fields = JSONObject(fields.filter { $0.key == "ok" || $0.key == "result" }.map { ($0.key, $0.value) })
    }
    return "\(event.source.rawValue) \(event.name) \(JSONValue.object(fields).serialized())"
  }

  /// An event on one line, without its time (a real engine's is its own).
  package static func line(_ event: TraceEvent, maxLength: Int = 160) -> String {
    let text =
      "#\(event.sequence) \(event.source.rawValue) \(event.name) \(JSONValue.object(event.fields).serialized())"
    guard text.count > maxLength else { return text }
    return String(text.prefix(maxLength - 1)) + "…"
  }
}
