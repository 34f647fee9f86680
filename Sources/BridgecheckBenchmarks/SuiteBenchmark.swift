import BridgeImplementations
import Foundation
import ScenarioRunner

/// The whole shipped suite against the reference pair, as `bridgecheck run`
/// runs it: wall time on one thread and on every core, and which scenarios
/// cost the most.
enum SuiteBenchmark {
  static func run() throws {
    let outcome = FixtureLoader().load(paths: ["Fixtures"])
    guard outcome.problems.isEmpty, !outcome.fixtures.isEmpty else {
      print("  run from the package root (Fixtures/ must load cleanly)")
      return
    }
    let fixtures = outcome.fixtures
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let cores = ProcessInfo.processInfo.activeProcessorCount
    _ = SuiteRunner(runner: runner, jobs: cores).run(fixtures)  // warm-up
    for jobs in Set([1, cores]).sorted() {
      let samples = Samples.collect(5) { _ = SuiteRunner(runner: runner, jobs: jobs).run(fixtures) }
      print("  \(fixtures.count) scenarios, --jobs \(jobs): \(samples.summary)")
    }
    var costs: [(id: String, milliseconds: Double, events: Int)] = []
    for fixture in fixtures {
      let samples = Samples.collect(5) { _ = runner.run(fixture) }
      let events = runner.run(fixture).traceEventCount
      costs.append((fixture.id, samples.quantile(0.5), events))
    }
    let total = costs.map(\.milliseconds).reduce(0, +)
    let sorted = costs.sorted { $0.milliseconds > $1.milliseconds }
    print("  per scenario (one thread): median \(Samples.format(sorted[sorted.count / 2].milliseconds)) ms, sum \(Samples.format(total)) ms")
    print("  costliest:")
    for cost in sorted.prefix(5) {
      print("    \(Samples.format(cost.milliseconds)) ms  \(cost.id) (\(cost.events) trace events)")
    }
  }
}
