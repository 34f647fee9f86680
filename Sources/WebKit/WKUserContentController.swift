/// The scripts and message handlers a web view's pages get.
@preconcurrency @MainActor
open class WKUserContentController: NSObject {
  /// The user scripts added so far, in order.
  public private(set) var userScripts: [WKUserScript] = []
  /// A message handler as it was added: without reply or with one.
  package enum MessageHandler {
    /// Added with `add(_:name:)` or `add(_:contentWorld:name:)`.
    case plain(any WKScriptMessageHandler)
    /// A ``WKScriptMessageHandlerWithReply``.
    case withReply(any WKScriptMessageHandlerWithReply)
  }

  /// The message handlers by name.
  package private(set) var scriptMessageHandlers: [String: MessageHandler] = [:]
  /// The web view whose pages get them (set when a web view is made with
  /// a configuration that holds this controller).
  package weak var webView: WKWebView?

  /// Creates an empty controller.
  public override init() {}

  /// Adds `scriptMessageHandler` as `window.webkit.messageHandlers[name]`.
  /// As in WebKit, adding a second handler under the same name is a
  /// programming error and stops the process.
  open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
    add(.plain(scriptMessageHandler), name: name)
  }

  /// Adds `scriptMessageHandler` as `window.webkit.messageHandlers[name]`
  /// of the page's world (``WKContentWorld/page``, the only one the kit has).
  open func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
    add(.plain(scriptMessageHandler), name: name)
  }

  /// Adds a handler whose replies answer the page's `postMessage` promise
  /// (see ``WKScriptMessageHandlerWithReply`` for what the kit does with them).
  open func addScriptMessageHandler(
    _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
  ) {
    add(.withReply(scriptMessageHandlerWithReply), name: name)
  }

  private func add(_ handler: MessageHandler, name: String) {
    guard scriptMessageHandlers[name] == nil else {
      fatalError("Attempt to add script message handler with name '\(name)' when one already exists.")
    }
    scriptMessageHandlers[name] = handler
    webView?.host?.scriptMessageHandlerAdded(name: name)
  }

  /// Removes the message handler `name`; pages then no longer see it.
  open func removeScriptMessageHandler(forName name: String) {
    guard scriptMessageHandlers.removeValue(forKey: name) != nil else { return }
    webView?.host?.scriptMessageHandlerRemoved(name: name)
  }

  /// Removes the message handler `name` of the page's world.
  open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
    removeScriptMessageHandler(forName: name)
  }

  /// Removes every message handler.
  open func removeAllScriptMessageHandlers() {
    for name in scriptMessageHandlers.keys.sorted() { removeScriptMessageHandler(forName: name) }
  }

  /// Adds a user script; it runs in the pages loaded from now on.
  open func addUserScript(_ userScript: WKUserScript) {
    userScripts.append(userScript)
    webView?.host?.userScriptAdded(userScript)
  }

  /// Removes every user script.
  open func removeAllUserScripts() {
    userScripts.removeAll()
    webView?.host?.userScriptsRemoved()
  }
}

/// What a web view is made with.
@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject {
  /// The scripts and message handlers of the web view's pages.
  public var userContentController = WKUserContentController()

  /// Creates a configuration with an empty user content controller.
  public override init() {}
}
