import Foundation
import JSONModel
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// A trace written by `--traces` (and by a worker for `fidelity`) reads
/// back as the same events.
@Suite("Trace files")
struct TraceFileTests {
  @Test func aWrittenTraceReadsBackTheSame() throws {
    let events = [
      TraceEvent(
        sequence: 0, time: VirtualTime(milliseconds: 0), source: .host, name: "evaluate", fields: ["script": "x()"]),
      TraceEvent(
        sequence: 1, time: VirtualTime(milliseconds: 12), source: .page, name: "console",
        fields: ["level": "log", "text": "a\nb", "seq": 7, "nested": ["time": 3]]),
    ]
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try TraceFile.write(events, to: path)
    let read = try #require(TraceFile.read(path))
    #expect(read.map(\.sequence) == [0, 1])
    #expect(read.map(\.name) == ["evaluate", "console"])
    #expect(read[1].time.milliseconds == 12)
    #expect(read[1].source == .page)
    // A field named like a header key was written as `_seq`, and gets its name back.
    #expect(read[1].fields == events[1].fields)
    #expect(TraceFile.read(path + ".missing") == nil)
  }
}
