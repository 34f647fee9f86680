import BridgeImplementations
import Foundation
import ScenarioRunner
import Supervision
import Testing

/// Whatever happens to a worker, the scenario it ran ends as `error` with
/// the reason, within its limits, and the run goes on with a fresh worker.
@Suite("Worker faults")
struct WorkerFaultTests {
  static let ids = ["callbacks/page-to-native-response", "data/absent-versus-null-data", "callbacks/page-handler-answers-after-delay"]

  /// Runs the three fixtures with the middle one faulted as `fault`.
  private func run(
    fault: String, limits: SupervisorLimits = SupervisorLimits(), scenarioTimeLimit: Duration = .seconds(20)
  ) throws -> (results: [ScenarioResult], seconds: Double, pool: WorkerPool) {
    let chosen = try fixtures(Self.ids)
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(scenarioTimeLimit: scenarioTimeLimit),
      jobs: 1, limits: limits, environment: ["BRIDGECHECK_WORKER_FAULT": "\(fault):\(Self.ids[1])"])
    let started = Date()
    let results = pool.run(chosen)
    pool.stopAll()
    return (results, Date().timeIntervalSince(started), pool)
  }

  private func expectOthersPassed(_ results: [ScenarioResult]) {
    #expect(results.count == 3)
    #expect(results.first?.status == .pass)
    #expect(results.last?.status == .pass, "the run went on with a fresh worker")
  }

  @Test func aWorkerThatHangsIsKilledAtTheWallClockLimitPlusTheGrace() throws {
    let (results, seconds, pool) = try run(
      fault: "hang", limits: SupervisorLimits(grace: .milliseconds(500)), scenarioTimeLimit: .seconds(1))
    expectOthersPassed(results)
    let hung = results[1]
    #expect(hung.status == .error)
    #expect(hung.message?.hasPrefix("timeout: the scenario did not end within its wall-clock limit of 1 s") == true)
    #expect(hung.hitWallClockLimit)
    // What the worker logged before it hung: the page's set-up, then the first step.
    #expect(hung.trace.last?.name == "step", "\(hung.trace.map(\.name))")
    #expect(hung.trace.count > 1, "\(hung.trace.map(\.name))")
    #expect(hung.traceEventCount >= hung.trace.count)
    #expect(seconds < 6, "ended at the limit (1 s + 0.5 s), not later: \(seconds) s")
    #expect(pool.workersStarted == 2)
  }

  @Test func aWorkerThatCrashesGivesAnErrorSayingHowItEnded() throws {
    let (results, _, _) = try run(fault: "crash")
    expectOthersPassed(results)
    #expect(results[1].status == .error)
    #expect(results[1].message?.contains("was killed by signal 11 (SIGSEGV)") == true, "\(results[1].message ?? "")")
    #expect(results[1].trace.last?.name == "step", "the trace ends where the worker crashed")
  }

  @Test func aWorkerThatExitsGivesAnErrorWithItsStatus() throws {
    let (results, _, _) = try run(fault: "exit")
    expectOthersPassed(results)
    #expect(results[1].message?.contains("exited with status 7") == true, "\(results[1].message ?? "")")
  }

  @Test func aWorkerThatWritesGarbageIsIgnoredUntilItsLimit() throws {
    // A time limit with room for a loaded machine to run the two others.
    let (results, _, _) = try run(
      fault: "garbage", limits: SupervisorLimits(grace: .milliseconds(200)), scenarioTimeLimit: .seconds(3))
    expectOthersPassed(results)
    #expect(results[1].status == .error)
    #expect(results[1].message?.hasPrefix("timeout:") == true)
  }

  @Test(.enabled(if: procIsAvailable, "needs /proc to measure memory"))
  func aWorkerPastTheMemoryLimitIsKilled() throws {
    let (results, seconds, pool) = try run(fault: "allocate", limits: SupervisorLimits(memoryLimit: 300 << 20))
    expectOthersPassed(results)
    #expect(results[1].status == .error)
    #expect(results[1].message?.hasPrefix("out of memory: the processes running this scenario used") == true)
    #expect(results[1].message?.contains("over the limit of 300 MB (--memory-limit)") == true, "\(results[1].message ?? "")")
    #expect(pool.peakWorkerMemory < 600 << 20, "stopped near the limit: \(pool.peakWorkerMemory >> 20) MB")
    #expect(seconds < 20)
  }

  @Test func aStopEndsTheScenarioInFlightAndLeavesTheRestOut() throws {
    let chosen = try fixtures(Self.ids)
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 1,
      environment: ["BRIDGECHECK_WORKER_FAULT": "hang:\(Self.ids[1])"])
    let started = Date()
    // Asked to stop once the hung scenario has run for a moment.
    let results = pool.run(chosen, stopReason: { Date().timeIntervalSince(started) > 1 ? .interrupt : nil })
    #expect(Date().timeIntervalSince(started) < 3)
    #expect(results.count == 2)
    #expect(results[0].status == .pass)
    #expect(results[1].status == .error)
    #expect(results[1].message?.hasPrefix("interrupted (Ctrl-C)") == true)
  }
}
