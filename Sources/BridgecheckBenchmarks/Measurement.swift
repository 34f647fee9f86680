/// Timing helpers shared by the benchmarks: wall-clock samples summarised by
/// median and percentiles.
struct Samples {
  private(set) var nanoseconds: [Int64] = []

  /// Times `body` `count` times, keeping each duration.
  static func collect(_ count: Int, _ body: () throws -> Void) rethrows -> Samples {
    var samples = Samples()
    let clock = ContinuousClock()
    for _ in 0..<count {
      let start = clock.now
      try body()
      let elapsed = clock.now - start
      samples.nanoseconds.append(
        elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
    return samples
  }

  /// The value at quantile `q` (0…1), in milliseconds.
  func quantile(_ q: Double) -> Double {
    guard !nanoseconds.isEmpty else { return 0 }
    let sorted = nanoseconds.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))
    return Double(sorted[index]) / 1e6
  }

  /// The samples in the order they were taken, in milliseconds.
  var values: [Double] { nanoseconds.map { Double($0) / 1e6 } }

  /// How many samples there are.
  var count: Int { nanoseconds.count }

  /// Adds one sample.
  mutating func add(nanoseconds sample: Int64) { nanoseconds.append(sample) }

  /// The samples multiplied by `factor` (per-item figures from totals).
  func scaled(by factor: Double) -> Samples {
    var scaled = Samples()
    scaled.nanoseconds = nanoseconds.map { Int64((Double($0) * factor).rounded()) }
    return scaled
  }

  /// Adds the samples of `other`.
  mutating func append(_ other: Samples) { nanoseconds += other.nanoseconds }

  /// `412.1 (398.0–450.2)`: the median, the minimum and the maximum, in ms.
  var range: String {
    "\(Self.format(quantile(0.5))) (\(Self.format(quantile(0)))–\(Self.format(quantile(1))))"
  }

  /// `median 0.412 ms, p90 …, p99 … (n = 1000)`.
  var summary: String {
    "median \(Self.format(quantile(0.5))) ms, p90 \(Self.format(quantile(0.9))) ms, p99 \(Self.format(quantile(0.99))) ms (n = \(nanoseconds.count))"
  }

  static func format(_ milliseconds: Double) -> String {
    let scaled = (milliseconds * 1000).rounded() / 1000
    return String(scaled)
  }
}
