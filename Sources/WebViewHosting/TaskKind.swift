/// Whether a task belongs to the page or to the host around it.
package enum TaskKind: String, Sendable, Hashable {
  /// Page work: timers, page scripts, script evaluations. Tied to one page
  /// world: dropped when that world is destroyed.
  case page
  /// Host work: policy decisions, completions, loads. Survives reloads.
  case host
}
