/// A message the page posted with
/// `window.webkit.messageHandlers.<name>.postMessage(body)`.
@preconcurrency @MainActor
open class WKScriptMessage: NSObject {
  /// The message's body as WebKit converts it: `NSNumber` for numbers and
  /// booleans, `String`, `[Any]`, `[String: Any]`, and `NSNull` for `null`
  /// (and for a post of `undefined` or of nothing).
  public let body: Any
  /// The web view that received it.
  public private(set) weak var webView: WKWebView?
  /// The frame that posted it (the main frame).
  public let frameInfo: WKFrameInfo
  /// The name of the message handler it was posted to.
  public let name: String
  /// The content world of the script that posted it (the page's).
  public var world: WKContentWorld { .page }

  /// Creates a message (the kit makes them).
  package init(name: String, body: Any, webView: WKWebView?, frameInfo: WKFrameInfo) {
    self.name = name
    self.body = body
    self.webView = webView
    self.frameInfo = frameInfo
  }
}

/// Receives the messages the page posts to a named message handler.
@preconcurrency @MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
  /// The page posted `message` to a handler this object was added as.
  func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}
