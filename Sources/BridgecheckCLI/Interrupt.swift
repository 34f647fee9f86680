import Foundation
import Synchronization

/// Ctrl-C handling: the first SIGINT asks the run to stop after the
/// scenarios in flight, so reports gathered so far are still written.
enum Interrupt {
  private static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C was pressed.
  static var requested: Bool { flag.load(ordering: .relaxed) }

  /// Installs the handler.
  static func install() {
    signal(SIGINT) { _ in
      Interrupt.flag.store(true, ordering: .relaxed)
    }
  }
}
