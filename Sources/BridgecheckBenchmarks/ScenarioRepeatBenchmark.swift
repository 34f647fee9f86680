import BridgeImplementations
import Foundation
import ReferenceBridges
import ReferenceImplementations
import ScenarioRunner

/// Chosen scenarios of the shipped suite, each run many times in process
/// against the reference pair on one thread: a figure per scenario, and a
/// steady load to profile (`perf record … bridgecheck-bench scenarios`).
/// `BRIDGECHECK_BENCH_FILTER` (id prefixes separated by commas, default
/// `data/one-megabyte-`) picks them, `BRIDGECHECK_BENCH_RUNS` (default 15) sets the runs of each.
/// Not part of the block in docs/performance.md.
enum ScenarioRepeatBenchmark {
  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    let environment = ProcessInfo.processInfo.environment
    let glob = environment["BRIDGECHECK_BENCH_FILTER"] ?? "data/one-megabyte-"
    let runs = environment["BRIDGECHECK_BENCH_RUNS"].flatMap(Int.init) ?? 15
    let prefixes = glob.split(separator: ",").map(String.init)
    let chosen = fixtures.filter { fixture in prefixes.contains { fixture.id.hasPrefix($0) } }
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    print("  \(chosen.count) scenarios matching \(glob), \(runs) runs each, one thread, shared context group:")
    var all = Samples()
    var allCPU = Samples()
    for fixture in chosen {
      _ = runner.run(fixture)  // warm-up
      var samples = Samples()
      var cpu = Samples()
      var status = ""
      for _ in 0..<runs {
        let before = threadCPUNanoseconds()
        samples.append(Samples.collect(1) { status = runner.run(fixture).status.rawValue })
        cpu.add(nanoseconds: threadCPUNanoseconds() - before)
      }
      all.append(samples)
      allCPU.append(cpu)
      print("    \(fixture.id) (\(status)): \(samples.range) ms wall, \(cpu.range) ms CPU of the thread")
    }
    if chosen.count > 1 { print("  every run: \(all.range) ms wall, \(allCPU.range) ms CPU of the thread") }
  }

  /// The CPU time this thread has used (a busy machine disturbs it less
  /// than wall time).
  static func threadCPUNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
