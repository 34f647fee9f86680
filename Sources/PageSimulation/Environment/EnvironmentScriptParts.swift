import JSRuntime
import WebViewHosting

/// The JavaScript that the page's environment (``PageEnvironmentScript``) and
/// a dedicated worker's (``WorkerEnvironmentScript``) have in common: the
/// captured intrinsics, virtual time, the console, error reporting and timers.
///
/// Each part is a piece of the body of the installing function, which has
/// `host` (the host's native functions) in scope. A part may use what an
/// earlier part defines, and the functions the including script defines
/// (function declarations are hoisted): `eventParent(target)` (the next
/// target on an event's path), `listenerErrorUnhandled(message, source,
/// line, column)` (a listener's exception that no error handler handled:
/// a worker hands it to its page) and the variable `globalLabel` (`window`
/// or `self`, for messages).
enum EnvironmentScriptParts {
  /// The intrinsics every later part uses, captured before any page code runs.
  static let prelude = environmentScripts.text(of: "environment-prelude.js")

  /// `Date` on the virtual clock, `performance.now`, seeded `Math.random`,
  /// and no `WebAssembly` (the engine's watchdog cannot interrupt it).
  static let time = environmentScripts.text(of: "environment-time.js")

  /// `console.log` and its levels, cut to the line limit.
  static let console = ScriptTemplate.fill(
    environmentScripts.text(of: "environment-console.js"), with: ["describe": ConsoleLineText.describeFunction])

  /// `reportError(error, message, source, line, column)`: the global's
  /// `onerror` and `error` listeners see an uncaught exception; it returns
  /// whether nothing handled it (`onerror` returned `true` or a listener
  /// called `preventDefault`). A listener's own exception is reported the same way.
  static let errors = environmentScripts.text(of: "environment-errors.js")

  /// Timers, `queueMicrotask`, and the checks that stop microtask loops and
  /// rejection floods; `fireTimer(id)` is for the host.
  static let timers = environmentScripts.text(of: "environment-timers.js")
}
