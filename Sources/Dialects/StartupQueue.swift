/// What the native side of a dialect does with the messages it sends
/// before the page bridge is injected (profile member `startupQueue`).
/// The reference native bridge plays the dialect's native side this way, so
/// that a page bridge is judged against the start-up its real peer has.
package enum StartupQueue: String, Sendable, Hashable, CaseIterable {
  /// Held, and sent in order right behind the injection evaluation, before
  /// anything the page schedules while it is injected (WVJB's Objective-C
  /// side, JsBridge's and the prompt-based Android bridge's Java sides).
  case afterInjection = "after-injection"
  /// Held, and sent from the injection evaluation's completion, once the
  /// injection has returned to the native side: zero-delay timers the page
  /// bridge set while it was injected have run by then (the Swift WKWebView
  /// port's `injectJavascriptFile()`).
  case afterInjectionCompletes = "after-injection-completes"
  /// Not held: sent at once, into a page that has no bridge yet, and lost.
  /// No native side of the dialect sends start-up messages (the Dart side of
  /// the webview_flutter wrappers).
  case none
}
