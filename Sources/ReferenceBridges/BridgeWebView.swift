import JSONModel
import JSRuntime
import PageSimulation

/// What ``NativeBridge`` needs of the web view it drives: the members of
/// ``SimulatedWebView`` it uses, so that it can also drive a stand-in (the
/// proxy web view of `bridgecheck reference-adapter`, which forwards every
/// call over the adapter protocol to the harness's real simulated web view).
///
/// ``SimulatedWebView`` is the implementation everywhere else.
public protocol BridgeWebView: AnyObject {
  /// The navigation policy, taken over by the bridge.
  var navigationPolicy: (NavigationAction) -> NavigationPolicy { get set }
  /// Where the bridge's default log handler records.
  var trace: Trace { get }
  /// The event loop (read for the current virtual time).
  var scheduler: PageScheduler { get }
  /// Registers a `window.webkit.messageHandlers` handler.
  func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void)
  /// Adds a user script to every page loaded from now on.
  func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime)
  /// Evaluates `script` in the page; `completion` runs later with the result.
  func evaluateJavaScript(_ script: String, completion: ((Result<JSONValue?, ScriptError>) -> Void)?)
  /// Evaluates `script` in the page; `failure` runs later if it fails, and
  /// nothing runs when it succeeds. The same as a completion that ignores
  /// successes (the default implementation), said so that a web view behind
  /// the adapter protocol need not report successes (`report` of 1.2).
  func evaluateJavaScript(_ script: String, onFailure failure: @escaping (ScriptError) -> Void)
  /// Answers the page's `alert`, `confirm` and `prompt` (a `WKUIDelegate`).
  var dialogHandler: (PageDialog) -> DialogAnswer { get set }
  /// Called, in a host task, when a page has finished loading
  /// (`webView(_:didFinish:)`); nil for none.
  var loadFinishedHandler: (() -> Void)? { get set }
  /// Adds a global object `name` with `methods` to every page loaded from
  /// now on; a call runs `handler` with the method's name and arguments,
  /// synchronously returning its value (`addJavascriptInterface`), or, when
  /// `asynchronous`, later in a host task (a channel's `postMessage`).
  func addJavascriptInterface(
    named name: String, methods: [String], asynchronous: Bool,
    _ handler: @escaping (String, [JSONValue?]) -> JSONValue?)
}

extension BridgeWebView {
  public func evaluateJavaScript(_ script: String, onFailure failure: @escaping (ScriptError) -> Void) {
    evaluateJavaScript(script) { result in
      if case .failure(let error) = result { failure(error) }
    }
  }
}

extension SimulatedWebView: BridgeWebView {}
