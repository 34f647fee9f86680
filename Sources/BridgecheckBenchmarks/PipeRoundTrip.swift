import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The cheapest round trip an adapter could have on this machine: one byte
/// written to `cat` and read back, with a pause between round trips the
/// length of the harness's own work between two adapter commands (the
/// process that answers has gone idle by then, as an adapter has). No adapter
/// protocol can wait for an answer in less; a figure against which the
/// adapter's time waiting for `done` can be read.
enum PipeRoundTrip {
  /// The median round trip, in microseconds, over `count` round trips with
  /// `pause` of busy work before each; nil when `cat` cannot be started.
  static func measure(count: Int = 2_000, pause: Duration = .microseconds(250)) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/cat")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    let writeFD = input.fileHandleForWriting.fileDescriptor
    let readFD = output.fileHandleForReading.fileDescriptor
    let clock = ContinuousClock()
    var samples = Samples()
    var byte: UInt8 = 0x78
    for _ in 0..<count {
      let pauseEnd = clock.now.advanced(by: pause)
      while clock.now < pauseEnd {}
      let start = clock.now
      guard write(writeFD, &byte, 1) == 1, read(readFD, &byte, 1) == 1 else { return nil }
      let elapsed = clock.now - start
      samples.add(
        nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
    return samples.quantile(0.5) * 1000
  }
}
