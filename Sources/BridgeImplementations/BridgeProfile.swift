import ReferenceBridges

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

/// How the page bridge dispatches a message the native side delivers.
public enum DispatchMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// From a zero-delay timer, after the native evaluation returned (the
  /// classic "safety timeout"), until the native side or the page switches it
  /// off; then synchronously.
  case deferred
  /// Always synchronously, inside the evaluation that delivers the message:
  /// the dialect has no safety timeout (ports written for WKWebView, whose
  /// `evaluateJavaScript` never blocks the native side).
  case synchronous
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
  /// The message field names (`handlerName`, `data`, `callbackId`,
  /// `responseId`, `responseData` in classic WVJB).
  public var fields: MessageFieldNames
  /// How the page dispatches incoming messages (classic: `deferred`).
  public var dispatch: DispatchMode

  /// Creates a profile; every parameter defaults to classic WVJB.
  public init(
    name: String = "wvjb-classic",
    globalName: String = "WebViewJavascriptBridge",
    fetchQueueFunction: String = "_fetchQueue",
    handleMessageFunction: String = "_handleMessageFromObjC",
    queueMessageURL: String = "https://__wvjb_queue_message__",
    bridgeLoadedURL: String = "https://__bridge_loaded__",
    messageHandlerName: String = "WebViewJavascriptBridge",
    transports: [Transport] = [.iframe],
    injections: [Injection] = [.bridgeLoaded],
    fields: MessageFieldNames = .classic,
    dispatch: DispatchMode = .deferred
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
    self.fields = fields
    self.dispatch = dispatch
  }

  /// What the native side must speak to a page bridge of this profile.
  public var wireDialect: WireDialect {
    WireDialect(
      globalName: globalName, fetchQueueFunction: fetchQueueFunction, handleMessageFunction: handleMessageFunction,
      queueMessageHost: Self.host(of: queueMessageURL), bridgeLoadedHost: Self.host(of: bridgeLoadedURL), fields: fields)
  }

  /// Whether every wire name is classic WVJB (transports, injections and the
  /// message handler name aside).
  public var speaksClassicWireNames: Bool { wireDialect == .classic }

  /// The lower-cased host of `url` (`https://__bridge_loaded__` →
  /// `__bridge_loaded__`).
  static func host(of url: String) -> String {
    var rest = Substring(url)
    if let separator = rest.range(of: "://") { rest = rest[separator.upperBound...] }
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    return rest[..<end].lowercased()
  }

  /// Classic WebViewJavascriptBridge as upstream's page script (6.x) speaks
  /// it: iframe signals only, injected on `__bridge_loaded__` only, deferred
  /// dispatch. The default dialect of a `--js` page bridge.
  public static let classic = BridgeProfile()

  /// bridgecheck's reference page bridge: the classic names, configurable
  /// for both transports and both injection modes.
  public static let reference = BridgeProfile(
    name: "reference", transports: Transport.allCases, injections: Injection.allCases)
}
