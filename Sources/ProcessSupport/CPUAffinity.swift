import CProcessControl

/// The CPUs the calling thread may run on, and the pinning of a thread to
/// one of them (Linux; elsewhere every call reports that it cannot).
///
/// A scenario thread and its adapter process take turns: the thread waits
/// while the adapter answers, and the adapter waits while the page runs.
/// On one CPU each hand-over is a switch on that CPU; on two it is a wake-up
/// of the other CPU, which on a virtual machine costs tens of microseconds
/// a round trip. A worker therefore pins its scenario thread, and with it
/// the adapters it starts, to a CPU of its own (the supervisor's
/// `WorkerPool` hands them out; see
/// ``AdapterNativeImplementation/init(command:limits:protocolMinorVersion:sharedCPU:shouldStop:)``).
package enum CPUAffinity {
  /// The CPUs the calling thread may run on, in increasing order; empty
  /// where the system cannot tell.
  package static func threadCPUs() -> [Int] {
    var cpus = [Int32](repeating: 0, count: 4096)
    let count = bridgecheck_thread_cpus(&cpus, Int32(cpus.count))
    guard count > 0 else { return [] }
    return cpus[..<Int(count)].map(Int.init)
  }

  /// Restricts the calling thread to `cpus`; threads and processes it starts
  /// from then on inherit the restriction. False when the system refused
  /// (a CPU outside the thread's cgroup, or not Linux).
  @discardableResult
  package static func setThreadCPUs(_ cpus: [Int]) -> Bool {
    guard !cpus.isEmpty else { return false }
    let values = cpus.map { Int32(clamping: $0) }
    return bridgecheck_set_thread_cpus(values, Int32(values.count)) == 0
  }

  /// The CPU the calling thread runs on at this moment, if the system says.
  package static func currentCPU() -> Int? {
    let cpu = bridgecheck_current_cpu()
    return cpu >= 0 ? Int(cpu) : nil
  }
}
