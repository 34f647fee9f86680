import JSONModel

/// What a native bridge sees of its web view: the part of `WKWebView` (its
/// `WKUserContentController`, `WKNavigationDelegate` and `WKUIDelegate`) that
/// bridges of the WebViewJavascriptBridge family use, plus the app's clock
/// and the record the harness keeps.
///
/// A native side holds only this: it cannot run the page's tasks, move its
/// clock or define synchronous host functions, because a real web view lets
/// an app do none of that. (Loading and reloading are the harness's: the
/// scenario decides when a page loads, and the adapter protocol carries
/// neither.) ``HarnessWebViewHost`` adds what the scenario
/// runner needs on top. ``SimulatedWebView`` is the simulated engine's host;
/// a real engine (WebKitGTK, behind the `WebKitGTK` trait) provides another.
///
/// Every member is called on the host's own thread, and every handler the
/// host calls runs there too.
package protocol WebViewHost: AnyObject {
  /// The navigation policy (the part of `WKNavigationDelegate` that
  /// decides): asked once per navigation request the page makes, in a host
  /// task. A native bridge takes it over and passes on what it does not own.
  var navigationPolicy: (NavigationAction) -> NavigationPolicy { get set }
  /// Answers `alert`, `confirm` and `prompt` synchronously, as a
  /// `WKUIDelegate` does.
  var dialogHandler: (PageDialog) -> DialogAnswer { get set }
  /// Called in a host task of its own once a page has finished loading (after
  /// its `load` event), as `webView(_:didFinish:)`; nil for none.
  var loadFinishedHandler: (() -> Void)? { get set }

  /// Adds a script the web view runs in every page it loads from now on,
  /// like a `WKUserScript`.
  func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime)
  /// Makes `window.webkit.messageHandlers[name].postMessage(body)` deliver
  /// to `handler`, in the current page and every later one.
  func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void)
  /// Adds a global object `name` with `methods` to every page loaded from
  /// now on; a call runs `handler` with the method's name and arguments,
  /// synchronously returning its value (Android's `addJavascriptInterface`),
  /// or, when `asynchronous`, later in a host task (a channel's `postMessage`).
  func addJavascriptInterface(
    named name: String, methods: [String], asynchronous: Bool,
    _ handler: @escaping (String, [JSONValue?]) -> JSONValue?)

  /// Evaluates `script` in the page later; `completion` then runs in a host
  /// task of its own with the script's completion value as JSON (`nil` for
  /// `undefined`), or the error.
  func evaluateJavaScript(_ script: String, completion: ((Result<JSONValue?, EvaluationError>) -> Void)?)
  /// Evaluates `script` in the page; `failure` runs later if it fails, and
  /// nothing runs when it succeeds. The same as a completion that ignores
  /// successes (the default implementation), said so that a web view behind
  /// the adapter protocol need not report successes (`report` of 1.2).
  func evaluateJavaScript(_ script: String, onFailure failure: @escaping (EvaluationError) -> Void)

  /// The time the native side reads on its own clock: the virtual clock in
  /// the simulated engine, the time since the page's creation in a real one.
  var now: VirtualTime { get }
  /// The record of the run the harness keeps. A native bridge may write its
  /// diagnostics into it (the reference bridge's default log handler does)
  /// and see that recording stopped (``Trace/droppedCount`` above 0: the run
  /// passed a limit and nothing more it does will be judged). A `WKWebView`
  /// has no such thing; it is the one concession to the harness here.
  var trace: Trace { get }
}

extension WebViewHost {
  /// Evaluates `script`, running `failure` only if it fails.
  package func evaluateJavaScript(_ script: String, onFailure failure: @escaping (EvaluationError) -> Void) {
    evaluateJavaScript(script) { result in
      if case .failure(let error) = result { failure(error) }
    }
  }
}
