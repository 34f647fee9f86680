import BridgeImplementations
import Exploration
import Foundation
import ReferenceBridges
import ScenarioRunner
import Supervision
import Testing
import WebViewHosting

/// The mutation matrix runs every mutant on the same workers: each scenario
/// names its configuration, a worker is configured again when its next
/// scenario needs another, and results can come back as verdicts only.
@Suite("Worker reconfiguration")
struct WorkerReconfigurationTests {
  /// A mutant's source: the reference with a patch (here, a comment).
  static let patchedSource = "/* patched */\n" + ReferenceScripts.pageBridge

  @Test func eachScenarioRunsWithItsOwnConfigurationOnTheSameWorkers() throws {
    let chosen = try fixtures(["callbacks/page-to-native-response", "callbacks/two-argument-call-gets-its-answer"])
    let reference = WorkerConfiguration(
      page: .reference, native: .reference, tested: .both, options: RunOptions(), verdictsOnly: true)
    let broken = WorkerConfiguration(
      page: .referenceSource("throw new Error('broken on purpose');"), native: .reference,
      tested: TestedSides(page: true, native: false), options: RunOptions(), verdictsOnly: true)
    let faulty = WorkerConfiguration(
      page: .reference, native: .referenceFaults(["not-a-fault-name-so-none"]), tested: .both, options: RunOptions(),
      verdictsOnly: true)
    // Rows: reference, broken page, reference again, a native "fault" list
    // that switches nothing on; interleaved on two workers.
    let rows = [reference, broken, reference, faulty]
    let pool = WorkerPool(executable: try workerExecutable(), configuration: reference, jobs: 2)
    var results: [Int: ScenarioResult] = [:]
    pool.run(
      count: rows.count * chosen.count, assignment: { (chosen[$0 % chosen.count], rows[$0 / chosen.count]) },
      result: { results[$0] = $1 })
    pool.stopAll()
    #expect(results.count == rows.count * chosen.count)
    for cell in results.keys.sorted() {
      let row = cell / chosen.count
      let status = results[cell]?.status
      #expect(status == (row == 1 ? .error : .pass), "cell \(cell) (row \(row)): \(results[cell]?.message ?? "")")
      #expect(results[cell]?.trace == [], "verdicts only: no trace excerpt")
    }
    #expect(pool.workersStarted == 2, "a new configuration reuses the worker")
  }

  @Test func configurationsRoundTripThroughTheWire() throws {
    ExplorationRunMode.register()
    let configuration = WorkerConfiguration(
      page: .referenceSource(Self.patchedSource), native: .referenceFaults(["a", "b"]),
      tested: TestedSides(page: false, native: true), options: RunOptions(seed: 7), verdictsOnly: true)
    let back = try #require(WorkerConfiguration(wireValue: configuration.wireValue))
    #expect(back == configuration)
    #expect(back != WorkerConfiguration(page: .reference, native: .reference, tested: .both, options: RunOptions()))
    // run --traces: the folder the worker writes each scenario's trace to.
    var traced = configuration
    traced.options.traceDirectory = "/tmp/traces here"
    #expect(WorkerConfiguration(wireValue: traced.wireValue)?.options.traceDirectory == "/tmp/traces here")
    #expect(WorkerConfiguration(wireValue: traced.wireValue) == traced && traced != configuration)
    // An exploration mutant's native side (run --mutant), and a result with
    // what exploring its scenario did.
    let explored = WorkerConfiguration(
      page: .reference, native: .explorationFault("responders-cleared-each-batch"),
      tested: TestedSides(page: false, native: true), options: RunOptions(), explore: ExploreOptions(seeds: 9))
    #expect(WorkerConfiguration(wireValue: explored.wireValue) == explored)
    var unknown = explored.wireValue.objectValue ?? [:]
    unknown["native"] = ["kind": "exploration-fault", "settings": "no-such-fault"]
    #expect(WorkerConfiguration(wireValue: .object(unknown)) == nil)
    var result = ScenarioResult(
      scenario: ScenarioIdentity(id: "a/b", title: "t", area: "a", level: .must, subject: .pair, spec: "s", file: "f"),
      status: .fail, message: "m", detail: nil, duration: .milliseconds(3), trace: [], traceEventCount: 0)
    result.exploration = ScheduleExploration(
      schedules: 5, distinctSchedules: 4, seedsAsked: 9, failingSeed: UInt64.max,
      failingSchedule: [ScheduleChoice(index: 2, point: .answerLatency, value: 4)])
    #expect(ScenarioResult(wireValue: result.wireValue) == result)
  }
}
