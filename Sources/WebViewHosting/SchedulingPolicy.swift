/// What a scheduling policy may know about a task that is ready to run.
public struct ReadyTask: Sendable, Hashable {
  /// The task's identity, unique within its scheduler.
  public var id: Int
  /// When the task became due.
  public var due: VirtualTime
  /// Whether it belongs to the page (timers, scripts) or to the host.
  public var kind: TaskKind
  /// A short description, e.g. `timer 3` or `evaluate`.
  public var label: String

  /// Describes a ready task.
  public init(id: Int, due: VirtualTime, kind: TaskKind, label: String) {
    self.id = id
    self.due = due
    self.kind = kind
    self.label = label
  }
}

/// Chooses which ready task runs next.
///
/// The scheduler offers every task that is due at the earliest pending time,
/// in the order they were scheduled. A policy returns the index of its choice.
/// Policies must be deterministic functions of their own state and the
/// candidates, so that a run can be replayed.
public protocol SchedulingPolicy {
  /// Returns an index into `candidates` (never empty).
  mutating func choose(among candidates: [ReadyTask]) -> Int
}

/// Runs tasks in the order they were scheduled (the default, and what a
/// single-threaded browser event loop does for tasks due at the same time).
public struct FIFOSchedulingPolicy: SchedulingPolicy {
  /// Creates the policy.
  public init() {}

  public mutating func choose(among candidates: [ReadyTask]) -> Int { 0 }
}
