import BridgeImplementations
import Foundation
import PageSimulation
import ReferenceBridges
import ReferenceImplementations
import ScenarioRunner
import WebViewHosting

/// The whole shipped suite against the reference pair in process: wall time
/// on one thread and on two, with each thread's pages in a shared context
/// group (as `bridgecheck run` does) and with a group per page (as it did
/// before), alternating; then one scenario's cost next to its floor, a fresh
/// page with the reference bridge injected, measured in the same run.
enum SuiteBenchmark {
  static let rounds = 9

  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    var separate = RunOptions()
    separate.sharesContextGroups = false
    let shared = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let own = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: separate)
    _ = SuiteRunner(runner: shared, jobs: 2).run(fixtures)  // warm-up
    print("  \(fixtures.count) scenarios in process, wall time, median (min–max) of \(rounds) rounds:")
    for jobs in [1, 2] {
      var sharedTimes = Samples()
      var ownTimes = Samples()
      for _ in 0..<rounds {
        sharedTimes.append(Samples.collect(1) { _ = SuiteRunner(runner: shared, jobs: jobs).run(fixtures) })
        ownTimes.append(Samples.collect(1) { _ = SuiteRunner(runner: own, jobs: jobs).run(fixtures) })
      }
      print("    --jobs \(jobs), shared context group per thread: \(sharedTimes.range) ms")
      print(
        "    --jobs \(jobs), a context group per page:        \(ownTimes.range) ms "
          + "(×\(Samples.format(ownTimes.quantile(0.5) / sharedTimes.quantile(0.5))))")
    }

    // One scenario: each fixture run 5 times on this thread, its median;
    // the floor alternates with them.
    var perFixture: [(id: String, milliseconds: Double, events: Int)] = []
    var floor = Samples()
    let bridge = [PageScript(name: "page-bridge.js", source: ReferenceScripts.pageBridge)]
    for fixture in fixtures {
      var samples = Samples()
      var events = 0
      for _ in 0..<5 {
        samples.append(Samples.collect(1) { events = shared.run(fixture).traceEventCount })
        floor.append(
          Samples.collect(1) {
            let webView = SimulatedWebView(configuration: PageConfiguration(sharesContextGroup: true))
            webView.load(PageSource(url: "https://bench.test/", scripts: bridge))
            webView.runUntilIdle()
            webView.close()
          })
      }
      perFixture.append((fixture.id, samples.quantile(0.5), events))
    }
    var medians = Samples()
    for entry in perFixture { medians.add(nanoseconds: Int64(entry.milliseconds * 1e6)) }
    print(
      "  one scenario (one thread, shared group): the median of the \(fixtures.count) scenarios' medians of 5 runs "
        + "\(Samples.format(medians.quantile(0.5))) ms (fastest \(Samples.format(medians.quantile(0))), slowest "
        + "\(Samples.format(medians.quantile(1)))); sum \(Samples.format(perFixture.map(\.milliseconds).reduce(0, +))) ms"
    )
    print(
      "  floor, a fresh page with the reference bridge injected and run, same run: \(floor.range) ms "
        + "(\(floor.count) pages; a scenario is ×\(Samples.format(medians.quantile(0.5) / floor.quantile(0.5))) of it)")
    print("  costliest:")
    for cost in perFixture.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(5) {
      print("    \(Samples.format(cost.milliseconds)) ms  \(cost.id) (\(cost.events) trace events)")
    }
  }
}
