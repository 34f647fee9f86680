import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
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
    Case(
      script: "crash-on-start", code: "crashed", reason: "exited with status 3",
      stderr: "cannot open the bridge library"),
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

  /// The faulty adapters that can claim protocol 1.2 (`--minor 2`), with
  /// which the harness writes `registerHandler` and `stop` without waiting.
  static let claimsMinor = [
    "exit-mid-scenario", "flood", "hang", "missing-done", "never-flushes", "non-json", "out-of-sequence",
  ]

  @Test(arguments: cases, [1, 2])
  func faultEndsTheScenarioAsError(_ fault: Case, minor: Int) throws {
    try AdapterTestSupport.requireFixtures()
    guard minor < 2 || Self.claimsMinor.contains(fault.script) else { return }
    let command = AdapterTestSupport.faulty(fault.script) + (minor < 2 ? [] : ["--minor", "\(minor)"])
    let native = AdapterNativeImplementation(command: command, limits: Self.limits)
    if native.startupFailure == nil {
      // Without `--minor` they speak 1.0 (no `minor` in their hello).
      #expect(
        native.protocolMinorVersion == (minor < 2 ? 0 : minor),
        "\(fault.script) speaks 1.\(native.protocolMinorVersion)")
    }
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
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

  struct LateFault: Sendable, CustomTestStringConvertible {
    /// `--fault` and `--on` of conformance/adapters/faulty/late-fault.py.
    var fault: String
    var command: String
    /// The error code every scenario must end with; nil: every scenario
    /// passes (the fault hits `stop`, after the verdict).
    var code: String?
    var reason: String
    var testDescription: String { "\(fault) on \(command)" }
  }

  static let lateFaults: [LateFault] = [
    LateFault(
      fault: "hang", command: "registerHandler", code: "timeout", reason: "no done for command `registerHandler`"),
    LateFault(fault: "flood", command: "registerHandler", code: "flood", reason: "for command `registerHandler`"),
    LateFault(fault: "exit", command: "registerHandler", code: "crashed", reason: "exited with status 1"),
    LateFault(fault: "garbage", command: "registerHandler", code: "protocol-violation", reason: "not JSON"),
    LateFault(fault: "hang", command: "stop", code: nil, reason: ""),
    LateFault(fault: "flood", command: "stop", code: nil, reason: ""),
    LateFault(fault: "exit", command: "stop", code: nil, reason: ""),
    LateFault(fault: "garbage", command: "stop", code: nil, reason: ""),
  ]

  /// A fault on a command that 1.2 does not wait for is found all the same,
  /// within the limits: on `registerHandler` it ends the scenario as `error`
  /// (at the next command, or when the steps are over); on `stop` the
  /// scenario already has its verdict, and the next one is served by a fresh
  /// process after at most one command limit. The same with 1.1, which waits
  /// for every answer.
  @Test(arguments: lateFaults, [1, 2])
  func lateFaultIsContained(_ late: LateFault, minor: Int) throws {
    try AdapterTestSupport.requireFixtures()
    let command =
      AdapterTestSupport.faulty("late-fault") + ["--fault", late.fault, "--on", late.command, "--minor", "\(minor)"]
    // 2 s per answer: a fresh python3 on a busy machine answers its first start within it.
    let native = AdapterNativeImplementation(
      command: command, limits: AdapterLimits(commandTimeout: .seconds(2), startupTimeout: .seconds(5)))
    #expect(native.startupFailure == nil, "\(native.startupFailure?.message ?? "")")
    #expect(native.protocolMinorVersion == minor)
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = Array(
      try AdapterTestSupport.nativeFixtures(40).filter { !$0.setup.nativeHandlers.isEmpty }.prefix(3))
    try #require(fixtures.count >= 2, "fixtures with native handlers")
    let clock = ContinuousClock()
    let started = clock.now
    let results = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
    let elapsed = clock.now - started
    #expect(results.count == fixtures.count, "the run goes on")
    for result in results {
      let message = result.message ?? ""
      if let code = late.code {
        #expect(result.status == .error, "\(late): \(result.scenario.id) is \(result.status): \(message)")
        #expect(message.contains("\(code): "), "\(late): expected code \(code) in: \(message)")
        #expect(message.contains(late.reason), "\(late): expected \"\(late.reason)\" in: \(message)")
      } else {
        #expect(result.status == .pass, "\(late): \(result.scenario.id) is \(result.status): \(message)")
      }
    }
    // Each scenario meets the fault at most once, and waits for it at most
    // one command limit (2 s), plus a new process's start.
    #expect(elapsed < .seconds(8 * Double(fixtures.count)), "\(late): \(fixtures.count) scenarios took \(elapsed)")
    native.shutdown()
    let spawned = native.spawnedProcessIDs
    #expect(spawned.count >= fixtures.count, "\(late): a process per scenario at least: \(spawned)")
    #expect(AdapterTestSupport.children(among: spawned).isEmpty, "\(late): processes left behind")
  }

  /// A process that crashed is replaced: a healthy adapter after a crash in
  /// the middle of a run serves the next scenario.
  @Test func aCrashedProcessIsReplaced() throws {
    try AdapterTestSupport.requireFixtures()
    let native = AdapterNativeImplementation(command: AdapterTestSupport.pythonAdapter)
    defer { native.shutdown() }
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixtures = try AdapterTestSupport.nativeFixtures(2)
    #expect(runner.run(fixtures[0]).status == .pass)
    // Kill this implementation's idle process behind the pool's back, as a crash would.
    let idle = native.idleProcessIDs
    #expect(idle.count == 1)
    for pid in idle { kill(pid, SIGKILL) }
    usleep(50_000)
    let afterCrash = runner.run(fixtures[1])
    // The scenario that finds the dead process ends in an error naming the crash; or, when the
    // pool has seen the death before handing the process out (a busy machine, measured in a
    // parallel test run), a fresh process serves it at once.
    if afterCrash.status == .error {
      #expect(afterCrash.message?.contains("crashed: ") == true, "\(afterCrash.message ?? "")")
    } else {
      #expect(
        afterCrash.status == .pass, "the scenario after the crash: \(afterCrash.status) \(afterCrash.message ?? "")")
    }
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
    let passed = FixtureRunner(page: ReferencePageImplementation(), native: patient, tested: .both).run(fixture)
    #expect(passed.status == .pass, "\(passed.message ?? "")")

    let hasty = AdapterNativeImplementation(
      command: slowStart, limits: AdapterLimits(commandTimeout: .seconds(1), startupTimeout: .seconds(1)))
    defer { hasty.shutdown() }
    let failure = try #require(hasty.startupFailure)
    #expect(failure.code == "timeout")
    #expect(failure.message.contains("command `hello` (seq 1) within 1.0 seconds"), "\(failure.message)")
  }

  /// Too much output for one command, counted in bytes: in 1.1 the page
  /// script echoed in the injection's `evaluate` is more than 2,000 bytes;
  /// in 1.2 (which names the page script instead) a flood on a command the
  /// harness did not wait for.
  @Test(arguments: [1, 2])
  func byteLimitEndsTheScenario(minor: Int) throws {
    try AdapterTestSupport.requireFixtures()
    let command =
      minor < 2
      ? AdapterTestSupport.pythonAdapter
      : AdapterTestSupport.faulty("late-fault") + ["--fault", "flood", "--on", "registerHandler"]
    let native = AdapterNativeImplementation(
      command: command, limits: AdapterLimits(maxBytesPerCommand: 2_000), protocolMinorVersion: minor)
    defer { native.shutdown() }
    #expect(native.startupFailure == nil)
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let fixture = try #require(try AdapterTestSupport.nativeFixtures(40).first { !$0.setup.nativeHandlers.isEmpty })
    let result = runner.run(fixture)
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
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
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
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let result = runner.run(try AdapterTestSupport.nativeFixtures(1)[0])
    #expect(result.status == .error)
    #expect(result.message?.contains("no such program") == true, "\(result.message ?? "")")
  }
}
