import JSONModel
import WebViewHosting

/// The warnings and errors the reference native side logged before a page
/// bridge's failure, for its failure text: the cause is sometimes visible
/// only there (a queue it could not parse, a fetch result of the wrong type,
/// a delivery the page rejected). Not for a fixture that provokes native
/// logs on purpose (it names `native-log` in its expectations).
enum NativeLogNote {
  /// The most lines a failure gets.
  static let maximumLines = 3
  /// The most characters of a logged message shown.
  static let messageLimit = 240

  /// The lines, `native side logged: LEVEL CODE: MESSAGE`, or nil.
  static func lines(fixture: Fixture, trace: [TraceEvent], focus: Int?) -> String? {
    let expected = fixture.expect.events + fixture.expect.absent + fixture.expect.counts.map(\.pattern)
    guard !expected.contains(where: { $0.event == "native-log" }) else { return nil }
    var seen: Set<String> = []
    var lines: [String] = []
    for event in trace where event.name == "native-log" {
      if let focus, event.sequence > focus { break }
      guard let level = event["level"]?.stringValue, level == "warning" || level == "error" else { continue }
      let code = event["code"]?.stringValue ?? "?"
      var message = event["message"]?.stringValue ?? ""
      if message.count > messageLimit { message = String(message.prefix(messageLimit)) + "…" }
      let line = "native side logged (#\(event.sequence)): \(level) \(code): \(message)"
      guard seen.insert(code + "\u{0}" + message).inserted else { continue }
      lines.append(line)
      if lines.count == maximumLines { break }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
