/// What carries a web view's calls to the page: the kit, which turns them
/// into adapter-protocol events for the harness.
package protocol WKWebViewHost: AnyObject {
  /// `evaluateJavaScript`: `completion` gets the result later, from the
  /// harness, on the main thread (nil: nobody wants it).
  func evaluate(_ script: String, completion: ((Any?, (any Error)?) -> Void)?)
  /// A message handler was added.
  func scriptMessageHandlerAdded(name: String)
  /// A message handler was removed.
  func scriptMessageHandlerRemoved(name: String)
  /// A user script was added.
  func userScriptAdded(_ script: WKUserScript)
  /// Every user script was removed.
  func userScriptsRemoved()
  /// The navigation delegate was set or cleared.
  func navigationDelegateChanged(isSet: Bool)
  /// The UI delegate was set or cleared.
  func uiDelegateChanged(isSet: Bool)
}

/// The web view a bridge drives. Its page lives in bridgecheck's harness:
/// evaluations, message handlers and user scripts cross to it over the
/// adapter protocol, and the page's messages, navigations, loads and panels
/// come back through the delegates and handlers, on the main thread.
open class WKWebView: NSObject {
  /// The configuration the web view was made with (its user content
  /// controller is the one the pages get).
  public let configuration: WKWebViewConfiguration
  /// The frame of the view (kept; nothing is drawn).
  public var frame: CGRect
  /// Decides on navigations and hears of finished loads (weak, as in WebKit).
  public weak var navigationDelegate: (any WKNavigationDelegate)? {
    didSet { host?.navigationDelegateChanged(isSet: navigationDelegate != nil) }
  }
  /// Shows the page's panels (weak, as in WebKit).
  public weak var uiDelegate: (any WKUIDelegate)? {
    didSet { host?.uiDelegateChanged(isSet: uiDelegate != nil) }
  }
  /// The kit, which carries the calls to the page.
  package weak var host: (any WKWebViewHost)?

  /// Creates a web view whose pages get `configuration`'s user content.
  public init(frame: CGRect, configuration: WKWebViewConfiguration) {
    self.frame = frame
    self.configuration = configuration
    super.init()
    configuration.userContentController.webView = self
  }

  /// Runs `javaScriptString` in the page. `completionHandler` gets, later
  /// and on the main thread, the script's completion value as WebKit
  /// converts it (`NSNumber`, `String`, `[Any]`, `[String: Any]`, `NSNull`;
  /// nil for `undefined`) or a ``WKError`` in ``WKErrorDomain``
  /// (``WKError/Code/javaScriptExceptionOccurred`` when the script threw).
  open func evaluateJavaScript(_ javaScriptString: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
    guard let host else {
      completionHandler?(nil, WKError(.webViewInvalidated))
      return
    }
    host.evaluate(javaScriptString, completion: completionHandler)
  }
}
