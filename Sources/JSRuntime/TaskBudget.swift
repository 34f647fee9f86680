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
struct TaskBudget {
  /// The limit of one task (and of one entry outside a task).
  let limit: Duration
  /// Whether a task is open (``ScriptContext/beginTask()``).
  private(set) var isOpen = false
  /// Time spent in top-level entries since the task began.
  private(set) var spent: Duration = .zero
  /// When the running top-level entry began, if one runs.
  private(set) var entryStart: ContinuousClock.Instant?

  init(limit: Duration) { self.limit = limit }

  /// Starts a new task with the whole budget.
  mutating func begin() {
    isOpen = true
    spent = .zero
  }

  /// Closes the task: entries get a budget of their own again.
  mutating func end() {
    isOpen = false
    spent = .zero
  }

  /// Uses up the budget: the task refuses every later entry.
  mutating func exhaust() {
    isOpen = true
    spent = max(spent, limit)
  }

  /// What is left for the next entry (the whole limit outside a task).
  var remaining: Duration { isOpen ? limit - spent : limit }

  /// Whether the task has used its budget.
  var isExhausted: Bool { isOpen && spent >= limit }

  /// Time used so far, the running entry included.
  func used(at now: ContinuousClock.Instant) -> Duration {
    spent + (entryStart.map { now - $0 } ?? .zero)
  }

  mutating func entryBegan(at now: ContinuousClock.Instant) { entryStart = now }

  mutating func entryEnded(at now: ContinuousClock.Instant) {
    if isOpen, let entryStart { spent += now - entryStart }
    entryStart = nil
  }
}
