import RunPipeline
import ScenarioRunner
import Synchronization
import Testing

@Suite("A gate run is judged against its expectations")
struct GateRunExpectations {
  @Test("failures the expectations pin are xfail, and the run passes")
  func pinnedFailuresPass() throws {
    let fixtures = try shippedFixtures()
    let page = try pageBridgeWithRepeatedCallbackIDs()
    let first = try finished(gateRun(fixtures, page: page).run())
    #expect(!first.report.passed)
    let pinned = Baseline().updated(with: first.report.results, existing: Set(fixtures.map(\.id))).baseline
    #expect(!pinned.entries.isEmpty)

    var run = gateRun(fixtures, page: page)
    run.expectations = GateExpectations(baseline: pinned)
    let judged = try finished(run.run())
    #expect(judged.report.results.contains { $0.status == .xfail })
    #expect(judged.report.gatingFailures.isEmpty)
    #expect(judged.report.passed)
  }

  @Test("a pinned failure does not count towards --max-failures")
  func pinnedFailuresDoNotCount() throws {
    let fixtures = try shippedFixtures()
    let page = try pageBridgeWithRepeatedCallbackIDs()
    let first = try finished(gateRun(fixtures, page: page).run())
    var run = gateRun(fixtures, page: page, jobs: 1)
    run.maxFailures = 1
    run.expectations = GateExpectations(
      baseline: Baseline().updated(with: first.report.results, existing: Set(fixtures.map(\.id))).baseline)
    let judged = try finished(run.run())
    #expect(judged.report.results.count == fixtures.count)
    #expect(judged.report.cutShort == nil)
  }

  @Test("the expectations' own problems fail the run")
  func problemsFail() throws {
    var run = gateRun(try shippedFixtures())
    run.expectations = GateExpectations(baseline: Baseline()) { _ in ["#/expectations/gone: no such fixture"] }
    let result = try finished(run.run())
    #expect(result.report.expectationProblems == ["#/expectations/gone: no such fixture"])
    #expect(!result.report.passed)
  }

  @Test("rewritten expectations are written from the run and judge it")
  func rewrite() throws {
    let fixtures = try shippedFixtures()
    let seen = Mutex<[ScenarioResult]?>(nil)
    var run = gateRun(fixtures, page: try pageBridgeWithRepeatedCallbackIDs())
    run.expectations = GateExpectations { results in
      seen.withLock { $0 = results }
      return Baseline().updated(with: results, existing: Set(fixtures.map(\.id))).baseline
    }
    let result = try finished(run.run())
    let written = try #require(seen.withLock { $0 })
    #expect(written.count == fixtures.count)
    #expect(written.contains { $0.status == .fail || $0.status == .error })
    #expect(result.report.gatingFailures.isEmpty)
    #expect(result.report.passed)
  }
}
