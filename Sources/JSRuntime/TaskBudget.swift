#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time one task of the embedder (a scheduler task, say) may spend in
/// the engine, summed over every top-level entry it makes.
///
/// JavaScriptCore's watchdog gives each top-level entry a fresh budget, so a
/// task that enters the engine many times (Swift reading a value property by
/// property, each read running a getter or a `Proxy` trap) could run for
/// ever in slices that each stay under the limit. Inside a task the budget is
/// shared: every entry adds the time it took, an entry is refused once the
/// sum reaches the limit, and the watchdog of the next entry is given only
/// what is left.
///
/// Time is counted like the watchdog counts it, as CPU time of the thread,
/// so that a busy machine that preempts the thread does not stop a script
/// early. Entries are timed on the (cheap) monotonic clock, an upper bound of
/// CPU time; the thread's CPU clock (a system call) is read once per task, at
/// its first entry, and again only when that bound reaches a tenth of the
/// limit: the task has then used the CPU time of the thread since its first
/// entry (Swift work between its entries included).
struct TaskBudget {
  /// The limit of one task (and of one entry outside a task).
  let limit: Duration
  /// Whether a task is open (``ScriptContext/beginTask()``).
  private(set) var isOpen = false
  /// Wall-clock time spent in top-level entries since the task began (an
  /// upper bound of the CPU time they used).
  private(set) var spent: Duration = .zero
  /// The thread's CPU clock at the task's first entry.
  private var cpuStart: Duration?
  /// Set by ``exhaust()``: the task is over whatever the clocks say.
  private var forcedExhausted = false
  /// When the running top-level entry began, if one runs.
  private(set) var entryStart: ContinuousClock.Instant?

  init(limit: Duration) { self.limit = limit }

  /// Starts a new task with the whole budget.
  mutating func begin() {
    isOpen = true
    spent = .zero
    forcedExhausted = false
    cpuStart = nil
  }

  /// Closes the task: entries get a budget of their own again.
  mutating func end() {
    isOpen = false
    spent = .zero
    forcedExhausted = false
  }

  /// Uses up the budget: the task refuses every later entry.
  mutating func exhaust() {
    isOpen = true
    forcedExhausted = true
    spent = max(spent, limit)
  }

  /// CPU time used since the task began, bounded by the wall-clock sum
  /// (outside a task, the wall-clock time of the running entry).
  private func cpuUsed(wall: Duration) -> Duration {
    if forcedExhausted { return max(wall, limit) }
    guard isOpen, wall >= limit / 10, let cpuStart else { return wall }
    return min(wall, Self.threadCPUTime() - cpuStart)
  }

  /// What is left for the next entry (the whole limit outside a task).
  var remaining: Duration { isOpen ? max(.zero, limit - cpuUsed(wall: spent)) : limit }

  /// Whether the task has used its budget.
  var isExhausted: Bool { isOpen && spent >= limit && cpuUsed(wall: spent) >= limit }

  /// Time used so far, the running entry included.
  func used(at now: ContinuousClock.Instant) -> Duration {
    cpuUsed(wall: spent + (entryStart.map { now - $0 } ?? .zero))
  }

  mutating func entryBegan(at now: ContinuousClock.Instant) {
    entryStart = now
    if isOpen, cpuStart == nil { cpuStart = Self.threadCPUTime() }
  }

  mutating func entryEnded(at now: ContinuousClock.Instant) {
    if isOpen, let entryStart { spent += now - entryStart }
    entryStart = nil
  }

  /// The calling thread's CPU time.
  static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
