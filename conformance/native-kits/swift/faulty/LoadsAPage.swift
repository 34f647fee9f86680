// A faulty bridge, for the kit: it hooks the page, then loads a page of its own into the web view it
// was given, as a bridge that ships its own HTML does. bridgecheck's page cannot be replaced (the
// adapter protocol has no load), so the kit's verdict must be an error that names the call.
import BridgecheckNativeKit
import WebKit

final class LoadsAPage: NSObject, NativeBridgeUnderTest, WKScriptMessageHandler {
  init(webView: WKWebView) {
    super.init()
    webView.configuration.userContentController.add(self, name: "iOS_Native_InjectJavascript")
    webView.configuration.userContentController.add(self, name: "iOS_Native_FlushMessageQueue")
    webView.loadHTMLString("<html><body></body></html>", baseURL: URL(string: "https://bridge.example/"))
  }

  func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}

  func register(_ name: String, handler: @escaping (Any?, @escaping (Any?) -> Void) -> Void) {}
  func remove(_ name: String) {}
  func call(_ name: String, data: Any?, callback: ((Any?) -> Void)?) {}
  func reset() {}
}

NativeKit.serve(LoadsAPage.self)
