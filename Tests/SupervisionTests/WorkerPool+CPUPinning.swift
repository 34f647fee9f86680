import BridgeImplementations
import Foundation
import ProcessSupport
import ScenarioRunner
import Synchronization
import Testing

@testable import Supervision

/// Each worker and its adapter share a CPU of their own when there are
/// enough CPUs (`WorkerCPUs`), and nothing is pinned otherwise.
@Suite("Worker CPU pinning")
struct WorkerCPUPinningTests {
  @Test func workersGetDistinctCPUsFromThePoolsOwnAndNoneWhenThereAreTooFew() {
    #expect(WorkerCPUs.cpu(slot: 0, jobs: 2, available: [0, 1, 2, 3], first: 2) == 2)
    #expect(WorkerCPUs.cpu(slot: 1, jobs: 2, available: [0, 1, 2, 3], first: 2) == 3)
    #expect(WorkerCPUs.cpu(slot: 1, jobs: 2, available: [0, 1, 2, 3], first: 3) == 0, "in turn, wrapping around")
    #expect(WorkerCPUs.cpu(slot: 1, jobs: 2, available: [4, 6]) == 6, "from the first without a current CPU")
    #expect(
      WorkerCPUs.cpu(slot: 0, jobs: 1, available: [4, 6], first: 5) == 4, "a current CPU not available counts as none")
    #expect(
      WorkerCPUs.cpu(slot: 0, jobs: 3, available: [0, 1], first: 0) == nil, "two workers to a CPU could not move")
    #expect(WorkerCPUs.cpu(slot: 2, jobs: 2, available: [0, 1]) == nil)
    #expect(WorkerCPUs.cpu(slot: 0, jobs: 1, available: []) == nil, "a system that cannot tell pins nothing")
  }

  @Test(.enabled(if: pinningIsAvailable, "needs Linux affinity masks and /proc"))
  func eachWorkersAdapterRunsOnADistinctCPUOfItsOwn() throws {
    let available = try #require(allowedCPUs(inStatusOf: "self"))
    let jobs = min(2, available.count)
    let lines = try adapterCPUs(jobs: jobs, pinsWorkers: true)
    #expect(lines.count == jobs, "one adapter a worker: \(lines)")
    #expect(lines.allSatisfy { $0.count == 1 }, "each adapter on one CPU: \(lines)")
    #expect(Set(lines.map { $0.first ?? -1 }).count == jobs, "no two workers share a CPU: \(lines)")
    #expect(lines.allSatisfy { Set($0).isSubset(of: available) })
  }

  @Test(.enabled(if: pinningIsAvailable, "needs Linux affinity masks and /proc"))
  func nothingIsPinnedWithoutPinningOrWithMoreWorkersThanCPUs() throws {
    let available = try #require(allowedCPUs(inStatusOf: "self"))
    for lines in [
      try adapterCPUs(jobs: 1, pinsWorkers: false), try adapterCPUs(jobs: available.count + 1, pinsWorkers: true),
    ] {
      #expect(!lines.isEmpty)
      #expect(lines.allSatisfy { $0 == available }, "placed by the system: \(lines) against \(available)")
    }
  }

  @Test(.enabled(if: pinningIsAvailable, "needs Linux affinity masks"))
  func aThreadPinnedToACPURunsThereAndCanBeFreedAgain() throws {
    let result = Mutex<(pinned: [Int], running: Int?, freed: [Int])?>(nil)
    let all = CPUAffinity.threadCPUs()
    let chosen = try #require(all.last)
    // A thread of its own: the test's thread is not to be pinned.
    let thread = Thread {
      let pinned = CPUAffinity.setThreadCPUs([chosen]) ? CPUAffinity.threadCPUs() : []
      let running = CPUAffinity.currentCPU()
      CPUAffinity.setThreadCPUs(all)
      result.withLock { $0 = (pinned, running, CPUAffinity.threadCPUs()) }
    }
    thread.start()
    while result.withLock({ $0 == nil }) { usleep(1000) }
    let seen = try #require(result.withLock { $0 })
    #expect(seen.pinned == [chosen])
    #expect(seen.running == chosen)
    #expect(seen.freed == all)
  }

  /// Runs a few fixtures with `jobs` workers whose adapter, a wrapper of the
  /// reference adapter, first writes the CPUs it may run on; returns those
  /// of every adapter started.
  private func adapterCPUs(jobs: Int, pinsWorkers: Bool) throws -> [[Int]] {
    let record = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridgecheck-cpus-\(getpid())-\(jobs)-\(pinsWorkers).txt")
    try? FileManager.default.removeItem(at: record)
    defer { try? FileManager.default.removeItem(at: record) }
    let executable = try workerExecutable()
    let command = [
      "/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status >> \"$0\"; exec \"$1\" reference-adapter", record.path,
      executable,
    ]
    let configuration = WorkerConfiguration(
      page: .reference, native: .adapter(command: command, commandTimeout: .seconds(10), startupTimeout: .seconds(20)),
      tested: .both, options: RunOptions(scenarioTimeLimit: .seconds(30)))
    let chosen = try fixtures(["callbacks/page-to-native-response", "callbacks/native-handler-answers-after-delay"])
    let pool = WorkerPool(executable: executable, configuration: configuration, jobs: jobs, pinsWorkers: pinsWorkers)
    pool.prestart()
    let results = pool.run(chosen + chosen)
    pool.stopAll()
    #expect(
      results.allSatisfy { $0.status == .pass },
      "\(results.map { "\($0.scenario.id): \($0.status) \($0.message ?? "")" })")
    let text = try String(contentsOf: record, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      line.split(separator: ":").last.flatMap { parseCPUList(String($0)) }
    }
  }
}

/// Whether this system has affinity masks to read and set.
let pinningIsAvailable = procIsAvailable && !CPUAffinity.threadCPUs().isEmpty

/// The `Cpus_allowed_list` of `/proc/PROCESS/status`.
func allowedCPUs(inStatusOf process: String) -> [Int]? {
  guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
  else { return nil }
  return line.split(separator: ":").last.flatMap { parseCPUList(String($0)) }
}

/// A kernel CPU list such as `0-2,5` as the CPUs it names.
func parseCPUList(_ text: String) -> [Int]? {
  var cpus: [Int] = []
  for part in text.trimmingCharacters(in: .whitespaces).split(separator: ",") {
    let bounds = part.split(separator: "-").compactMap { Int($0) }
    guard let first = bounds.first, let last = bounds.last, first <= last else { return nil }
    cpus += Array(first...last)
  }
  return cpus.isEmpty ? nil : cpus
}
