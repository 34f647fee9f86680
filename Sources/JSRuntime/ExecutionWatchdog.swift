import CJavaScriptCore

/// Turns a script that runs past its budget into a termination, through
/// JavaScriptCore's watchdog (`JSContextGroupSetExecutionTimeLimit`).
///
/// The engine measures each entry into the virtual machine from the API (an
/// evaluate or a call from Swift) separately, so every top-level entry gets
/// the full budget; nested entries share their outer entry's budget.
final class ExecutionWatchdog {
  /// Whether the engine terminated a script since the last `reset()`.
  private(set) var fired = false

  /// Installs the limit on `group`. The watchdog must outlive the group's use.
  func install(on group: JSContextGroupRef, seconds: Double) {
    JSContextGroupSetExecutionTimeLimit(
      group, seconds, executionWatchdogCallback, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Clears the flag before a new top-level entry.
  func reset() { fired = false }

  fileprivate func markFired() { fired = true }
}

/// The C callback the engine calls when a script exceeds the limit: it records
/// the fact and asks the engine to terminate the script.
private let executionWatchdogCallback: JSShouldTerminateCallback = { _, context in
  guard let context else { return true }
  Unmanaged<ExecutionWatchdog>.fromOpaque(context).takeUnretainedValue().markFired()
  return true
}
