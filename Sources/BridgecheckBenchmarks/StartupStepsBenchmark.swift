import BridgeImplementations
import Foundation
import ReferenceImplementations
import ScenarioRunner
import WebViewHosting

/// Where one scenario's time goes, step by step: every scenario of the suite
/// runs with a trace observer that stamps each trace event with the wall
/// clock, and the time from one event to the next is charged to the step the
/// first one starts (creating the page and installing its environment, the
/// harness script, the bridge's injection, …). Measured with each page in
/// the thread's shared context group and in a group of its own, alternating.
enum StartupStepsBenchmark {
  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    let rounds = 7
    for shared in [true, false] {
      var options = RunOptions()
      options.sharesContextGroups = shared
      let runner = FixtureRunner(
        page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: options)
      for fixture in fixtures { _ = runner.run(fixture) }  // warm-up
      // Per step: the suite's total in each round.
      var totals: [String: Samples] = [:]
      var perScenario = Samples()
      for _ in 0..<rounds {
        var round: [String: Int64] = [:]
        for fixture in fixtures {
          let steps = measure(fixture, with: runner)
          for (step, nanoseconds) in steps { round[step, default: 0] += nanoseconds }
          perScenario.add(nanoseconds: steps.values.reduce(0, +))
        }
        for step in Step.allCases {
          totals[step.rawValue, default: Samples()].add(nanoseconds: round[step.rawValue] ?? 0)
        }
      }
      let scenarios = Double(fixtures.count)
      print(
        "  \(shared ? "shared context group per thread" : "a context group per page"): one scenario \(perScenario.range) ms "
          + "(median (min–max) of \(perScenario.count) runs of the \(fixtures.count) scenarios); per step, the suite's "
          + "total / \(fixtures.count), median (min–max) of \(rounds) rounds:")
      for step in Step.allCases {
        guard let samples = totals[step.rawValue] else { continue }
        print(
          "    \(step.rawValue.padding(toLength: 46, withPad: " ", startingAt: 0)) \(samples.scaled(by: 1 / scenarios).range) ms"
        )
      }
    }
  }

  /// The steps time is charged to.
  enum Step: String, CaseIterable {
    case setup = "host setup and native session start"
    case page = "new page: context + environment"
    case hostFunctions = "host functions and message handlers"
    case harness = "harness script"
    case options = "page options script"
    case pageScripts = "page scripts (setup snippet, ready, fixture's)"
    case evaluations = "native evaluations (injection, messages)"
    case other = "steps, tasks and handlers"
    case judge = "judging and closing"
  }

  /// Nanoseconds per step of one run of `fixture`.
  static func measure(_ fixture: Fixture, with runner: FixtureRunner) -> [String: Int64] {
    var stamps: [(step: Step, at: ContinuousClock.Instant)] = []
    let start = ContinuousClock.now
    _ = runner.run(fixture) { event in
      stamps.append((step(after: event), ContinuousClock.now))
    }
    let end = ContinuousClock.now
    var steps: [String: Int64] = [:]
    var previous = (step: Step.setup, at: start)
    for stamp in stamps {
      steps[previous.step.rawValue, default: 0] += nanoseconds(stamp.at - previous.at)
      previous = stamp
    }
    // From the last event on: the last tasks' ends, judging and closing.
    steps[Step.judge.rawValue, default: 0] += nanoseconds(end - previous.at)
    return steps
  }

  /// The step that starts with `event` (and runs until the next event).
  static func step(after event: TraceEvent) -> Step {
    switch event.name {
    case TraceEventName.task where event["label"]?.stringValue?.hasPrefix("load ") == true: return .page
    case TraceEventName.pageLoaded: return .hostFunctions
    case TraceEventName.scriptRun:
      switch event["name"]?.stringValue {
      case "bridgecheck-harness.js": return .harness
      case "bridgecheck-page-options.js": return .options
      default: return .pageScripts
      }
    case TraceEventName.evaluate: return .evaluations
    default: return .other
    }
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }
}
