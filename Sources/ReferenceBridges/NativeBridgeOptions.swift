/// How a ``NativeBridge`` talks to its page. Fixed at creation.
public struct NativeBridgeOptions: Sendable {
  /// How the page signals that it has queued messages.
  public enum Transport: Sendable, Hashable {
    /// The page navigates a hidden iframe to `https://__wvjb_queue_message__`.
    case iframe
    /// The page posts to `window.webkit.messageHandlers[name]`; the native
    /// side registers that script message handler.
    case messageHandlers(name: String = NativeBridgeOptions.defaultMessageHandlerName)

    /// The value of the page option `transport`.
    var pageOptionName: String {
      switch self {
      case .iframe: "iframe"
      case .messageHandlers: "messageHandlers"
      }
    }
  }

  /// When the page bridge gets into the page.
  public enum Injection: String, Sendable, Hashable {
    /// The native side evaluates the page bridge when the page navigates to
    /// `https://__bridge_loaded__` (the classic way: the page's
    /// `setupWebViewJavascriptBridge` snippet asks for it).
    case onBridgeLoaded
    /// The page bridge is a document-start user script in every page; a
    /// small document-end user script then announces it to the native side
    /// (see ``NativeBridge`` for how the start-up queue is flushed).
    case atDocumentStart
  }

  /// The script message handler name the reference page bridge uses by default.
  public static let defaultMessageHandlerName = "WebViewJavascriptBridge"

  /// How the page signals queued messages. Default: `.iframe`.
  public var transport: Transport
  /// When the page bridge is injected. Default: `.onBridgeLoaded`.
  public var injection: Injection
  /// Whether a request for a missing native handler that carries a
  /// `callbackId` is answered with `{"error":"no-handler","handlerName":…}`.
  /// The same value is passed to the page bridge. Default: `false`, like
  /// upstream (the caller's callback then never fires).
  public var answerMissingHandler: Bool
  /// The page-side bridge the native side injects. Any page bridge file can
  /// be used.
  public var pageBridgeScript: String
  /// Whether the native side configures the page bridge itself, by
  /// prefixing it with a `window.WVJBReferenceOptions` assignment (which
  /// other scripts ignore). Default `true`: a standalone bridge (the demo,
  /// unit tests) configures bridgecheck's page bridge for its transport and
  /// options. Under the harness it is `false`: the harness configures the
  /// reference page bridge from the page (its own document-start script),
  /// and every native side injects the page script exactly as given, so
  /// every native side sees the same script.
  public var configuresPageBridge = true
  /// The names the page bridge uses on the wire (global, entry points,
  /// signal hosts, message fields). Default: classic WVJB.
  public var dialect: WireDialect = .classic
  /// Deliberate bugs to switch on, for mutation testing only; empty for a
  /// correct bridge.
  public var faults: Set<NativeBridgeFault> = []

  /// Creates options; the defaults are the upstream profile.
  public init(
    transport: Transport = .iframe,
    injection: Injection = .onBridgeLoaded,
    answerMissingHandler: Bool = false,
    pageBridgeScript: String = ReferenceScripts.pageBridge
  ) {
    self.transport = transport
    self.injection = injection
    self.answerMissingHandler = answerMissingHandler
    self.pageBridgeScript = pageBridgeScript
  }
}
