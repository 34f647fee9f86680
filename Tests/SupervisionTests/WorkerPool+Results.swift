import BridgeImplementations
import Foundation
import ReferenceImplementations
import ScenarioRunner
import Supervision
import Testing

/// Results that come back from worker processes are those of an
/// in-process run: same statuses, messages, details and traces.
@Suite("Worker results")
struct WorkerResultTests {
  @Test func theWholeSuiteGivesTheSameResultsInWorkersAsInProcess() throws {
    let fixtures = shippedFixtures()
    try #require(fixtures.count > 100)
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let inProcess = SuiteRunner(runner: runner, jobs: 2).run(fixtures)
    let pool = WorkerPool(executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 2)
    let supervised = pool.run(fixtures)
    pool.stopAll()
    #expect(supervised.count == inProcess.count)
    for (left, right) in zip(inProcess, supervised) {
      #expect(left.scenario == right.scenario)
      #expect(left.status == right.status, "\(left.scenario.id)")
      #expect(left.message == right.message, "\(left.scenario.id)")
      #expect(left.detail == right.detail, "\(left.scenario.id)")
      #expect(left.trace == right.trace, "\(left.scenario.id)")
      #expect(left.traceEventCount == right.traceEventCount, "\(left.scenario.id)")
    }
    #expect(pool.workersStarted == 2, "workers are reused between scenarios")
  }

  @Test func aFailingResultCarriesItsTraceAndDetailThroughTheWire() throws {
    // A page bridge that never answers: callbacks fail with a detail and a trace.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-silent-\(getpid()).js")
    try "window.WebViewJavascriptBridge = { registerHandler: function () {}, callHandler: function () {} };"
      .write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let chosen = try fixtures(["callbacks/page-to-native-response"])
    let configuration = WorkerConfiguration(
      page: .script(path: scratch.path, profile: nil), native: .reference,
      tested: TestedSides(page: true, native: false),
      options: RunOptions())
    let page = try configuration.makePage()
    let inProcess = FixtureRunner(
      page: page, native: ReferenceNativeImplementation(), tested: configuration.tested
    ).run(chosen[0])
    let pool = WorkerPool(executable: try workerExecutable(), configuration: configuration, jobs: 1)
    let supervised = try #require(pool.run(chosen).first)
    #expect(inProcess.status == .fail)
    #expect(supervised.status == inProcess.status)
    #expect(supervised.detail == inProcess.detail)
    #expect(supervised.trace == inProcess.trace)
    #expect(!supervised.trace.isEmpty)
  }
}
