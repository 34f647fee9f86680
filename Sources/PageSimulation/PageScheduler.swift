import WebViewHosting

/// One event loop for the page and its host, on a virtual clock.
///
/// Like NIO's `EmbeddedEventLoop`, time moves only when the caller says so:
/// ``runUntilIdle(maxTasks:maxTime:)`` and ``advance(by:)`` jump the clock
/// to the next due task. Tasks due at the same time run in the order chosen
/// by the ``SchedulingPolicy`` (FIFO by default).
package final class PageScheduler {
  private struct Entry {
    let id: Int
    let due: VirtualTime
    let kind: TaskKind
    let world: Int?
    let label: String
    let action: () -> Void
  }

  /// The current virtual time.
  package private(set) var now: VirtualTime = .zero
  /// The policy choosing among tasks due at the same time.
  package var policy: any SchedulingPolicy
  /// Called just before each task runs (the web view records it in the trace).
  var willRun: ((ReadyTask) -> Void)?

  /// Pending tasks sorted by due time, then by scheduling order.
  private var entries: [Entry] = []
  private var nextID = 0
  /// Number of tasks run so far.
  package private(set) var tasksRun = 0

  /// Creates an empty scheduler at time zero.
  package init(policy: any SchedulingPolicy = FIFOSchedulingPolicy()) {
    self.policy = policy
  }

  /// Number of tasks waiting to run.
  package var pendingCount: Int { entries.count }

  /// The due time of the earliest pending task.
  package var nextDueTime: VirtualTime? { entries.first?.due }

  /// Schedules `action` to run `delay` milliseconds from now.
  ///
  /// - Parameters:
  ///   - world: the page world a page task belongs to; ``cancelAll(world:)``
  ///     drops it when that world goes away.
  /// - Returns: an id for ``cancel(_:)``.
  @discardableResult
  package func schedule(
    after delay: Int64 = 0, kind: TaskKind, world: Int? = nil, label: String,
    _ action: @escaping () -> Void
  ) -> Int {
    nextID += 1
    let entry = Entry(id: nextID, due: now.advanced(by: delay), kind: kind, world: world, label: label, action: action)
    // Most tasks are due now or later than everything pending: append.
    if let last = entries.last, last.due > entry.due {
      // After every task due at the same time or earlier (binary search:
      // a page with thousands of timers in random order stays cheap).
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if entries[middle].due > entry.due { high = middle } else { low = middle + 1 }
      }
      entries.insert(entry, at: low)
    } else {
      entries.append(entry)
    }
    return nextID
  }

  /// Removes a pending task; returns whether it was pending.
  @discardableResult
  package func cancel(_ id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    entries.remove(at: index)
    return true
  }

  /// Drops every pending task of a page world.
  package func cancelAll(world: Int) {
    entries.removeAll { $0.world == world }
  }

  /// Drops every pending task.
  package func cancelAll() {
    entries.removeAll()
  }

  /// Runs one task that is due now, if any, without moving the clock.
  /// Returns whether a task ran.
  @discardableResult
  package func runNextDueTask() -> Bool {
    guard let due = nextDueTime, due <= now else { return false }
    runOne(at: due)
    return true
  }

  /// Runs tasks, moving the clock to each task's due time, until none is
  /// pending or a budget runs out.
  ///
  /// - Parameters:
  ///   - maxTasks: the most tasks to run (bounds `setInterval` and loops of
  ///     timers that re-arm themselves).
  ///   - maxTime: the latest virtual time the clock may reach.
  ///   - shouldStop: checked before each task; returning true stops the run.
  package func runUntilIdle(
    maxTasks: Int = 100_000, maxTime: VirtualTime? = nil, shouldStop: () -> Bool = { false }
  ) -> SettleOutcome {
    var budget = maxTasks
    while let due = nextDueTime {
      if let maxTime, due > maxTime {
        now = max(now, maxTime)
        return .timeBudgetExhausted
      }
      guard budget > 0 else { return .taskBudgetExhausted }
      if shouldStop() { return .interrupted }
      budget -= 1
      runOne(at: due)
    }
    return .idle
  }

  /// Runs every task due within the next `milliseconds`, then sets the clock
  /// to exactly `now + milliseconds`.
  package func advance(
    by milliseconds: Int64, maxTasks: Int = 100_000, shouldStop: () -> Bool = { false }
  ) -> SettleOutcome {
    let target = now.advanced(by: milliseconds)
    let outcome = runUntilIdle(maxTasks: maxTasks, maxTime: target, shouldStop: shouldStop)
    if outcome == .idle || outcome == .timeBudgetExhausted { now = target }
    return outcome == .timeBudgetExhausted ? .idle : outcome
  }

  private func runOne(at due: VirtualTime) {
    now = max(now, due)
    var choice = 0
    // The policy is asked only when two or more tasks are due together
    // (most turns have one: nothing to choose, nothing drawn).
    if entries.count > 1, entries[1].due == due, !(policy is FIFOSchedulingPolicy) {
      let ready = entries.prefix { $0.due == due }.map(Self.ready)
      choice = min(max(policy.choose(among: ready), 0), ready.count - 1)
    }
    let entry = entries.remove(at: choice)
    tasksRun += 1
    willRun?(Self.ready(entry))
    entry.action()
  }

  private static func ready(_ entry: Entry) -> ReadyTask {
    ReadyTask(id: entry.id, due: entry.due, kind: entry.kind, label: entry.label)
  }
}
