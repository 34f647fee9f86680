/// A frame of the page: the main frame or an iframe.
@preconcurrency @MainActor
open class WKFrameInfo: NSObject {
  /// Whether this is the page's main frame.
  public let isMainFrame: Bool
  /// The frame's current request.
  public let request: URLRequest
  /// The web view the frame belongs to.
  public private(set) weak var webView: WKWebView?

  /// Creates the description of a frame (the kit makes them).
  package init(isMainFrame: Bool, request: URLRequest, webView: WKWebView?) {
    self.isMainFrame = isMainFrame
    self.request = request
    self.webView = webView
  }
}
