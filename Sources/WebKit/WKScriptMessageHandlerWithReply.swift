/// Receives the messages the page posts to a named message handler, with a
/// reply for the promise that WebKit's `postMessage` returns to the page.
///
/// bridgecheck's page does not hand that promise to the page (its
/// `postMessage` returns `undefined`, as for a handler without reply): the
/// kit reports each reply in the trace, as a `log` of the native side
/// (code `reply-not-delivered`), instead of dropping it unseen.
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
  /// The page posted `message` to a handler this object was added as;
  /// `replyHandler` takes the reply (or, with a non-nil second argument,
  /// the error message the page's promise is rejected with). Call it once.
  func userContentController(
    _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
    replyHandler: @escaping (Any?, String?) -> Void)
}
