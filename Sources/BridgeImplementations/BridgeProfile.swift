/// How the page signals the native side.
public enum Transport: String, Sendable, Hashable, Codable, CaseIterable {
  /// Hidden iframe navigations to the queue URL (classic WVJB).
  case iframe
  /// `window.webkit.messageHandlers.<name>.postMessage(…)` (WKWebView style).
  case messageHandlers = "message-handlers"
}

/// When the native side puts the page bridge into the page.
public enum Injection: String, Sendable, Hashable, Codable, CaseIterable {
  /// When the page navigates to the bridge-loaded URL (classic WVJB, through
  /// the page's `setupWebViewJavascriptBridge` snippet).
  case bridgeLoaded = "bridge-loaded"
  /// Before any page script, as a document-start user script.
  case documentStart = "document-start"
}

/// The names a bridge dialect uses on the page and on the wire: what the
/// harness needs to drive a page bridge and to play the other side.
///
/// The default is classic WebViewJavascriptBridge.
public struct BridgeProfile: Sendable, Hashable {
  /// The profile's name, e.g. `wvjb-classic`.
  public var name: String
  /// The page global holding the bridge (`window.WebViewJavascriptBridge`).
  public var globalName: String
  /// The page function returning and emptying the queue.
  public var fetchQueueFunction: String
  /// The page function receiving one native message.
  public var handleMessageFunction: String
  /// The URL the page navigates to when its queue has messages.
  public var queueMessageURL: String
  /// The URL the page's setup snippet navigates to to ask for injection.
  public var bridgeLoadedURL: String
  /// The `window.webkit.messageHandlers` name used by the message-handlers transport.
  public var messageHandlerName: String
  /// The transports the bridge supports.
  public var transports: [Transport]
  /// The injection modes the bridge supports.
  public var injections: [Injection]

  /// Creates a profile; every parameter defaults to classic WVJB.
  public init(
    name: String = "wvjb-classic",
    globalName: String = "WebViewJavascriptBridge",
    fetchQueueFunction: String = "_fetchQueue",
    handleMessageFunction: String = "_handleMessageFromObjC",
    queueMessageURL: String = "https://__wvjb_queue_message__",
    bridgeLoadedURL: String = "https://__bridge_loaded__",
    messageHandlerName: String = "WebViewJavascriptBridge",
    transports: [Transport] = Transport.allCases,
    injections: [Injection] = Injection.allCases
  ) {
    self.name = name
    self.globalName = globalName
    self.fetchQueueFunction = fetchQueueFunction
    self.handleMessageFunction = handleMessageFunction
    self.queueMessageURL = queueMessageURL
    self.bridgeLoadedURL = bridgeLoadedURL
    self.messageHandlerName = messageHandlerName
    self.transports = transports
    self.injections = injections
  }

  /// Classic WebViewJavascriptBridge.
  public static let classic = BridgeProfile()
}
