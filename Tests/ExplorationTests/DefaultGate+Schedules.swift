import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

@testable import Exploration

@Suite("The default gate's systematic schedules")
struct DefaultGateScheduleTests {
  @Test("every schedule sets only values its points have, and the names are unique")
  func schedulesAreWellFormed() {
    let gate = SystematicSchedule.defaultGate
    #expect(Set(gate.map(\.name)).count == gate.count)
    for schedule in gate {
      #expect(!schedule.latencies.isEmpty || schedule.order != .firstCome, "\(schedule.name) is the default schedule")
      for (point, value) in schedule.latencies {
        #expect(point.values.contains(value) && value != point.values[0], "\(schedule.name): \(point) \(value)")
      }
      #expect(SystematicSchedule.named(schedule.name) == schedule)
    }
    #expect(SystematicSchedule.named("nope") == nil)
  }

  @Test("a late timer never fires before one the HTML standard runs first")
  func lateTimersKeepTheirOrder() {
    // The first timer drawn is 4 ms late; the others take their default.
    let chooser = ScheduleChooser(spec: .deviations([ScheduleChoice(index: 0, point: .timerLatency, value: 4)]))
    let now = VirtualTime.zero
    #expect(chooser.timerLateness(delay: 5, now: now) == 4)  // due at 9
    // Same deadline, set later: not before the first (9).
    #expect(chooser.timerLateness(delay: 5, now: now) == 4)
    // A later deadline already after 9 keeps its time.
    #expect(chooser.timerLateness(delay: 10, now: now) == 0)
    // An earlier deadline is not held back by the later ones.
    #expect(chooser.timerLateness(delay: 3, now: now) == 0)
    #expect(chooser.deviations == [ScheduleChoice(index: 0, point: .timerLatency, value: 4)])
    // Every timer of timers-late fires 1 ms late.
    let late = ScheduleChooser(spec: .systematic(SystematicSchedule.named("timers-late")!))
    #expect(late.timerLateness(delay: 0, now: now) == 1)
    #expect(late.timerLateness(delay: 30, now: now) == 1)
    // Seeds leave the points added with the default gate at their default.
    for seed in UInt64(1)...40 {
      let seeded = ScheduleChooser(spec: .seed(seed))
      for _ in 0..<20 { _ = seeded.timerLateness(delay: 0, now: now) }
      #expect(seeded.deviations.isEmpty, "seed \(seed)")
    }
  }

  @Test("a task crossing to or from a worker never runs before a late timer whose deadline came first")
  func workerTasksWaitForLateTimers() {
    let now = VirtualTime.zero
    let late = ScheduleChooser(spec: .systematic(SystematicSchedule.named("timers-late")!))
    #expect(late.crossingDelay(now: now) == 0, "no timer pending")
    #expect(late.timerLateness(delay: 0, now: now) == 1)  // a zero-delay timer, due at 1
    #expect(late.timerLateness(delay: 5, now: now) == 1)  // deadline 5, not come yet
    #expect(late.crossingDelay(now: now) == 1)
    let drawn = late.drawn
    _ = late.crossingDelay(now: now)
    #expect(late.drawn == drawn, "no choice drawn")
    // Under the default schedule and under seeds, timers are on time: nothing waits.
    let seeded = ScheduleChooser(spec: .seed(7))
    _ = seeded.timerLateness(delay: 0, now: now)
    #expect(seeded.crossingDelay(now: now) == 0)
  }

