import Foundation
import Synchronization

/// Ctrl-C handling: the first SIGINT asks the run to stop after the
/// scenarios in flight, so reports gathered so far are still written.
enum Interrupt {
  private static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C was pressed.
  static var requested: Bool { flag.load(ordering: .relaxed) }

  /// Installs the handler, and unblocks SIGINT: a parent (a test runner, a
  /// CI agent) may have started this process with it blocked, which would
  /// leave Ctrl-C pending forever.
  static func install() {
    signal(SIGINT) { _ in
      Interrupt.flag.store(true, ordering: .relaxed)
    }
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
  }
}
