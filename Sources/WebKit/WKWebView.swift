/// What carries a web view's calls to the page: the kit, which turns them
/// into adapter-protocol events for the harness.
@MainActor
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
  /// The URL of the page the web view shows (nil before it has loaded one).
  var pageURL: URL? { get }
  /// `load(_:)` or `loadHTMLString(_:baseURL:)`: `what` describes the call.
  /// The harness's page cannot be replaced, so the kit ends the scenario
  /// with an error that says so.
  func loadRequested(_ what: String)
  /// The `async` evaluation's result is on its way back to the task that
  /// awaits it (on the main actor, after a hop through another thread):
  /// the kit waits for ``asyncEvaluationResumed()`` before it answers.
  func asyncEvaluationResuming()
  /// The awaiting task has its result, on the main actor.
  func asyncEvaluationResumed()
}

/// The web view a bridge drives. Its page lives in bridgecheck's harness:
/// evaluations, message handlers and user scripts cross to it over the
/// adapter protocol, and the page's messages, navigations, loads and panels
/// come back through the delegates and handlers, on the main thread.
///
/// Main-actor isolated, as WebKit's classes and protocols are (here
/// `@preconcurrency`, as Swift imports WebKit's Objective-C declarations:
/// Swift 5 mode code outside the main actor that uses them compiles, as it
/// does against WebKit).
@preconcurrency @MainActor
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

  /// The URL of the page: nil while the bridge is built (as in an app that
  /// makes its bridge before it loads a page), then the URL of the page
  /// bridgecheck loads for the scenario.
  open var url: URL? { host?.pageURL }

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
  open func evaluateJavaScript(
    _ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil
  ) {
    guard let host else {
      completionHandler?(nil, WKError(.webViewInvalidated))
      return
    }
    host.evaluate(javaScriptString, completion: completionHandler)
  }

  /// Evaluates `javaScriptString` in the page and returns its completion
  /// value as WebKit converts it (nil for `undefined`), or throws a
  /// ``WKError``. (WebKit's headers gave this form `Any` until December
  /// 2024, so that apps built with older SDKs stop at a script without a
  /// value; WebKit 287682@main made it `Any?`, as here.)
  @discardableResult
  open func evaluateJavaScript(_ javaScriptString: String) async throws -> Any? {
    let outcome: Result<UncheckedSendable, any Error>
    do {
      outcome = .success(
        try await withCheckedThrowingContinuation {
          (continuation: CheckedContinuation<UncheckedSendable, any Error>) in
          evaluateJavaScript(javaScriptString) { [weak self] value, error in
            self?.host?.asyncEvaluationResuming()
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(returning: UncheckedSendable(value: value))
            }
          }
        })
    } catch {
      outcome = .failure(error)
    }
    host?.asyncEvaluationResumed()
    return try outcome.get().value
  }

  /// Would load `request` in place of the page. bridgecheck's page cannot
  /// be replaced (the adapter protocol has no load), so the scenario ends
  /// with an error that names the call; returns nil.
  @discardableResult
  open func load(_ request: URLRequest) -> WKNavigation? {
    host?.loadRequested("load(_:) of \(request.url?.absoluteString ?? "a request without a URL")")
    return nil
  }

  /// Would load `string` as a page (see ``load(_:)``): the scenario ends
  /// with an error that names the call; returns nil.
  @discardableResult
  open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
    host?.loadRequested("loadHTMLString(_:baseURL:) with base URL \(baseURL?.absoluteString ?? "nil")")
    return nil
  }
}

/// A value carried across the continuation of the `async` evaluation: it is
/// made and used on the main thread only.
private struct UncheckedSendable: @unchecked Sendable {
  let value: Any?
}
