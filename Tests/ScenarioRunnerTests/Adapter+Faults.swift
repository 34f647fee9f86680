import BridgeImplementations
import Foundation
import JSONModel
import PageSimulation
import Synchronization
import Testing

@testable import ScenarioRunner

/// Fault isolation: every way an adapter can misbehave ends its scenario as
/// `error` with a reason, the run goes on with a fresh process, and no
/// process is left behind.
@Suite("Faulty adapters are isolated")
struct AdapterFaultTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// The script in conformance/adapters/faulty/ (without `.py`).
    var script: String
    /// The error code every scenario must end with.
    var code: String
    /// Words the reason must contain.
    var reason: String
    /// Words the quoted stderr must contain, if the adapter writes any.
    var stderr: String?
    var testDescription: String { script }
  }

  static let cases: [Case] = [
    Case(script: "crash-on-start", code: "crashed", reason: "exited with status 3", stderr: "cannot open the bridge library"),
    Case(script: "exit-mid-scenario", code: "crashed", reason: "exited with status 1", stderr: "giving up"),
    Case(script: "hang", code: "timeout", reason: "no done for command `start`", stderr: "waiting for a lock"),
    Case(script: "non-json", code: "protocol-violation", reason: "not JSON"),
    Case(script: "out-of-sequence", code: "out-of-sequence", reason: "seq 3"),
    Case(script: "flood", code: "flood", reason: "more than 10000 events"),
    Case(script: "never-flushes", code: "timeout", reason: "flush stdout"),
    Case(script: "wrong-protocol", code: "handshake-failed", reason: "protocol version 2"),
    Case(script: "missing-done", code: "timeout", reason: "no done for command `hello`"),
  ]

  /// Short limits keep hung cases quick; hello gets 5 s, so a python3
  /// that starts slowly on a busy machine still shakes hands.
  static let limits = AdapterLimits(commandTimeout: .seconds(1), startupTimeout: .seconds(5))

  @Test(arguments: cases)
  func faultEndsTheScenarioAsError(_ fault: Case) throws {
    try AdapterTestSupport.requireFixtures()
    let command = AdapterTestSupport.faulty(fault.script)
    let native = AdapterNativeImplementation(command: command, limits: Self.limits)
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = try AdapterTestSupport.nativeFixtures(2)
    #expect(fixtures.count == 2)
    let results = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
    #expect(results.count == 2, "the run goes on after a faulty scenario")
    for result in results {
      let message = result.message ?? ""
      #expect(result.status == .error, "\(fault.script): \(result.scenario.id) is \(result.status): \(message)")
      #expect(message.contains("\(fault.code): "), "\(fault.script): expected code \(fault.code) in: \(message)")
      #expect(message.contains(fault.reason), "\(fault.script): expected \"\(fault.reason)\" in: \(message)")
      if let stderr = fault.stderr {
        #expect(message.contains(stderr), "\(fault.script): expected the stderr tail (\(stderr)) in: \(message)")
      }
    }
    native.shutdown()
    let spawned = native.spawnedProcessIDs
    #expect(!spawned.isEmpty)
    let left = AdapterTestSupport.children(among: spawned)
    #expect(left.isEmpty, "\(fault.script): processes left behind: \(left) of \(spawned)")
  }

  /// A process that crashed is replaced: a healthy adapter after a crash in
  /// the middle of a run serves the next scenario.
  @Test func aCrashedProcessIsReplaced() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(command: AdapterTestSupport.pythonAdapter)
    defer { native.shutdown() }
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = try AdapterTestSupport.nativeFixtures(2)
    #expect(runner.run(fixtures[0]).status == .pass)
    // Kill this implementation's idle process behind the pool's back, as a crash would.
    let idle = native.idleProcessIDs
    #expect(idle.count == 1)
    for pid in idle { kill(pid, SIGKILL) }
    usleep(50_000)
    let afterCrash = runner.run(fixtures[1])
    #expect(afterCrash.status == .error, "the scenario that found the dead process: \(afterCrash.status)")
    #expect(afterCrash.message?.contains("crashed: ") == true, "\(afterCrash.message ?? "")")
    let next = runner.run(fixtures[1])
    #expect(next.status == .pass, "a fresh process serves the next scenario: \(next.message ?? "")")
  }

  /// An adapter that needs longer to start than one command may take (a
  /// JVM, say) shakes hands within the startup limit; past that limit its
  /// start is a `timeout` that names hello and the limit.
  @Test func aSlowStartIsMeasuredAgainstTheStartupLimit() throws {
    try AdapterTestSupport.requireFixtures()
    let slowStart = ["sh", "-c", "sleep 2; exec \"$0\" \"$1\""] + AdapterTestSupport.pythonAdapter
    let fixture = try AdapterTestSupport.nativeFixtures(1)[0]

    let patient = AdapterNativeImplementation(
      command: slowStart, limits: AdapterLimits(commandTimeout: .seconds(1), startupTimeout: .seconds(20)))
    defer { patient.shutdown() }
    #expect(patient.startupFailure == nil, "\(patient.startupFailure?.message ?? "")")
    let passed = ScenarioRunner(page: ReferencePageImplementation(), native: patient, tested: .both).run(fixture)
    #expect(passed.status == .pass, "\(passed.message ?? "")")

    let hasty = AdapterNativeImplementation(
      command: slowStart, limits: AdapterLimits(commandTimeout: .seconds(1), startupTimeout: .seconds(1)))
    defer { hasty.shutdown() }
    let failure = try #require(hasty.startupFailure)
    #expect(failure.code == "timeout")
    #expect(failure.message.contains("command `hello` (seq 1) within 1.0 seconds"), "\(failure.message)")
  }

  /// Too much output for one command, counted in bytes.
  @Test func byteLimitEndsTheScenario() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(
      command: AdapterTestSupport.pythonAdapter, limits: AdapterLimits(maxBytesPerCommand: 2_000))
    defer { native.shutdown() }
    #expect(native.startupFailure == nil)
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let result = runner.run(try AdapterTestSupport.nativeFixtures(1)[0])
    #expect(result.status == .error)
    #expect(result.message?.contains("flood: ") == true, "\(result.message ?? "")")
  }

  /// Ctrl-C: the wait for a hung adapter ends at once, not after the timeout.
  @Test func interruptionEndsTheWait() throws {
    try AdapterTestSupport.requireFixtures()
    let interrupted = Atomic<Bool>(false)
    let native = AdapterNativeImplementation(
      command: AdapterTestSupport.faulty("hang"), limits: AdapterLimits(commandTimeout: .seconds(30)),
      shouldStop: { interrupted.load(ordering: .relaxed) })
    #expect(native.startupFailure == nil)
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let clock = ContinuousClock()
    let start = clock.now
    let stopper = Thread {
      usleep(300_000)
      interrupted.store(true, ordering: .relaxed)
    }
    stopper.start()
    let result = runner.run(try AdapterTestSupport.nativeFixtures(1)[0])
    #expect(clock.now - start < .seconds(10))
    #expect(result.status == .error)
    #expect(result.message?.contains("interrupted: ") == true, "\(result.message ?? "")")
    native.shutdown()
    #expect(AdapterTestSupport.children(among: native.spawnedProcessIDs).isEmpty)
  }

  /// An adapter that cannot be started at all.
  @Test func missingProgramIsAnErrorWithAHint() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(command: ["bridgecheck-no-such-adapter-program"])
    defer { native.shutdown() }
    #expect(native.startupFailure?.code == "spawn-failed")
    let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let result = runner.run(try AdapterTestSupport.nativeFixtures(1)[0])
    #expect(result.status == .error)
    #expect(result.message?.contains("no such program") == true, "\(result.message ?? "")")
  }
}