  @Test(
    "a page that dispatches through a worker passes the default gate: its worker does not overtake a late set-up timer")
  func workerDispatchPassesTheGate() throws {
    // conformance/calibration/worker-dispatch.json: correct in practice, and in WebKitGTK.
    let definition = try JSONValue.parse(
      String(
        contentsOf: packageRoot.appendingPathComponent("conformance/calibration/worker-dispatch.json"), encoding: .utf8)
    )
    var source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    for step in definition["patch"]?.arrayValue ?? [] {
      let find = try #require(step["find"]?.stringValue)
      #expect(source.components(separatedBy: find).count == 2)
      source = source.replacingOccurrences(of: find, with: try #require(step["replace"]?.stringValue))
    }
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "worker-dispatch.js", source: source),
      native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    let fixture = try shippedFixture("startup-queue/setup-handlers-receive-startup-messages")
    for schedule in SystematicSchedule.defaultGate {
      let run = runner.run(fixture, schedule: .systematic(schedule))
      #expect(run.result.status == .pass, "\(schedule.name): \(run.result.message ?? "")")
    }
  }

  @Test("steps-apart lets 1 ms pass between two steps that do not settle, and none after a settle")
  func stepsComeApart() throws {
    let fixture = try shippedFixture("data/falsy-data-native-to-page")
    func stepTimes(_ schedule: ScheduleSpec?) -> [Int64] {
      let steps = StepTimes()
      let observe: (TraceEvent) -> Void = { event in
        if event.name == "step" { steps.times.append(event.time.milliseconds) }
      }
      let result =
        schedule.map { referenceRunner.run(fixture, schedule: $0, traceObserver: observe).result }
        ?? referenceRunner.run(fixture, traceObserver: observe)
      #expect(result.status == .pass, "\(result.message ?? "")")
      return steps.times
    }
    let plain = stepTimes(nil)
    let apart = stepTimes(.systematic(try #require(SystematicSchedule.named("steps-apart"))))
    #expect(plain.count == fixture.steps.count && apart.count == fixture.steps.count)
    // The native calls (steps 1 to 6) come one after the other with no settle.
    #expect(Set(plain.dropFirst()).count == 1, "\(plain)")
    let gaps = zip(apart.dropFirst(2), apart.dropFirst()).map { $0 - $1 }
    #expect(gaps == Array(repeating: 1, count: fixture.steps.count - 2), "\(apart)")
  }

  @Test("a systematic schedule's deviations, pinned, replay it exactly", arguments: SystematicSchedule.defaultGate)
  func pinsReplaySystematicSchedules(schedule: SystematicSchedule) throws {
    for id in [
      "data/falsy-data-native-to-page", "transport/order-kept-across-batches", "callbacks/reentrant-calls-both-ways",
    ] {
      let fixture = try shippedFixture(id)
      let run = referenceRunner.run(fixture, schedule: .systematic(schedule))
      let replayed = referenceRunner.run(fixture, schedule: .deviations(run.deviations))
      #expect(replayed.deviations == run.deviations, "\(schedule.name) on \(id)")
      #expect(replayed.points == run.points)
      #expect(
        replayed.result.status == run.result.status && replayed.result.traceEventCount == run.result.traceEventCount)
      #expect(
        run.result.status == .pass, "the reference pair under \(schedule.name) on \(id): \(run.result.message ?? "")")
    }
  }

  @Test(
    "the reference pair passes the default gate, and the report is the same whatever --jobs and however often it runs")
  func referencePassesDeterministically() throws {
    let fixtures = try [
      "callbacks/page-to-native-response", "transport/order-kept-across-batches",
      "data/every-json-type-as-response-from-native",
      "startup-queue/reload-recovers-on-next-injection",
    ].map(shippedFixture)
    let runs = [1, 2, 2].map { jobs in
      ExploringSuiteRunner(runner: referenceRunner, explore: .defaultGate, jobs: jobs).run(fixtures)
    }
    for results in runs {
      for result in results {
        #expect(result.status == .pass, "\(result.scenario.id): \(result.message ?? "")")
        #expect(result.exploration?.schedules == 1 + SystematicSchedule.defaultGate.count)
        #expect(result.exploration?.systematicAsked == SystematicSchedule.defaultGate.count)
      }
      #expect(results.map(\.exploration) == runs[0].map(\.exploration))
    }
  }
}

/// The step times a trace observer saw.
private final class StepTimes: @unchecked Sendable {
  var times: [Int64] = []
}
