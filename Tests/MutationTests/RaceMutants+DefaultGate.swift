import BridgeImplementations
import Dialects
import Exploration
import Foundation
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing

@testable import Mutation

/// The two mutants of issue #30, whose bug the default schedule hides and a
/// real web view shows: the default gate must catch them.
@Suite("Race mutants and the default gate")
struct RaceMutantDefaultGateTests {
  /// The fixtures WebKitGTK 2.50 failed the coalescing mutant on, in any of
  /// three runs of `bridgecheck run --engine webkitgtk --js <patched page.js>
  /// --profile jsbridge-1` (the reference native side), 27 November 2026.
  static let webKitFailures = [
    "data/absent-versus-null-native-to-page", "data/every-json-type-as-response-from-native",
    "data/every-json-type-as-response-from-page", "data/every-json-type-native-to-page",
    "data/falsy-data-native-to-page",
    "data/json-looking-strings-stay-strings", "data/one-megabyte-string-native-to-page",
    "data/undefined-response-from-page-is-absent", "escaping/astral-characters-in-handler-names",
    "escaping/handler-names-special-characters-native-to-page", "escaping/line-separators-in-handler-names",
    "handler-missing/page-registered-inherited-names-work", "transport/order-kept-across-batches",
  ]

  static func mutant(_ name: String) throws -> Mutant {
    let catalog = MutantCatalog.load(
      from: packageRoot.appendingPathComponent("conformance/mutants").path,
      dialectList: packageRoot.appendingPathComponent("conformance/dialects/dialects.json").path)
    #expect(catalog.problems.isEmpty, "\(catalog.problems)")
    return try #require(catalog.mutants.first { $0.name == name })
  }

  static func fixture(_ id: String) throws -> Fixture {
    switch FixtureLoader().loadFile(packageRoot.appendingPathComponent("Fixtures/\(id).json").path) {
    case .success(let fixture): return fixture
    case .failure(let problems): throw FixtureLoadError(text: "\(problems.problems)")
    }
  }

  /// The default gate, verdicts only (nothing shrunk).
  static let gate = ExploreOptions(seeds: 0, shrinkRuns: 0)

  @Test(
    "the jsbridge-1 page that returns its queue through its signal iframe passes under the default schedule and fails the default gate wherever WebKitGTK failed it"
  )
  func coalescedQueueReturn() throws {
    let mutant = try Self.mutant("jsbridge-1-queue-returned-through-signal-iframe")
    #expect(mutant.judgedUnderDefaultGate)
    let source = try #require(mutant.dialectSource())
    let profile = try BridgeProfile.load(
      "jsbridge-1", profilesFolder: packageRoot.appendingPathComponent("conformance/profiles").path
    ).get()
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "mutant.js", source: source, profile: profile),
      native: ReferenceNativeImplementation(), tested: TestedSides(page: true, native: false))
    let explorer = ScheduleExplorer(runner: runner, options: Self.gate)
    for id in Self.webKitFailures {
      let fixture = try Self.fixture(id)
      let single = runner.run(fixture)
      #expect(single.status == .pass, "\(id): the default schedule already fails it: \(single.message ?? "")")
      let outcome = explorer.explore(fixture)
      #expect(outcome.result.status == .fail, "\(id): the default gate misses it")
      #expect(outcome.failingSchedule != nil)
    }
    // The dialect bridge it patches passes the same fixtures under the gate.
    let correct = FixtureRunner(
      page: ScriptPageImplementation(
        name: "page.js",
        source: try String(
          contentsOf: packageRoot.appendingPathComponent("conformance/dialects/jsbridge-1/page.js"), encoding: .utf8),
        profile: profile),
      native: ReferenceNativeImplementation(), tested: TestedSides(page: true, native: false))
    for id in Self.webKitFailures {
      let result = ScheduleExplorer(runner: correct, options: Self.gate).explore(try Self.fixture(id)).result
      #expect(result.status == .pass, "\(id): \(result.message ?? "")")
    }
  }

  @Test("the page whose signal is re-armed by a timer passes under the default schedule and fails the default gate")
  func signalRearmedByTimer() throws {
    let mutant = try Self.mutant("page-signal-rearmed-by-timer")
    #expect(mutant.judgedUnderDefaultGate)
    let runner = FixtureRunner(
      page: ReferencePageImplementation(source: try #require(mutant.pageSource())),
      native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    let fixture = try Self.fixture("data/deep-nesting-both-directions")
    #expect(runner.run(fixture).status == .pass, "the default schedule misses it")
    let outcome = ScheduleExplorer(runner: runner, options: ExploreOptions(seeds: 0)).explore(fixture)
    #expect(outcome.result.status == .fail)
    #expect(outcome.failingSchedule?.name == "timers-late")
    // Shrunk to one late timer, which fails the mutant and passes the reference pair.
    #expect(outcome.shrunk.count == 1 && outcome.shrunk.first?.point == .timerLatency)
    #expect(runner.run(fixture, schedule: .deviations(outcome.shrunk)).result.status == .fail)
    let reference = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    #expect(reference.run(fixture, schedule: .deviations(outcome.shrunk)).result.status == .pass)
    // The mutation matrix judges it under the default gate too.
    let matrix = MutationMatrix.run(
      fixtures: [fixture], mutants: [mutant],
      implementations: .init(native: { _, _ in ReferenceNativeImplementation() }),
      jobs: 1)
    #expect(matrix.kills[mutant.name] == [fixture.id])
  }
}

private struct FixtureLoadError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
