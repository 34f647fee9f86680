import BridgeImplementations
import RunPipeline
import ScenarioRunner
import Testing

@Suite("A gate run stops on an adapter that fails everything alike")
struct GateRunCircuitBreaker {
  @Test("after the first scenarios all end in the same error, the rest are not run")
  func breakerOpens() throws {
    let fixtures = try shippedFixtures()
    var run = gateRun(fixtures, native: AlwaysFailingNative(message: "the adapter crashed\nat line 3"), jobs: 1)
    run.adapterCommand = "my-adapter --port 1"
    let result = try finished(run.run())
    let ran = result.report.results.filter { $0.status != .skip }
    #expect(ran.count == AdapterCircuitBreaker.threshold)
    #expect(ran.allSatisfy { $0.status == .error })
    let cutShort = try #require(result.report.cutShort)
    #expect(
      cutShort.hasPrefix("cut short: the native adapter failed the first 5 scenarios that ran with the same error"))
    #expect(cutShort.contains("(`bridgecheck doctor --native my-adapter --port 1` explains what is wrong)"))
    #expect(!cutShort.contains("at line 3"), "only the first line of the message")
    #expect(!result.report.passed)
  }

  @Test("without an adapter, or while the expectations are rewritten, every scenario runs")
  func breakerStaysOff() throws {
    let fixtures = try shippedFixtures()
    let native = AlwaysFailingNative(message: "the adapter crashed")
    let withoutAdapter = try finished(gateRun(fixtures, native: native, jobs: 1).run())
    #expect(withoutAdapter.report.results.count == fixtures.count)
    #expect(withoutAdapter.report.cutShort == nil)

    var rewriting = gateRun(fixtures, native: native, jobs: 1)
    rewriting.adapterCommand = "my-adapter"
    rewriting.expectations = GateExpectations { results in Baseline().updated(with: results, existing: []).baseline }
    let rewritten = try finished(rewriting.run())
    #expect(rewritten.report.results.count == fixtures.count)
    #expect(rewritten.report.cutShort == nil)
  }

  @Test("an adapter that fails its hello ends the run before any scenario")
  func adapterDidNotStart() throws {
    let fixtures = try shippedFixtures()
    AdapterNativeImplementation.installTerminationHandlers()
    let adapter = AdapterNativeImplementation(command: ["/bin/false"])
    defer { adapter.shutdown() }
    var run = gateRun(fixtures, native: adapter)
    run.adapterCommand = "/bin/false"
    guard case .adapterDidNotStart(_, let scenarios) = try run.run() else {
      Issue.record("the run went on without its adapter")
      return
    }
    #expect(scenarios == fixtures.count)
  }
}
