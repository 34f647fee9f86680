import ScenarioRunner
import Testing
import WebViewHosting

@testable import Exploration

@Suite("Schedule choices: seed 0 is today's schedule, every seed replays exactly")
struct ScheduleChooserTests {
  static let fixtureIDs = [
    "callbacks/page-to-native-response", "startup-queue/reload-recovers-on-next-injection",
    "transport/order-kept-across-batches",
  ]

  @Test("seed 0 records the same trace as a run with no schedule at all")
  func seedZeroIsToday() throws {
    for id in Self.fixtureIDs {
      let fixture = try shippedFixture(id)
      let plain = referenceRunner.run(fixture)
      let seeded = referenceRunner.run(fixture, schedule: .seed(0))
      #expect(seeded.deviations.isEmpty)
      #expect(seeded.result.status == plain.status, "\(id)")
      #expect(seeded.result.traceEventCount == plain.traceEventCount, "\(id)")
    }
  }

  @Test("the same seed gives the same choices, and its deviations replay to the same run")
  func seedsReplay() throws {
    let fixture = try shippedFixture("callbacks/page-to-native-response")
    var sawDeviation = false
    for seed: UInt64 in 1...20 {
      let first = referenceRunner.run(fixture, schedule: .seed(seed))
      let second = referenceRunner.run(fixture, schedule: .seed(seed))
      #expect(first.deviations == second.deviations)
      #expect(first.result.traceEventCount == second.result.traceEventCount)
      let replayed = referenceRunner.run(fixture, schedule: .deviations(first.deviations))
      #expect(replayed.deviations == first.deviations, "seed \(seed)")
      #expect(replayed.result.traceEventCount == first.result.traceEventCount, "seed \(seed)")
      sawDeviation = sawDeviation || !first.deviations.isEmpty
    }
    #expect(sawDeviation, "20 seeds made no deviation at all: exploration explores nothing")
  }

  @Test("a chooser draws nothing but defaults for seed 0 and for no deviations")
  func defaultsOnly() {
    for spec in [ScheduleSpec.seed(0), .deviations([])] {
      let chooser = ScheduleChooser(spec: spec, salt: 42)
      for _ in 0..<100 { _ = chooser.delay(.evaluateLatency, source: "evaluate", now: .zero) }
      #expect(chooser.deviations.isEmpty)
      #expect(chooser.drawn == 100)
    }
  }

  @Test("latencies never reorder a source")
  func sourcesKeepOrder() {
    let chooser = ScheduleChooser(spec: .seed(7), salt: 1)
    var last: Int64 = 0
    for step in 0..<500 {
      let now = VirtualTime(milliseconds: Int64(step / 10))
      let due = now.milliseconds + chooser.delay(.completionLatency, source: "completion", now: now)
      #expect(due >= last)
      last = due
    }
  }
}
