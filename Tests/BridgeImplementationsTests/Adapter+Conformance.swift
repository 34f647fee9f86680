import BridgeImplementations
import BridgecheckAdapter
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// The shipped fixtures through the adapter path: the Python adapter and the
/// Swift reference bridge behind `bridgecheck reference-adapter` must give
/// the verdicts of the in-process reference, and the Swift one the very same
/// traces.
@Suite("Adapters run the shipped fixtures")
struct AdapterConformanceTests {
  /// Verdicts and traces of the in-process reference pair, in fixture order
  /// (computed once, shared by the tests below).
  static let inProcess: [(status: ScenarioStatus, message: String?, trace: [TraceEvent])] = {
    let fixtures = AdapterTestSupport.fixtures
    return ParallelWork.map(count: fixtures.count, jobs: 2) { index in
      AdapterTestSupport.execute(fixtures[index], with: referenceRunner)
    }
  }()

  /// Verdicts of the in-process reference pair, by fixture id.
  static var referenceStatuses: [String: ScenarioStatus] {
    Dictionary(uniqueKeysWithValues: zip(AdapterTestSupport.fixtures.map(\.id), inProcess.map(\.status)))
  }

  /// Protocol 1.1 (every answer waited for, the page script in every
  /// `start`), 1.2 (pipelined commands, the page script sent once) and 1.3
  /// (answers given inside the handler, `start` written early).
  static let minorVersions = [1, 2, 3, AdapterProtocol.minorVersion]

  @Test(arguments: minorVersions)
  func pythonAdapterGivesTheReferenceVerdicts(minor: Int) throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(
      command: AdapterTestSupport.pythonAdapter, limits: AdapterTestSupport.verdictLimits, protocolMinorVersion: minor)
    defer { native.shutdown() }
    #expect(native.startupFailure == nil, "\(native.startupFailure.map(String.init(describing:)) ?? "")")
    #expect(native.protocolMinorVersion == minor)
    #expect(native.name == "python-wvjb")
    #expect(native.features.contains(ImplementationFeature.answerMissingHandler))
    let fixtures = AdapterTestSupport.fixtures
    #expect(fixtures.count > 10)
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let results = SuiteRunner(runner: runner, jobs: 2).run(fixtures)
    #expect(results.count == fixtures.count)
    for result in results {
      let expected = Self.referenceStatuses[result.scenario.id]
      #expect(
        result.status == expected,
        "\(result.scenario.id): \(result.status) through the Python adapter, \(expected.map(\.rawValue) ?? "?") in process\n\(result.message ?? "")\n\(result.trace.map(\.description).joined(separator: "\n"))"
      )
    }
    #expect(results.contains { $0.status == .pass })
  }

  @Test(arguments: minorVersions)
  func swiftReferenceAdapterGivesTheInProcessTraces(minor: Int) throws {
    try AdapterTestSupport.requireFixtures()
    let command = try AdapterTestSupport.referenceAdapter()
    let native = AdapterNativeImplementation(
      command: command, limits: AdapterTestSupport.verdictLimits, protocolMinorVersion: minor)
    defer { native.shutdown() }
    #expect(native.startupFailure == nil, "\(native.startupFailure.map(String.init(describing:)) ?? "")")
    #expect(native.protocolMinorVersion == minor)
    #expect(native.name == "reference")
    let adapterRunner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = AdapterTestSupport.fixtures
    let mismatches = ParallelWork.map(count: fixtures.count, jobs: 2) { index -> String? in
      let fixture = fixtures[index]
      let inProcess = Self.inProcess[index]
      let adapter = AdapterTestSupport.execute(fixture, with: adapterRunner)
      guard inProcess.status == adapter.status else {
        return
          "\(fixture.id): \(adapter.status) through the adapter (\(adapter.message ?? "")), \(inProcess.status) in process"
      }
      let left = inProcess.trace.map(\.description)
      let right = adapter.trace.map(\.description)
      guard left != right else { return nil }
      let first =
        zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
      return
        "\(fixture.id): the traces differ from event #\(first):\n  in process: \(first < left.count ? left[first] : "(end)")\n  adapter:    \(first < right.count ? right[first] : "(end)")"
    }
    let problems = mismatches.compactMap { $0 }
    let shown = problems.prefix(5).joined(separator: "\n")
    #expect(problems.isEmpty, "\(problems.count) fixture(s) differ:\n\(shown)")
  }

  /// Pages and native sides tested together through the adapter: the same
  /// verdicts, and only native-side fixtures skipped when the page side is
  /// the reference (what `run --native` without `--js` does).
  @Test func nativeOnlySelectionSkipsPageFixtures() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(
      command: AdapterTestSupport.pythonAdapter, limits: AdapterTestSupport.verdictLimits)
    defer { native.shutdown() }
    let runner = FixtureRunner(
      page: ReferencePageImplementation(), native: native, tested: TestedSides(page: false, native: true))
    let pageFixtures = AdapterTestSupport.fixtures.filter { $0.subject == .page }.prefix(3)
    for fixture in pageFixtures {
      let result = runner.run(fixture)
      #expect(result.status == .skip, "\(fixture.id): \(result.status)")
    }
  }

  /// One adapter process per worker, reused across scenarios, ended by shutdown.
  @Test func processesAreReusedAcrossScenarios() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(
      command: AdapterTestSupport.pythonAdapter, limits: AdapterTestSupport.verdictLimits)
    let first = native.idleProcessIDs
    #expect(first.count == 1, "the handshake process waits for the first scenario")
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = try AdapterTestSupport.nativeFixtures(6)
    let results = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
    #expect(
      results.allSatisfy { $0.status == .pass },
      "\(results.map { "\($0.scenario.id): \($0.status) \($0.message ?? "")" })")
    #expect(native.idleProcessIDs == first, "one worker, one process for every scenario")
    #expect(native.spawnedProcessIDs == first, "no other process was started")
    let marker = "conformance/adapters/python/adapter.py"
    let children = Set(AdapterTestSupport.childProcesses(matching: marker))
    #expect(children.isSuperset(of: first), "the adapter is a child process: \(first) among \(children.sorted())")
    native.shutdown()
    #expect(native.idleProcessIDs.isEmpty)
    let left = AdapterTestSupport.children(among: first)
    #expect(left.isEmpty, "adapter processes left after shutdown: \(left)")
    #expect(AdapterNativeImplementation.liveProcessIDs.isDisjoint(with: first))
  }
}
