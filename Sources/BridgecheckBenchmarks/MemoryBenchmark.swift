import BridgeImplementations
import Foundation
import ReferenceImplementations
import ScenarioRunner

/// Resident memory while one thread runs 2,000 scenarios (the shipped suite
/// over and over) in process, with pages sharing the thread's context group
/// and with a group per page: the shared group must stay bounded.
enum MemoryBenchmark {
  static let scenarios = 2_000

  static func run() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    for shared in [true, false] {
      var options = RunOptions()
      options.sharesContextGroups = shared
      let runner = FixtureRunner(
        page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: options)
      var samples: [Int] = []
      let start = residentMiB()
      let clock = ContinuousClock()
      let began = clock.now
      var times = Samples()
      for index in 0..<scenarios {
        let fixture = fixtures[index % fixtures.count]
        times.append(Samples.collect(1) { _ = runner.run(fixture) })
        if index % 100 == 99 { samples.append(residentMiB()) }
      }
      let elapsed = clock.now - began
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(
        "  \(shared ? "shared context group per thread" : "a context group per page"): resident memory \(start) MiB "
          + "before, at most \(samples.max() ?? 0) MiB, \(samples.last ?? 0) MiB after \(scenarios) scenarios "
          + "(sampled every 100: \(samples.map(String.init).joined(separator: " "))); \(String(format: "%.2f", seconds)) s, "
          + "one scenario \(times.range) ms")
    }
  }

  /// This process's resident memory in MiB (0 when it cannot be read).
  static func residentMiB() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    let fields = String(decoding: bytes[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
  }
}
