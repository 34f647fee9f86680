/// What a scheduling policy may know about a task that is ready to run.
package struct ReadyTask: Sendable, Hashable {
  /// The task's identity, unique within its scheduler.
  package var id: Int
  /// When the task became due.
  package var due: VirtualTime
  /// Whether it belongs to the page (timers, scripts) or to the host.
  package var kind: TaskKind
  /// A short description, e.g. `timer 3` or `evaluate`.
  package var label: String

  /// Describes a ready task.
  package init(id: Int, due: VirtualTime, kind: TaskKind, label: String) {
    self.id = id
    self.due = due
    self.kind = kind
    self.label = label
  }
}

/// Chooses which ready task runs next.
///
/// The scheduler offers every task that is due at the earliest pending time,
/// in the order they were scheduled, whenever there are two or more (a lone
/// due task runs without asking). A policy returns the index of its choice.
/// Policies must be deterministic functions of their own state and the
/// candidates, so that a run can be replayed.
package protocol SchedulingPolicy {
  /// Returns an index into `candidates` (never empty).
  mutating func choose(among candidates: [ReadyTask]) -> Int
}

/// Runs tasks in the order they were scheduled (the default, and what a
/// single-threaded browser event loop does for tasks due at the same time).
package struct FIFOSchedulingPolicy: SchedulingPolicy {
  /// Creates the policy.
  package init() {}

  package mutating func choose(among candidates: [ReadyTask]) -> Int { 0 }
}
