import Foundation
import ProcessSupport
import ScenarioRunner
import Testing

@testable import Supervision

/// The processes below a worker (its adapter) count towards the part of its
/// share it may hold and still be reused: a worker small by itself whose
/// adapter holds much is replaced all the same.
extension WorkerReuseTests {
  /// What the adapter holds, and where the workers' limits put the
  /// threshold of reuse (`share × reuseFraction`): a worker by itself (about
  /// 50 MB here) and with a plain adapter (about 100 MB) is well under it,
  /// and well over it with the adapter's allocation (about 480 MB).
  static let heldMegabytes = 384
  static let threshold = 256 << 20
  /// A share far above the worker with the big adapter, so that the memory
  /// watch never ends a scenario: only reuse is at stake.
  static let belowLimits = SupervisorLimits(memoryLimit: 4 << 30, reuseFraction: Double(threshold) / Double(4 << 30))

  /// A wrapper of the reference adapter: a Python process that writes
  /// `megabytes` of memory (every page resident) and then runs the
  /// reference adapter as its child on the same standard input and output,
  /// which dies with it. A worker's first scenario may end within 250 ms of
  /// the worker's start: the processes below a new worker count as not yet
  /// measured, so they are measured before its reuse is decided.
  static func heldMemoryAdapter(megabytes: Int, executable: String) -> [String] {
    let script = """
      import ctypes, subprocess, sys
      held = b"\\x01" * (int(sys.argv[1]) << 20)
      libc = ctypes.CDLL(None)
      sys.exit(subprocess.call([sys.argv[2], "reference-adapter"], preexec_fn=lambda: libc.prctl(1, 9)))
      """
    return ["python3", "-c", script, String(megabytes), executable]
  }

  /// Runs the three fixtures on one worker at a time whose adapter holds
  /// `megabytes`; returns the results and the pool, its last worker still
  /// alive (the caller stops it).
  func runBelow(megabytes: Int) throws -> (results: [ScenarioResult], pool: WorkerPool) {
    let executable = try workerExecutable()
    let configuration = WorkerConfiguration(
      page: .reference,
      native: .adapter(
        command: Self.heldMemoryAdapter(megabytes: megabytes, executable: executable), commandTimeout: .seconds(10),
        startupTimeout: .seconds(20)),
      tested: .both, options: RunOptions(scenarioTimeLimit: .seconds(30)))
    let pool = WorkerPool(executable: executable, configuration: configuration, jobs: 1, limits: Self.belowLimits)
    return (pool.run(try fixtures(Self.ids)), pool)
  }

  @Test(
    .enabled(if: procIsAvailable && python3IsAvailable, "needs /proc to measure memory and python3 for the adapter"))
  func aWorkerSmallByItselfIsReplacedForTheMemoryOfItsAdapter() throws {
    let (results, pool) = try runBelow(megabytes: Self.heldMegabytes)
    defer { pool.stopAll() }
    #expect(results.map(\.status) == [.pass, .pass, .pass], "\(results.map { $0.message ?? "" })")
    #expect(pool.workersReplaced == 2, "each worker after its scenario, for its adapter")
    #expect(pool.workersStarted == 3)
    // The last worker, idle: by itself under the threshold, over it with
    // the processes below it.
    let worker = try #require(pool.workers.first)
    let own = try #require(ProcessTree.residentBytes(of: worker.pid))
    #expect(own < Self.threshold, "the worker by itself: \(own >> 20) MB")
    #expect(ProcessTree.residentBytes(ofTree: worker.pid) > Self.threshold)
  }

  @Test(
    .enabled(if: procIsAvailable && python3IsAvailable, "needs /proc to measure memory and python3 for the adapter"))
  func theSameWorkerWithASmallAdapterIsReused() throws {
    let (results, pool) = try runBelow(megabytes: 0)
    defer { pool.stopAll() }
    #expect(results.map(\.status) == [.pass, .pass, .pass], "\(results.map { $0.message ?? "" })")
    #expect(pool.workersReplaced == 0)
    #expect(pool.workersStarted == 1)
    let worker = try #require(pool.workers.first)
    #expect(ProcessTree.residentBytes(ofTree: worker.pid) < Self.threshold)
  }

  /// Below the worker, what the memory watch measured last counts while it
  /// is under 250 ms old; past that, the processes are measured again.
  /// Set to an instant after now, the last measurement stays fresh however
  /// slow the machine, and set an hour back, it is stale: no timing counts.
  @Test(
    .enabled(if: procIsAvailable && python3IsAvailable, "needs /proc to measure memory and python3 for the adapter"))
  func aFreshMeasurementOfTheProcessesBelowIsReusedAndAStaleOneTakenAgain() throws {
    let fresh = ContinuousClock.now.advanced(by: .seconds(3600))
    let stale = ContinuousClock.now.advanced(by: .seconds(-3600))

    do {
      let (big, bigPool) = try runBelow(megabytes: Self.heldMegabytes)
      defer { bigPool.stopAll() }
      #expect(big.allSatisfy { $0.status == .pass })
      let bigWorker = try #require(bigPool.workers.first)
      bigWorker.lastTreeCheck = fresh
      bigWorker.belowBytes = 0
      #expect(!bigPool.outgrewReuse(bigWorker), "the fresh measurement (nothing below) counts, not the adapter")
      #expect(bigWorker.belowBytes == 0)
      bigWorker.lastTreeCheck = stale
      #expect(bigPool.outgrewReuse(bigWorker), "measured again: the adapter's memory")
      #expect(bigWorker.belowBytes >= Self.heldMegabytes << 20)
    }

    let (small, smallPool) = try runBelow(megabytes: 0)
    defer { smallPool.stopAll() }
    #expect(small.allSatisfy { $0.status == .pass })
    let smallWorker = try #require(smallPool.workers.first)
    smallWorker.lastTreeCheck = fresh
    smallWorker.belowBytes = Self.threshold
    #expect(smallPool.outgrewReuse(smallWorker), "the fresh measurement counts, not the small adapter")
    smallWorker.lastTreeCheck = stale
    #expect(!smallPool.outgrewReuse(smallWorker), "measured again: the small adapter")
    #expect(smallWorker.belowBytes < Self.threshold)
  }
}

/// Whether `python3` is on the `PATH`.
let python3IsAvailable: Bool = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
}()
