/// Receives the messages the page posts to a named message handler, with a
/// reply for the promise that WebKit's `postMessage` returns to the page.
///
/// Declared as WebKit declares it: main-actor isolated, its reply handler
/// `@MainActor @Sendable`; `@preconcurrency`, as Objective-C's protocols are
/// imported, so that a bridge in Swift 5 mode that makes its handler from
/// code that is not main-actor isolated compiles, as it does against WebKit.
/// (On Apple's platforms a witness whose reply handler lacks the two
/// attributes still conforms, with a warning; here it is a Swift protocol,
/// and such a witness does not conform: write the attributes, as WebKit's
/// current headers have them.)
///
/// bridgecheck's page does not hand that promise to the page (its
/// `postMessage` returns `undefined`, as for a handler without reply): the
/// kit reports each reply in the trace, as a `log` of the native side
/// (code `reply-not-delivered`), instead of dropping it unseen.
@preconcurrency @MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
  /// The page posted `message` to a handler this object was added as;
  /// `replyHandler` takes the reply (or, with a non-nil second argument,
  /// the error message the page's promise is rejected with). Call it once.
  func userContentController(
    _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
    replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}
