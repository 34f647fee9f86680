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

  /// The limit the engine has now, in seconds.
  private var armedSeconds: Double?

  /// Installs the limit on `group`. The watchdog must outlive the group's use.
  func install(on group: JSContextGroupRef, seconds: Double) {
    JSContextGroupSetExecutionTimeLimit(
      group, seconds, executionWatchdogCallback, Unmanaged.passUnretained(self).toOpaque())
    armedSeconds = seconds
  }

  /// Gives the next entry `seconds`, telling the engine only when that
  /// differs from what it has by more than a millisecond (the common case,
  /// a fresh task, costs nothing).
  func arm(on group: JSContextGroupRef, seconds: Double) {
    let seconds = max(seconds, 0.001)
    if let armedSeconds, abs(armedSeconds - seconds) < 0.001 { return }
    install(on: group, seconds: seconds)
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
