import Dialects

/// How a ``NativeBridge`` talks to its page. Fixed at creation.
package struct NativeBridgeOptions: Sendable {
  /// How the page signals that it has queued messages.
  package enum Transport: Sendable, Hashable {
    /// The page navigates a hidden iframe to `https://__wvjb_queue_message__`.
    case iframe
    /// The page posts to `window.webkit.messageHandlers[name]`; the native
    /// side registers that script message handler.
    case messageHandlers(name: String = NativeBridgeOptions.defaultMessageHandlerName)
    /// The page sets the main frame's `location` to a signal URL.
    case location
    /// The page calls `name.postMessage(string)` on a global the native
    /// side adds (a JavaScriptChannel).
    case channel(name: String)
    /// The page calls `name.method(payload)` on a global the native side
    /// adds, synchronously (`addJavascriptInterface`).
    case hostObject(name: String, method: String)
    /// The page calls `prompt(marker, payload)`, which the native side answers.
    case prompt(marker: String)

    /// The transport of a dialect's signal.
    package init(_ signal: SignalMechanism) {
      switch signal.kind {
      case .iframe: self = .iframe
      case .location: self = .location
      case .messageHandlers: self = .messageHandlers(name: signal.name)
      case .channel: self = .channel(name: signal.name)
      case .hostObject: self = .hostObject(name: signal.name, method: signal.method)
      case .prompt: self = .prompt(marker: signal.marker)
      }
    }

    /// The value of the page option `transport`.
    var pageOptionName: String {
      switch self {
      case .iframe: "iframe"
      case .messageHandlers: "messageHandlers"
      case .location: "location"
      case .channel: "channel"
      case .hostObject: "host-object"
      case .prompt: "prompt"
      }
    }
  }

  /// When the page bridge gets into the page.
  package enum Injection: String, Sendable, Hashable {
    /// The native side evaluates the page bridge when the page navigates to
    /// `https://__bridge_loaded__` (the classic way: the page's
    /// `setupWebViewJavascriptBridge` snippet asks for it).
    case onBridgeLoaded
    /// The page bridge is a document-start user script in every page; a
    /// small document-end user script then announces it to the native side
    /// (see ``NativeBridge`` for how the start-up queue is flushed).
    case atDocumentStart
    /// The page bridge is a document-end user script in every page; the end
    /// of the load announces it to the native side.
    case atDocumentEnd
    /// The native side evaluates the page bridge when the page has finished
    /// loading (`webView(_:didFinish:)`).
    case afterLoad
    /// The native side evaluates the page bridge when the page posts to the
    /// script message handler the profile names (`injectHandlerName`).
    case onPost
    /// Never: the page ships the bridge among its own scripts; the end of
    /// the load announces it to the native side.
    case shippedByPage

    /// The injection mode of a dialect.
    package init(_ injection: Dialects.Injection) {
      switch injection {
      case .bridgeLoaded: self = .onBridgeLoaded
      case .documentStart: self = .atDocumentStart
      case .documentEnd: self = .atDocumentEnd
      case .afterLoad: self = .afterLoad
      case .onPost: self = .onPost
      case .page: self = .shippedByPage
      }
    }
  }

  /// The script message handler name the reference page bridge uses by default.
  package static let defaultMessageHandlerName = "WebViewJavascriptBridge"

  /// How the page signals queued messages. Default: `.iframe`.
  package var transport: Transport
  /// When the page bridge is injected. Default: `.onBridgeLoaded`.
  package var injection: Injection
  /// Whether a request for a missing native handler that carries a
  /// `callbackId` is answered with `{"error":"no-handler","handlerName":…}`.
  /// The same value is passed to the page bridge. Default: `false`, like
  /// upstream (the caller's callback then never fires).
  package var answerMissingHandler: Bool
  /// The page-side bridge the native side injects. Any page bridge file can
  /// be used.
  package var pageBridgeScript: String
  /// Whether the native side configures the page bridge itself, by
  /// prefixing it with a `window.WVJBReferenceOptions` assignment (which
  /// other scripts ignore). Default `true`: a standalone bridge (the demo,
  /// unit tests) configures bridgecheck's page bridge for its transport and
  /// options. Under the harness it is `false`: the harness configures the
  /// reference page bridge from the page (its own document-start script),
  /// and every native side injects the page script exactly as given, so
  /// every native side sees the same script.
  package var configuresPageBridge = true
  /// The dialect the page bridge speaks (names, fields, signal URLs, how
  /// the queue comes back, the encoding, the delivery form). Default:
  /// classic WVJB.
  package var profile: BridgeProfile = .classic
  /// Deliberate bugs to switch on, for mutation testing only; empty for a
  /// correct bridge.
  package var faults: Set<NativeBridgeFault> = []

  /// Creates options; the defaults are the upstream profile.
  package init(
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
