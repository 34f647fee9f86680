import BridgeImplementations
import JSONModel
import PageSimulation
import ReferenceImplementations
import Testing

@testable import ScenarioRunner

/// A scenario's result names the APIs its page code reached for that WebKit
/// has and the simulated page lacks: what the page noted touching, and what
/// a page error traces to a missing API.
@Suite("Runner: APIs the simulated page lacks, per scenario")
struct PageAPIsMissingTests {
  private func run(_ head: String) throws -> ScenarioResult {
    let source = head + "\n" + ReferencePageImplementation().source
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "touching", source: source), native: ReferenceNativeImplementation())
    return runner.run(try fixture(ScenarioRunnerMiniatureTests.echoFixture))
  }

  @Test func aPassingScenarioStillNamesWhatThePageTouched() throws {
    let result = try run(
      "if (typeof fetch === 'function') { fetch('x'); } var cookie = document.cookie; var again = window.fetch;")
    #expect(result.status == .pass, "\(result.message ?? "")")
    #expect(result.pageAPIsMissing == ["fetch", "document.cookie"])
  }

  @Test func anErrorTracedToAMissingAPINamesIt() throws {
    let result = try run("setTimeout(function () { open('https://x.test/'); }, 0);")
    #expect(result.pageAPIsMissing == ["open"], "\(result.message ?? "")")
  }

  @Test func aPageThatTouchesNothingMissingNamesNothing() throws {
    #expect(try run("").pageAPIsMissing.isEmpty)
  }

  @Test func theListSurvivesTheWorkerWire() throws {
    var result = try run("var c = document.cookie;")
    result.pageAPIsMissing = ["document.cookie", "self.TextEncoder"]
    let decoded = try #require(ScenarioResult(wireValue: result.wireValue))
    #expect(decoded.pageAPIsMissing == ["document.cookie", "self.TextEncoder"])
  }

  @Test func theRunCountsScenariosPerAPIMostFirst() throws {
    var first = try run("")
    first.pageAPIsMissing = ["b", "a"]
    var second = first
    second.pageAPIsMissing = ["a"]
    let report = RunReport(
      toolVersion: "test", page: ImplementationInfo(name: "p"), native: ImplementationInfo(name: "n"), seed: 0,
      gate: .must,
      results: [first, second], duration: .zero)
    #expect(report.pageAPIsMissing.map(\.api) == ["a", "b"])
    #expect(report.pageAPIsMissing.map(\.scenarios) == [2, 1])
  }
}
