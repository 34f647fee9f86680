import BridgeImplementations

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A CPU of its own for each worker's scenario thread and its adapters.
///
/// A worker and its adapter process take turns (a command, then its
/// answer), so they lose nothing by sharing a CPU, and each round trip is
/// then a switch on one CPU instead of a wake-up of another: on the two-core
/// virtual machine of docs/performance.md's figures a round trip through a pipe costs
/// about 50 µs across CPUs and 5 µs on one. The supervisor hands out its
/// own CPUs, one a worker slot, when there are at least as many as workers;
/// the worker pins itself when it starts an adapter (in process runs
/// nothing is pinned).
enum WorkerCPUs {
  /// The environment variable that gives a worker its CPU.
  static let environmentKey = "BRIDGECHECK_WORKER_CPU"

  /// The CPU of the worker in `slot` (0 ..< `jobs`) among `available`: the
  /// CPUs from `first` on, in turn. The pool starts from the CPU its own
  /// thread runs on when it is made, which the system chose among the least
  /// busy: two runs started side by side with `--jobs 1` then do not both
  /// take the same CPU. Nil when there are fewer CPUs than workers, since
  /// workers pinned two to a CPU could not move to an idle one.
  static func cpu(slot: Int, jobs: Int, available: [Int], first: Int? = nil) -> Int? {
    guard jobs <= available.count, slot >= 0, slot < jobs else { return nil }
    let start = first.flatMap { available.firstIndex(of: $0) } ?? 0
    return available[(start + slot) % available.count]
  }

  /// In a worker: the CPU its supervisor gave it, if any.
  static var assigned: Int? {
    guard let value = getenv(environmentKey) else { return nil }
    return Int(String(cString: value)).flatMap { $0 >= 0 ? $0 : nil }
  }
}
