import BridgeImplementations
import Foundation
import JSONModel
import ReferenceBridges
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

@testable import Mutation

/// The classic build of the reference page bridge (``PageBridgeBuild``) must
/// behave exactly as the file it is built from: the reference pair over every
/// shipped fixture, and every page mutant of the reference bridge over a
/// quarter of them, give the same verdicts and traces with either script
/// (the injected text itself, and its length, aside).
@Suite("The classic page bridge build gives the same results")
struct PageBridgeBuildSameResultsTests {
  struct Outcome: Equatable, CustomStringConvertible {
    var fixture: String
    var status: ScenarioStatus
    var message: String?
    var checks: [String]
    var trace: [TraceEvent]
    var description: String { "\(fixture): \(status) \(message ?? "") \(checks) (\(trace.count) events)" }
  }

  /// The page sources: the reference and each page mutant of it.
  private func sources() throws -> [String] {
    let catalog = MutantCatalog.load(from: packageRoot.appendingPathComponent("conformance/mutants").path)
    let mutants = catalog.mutants.compactMap { mutant -> String? in
      guard case .pagePatch = mutant.construction else { return nil }
      return mutant.pageSource()
    }
    try #require(mutants.count >= 20, "the catalog has page mutants")
    return [ReferenceScripts.pageBridge] + mutants
  }

  /// The trace with the injected bridge text replaced by a placeholder and
  /// user-script lengths left out: the only places the two scripts show.
  private func normalized(_ trace: [TraceEvent], bridges: Set<String>) -> [TraceEvent] {
    trace.map { event in
      var event = event
      if let script = event.fields["script"]?.stringValue, bridges.contains(script) {
        event.fields["script"] = "<page bridge>"
      }
      if event.name == TraceEventName.userScriptAdded { event.fields["length"] = nil }
      return event
    }
  }

  private func outcomes(classicBuild: Bool, fixtures: [Fixture], sources: [String]) -> [Outcome] {
    var outcomes: [Outcome] = []
    for (index, source) in sources.enumerated() {
      let page = ReferencePageImplementation(source: source, buildsClassic: classicBuild)
      let bridges = Set([source, PageBridgeBuild.classic(from: source) ?? source])
      let runner = FixtureRunner(
        page: page, native: ReferenceNativeImplementation(), tested: TestedSides(page: true, native: index == 0))
      for (number, fixture) in fixtures.enumerated() where index == 0 || number % 4 == index % 4 {
        var trace: [TraceEvent] = []
        let result = runner.run(fixture) { trace.append($0) }
        outcomes.append(
          Outcome(
            fixture: fixture.id, status: result.status, message: result.message, checks: result.failedChecks,
            trace: normalized(trace, bridges: bridges)))
      }
    }
    return outcomes
  }

  /// The two outcomes and their first differing trace event.
  private func describeDifference(_ built: Outcome, _ file: Outcome) -> String {
    let index = built.trace.indices.first { $0 < file.trace.count && built.trace[$0] != file.trace[$0] }
    let events = index.map { "; event \($0): \(built.trace[$0]) vs \(file.trace[$0])" } ?? ""
    return "\(built) vs \(file)\(events)"
  }

  @Test func sameVerdictsAndTracesAsTheFileItself() throws {
    let loaded = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    try #require(loaded.problems.isEmpty && loaded.fixtures.count > 100)
    let sources = try sources()
    #expect(sources.allSatisfy { PageBridgeBuild.classic(from: $0) != nil }, "every page mutant has a classic build")
    let built = outcomes(classicBuild: true, fixtures: loaded.fixtures, sources: sources)
    let file = outcomes(classicBuild: false, fixtures: loaded.fixtures, sources: sources)
    try #require(built.count == file.count)
    let differing = built.indices.filter { built[$0] != file[$0] }
    #expect(
      differing.isEmpty,
      "\(differing.count) runs differ, first: \(differing.first.map { describeDifference(built[$0], file[$0]) } ?? "")")
    #expect(built.contains { $0.status == .fail }, "the mutants fail some fixtures (the comparison covers failures)")
  }
}
