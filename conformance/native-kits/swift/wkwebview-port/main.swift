import BridgecheckNativeKit
import WebKit

struct WKWebViewPortCheck: NativeBridgeUnderTest {
  let bridge: WKWebViewPortBridge
  init(webView: WKWebView) {
    bridge = WKWebViewPortBridge(webView: webView, pageScript: NativeKit.pageScript)
    bridge.log = { level, code, message in NativeKit.log(level, code: code, message) }
  }
  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {
    bridge.register(handlerName: name, handler: handler)
  }
  func remove(_ name: String) { bridge.remove(handlerName: name) }
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {
    bridge.call(handlerName: name, data: data, callback: callback)
  }
  func reset() { bridge.reset() }
}

NativeKit.serve(WKWebViewPortCheck.self)
