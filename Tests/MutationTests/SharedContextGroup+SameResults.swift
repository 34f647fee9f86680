import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

@testable import Mutation

/// Pages that share their thread's JavaScriptCore context group must give
/// exactly the results and traces that pages with a group each give: the
/// reference pair over every shipped fixture and a few mutants (page and
/// native) over a third of them, run one after another on one thread so that each page of the
/// shared run follows pages of other bridges and fixtures.
@Suite("Shared context groups give the same results")
struct SharedContextGroupSameResultsTests {
  /// A run's outcome with the whole trace.
  struct Outcome: Equatable, CustomStringConvertible {
    var status: ScenarioStatus
    var message: String?
    var checks: [String]
    var trace: [TraceEvent]
    var description: String { "\(status) \(message ?? "") \(checks) (\(trace.count) events)" }
  }

  /// The fixtures the mutants of ``runners(sharing:)`` are expected to fail
  /// (conformance/mutants/expected-kills.json): the mutants run them as
  /// well as every third fixture, so that failures are compared whatever
  /// the order of the fixtures.
  private func killers() throws -> Set<String> {
    let path = packageRoot.appendingPathComponent("conformance/mutants/expected-kills.json").path
    let expected = try #require(try ExpectedKills.load(from: path).get())
    let catalog = MutantCatalog.load(from: packageRoot.appendingPathComponent("conformance/mutants").path)
    let page = catalog.mutants.filter { if case .pagePatch = $0.construction { true } else { false } }.prefix(2)
    let native = catalog.mutants.filter { if case .nativeFault = $0.construction { !$0.crashes } else { false } }
      .prefix(2)
    return (page + native).reduce(into: Set<String>()) { $0.formUnion(expected.kills[$1.name] ?? []) }
  }

  private func runners(sharing: Bool) throws -> [FixtureRunner] {
    var options = RunOptions()
    options.sharesContextGroups = sharing
    let catalog = MutantCatalog.load(from: packageRoot.appendingPathComponent("conformance/mutants").path)
    // Mutants of the reference bridges (dialect mutants patch other bridges).
    let page = catalog.mutants.filter { if case .pagePatch = $0.construction { true } else { false } }.prefix(2)
    let native = catalog.mutants.filter { if case .nativeFault = $0.construction { !$0.crashes } else { false } }
      .prefix(2)
    try #require(page.count == 2 && native.count == 2, "the catalog has page and native mutants")
    var runners = [
      FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: options)
    ]
    for mutant in page {
      runners.append(
        FixtureRunner(
          page: ReferencePageImplementation(source: try #require(mutant.pageSource())),
          native: ReferenceNativeImplementation(),
          tested: TestedSides(page: true, native: false), options: options))
    }
    for mutant in native {
      guard case .nativeFault(let fault) = mutant.construction else { continue }
      runners.append(
        FixtureRunner(
          page: ReferencePageImplementation(), native: ReferenceNativeImplementation(faults: [fault]),
          tested: TestedSides(page: false, native: true), options: options))
    }
    return runners
  }

  /// The reference pair runs every fixture; the mutants every third one and
  /// those they are expected to fail (the comparison is of the engine's
  /// isolation, not of the mutants).
  private func outcomes(sharing: Bool, fixtures: [Fixture]) throws -> [Outcome] {
    var outcomes: [Outcome] = []
    let runners = try runners(sharing: sharing)
    let killers = try killers()
    for (index, fixture) in fixtures.enumerated() {
      for runner in index % 3 == 0 || killers.contains(fixture.id) ? runners : [runners[0]] {
        var trace: [TraceEvent] = []
        let result = runner.run(fixture) { trace.append($0) }
        outcomes.append(
          Outcome(status: result.status, message: result.message, checks: result.failedChecks, trace: trace))
      }
    }
    return outcomes
  }

  @Test func sameVerdictsAndTracesAsAGroupPerPage() throws {
    let loaded = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    try #require(loaded.problems.isEmpty && loaded.fixtures.count > 100)
    let shared = try outcomes(sharing: true, fixtures: loaded.fixtures)
    let own = try outcomes(sharing: false, fixtures: loaded.fixtures)
    try #require(shared.count == own.count)
    let differing = shared.indices.filter { shared[$0] != own[$0] }
    #expect(
      differing.isEmpty,
      "\(differing.count) runs differ, first: \(differing.first.map { "\(shared[$0]) vs \(own[$0])" } ?? "")")
    #expect(shared.contains { $0.status == .fail }, "the mutants fail some fixtures (the comparison covers failures)")
  }
}
