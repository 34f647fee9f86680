import BridgeImplementations
import Foundation
import ReferenceImplementations
import ScenarioRunner
import Supervision

/// The shipped suite against the reference pair, in worker processes under
/// the supervisor (as `bridgecheck run` runs it) and in process (the floor:
/// the same scenarios with no process boundary), measured in the same run,
/// alternating, so that a busy machine slows both alike.
enum SupervisedSuiteBenchmark {
  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("bridgecheck").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print("  build bridgecheck next to bridgecheck-bench first (swift build -c release)")
      return
    }
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let configuration = WorkerConfiguration(page: .reference, native: .reference, tested: .both, options: RunOptions())
    let rounds = 9
    for jobs in [1, 2] {
      var inProcess = Samples()
      var supervised = Samples()
      var inProcessCPU = Samples()
      var supervisedCPU = Samples()
      for _ in 0..<rounds {
        var cpu = CPUTime.now()
        inProcess.append(Samples.collect(1) { _ = SuiteRunner(runner: runner, jobs: jobs).run(fixtures) })
        inProcessCPU.add(nanoseconds: CPUTime.now() - cpu)
        cpu = CPUTime.now()
        supervised.append(
          Samples.collect(1) {
            // A whole run, as `bridgecheck run` does it: the workers start and end with it.
            let pool = WorkerPool(executable: executable, configuration: configuration, jobs: jobs)
            _ = pool.run(fixtures)
            pool.stopAll()
          })
        supervisedCPU.add(nanoseconds: CPUTime.now() - cpu)
      }
      let ratio = supervised.quantile(0.5) / inProcess.quantile(0.5)
      let cpuRatio = supervisedCPU.quantile(0.5) / inProcessCPU.quantile(0.5)
      print(
        "  \(fixtures.count) scenarios, --jobs \(jobs), median (min–max) of \(rounds), wall time and CPU time of every process:"
      )
      print("    in process (floor): \(inProcess.range) ms wall, \(inProcessCPU.range) ms CPU")
      print(
        "    in workers:         \(supervised.range) ms wall (×\(Samples.format(ratio)) of the floor), "
          + "\(supervisedCPU.range) ms CPU (×\(Samples.format(cpuRatio)))")
    }
  }
}

/// CPU time (user and system) of this process and of its children that
/// ended, in nanoseconds: a figure that a busy machine disturbs less than
/// wall time.
enum CPUTime {
  static func now() -> Int64 {
    var total: Int64 = 0
    for who in [RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue] {
      var usage = rusage()
      getrusage(who, &usage)
      for time in [usage.ru_utime, usage.ru_stime] {
        total += Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_usec) * 1000
      }
    }
    return total
  }
}
