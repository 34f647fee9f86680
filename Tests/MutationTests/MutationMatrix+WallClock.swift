import BridgeImplementations
import Dialects
import Foundation
import PageSimulation
import ReferenceImplementations
import ScenarioRunner
import Synchronization
import TestSupport
import Testing
import WebViewHosting

@testable import Mutation

/// The committed matrix must depend on the bridges only: a cell that ran out
/// of wall-clock time (a busy CI machine) runs again before it counts as a
/// kill, while deterministic failures count at once.
@Suite("Mutation matrix and wall-clock time")
struct MutationMatrixWallClockTests {
  /// The reference native bridge, except that its first `timeouts` sessions
  /// fail as a timed-out adapter would.
  final class TimesOutAtFirst: NativeImplementation, Sendable {
    let reference = ReferenceNativeImplementation()
    private let counts: Mutex<(timeoutsLeft: Int, sessions: Int)>
    var name: String { "times-out-at-first" }
    var version: String? { nil }
    var transports: [Transport] { reference.transports }
    var injections: [Injection] { reference.injections }
    var features: Set<String> { reference.features }

    init(timeouts: Int) { counts = Mutex((timeouts, 0)) }

    /// How many sessions were asked for.
    var sessions: Int { counts.withLock { $0.sessions } }

    func startSession(
      webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String, events: any NativeSessionEvents
    ) throws(ImplementationError) -> any NativeSession {
      let timesOut = counts.withLock { counts -> Bool in
        counts.sessions += 1
        guard counts.timeoutsLeft > 0 else { return false }
        counts.timeoutsLeft -= 1
        return true
      }
      if timesOut { throw ImplementationError(code: "timeout", message: "sent no done within 5 seconds (simulated)") }
      return try reference.startSession(
        webView: webView, configuration: configuration, pageScript: pageScript, events: events)
    }
  }

  static let fixtures: [Fixture] = {
    let loaded = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures/handler-missing").path])
    return Array(loaded.fixtures.filter { $0.subject != .page }.prefix(4))
  }()

  private func mutant(_ name: String) -> Mutant {
    Mutant(
      name: name, side: .native, bug: "test", seenIn: "test", construction: .nativeFault(name), crashes: false,
      file: "test.json")
  }

  @Test func aTimeoutRunsAgainAndOnlyTheSecondRunCounts() throws {
    let fixtures = Self.fixtures
    try #require(fixtures.count == 4)
    // One job: the first pass starts one session per fixture, all of which
    // time out; the second runs succeed.
    let flaky = TimesOutAtFirst(timeouts: fixtures.count)
    let matrix = MutationMatrix.run(
      fixtures: fixtures, mutants: [mutant("flaky")],
      implementations: MutationMatrix.Implementations { _, _ in flaky }, jobs: 1)
    #expect(matrix.kills["flaky"] == [], "timeouts that a second run does not repeat are no kills")
    #expect(flaky.sessions == 2 * fixtures.count, "each cell ran twice")
  }

  @Test func aTimeoutThatRepeatsIsAKill() throws {
    let fixtures = Self.fixtures
    try #require(fixtures.count == 4)
    struct AlwaysTimesOut: NativeImplementation {
      let reference = ReferenceNativeImplementation()
      var name: String { "always-times-out" }
      var version: String? { nil }
      var transports: [Transport] { reference.transports }
      var injections: [Injection] { reference.injections }
      var features: Set<String> { reference.features }
      func startSession(
        webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
        events: any NativeSessionEvents
      ) throws(ImplementationError) -> any NativeSession {
        throw ImplementationError(code: "timeout", message: "hangs (simulated)")
      }
    }
    let matrix = MutationMatrix.run(
      fixtures: fixtures, mutants: [mutant("hangs")],
      implementations: MutationMatrix.Implementations { _, _ in AlwaysTimesOut() }, jobs: 2)
    #expect(matrix.kills["hangs"] == Set(fixtures.map(\.id)))
  }
}
