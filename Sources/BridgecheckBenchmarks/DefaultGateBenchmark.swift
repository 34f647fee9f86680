import BridgeImplementations
import Foundation
import ReferenceImplementations
import ScenarioRunner

/// The shipped suite against the reference pair as a user runs it, the
/// whole `bridgecheck run` command at `--jobs 2`: under the default gate
/// (the default schedule and the systematic ones) and under the single
/// schedule (`--schedules single`), next to the engine's floor (the suite
/// in process, one schedule, two threads). Rounds alternate, so that a
/// busy spell slows every side.
enum DefaultGateBenchmark {
  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("bridgecheck").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print("  build bridgecheck next to bridgecheck-bench first (swift build -c release)")
      return
    }
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let rounds = 9
    let jobs = 2
    var floor = Samples()
    var floorCPU = Samples()
    var single = Samples()
    var singleCPU = Samples()
    var gate = Samples()
    var gateCPU = Samples()
    for _ in 0..<rounds {
      var cpu = CPUTime.now()
      floor.append(Samples.collect(1) { _ = SuiteRunner(runner: runner, jobs: jobs).run(fixtures) })
      floorCPU.add(nanoseconds: CPUTime.now() - cpu)
      cpu = CPUTime.now()
      single.append(try Samples.collect(1) { try command(executable, ["--schedules", "single"], jobs: jobs) })
      singleCPU.add(nanoseconds: CPUTime.now() - cpu)
      cpu = CPUTime.now()
      gate.append(try Samples.collect(1) { try command(executable, [], jobs: jobs) })
      gateCPU.add(nanoseconds: CPUTime.now() - cpu)
    }
    func ratio(_ a: Samples, _ b: Samples) -> String { Samples.format(a.quantile(0.5) / b.quantile(0.5)) }
    print(
      "  \(fixtures.count) scenarios, --jobs \(jobs), median (min–max) of \(rounds), wall time and CPU time of every process:"
    )
    print("    in process, one schedule (floor):       \(floor.range) ms wall, \(floorCPU.range) ms CPU")
    print(
      "    bridgecheck run --schedules single:     \(single.range) ms wall (×\(ratio(single, floor)) of the floor), "
        + "\(singleCPU.range) ms CPU")
    print(
      "    bridgecheck run (the default gate):     \(gate.range) ms wall (×\(ratio(gate, floor)) of the floor, "
        + "×\(ratio(gate, single)) of one schedule), \(gateCPU.range) ms CPU (×\(ratio(gateCPU, singleCPU)))")
  }

  /// One whole `bridgecheck run` of the shipped suite; it must pass.
  private static func command(_ executable: String, _ arguments: [String], jobs: Int) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["run", "--jobs", String(jobs), "--color", "never"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkFailure("bridgecheck run \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
  }
}

/// A benchmark that could not measure what it should.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
