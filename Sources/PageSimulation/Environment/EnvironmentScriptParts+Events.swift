extension EnvironmentScriptParts {
  /// DOM events: one listener store for every target, `Event`, `CustomEvent`,
  /// `MessageEvent`, `ErrorEvent`, `dispatchEvent`, and `fire(…)` for the
  /// events the environment itself fires. The path of an event is the target
  /// and what `eventParent` gives after it (in a page: its ancestors, then
  /// document and window, as in WebKit), walked capture first, then at the
  /// target, then bubbling when the event bubbles.
  static let events = environmentScripts.text(of: "environment-events.js")
}
