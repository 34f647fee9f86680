// A faulty bridge: it keeps the web view and never adds a message handler or a navigation delegate,
// so the page cannot reach it. The kit's verdict must say so instead of skipping every scenario.
import BridgecheckNativeKit
import WebKit

final class RegistersNothing: NSObject, NativeBridgeUnderTest {
  private let webView: WKWebView
  private var handlers: [String: (Any?, @escaping (Any?) -> Void) -> Void] = [:]

  init(webView: WKWebView) {
    self.webView = webView
  }

  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) { handlers[name] = handler }
  func remove(_ name: String) { handlers[name] = nil }
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {
    webView.evaluateJavaScript("WKWebViewJavascriptBridge._handleMessageFromiOS('{}');")
  }
  func reset() {}
}

NativeKit.serve(RegistersNothing.self)
