import JSONModel
import JSRuntime
import ReferenceBridges
import WebViewHosting

/// The web view as a native bridge with an ``ExplorationFault`` sees it:
/// every call goes to the real web view, except what the fault
/// changes in the bridge's own reading of `_fetchQueue()` results
/// (FAULT byte-order-marks-stripped).
final class FaultyBridgeWebView: WebViewHost {
  private let base: any WebViewHost
  private let fault: ExplorationFault
  private let fetchScript: String

  init(base: any WebViewHost, fault: ExplorationFault, fetchScript: String) {
    self.base = base
    self.fault = fault
    self.fetchScript = fetchScript
  }

  var navigationPolicy: (NavigationAction) -> NavigationPolicy {
    get { base.navigationPolicy }
    set { base.navigationPolicy = newValue }
  }
  var trace: Trace { base.trace }
  var now: VirtualTime { base.now }

  func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void) {
    base.addScriptMessageHandler(named: name, handler)
  }

  func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime) {
    base.addUserScript(script, injectionTime: injectionTime)
  }

  var dialogHandler: (PageDialog) -> DialogAnswer {
    get { base.dialogHandler }
    set { base.dialogHandler = newValue }
  }
  var loadFinishedHandler: (() -> Void)? {
    get { base.loadFinishedHandler }
    set { base.loadFinishedHandler = newValue }
  }

  func addJavascriptInterface(
    named name: String, methods: [String], asynchronous: Bool,
    _ handler: @escaping (String, [JSONValue?]) -> JSONValue?
  ) {
    base.addJavascriptInterface(named: name, methods: methods, asynchronous: asynchronous, handler)
  }

  func evaluateJavaScript(_ script: String, completion: ((Result<JSONValue?, EvaluationError>) -> Void)?) {
    guard script == fetchScript, let completion, fault != .respondersClearedEachBatch else {
      base.evaluateJavaScript(script, completion: completion)
      return
    }
    switch fault {
    case .respondersClearedEachBatch:
      base.evaluateJavaScript(script, completion: completion)
    case .byteOrderMarksStripped:
      base.evaluateJavaScript(script) { result in
        completion(
          result.map { value in
            guard case .string(let text)? = value else { return value }
            return .string(String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" })))
          })
      }
    }
  }
}
