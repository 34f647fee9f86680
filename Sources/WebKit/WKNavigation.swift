/// A page load in progress (an opaque token, as in WebKit).
@preconcurrency @MainActor
open class WKNavigation: NSObject {}

/// What a navigation the page requested is for.
public enum WKNavigationType: Int, Sendable {
  /// A link was followed.
  case linkActivated = 0
  /// A form was submitted.
  case formSubmitted = 1
  /// Back or forward.
  case backForward = 2
  /// A reload.
  case reload = 3
  /// A form was submitted again.
  case formResubmitted = 4
  /// Anything else: a script set `location` or an iframe's `src` (every
  /// navigation the harness's pages make).
  case other = -1
}

/// Whether a navigation goes ahead.
public enum WKNavigationActionPolicy: Int, Sendable {
  /// Stop it: the bridge handled the URL.
  case cancel = 0
  /// Let it go ahead.
  case allow = 1
}

/// A navigation the page requested, as the navigation delegate sees it.
@preconcurrency @MainActor
open class WKNavigationAction: NSObject {
  /// The request, its URL parsed and serialized as WebKit does.
  public let request: URLRequest
  /// What the navigation is for (``WKNavigationType/other`` for scripted ones).
  public let navigationType: WKNavigationType
  /// The frame that navigates: the main frame or an iframe.
  public let targetFrame: WKFrameInfo?
  /// The frame that asked for it (the main frame).
  public let sourceFrame: WKFrameInfo

  /// Creates an action (the kit makes them).
  package init(
    request: URLRequest, navigationType: WKNavigationType, targetFrame: WKFrameInfo?, sourceFrame: WKFrameInfo
  ) {
    self.request = request
    self.navigationType = navigationType
    self.targetFrame = targetFrame
    self.sourceFrame = sourceFrame
  }
}

/// Decides on the page's navigations and hears of finished loads. The
/// methods the kit calls have defaults (allow; nothing), as WebKit's
/// optional methods do; the others are not declared.
@preconcurrency @MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
  /// Decides whether `navigationAction` goes ahead; `decisionHandler` must
  /// be called once. The kit needs the decision before the method returns.
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
  /// The page finished loading.
  func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
}

extension WKNavigationDelegate {
  /// Allows every navigation (WebKit's behaviour without the method).
  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
  ) {
    decisionHandler(.allow)
  }

  /// Does nothing.
  public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
}
