/// The labels of a dedicated worker's tasks, and the independent task
/// source each belongs to (see ``ScheduleChooser``).
package enum PageWorkerTaskLabel {
  /// `worker N` for the worker's own tasks (`worker N start`, `worker N
  /// message`, `worker N timer T`), `from worker N` for what it posts to the
  /// page (`message from worker N`, `error from worker N`); nil for any
  /// other task.
  package static func source(of label: String) -> String? {
    if label.hasPrefix("worker "), let number = label.dropFirst(7).split(separator: " ").first, Int(number) != nil {
      return "worker \(number)"
    }
    for prefix in ["message from worker ", "error from worker "] where label.hasPrefix(prefix) {
      return "from worker " + label.dropFirst(prefix.count)
    }
    return nil
  }
}
