#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time of the calling thread: what a page of the simulated engine,
/// which runs on the thread that drives it, has cost so far.
package enum ThreadCPUTime {
  /// The calling thread's CPU time since it started.
  package static var now: Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
