import Foundation
import Synchronization
import Testing

@testable import BridgecheckCLI

/// The progress of long commands: what, how far, the rate and the time
/// left; rewritten in place on a terminal, a line every few seconds at most
/// in a log, never on standard output.
@Suite("Progress lines")
struct ProgressMeterTests {
  @Test func aLineSaysWhatHowFarTheRateAndTheTimeLeft() {
    let line = ProgressMeter.line(
      task: "fuzz", unit: "values", done: 4200, total: 20000, elapsed: .seconds(4), note: "2 failing")
    #expect(line == "bridgecheck: fuzz: 4200/20000 values, 21%, 1050/s, about 15 s left, 4 s so far — 2 failing")
    let open = ProgressMeter.line(
      task: "matrix", unit: "scenarios", done: 7, total: nil, elapsed: .seconds(2), note: nil)
    #expect(open == "bridgecheck: matrix: 7 scenarios, 3.50/s, 2 s so far")
    let done = ProgressMeter.line(
      task: "run", unit: "scenarios", done: 10, total: 10, elapsed: .milliseconds(400), note: nil)
    #expect(!done.contains("left"))
    #expect(ProgressMeter.durationText(125) == "2 min 05 s")
    #expect(ProgressMeter.durationText(3 * 3600 + 240) == "3 h 04 min")
    #expect(ProgressMeter.durationText(0.2) == "under 1 s")
    #expect(ProgressMeter.rateText(0.354) == "0.35/s")
  }

  @Test func aLogGetsALineOnlyEveryFewSeconds() {
    let written = Mutex<[String]>([])
    let meter = ProgressMeter(task: "fuzz", unit: "values", mode: .log) { text in written.withLock { $0.append(text) } }
    for done in 0..<10_000 { meter.update(done: done, total: 10_000) }
    meter.finish()
    // The loop takes far less than the log interval: nothing, not even a clearing sequence.
    #expect(written.withLock { $0 }.isEmpty)
  }

  @Test func aTerminalLineIsRewrittenInPlaceAndCleared() async throws {
    let written = Mutex<[String]>([])
    let meter = ProgressMeter(task: "run", unit: "scenarios", mode: .terminal) { text in
      written.withLock { $0.append(text) }
    }
    meter.update(done: 1, total: 3)
    #expect(written.withLock { $0 }.isEmpty, "a short run shows nothing")
    try await Task.sleep(for: ProgressMeter.quietStart + .milliseconds(50))
    meter.update(done: 2, total: 3)
    meter.update(done: 2, total: 3)
    meter.finish()
    let lines = written.withLock { $0 }
    #expect(lines.count == 2, "one line (the second update comes too soon), then the clearing: \(lines)")
    #expect(lines.first?.hasPrefix("\r\u{1B}[2Kbridgecheck: run: 2/3 scenarios, 66%") == true)
    #expect(lines.last == "\r\u{1B}[2K")
  }
}
