import BridgeImplementations
import JSONModel
import PageSimulation
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// A page bridge that passes a limit of the simulated page ends its scenario
/// as `error` naming the limit, quickly, and the scenario stops there.
@Suite("Runner against page bridges that pass a limit")
struct ScenarioRunnerLimitTests {
  /// The reference page bridge with `tail` appended (it runs after the bridge is defined).
  private func run(_ tail: String) throws -> ScenarioResult {
    let source = ReferencePageImplementation().source + "\n" + tail
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "hostile", source: source), native: ReferenceNativeImplementation(),
      options: RunOptions(scriptTimeLimit: .milliseconds(250)))
    return runner.run(try fixture(ScenarioRunnerMiniatureTests.echoFixture))
  }

  @Test(arguments: [
    (
      "queueMicrotask(function f() { queueMicrotask(f); });",
      "microtasks (promise callbacks or queueMicrotask) ran past the time limit of 250 ms"
    ),
    (
      "WebViewJavascriptBridge._fetchQueue = function () { var o = {}; for (var i = 0; i < 1000; i++) Object.defineProperty(o, 'k' + i, { enumerable: true, get: function () { for (var j = 0; j < 3e6; j++) {} return 1; } }); return o; };",
      "reading the value that `WebViewJavascriptBridge._fetchQueue();` returned ran past the time limit of 250 ms (a getter or Proxy on it?)"
    ),
    // On a slow machine, filling the array may take the task's whole time first.
    (
      "WebViewJavascriptBridge._fetchQueue = function () { return new Array(5e6).fill(0); };",
      "too large to leave the page|time limit"
    ),
    ("for (var i = 0; i < 1e6; i++) setTimeout(function () {}, 1000 + i);", "more than 10000 timers pending"),
    ("try { for (var i = 0; i < 1e7; i++) alert(i); } catch (e) {}", "limit of 20000 trace events"),
    ("var line = 'x'.repeat(60000); for (var i = 0; i < 1000; i++) console.log(line);", "console output over 4 MiB"),
  ])
  func aPageBridgePastALimitIsAnErrorNamingIt(tail: String, reason: String) throws {
    let result = try run(tail)
    #expect(result.status == .error)
    #expect(
      result.message?.hasPrefix("the page bridge passed a limit of the simulated page: ") == true,
      "\(result.message ?? "")")
    let message = result.message ?? ""
    #expect(reason.split(separator: "|").contains { message.contains($0) }, "\(message)")
    #expect(result.duration < .seconds(10))
    #expect(result.trace.contains { $0.name == TraceEventName.pageLimitExceeded })
  }

  @Test func aPageWithinTheLimitsStillPasses() throws {
    let result = try run("for (var i = 0; i < 2000; i++) console.log('line ' + i + ' ' + 'y'.repeat(1000));")
    #expect(result.status == .pass, "\(result.message ?? "")")
  }
}

/// A page whose every task is short but which never lets the page become
/// idle ends within a bound of the whole scenario (tasks run, virtual time,
/// CPU time), with a verdict that names the pattern.
@Suite("Runner against pages that never go idle")
struct ScenarioRunnerNeverIdleTests {
  private func run(_ tail: String, options: RunOptions) throws -> ScenarioResult {
    let source = ReferencePageImplementation().source + "\n" + tail
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "never-idle", source: source), native: ReferenceNativeImplementation(),
      options: options)
    return runner.run(try fixture(ScenarioRunnerMiniatureTests.echoFixture))
  }

  /// Two zero-delay timers handing the turn to each other: the clock never
  /// moves, and the scenario's task budget ends it.
  @Test func aTimerPingPongEndsAtTheScenarioTaskBudget() throws {
    var options = RunOptions()
    options.maxTasksPerScenario = 3_000
    let result = try run(
      "var ping = function () { setTimeout(pong, 0); }, pong = function () { setTimeout(ping, 0); }; setTimeout(ping, 0);",
      options: options)
    let message = result.message ?? ""
    #expect(result.status == .error)
    #expect(message.hasPrefix("the page never went idle: 3000 tasks in 0 ms of virtual time; "), "\(message)")
    #expect(message.contains("past the 3000 tasks a scenario may run"), "\(message)")
    #expect(result.failedChecks == [CheckID.taskBudget])
  }

  /// A zero-delay interval doing a little work each time: its CPU time ends
  /// it long before the task budget or the wall-clock limit.
  @Test func anIntervalWithWorkEndsAtTheScenarioCPULimit() throws {
    var options = RunOptions()
    options.scenarioCPULimit = .milliseconds(300)
    let result = try run(
      "var sink = 0; setInterval(function () { for (var i = 0; i < 300000; i++) sink = (sink + i) % 1000003; }, 0);",
      options: options)
    let message = result.message ?? ""
    #expect(result.status == .error)
    #expect(message.hasPrefix("the page never went idle: "), "\(message)")
    #expect(
      message.contains("ms of virtual time; the page used 300 ms of CPU time, the most a scenario may use"),
      "\(message)")
    #expect(result.failedChecks == [CheckID.cpuBudget])
    #expect(result.duration < .seconds(10))
  }

  /// A polling interval moves the clock: the virtual time of one settle ends it.
  @Test func aSlowPollEndsAtTheVirtualTimeOfASettle() throws {
    let result = try run(
      "setInterval(function () {}, 1000);", options: RunOptions(maxVirtualMillisecondsPerSettle: 60_000))
    let message = result.message ?? ""
    #expect(result.status == .error)
    #expect(message.contains("tasks were still pending after 60000 ms of virtual time in one settle"), "\(message)")
    #expect(result.failedChecks == [CheckID.virtualTime])
  }
}
