import Foundation
import Supervision
import Synchronization

/// Ctrl-C and SIGTERM handling: the first SIGINT or SIGTERM asks the run to
/// stop; the supervisor kills its workers at once, and the reports of what
/// ran are still written. The exit status then says which signal it was
/// (130 for SIGINT, 143 for SIGTERM).
enum Interrupt {
  /// The signal received first, 0 while none.
  private static let received = Atomic<Int32>(0)

  /// Whether a stop was asked for.
  static var requested: Bool { received.load(ordering: .relaxed) != 0 }

  /// Why the run stops, if it does.
  static var stopReason: StopReason? {
    switch received.load(ordering: .relaxed) {
    case SIGINT: return .interrupt
    case SIGTERM: return .terminate
    default: return nil
    }
  }

  /// The conventional exit status of a run ended by the signal (128 + its
  /// number), or nil.
  static var exitStatus: Int32? {
    let signal = received.load(ordering: .relaxed)
    return signal == 0 ? nil : 128 + signal
  }

  /// Installs the handlers, and unblocks the signals: a parent (a test
  /// runner, a CI agent) may have started this process with them blocked,
  /// which would leave them pending forever.
  static func install() {
    let handler: @convention(c) (Int32) -> Void = { signal in
      _ = Interrupt.received.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
