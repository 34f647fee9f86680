// A faulty bridge: a message handler that throws, and a `try!` that turns the error into a stop of
// the process, as Swift code that decodes the page's message with `try!` does. The kit's verdict must
// give the signal and the error Swift reports.
import BridgecheckNativeKit
import WebKit

struct MessageDecodingError: Error {
  let reason: String
}

final class ThrowsInHandler: NSObject, NativeBridgeUnderTest, WKScriptMessageHandler {
  init(webView: WKWebView) {
    super.init()
    webView.configuration.userContentController.add(self, name: "iOS_Native_InjectJavascript")
    webView.configuration.userContentController.add(self, name: "iOS_Native_FlushMessageQueue")
  }

  func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
    try! decode(message.body)
  }

  private func decode(_ body: Any) throws {
    throw MessageDecodingError(reason: "the message body is not a dictionary")
  }

  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {}
  func remove(_ name: String) {}
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {}
  func reset() {}
}

NativeKit.serve(ThrowsInHandler.self)
