/// The scripts and message handlers a web view's pages get.
open class WKUserContentController: NSObject {
  /// The user scripts added so far, in order.
  public private(set) var userScripts: [WKUserScript] = []
  /// The message handlers by name.
  package private(set) var scriptMessageHandlers: [String: any WKScriptMessageHandler] = [:]
  /// The web view whose pages get them (set when a web view is made with
  /// a configuration that holds this controller).
  package weak var webView: WKWebView?

  /// Creates an empty controller.
  public override init() {}

  /// Adds `scriptMessageHandler` as `window.webkit.messageHandlers[name]`.
  /// As in WebKit, adding a second handler under the same name is a
  /// programming error and stops the process.
  open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
    guard scriptMessageHandlers[name] == nil else {
      fatalError("Attempt to add script message handler with name '\(name)' when one already exists.")
    }
    scriptMessageHandlers[name] = scriptMessageHandler
    webView?.host?.scriptMessageHandlerAdded(name: name)
  }

  /// Removes the message handler `name`; pages then no longer see it.
  open func removeScriptMessageHandler(forName name: String) {
    guard scriptMessageHandlers.removeValue(forKey: name) != nil else { return }
    webView?.host?.scriptMessageHandlerRemoved(name: name)
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
open class WKWebViewConfiguration: NSObject {
  /// The scripts and message handlers of the web view's pages.
  public var userContentController = WKUserContentController()

  /// Creates a configuration with an empty user content controller.
  public override init() {}
}
