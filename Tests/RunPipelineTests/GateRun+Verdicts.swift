import ReferenceImplementations
import RunPipeline
import ScenarioRunner
import Supervision
import Testing

@Suite("A gate run gives the verdict of its scenarios")
struct GateRunVerdicts {
  @Test("the reference pair passes every scenario and the run passes")
  func referencePairPasses() throws {
    let fixtures = try shippedFixtures()
    let result = try finished(gateRun(fixtures).run())
    #expect(result.report.results.count == fixtures.count)
    #expect(result.report.results.allSatisfy { $0.status == .pass || $0.status == .skip })
    #expect(result.report.passed)
    #expect(result.report.cutShort == nil)
    #expect(result.fixtures.map(\.id) == fixtures.map(\.id))
    #expect(result.report.page.name == ReferencePageImplementation().name)
  }

  @Test("a page bridge whose callback ids repeat fails the run")
  func brokenPageBridgeFails() throws {
    let fixtures = try shippedFixtures()
    let result = try finished(gateRun(fixtures, page: try pageBridgeWithRepeatedCallbackIDs()).run())
    #expect(result.report.results.count == fixtures.count)
    #expect(!result.report.gatingFailures.isEmpty)
    #expect(!result.report.passed)
  }

  @Test("fixtures streamed while they load run as loaded ones do")
  func streamedFixtures() throws {
    let fixtures = try shippedFixtures()
    let feed = WorkFeed<Fixture>()
    var run = gateRun([])
    run.fixtures = .streamed(feed, finish: { (Array(fixtures.prefix(4)), fixtures) })
    // The shard's fixtures arrive; the finish says which ran and which were selected.
    for fixture in fixtures.prefix(4) { feed.append(fixture) }
    feed.end()
    let result = try finished(run.run())
    #expect(result.report.results.map(\.scenario.id) == fixtures.prefix(4).map(\.id))
    #expect(result.fixtures.count == 4)
    #expect(result.selected.count == fixtures.count)
    #expect(result.report.passed)
  }

  @Test("--max-failures stops handing out scenarios and the report says so")
  func maxFailuresCutsShort() throws {
    let fixtures = try shippedFixtures()
    var run = gateRun(fixtures, page: try pageBridgeWithRepeatedCallbackIDs(), jobs: 1)
    run.maxFailures = 1
    let result = try finished(run.run())
    #expect(result.report.results.count < fixtures.count)
    #expect(
      result.report.cutShort
        == "cut short after 1 gating failure (--max-failures 1): \(result.report.results.count) of \(fixtures.count) scenarios ran"
    )
    #expect(!result.report.passed)
  }

  @Test("a stop asked for before the first scenario leaves every scenario out and marks the report interrupted")
  func interrupted() throws {
    var run = gateRun(try shippedFixtures())
    run.stopReason = { .interrupt }
    let result = try finished(run.run())
    #expect(result.report.results.isEmpty)
    #expect(result.report.interrupted)
    #expect(!result.report.passed)
  }
}
