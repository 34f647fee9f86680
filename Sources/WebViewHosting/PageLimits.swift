/// Caps on what one page (and the web view around it, across reloads) may
/// do before the run stops it, so that a hostile page ends with a reason
/// instead of running until memory or patience runs out. The defaults are
/// far above what any legitimate bridge does (the reference pair's largest
/// scenario records 255 trace events and has a handful of timers pending).
package struct PageLimits: Sendable, Hashable {
  /// The longest console line kept, in UTF-16 units; longer lines are cut
  /// with a note saying how much was left out. Default 64 Ki.
  package var consoleLineLength: Int
  /// The most console text (UTF-8 bytes, after cutting lines) one web view
  /// records; past it the page has passed a limit. Default 4 MiB.
  package var consoleTotalBytes: Int
  /// The most trace events one web view records; later events are dropped
  /// and the page has passed a limit. Default 20,000.
  package var maxTraceEvents: Int
  /// The most timers (`setTimeout`, `setInterval`) pending at once in a page;
  /// the next one throws a `RangeError` and the page has passed a limit.
  /// Default 10,000.
  package var maxPendingTimers: Int
  /// The most scheduler tasks pending at once (timers, navigations, host
  /// work); past it new navigation requests are dropped and the page has
  /// passed a limit. Default 20,000.
  package var maxPendingTasks: Int
  /// The most promises one page may reject through `Promise.reject`; the
  /// next call throws a `RangeError` and the page has passed a limit.
  /// Default 10,000. (The engine reports every unhandled rejection to the
  /// host one by one, at about 2 µs each, so a flood of them would cost
  /// seconds per scenario after the script itself was stopped.)
  package var maxRejectedPromises: Int
  /// The most dedicated workers one page may start (each is a JavaScript
  /// global of its own); the next `new Worker` throws a `RangeError` and the
  /// page has passed a limit. Default 64.
  package var maxWorkers: Int

  /// Creates limits; the defaults suit untrusted page bridges.
  package init(
    consoleLineLength: Int = 65_536, consoleTotalBytes: Int = 4 << 20, maxTraceEvents: Int = 20_000,
    maxPendingTimers: Int = 10_000, maxPendingTasks: Int = 20_000, maxRejectedPromises: Int = 10_000,
    maxWorkers: Int = 64
  ) {
    self.maxWorkers = maxWorkers
    self.consoleLineLength = consoleLineLength
    self.consoleTotalBytes = consoleTotalBytes
    self.maxTraceEvents = maxTraceEvents
    self.maxPendingTimers = maxPendingTimers
    self.maxPendingTasks = maxPendingTasks
    self.maxRejectedPromises = maxRejectedPromises
  }
}

/// The first limit a page passed (see ``SimulatedWebView/limitViolation``).
/// Once set, the scheduler's callers should stop: the page cannot be judged.
package struct PageLimitViolation: Sendable, Hashable, CustomStringConvertible {
  /// Which limit, in kebab case: `script-time`, `console-output`,
  /// `trace-events`, `pending-timers`, `pending-tasks`, `rejected-promises`, `value-size`, `workers`,
  /// `unavailable-feature`.
  package var limit: String
  /// What happened, in words, naming the limit passed.
  package var message: String
  /// The sequence number of the `page-limit-exceeded` trace event.
  package var sequence: Int

  /// Records that a page passed `limit` in `trace` (a `page-limit-exceeded`
  /// event, kept even when the trace is full) and returns the violation that
  /// points at it. Both engines record their limits this way.
  package static func record(limit: String, message: String, in trace: Trace) -> PageLimitViolation {
    let event = trace.recordPastCapacity(
      .page, TraceEventName.pageLimitExceeded, ["limit": .string(limit), "message": .string(message)])
    return PageLimitViolation(limit: limit, message: message, sequence: event.sequence)
  }

  package var description: String { message }
}

extension Duration {
  /// `500 ms`, `1.5 s`: a limit as messages print it.
  package var millisecondsText: String {
    let (seconds, attoseconds) = components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 && milliseconds >= 1000 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}
