import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of the worker that notices when the scenario thread is stuck in
/// code that the page's own limits cannot stop (a loop of bare `await`s:
/// every resumption is a microtask the engine runs without asking anyone),
/// and ends the worker at once, so that the scenario ends as `timeout` after
/// about twice the script time limit instead of at the wall-clock limit.
///
/// Stuck means: the scenario thread spent more than `limit` of CPU time
/// since its last sign of progress (a trace event, the start of a
/// scenario), as the watch sees it every 50 ms. Time the thread spends
/// waiting (for the next scenario, for an adapter) costs no CPU, so it never
/// counts. A sign of progress costs the watched thread one atomic increment.
final class StuckTaskWatch: @unchecked Sendable {
  private let clock: clockid_t
  private let limit: Int64
  private let progressCount = Atomic<Int>(0)
  private let onStuck: @Sendable (Duration) -> Void

  /// Watches the calling thread. `onStuck` runs on the watch's own thread
  /// and must end the process.
  init?(limit: Duration, onStuck: @escaping @Sendable (Duration) -> Void) {
    var clock = clockid_t()
    guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
    self.clock = clock
    self.limit = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
    self.onStuck = onStuck
    let thread = Thread { [self] in watch() }
    thread.start()
  }

  /// Records progress of the watched thread (call it on that thread).
  func progress() {
    progressCount.add(1, ordering: .relaxed)
  }

  private func cpuTime() -> Int64 {
    var now = timespec()
    clock_gettime(clock, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  private func watch() {
    var seenCount = progressCount.load(ordering: .relaxed)
    var cpuAtProgress = cpuTime()
    while true {
      usleep(50_000)
      let count = progressCount.load(ordering: .relaxed)
      let now = cpuTime()
      if count != seenCount {
        seenCount = count
        cpuAtProgress = now
      } else if now - cpuAtProgress > limit {
        onStuck(.nanoseconds(now - cpuAtProgress))
      }
    }
  }
}
