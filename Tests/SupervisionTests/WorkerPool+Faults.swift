import BridgeImplementations
import Foundation
import ScenarioRunner
import Testing

@testable import Supervision

/// Whatever happens to a worker, the scenario it ran ends as `error` with
/// the reason, within its limits, and the run goes on with a fresh worker.
@Suite("Worker faults")
struct WorkerFaultTests {
  static let ids = [
    "callbacks/page-to-native-response", "data/absent-versus-null-data", "callbacks/page-handler-answers-after-delay",
  ]

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
    let message = results[1].message ?? ""
    #expect(message.hasPrefix("out of memory: the processes running this scenario grew by "), "\(message)")
    #expect(message.contains("past the limit of 300 MB (--memory-limit)"), "\(message)")
    #expect(message.contains("The code under test allocated without bound"), "\(message)")
    #expect(results[1].failedChecks == [CheckID.memoryLimit])
    #expect(pool.peakWorkerMemory < 600 << 20, "stopped near the limit: \(pool.peakWorkerMemory >> 20) MB")
    #expect(seconds < 20)
  }

  /// A share too small for the worker itself is not blamed on the code
  /// under test: the verdict says what the scenario itself added.
  @Test(.enabled(if: procIsAvailable, "needs /proc to measure memory"))
  func aShareTooSmallForTheWorkerIsNotBlamedOnTheBridge() throws {
    let chosen = try fixtures([Self.ids[0]])
    // Less than a worker of the simulated page is before its first scenario (about 45 MB).
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 1,
      limits: SupervisorLimits(memoryLimit: 24 << 20))
    let results = pool.run(chosen)
    pool.stopAll()
    let message = results.first?.message ?? ""
    #expect(results.first?.status == .error)
    #expect(message.hasPrefix("out of memory: "), "\(message)")
    #expect(message.contains("not the code under test's doing"), "\(message)")
    #expect(!message.contains("allocated without bound"), "\(message)")
    #expect(results.first?.failedChecks == [CheckID.harness])
  }

  /// The blame follows the scenario's own growth: most of the share is the
  /// code under test's; a little on top of a worker that was already near
  /// its share is not.
  @Test func theOutOfMemoryVerdictIsToldByWhatTheScenarioAdded() throws {
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 2,
      limits: SupervisorLimits(memoryLimit: 1 << 30))
    let grown = pool.outOfMemory(resident: 520 << 20, baseline: 45 << 20, share: 512 << 20)
    #expect(grown.check == CheckID.memoryLimit)
    #expect(
      grown.reason.contains(
        "grew by 475 MB while it ran, from 45 MB when it started to 520 MB, past the worker's share of 512 MB "
          + "(--memory-limit 1 GB shared by 2 workers)"), "\(grown.reason)")
    let harness = pool.outOfMemory(resident: 520 << 20, baseline: 470 << 20, share: 512 << 20)
    #expect(harness.check == CheckID.harness)
    #expect(harness.reason.contains("grew by 50 MB"), "\(harness.reason)")
    let starting = pool.outOfMemory(resident: 520 << 20, baseline: nil, share: 512 << 20)
    #expect(starting.check == CheckID.harness)
    #expect(starting.reason.contains("while it was still setting up"), "\(starting.reason)")
    // A worker past its share before the scenario did anything: however much the scenario added.
    let tooBig = pool.outOfMemory(resident: 45 << 20, baseline: 31 << 20, share: 24 << 20)
    #expect(tooBig.check == CheckID.harness)
    #expect(tooBig.reason.contains("used 31 MB of bridgecheck's own when this scenario started"), "\(tooBig.reason)")
    #expect(tooBig.reason.contains("not the code under test's doing"), "\(tooBig.reason)")
  }

  @Test func aStopEndsTheScenarioInFlightAndLeavesTheRestOut() throws {
    let chosen = try fixtures(Self.ids)
    let pool = WorkerPool(
      executable: try workerExecutable(), configuration: referenceConfiguration(), jobs: 1,
      environment: ["BRIDGECHECK_WORKER_FAULT": "hang:\(Self.ids[1])"])
    // Asked to stop once the hung scenario has run for a moment (a second
    // after the first one finished: on a loaded machine a worker's start
    // and first scenario may take longer than that).
    var firstDone: Date?
    let results = pool.run(
      chosen, progress: { _, _ in firstDone = firstDone ?? Date() },
      stopReason: { firstDone.map { Date().timeIntervalSince($0) > 1 } == true ? .interrupt : nil })
    #expect(firstDone.map { Date().timeIntervalSince($0) < 3 } == true)
    try #require(results.count == 2)
    #expect(results[0].status == .pass)
    #expect(results[1].status == .error)
    #expect(results[1].message?.hasPrefix("interrupted (Ctrl-C)") == true)
  }
}
