/// Why ``ChildProcess/spawn(_:environment:)`` could not start a process.
/// The caller names what it was starting (an adapter, a worker, Xvfb) in
/// ``message(naming:)``, and maps it to an error of its own domain.
package struct SpawnError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Reason: Sendable, Hashable {
    /// The command has no program.
    case emptyCommand
    /// The pipes for the child's standard streams could not be made.
    case pipes
    /// `posix_spawnp` failed (no such program, not executable, …).
    case start
  }

  /// What went wrong.
  package var reason: Reason
  /// The program that was to run (empty for ``Reason/emptyCommand``).
  package var program: String
  /// The system's reason in words, with a hint when one helps.
  package var detail: String

  /// Creates an error.
  package init(reason: Reason, program: String, detail: String) {
    self.reason = reason
    self.program = program
    self.detail = detail
  }

  /// The error in words, naming the process as `what` (e.g. `the adapter`).
  package func message(naming what: String) -> String {
    switch reason {
    case .emptyCommand: "\(what) command is empty"
    case .pipes: "cannot create pipes for \(what): \(detail)"
    case .start: "cannot start \(what) \(program): \(detail)"
    }
  }

  /// The error in words, naming the process as `the process`.
  package var message: String { message(naming: "the process") }

  package var description: String { message }
}
