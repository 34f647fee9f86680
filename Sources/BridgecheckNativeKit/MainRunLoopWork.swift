import CoreFoundation
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the main run loop has work to run now: what a bridge queued on
/// the main queue (`DispatchQueue.main.async`, main-actor tasks,
/// `OperationQueue.main`) or a timer of the main run loop that is due. The
/// kit runs passes of the main run loop after a command only then: a pass
/// costs tens of microseconds of system calls (the run loop adds and
/// removes the main queue's wake-up descriptor from its poll set every
/// time), and most commands queue nothing.
enum MainRunLoopWork {
  /// True when there may be work: on Linux, when the main queue's wake-up
  /// is pending or a timer is due; elsewhere always.
  ///
  /// libdispatch wakes the main run loop by writing to an `eventfd` when
  /// the main queue goes from empty to not empty, and again after a drain
  /// that left work behind; the run loop reads it before it drains the
  /// queue. So the descriptor is readable exactly while queued work waits
  /// for a pass, and polling it (a system call of about a microsecond)
  /// tells without running one.
  static var pending: Bool {
    #if os(Linux)
      mainQueueWokeUp || timerDue
    #else
      true
    #endif
  }

  #if os(Linux)
    /// The main queue's wake-up descriptor (libdispatch's, the one
    /// CoreFoundation's run loop waits on).
    private static let mainQueueHandle = libdispatchMainQueueHandle()

    private static var mainQueueWokeUp: Bool {
      var descriptor = pollfd(fd: mainQueueHandle, events: Int16(POLLIN), revents: 0)
      // An error (no descriptor) counts as woken: the pass then decides.
      return poll(&descriptor, 1, 0) != 0
    }

    /// Whether a timer of the main run loop's default mode (which holds
    /// the common modes' timers) is due.
    private static var timerDue: Bool {
      let next = CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode)
      return next != 0 && next <= CFAbsoluteTimeGetCurrent()
    }
  #endif
}

#if os(Linux)
  /// libdispatch's entry point for CoreFoundation's run loop: the
  /// descriptor that becomes readable when the main queue has work (on
  /// Linux an `eventfd`; `dispatch_runloop_handle_t` is an `int`).
  @_silgen_name("_dispatch_get_main_queue_handle_4CF")
  private func libdispatchMainQueueHandle() -> Int32
#endif
