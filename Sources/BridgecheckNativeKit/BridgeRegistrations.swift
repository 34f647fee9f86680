import WebKit

/// What a bridge has hooked into its web view: what the kit declares in
/// `hello` (the transports and injections it can serve) and checks at
/// every `start` (a bridge that hooked nothing cannot hear the page).
struct BridgeRegistrations: Equatable {
  /// The message handlers it added, in order.
  var messageHandlers: [String] = []
  /// The injection times of the user scripts it added.
  var userScriptTimes: Set<WKUserScriptInjectionTime> = []
  /// Whether it set a navigation delegate.
  var interceptsNavigation = false
  /// Whether it set a UI delegate.
  var showsPanels = false

  /// Whether the bridge can hear the page at all.
  var hearsThePage: Bool { !messageHandlers.isEmpty || interceptsNavigation || showsPanels }

  /// What the kit says when it cannot.
  static let deafMessage =
    "the bridge registered no message handler and intercepts no navigation: it cannot hear the page"

  /// The transports of `hello` (every one when the bridge hooked nothing,
  /// so that each scenario ends with ``deafMessage`` instead of a skip).
  var transports: [String] {
    guard hearsThePage else { return ["iframe", "message-handlers", "location", "prompt"] }
    var names: [String] = []
    if interceptsNavigation { names += ["iframe", "location"] }
    if !messageHandlers.isEmpty { names.append("message-handlers") }
    if showsPanels { names.append("prompt") }
    return names
  }

  /// The injections of `hello` (a page that ships its bridge, `page`,
  /// needs nothing of the native side).
  var injections: [String] {
    guard hearsThePage else {
      return ["bridge-loaded", "document-start", "document-end", "after-load", "on-post", "page"]
    }
    var names: [String] = []
    if interceptsNavigation { names += ["bridge-loaded", "after-load"] }
    if userScriptTimes.contains(.atDocumentStart) { names.append("document-start") }
    if userScriptTimes.contains(.atDocumentEnd) { names.append("document-end") }
    if !messageHandlers.isEmpty { names.append("on-post") }
    names.append("page")
    return names
  }
}
