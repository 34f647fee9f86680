// A bridge in the wkwebview-port dialect written as an iOS app's bridge is in Swift 6 language mode:
// one `@MainActor` class that adopts `WKScriptMessageHandler` and `WKNavigationDelegate`, whose
// witnesses are main-actor isolated, and that awaits `evaluateJavaScript` in a main-actor task.
// Against WebKit's declarations (main-actor protocols and classes) it compiles; the kit's stand-in
// must declare them alike for it to compile here. The mapping is the class itself.
import BridgecheckNativeKit
import WebKit

@MainActor
final class Swift6Bridge: NSObject, NativeBridgeUnderTest, WKScriptMessageHandler, WKNavigationDelegate {
  private weak var webView: WKWebView?
  private var handlers: [String: (Any?, @escaping (Any?) -> Void) -> Void] = [:]
  private var callbacks: [String: (Any?) -> Void] = [:]
  private var startupQueue: [[String: Any]]? = []
  private var nextID = 0

  init(webView: WKWebView) {
    self.webView = webView
    super.init()
    webView.configuration.userContentController.add(self, name: "iOS_Native_InjectJavascript")
    webView.configuration.userContentController.add(self, name: "iOS_Native_FlushMessageQueue")
    webView.navigationDelegate = self
  }

  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {
    handlers[name] = handler
  }

  func remove(_ name: String) { handlers[name] = nil }

  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {
    var message: [String: Any] = ["handlerName": name]
    if let data { message["data"] = data }
    if let callback {
      nextID += 1
      message["callbackID"] = "swift6_cb_\(nextID)"
      callbacks["swift6_cb_\(nextID)"] = callback
    }
    send(message)
  }

  func reset() {
    callbacks.removeAll()
    startupQueue = []
  }

  // MARK: - WKScriptMessageHandler, WKNavigationDelegate (main-actor witnesses)

  func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
    if message.name == "iOS_Native_InjectJavascript" {
      Task {
        _ = try? await webView?.evaluateJavaScript(NativeKit.pageScript)
        let queued = startupQueue ?? []
        startupQueue = nil
        for message in queued { send(message) }
      }
    } else {
      Task {
        let text = try? await webView?.evaluateJavaScript("WKWebViewJavascriptBridge._fetchQueue();") as? String
        let parsed = text.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
        for case let message as [String: Any] in parsed as? [Any] ?? [] { receive(message) }
      }
    }
  }

  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
  ) {
    decisionHandler(.allow)
  }

  // MARK: - The dialect

  private func receive(_ message: [String: Any]) {
    if let responseID = message["responseID"] as? String {
      callbacks.removeValue(forKey: responseID)?(message["responseData"])
      return
    }
    guard let name = message["handlerName"] as? String, let handler = handlers[name] else { return }
    let callbackID = message["callbackID"]
    handler(message["data"]) { [weak self] answer in
      guard let callbackID else { return }
      self?.send(["responseID": callbackID, "responseData": answer ?? NSNull()])
    }
  }

  private func send(_ message: [String: Any]) {
    guard startupQueue == nil else {
      startupQueue?.append(message)
      return
    }
    guard let json = try? JSONSerialization.data(withJSONObject: message),
      let literal = try? JSONSerialization.data(
        withJSONObject: String(decoding: json, as: UTF8.self), options: [.fragmentsAllowed])
    else { return }
    webView?.evaluateJavaScript(
      "WKWebViewJavascriptBridge._handleMessageFromiOS(\(String(decoding: literal, as: UTF8.self)));")
  }
}

NativeKit.serve(Swift6Bridge.self)
