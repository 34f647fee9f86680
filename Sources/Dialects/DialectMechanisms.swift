/// How the page signals the native side: the kind of a ``SignalMechanism``.
/// Fixtures name a kind in `setup.transport` when they need it.
package enum Transport: String, Sendable, Hashable, Codable, CaseIterable {
  /// A hidden iframe navigates to the signal URL (classic WVJB).
  case iframe
  /// `window.webkit.messageHandlers.<name>.postMessage(…)` (WKWebView style).
  case messageHandlers = "message-handlers"
  /// The main frame's `location` is set to the signal URL.
  case location
  /// A global object `<name>.postMessage(string)` that the host adds (a
  /// Flutter `JavaScriptChannel`, React Native's `ReactNativeWebView`).
  case channel
  /// A global object whose method the page calls synchronously and which
  /// returns a value (Android's `addJavascriptInterface`).
  case hostObject = "host-object"
  /// `prompt(marker, payload)`, answered synchronously by the host (a
  /// `WKUIDelegate` or `WebChromeClient.onJsPrompt`).
  case prompt

  /// Whether the signal is a navigation request.
  package var isNavigation: Bool { self == .iframe || self == .location }
}

/// One way the page signals the native side, with its parameters.
package struct SignalMechanism: Sendable, Hashable {
  /// The kind of signal.
  package var kind: Transport
  /// Navigation signals: the URL the page navigates to (any scheme and
  /// host the harness can intercept, e.g. `yy://__QUEUE_MESSAGE__/`). With
  /// messages carried in the URL, the payload follows it.
  package var url: String
  /// Message handlers, channels and host objects: the name the page uses.
  package var name: String
  /// Host objects: the method the page calls (`name.method(payload)`).
  package var method: String
  /// Prompt signals: the first argument (`prompt(marker, payload)`).
  package var marker: String
  /// Host objects: how calls carry a message's parts (JsBridge 2.x), or
  /// nil when the method takes one encoded payload.
  package var hostCalls: HostObjectCalls? = nil

  /// Creates a signal; unused parameters keep their classic defaults.
  package init(
    kind: Transport, url: String = BridgeProfile.classicQueueURL, name: String = BridgeProfile.classicGlobal,
    method: String = "postMessage", marker: String = "_wvjb_signal"
  ) {
    self.kind = kind
    self.url = url
    self.name = name
    self.method = method
    self.marker = marker
  }
}

/// How the queued messages reach the native side once it is signalled.
package enum QueueReturn: String, Sendable, Hashable, CaseIterable {
  /// The native side evaluates the fetch call, whose completion value is
  /// the queue text (classic WVJB).
  case fetch
  /// The native side evaluates the fetch call, which returns nothing and
  /// navigates to the return URL followed by the encoded queue
  /// (Android JsBridge 1.x: `yy://return/_fetchQueue/…`).
  case navigation
  /// The signal itself carries the whole encoded queue (its body, its
  /// URL's tail, its argument); no fetch.
  case inSignal = "in-signal"
  /// Every signal carries exactly one encoded message; no queue, no fetch.
  case perMessage = "per-message"

  /// Whether the native side evaluates the fetch call.
  package var fetches: Bool { self == .fetch || self == .navigation }
}

/// How a queue (or one message) is written in transit.
package enum TextEncoding: String, Sendable, Hashable, CaseIterable {
  /// JSON text as it is.
  case json
  /// JSON text passed through `encodeURIComponent`.
  case uriJSON = "uri-json"
  /// No text: a script message whose body is the message itself, an
  /// object (`postMessage(record)`, message-handlers signals); or, for a
  /// fetched queue, the fetch call's value is the queue array itself, which
  /// the host's evaluation hands over (Android's `evaluateJavascript`
  /// serializes it for the native side).
  case object
}

/// An object that wraps the payload in transit: the payload goes under
/// ``payloadKey``, next to fixed members (`{"url": …, "messages": […]}`).
package struct Envelope: Sendable, Hashable {
  /// The member holding the messages (an array, or one message).
  package var payloadKey: String
  /// Fixed members written next to it.
  package var constants: [String: String]
  /// A member holding a counter that grows with every envelope sent
  /// (from 1), or nil.
  package var counterKey: String?

  /// Creates an envelope.
  package init(payloadKey: String, constants: [String: String] = [:], counterKey: String? = nil) {
    self.payloadKey = payloadKey
    self.constants = constants
    self.counterKey = counterKey
  }
}

/// How a page bridge hands an answer to the callback that page code gave
/// `callHandler` (profile member `callbackData`).
package enum CallbackData: String, Sendable, Hashable, CaseIterable {
  /// The answer's value, as the native side sent it (classic WVJB).
  case value
  /// The JSON text of the answer (`JSON.stringify(responseData)`; nothing
  /// for an answer without data), by design: page code parses it. A
  /// Kotlin port of the Swift port's page for Android WebView does so.
  case jsonText = "json-text"
}

/// How the native side hands one message to the page's entry point.
package enum DeliveryArgument: String, Sendable, Hashable, CaseIterable {
  /// The JSON text in a single-quoted string literal (classic WVJB).
  case jsonString = "json-string"
  /// The message as an object literal (JSON written as JavaScript).
  case object
  /// The JSON text through `encodeURIComponent`, in a single-quoted string
  /// literal (the Flutter wrappers' `nativeCall('…')`).
  case uriJSONString = "uri-json-string"
}

/// When the native side puts the page bridge into the page: the kind of an
/// injection. Fixtures name one in `setup.injection` when they need it.
package enum Injection: String, Sendable, Hashable, Codable, CaseIterable {
  /// When the page navigates to the bridge-loaded URL (classic WVJB, through
  /// the page's setup snippet).
  case bridgeLoaded = "bridge-loaded"
  /// Before any page script, as a document-start user script.
  case documentStart = "document-start"
  /// After the page's own scripts, as a document-end user script
  /// (react-native-webview's `injectedJavaScript`).
  case documentEnd = "document-end"
  /// When the page has finished loading (`webView(_:didFinish:)`,
  /// `onPageFinished`), by evaluating it.
  case afterLoad = "after-load"
  /// When the page posts to a named script message handler
  /// (`iOS_Native_InjectJavascript`), by evaluating it.
  case onPost = "on-post"
  /// Never by the native side: the page ships the bridge among its own
  /// scripts (the module/action bridge of the seeds).
  case page
}

/// How the page bridge dispatches a message the native side delivers.
package enum DispatchMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// From a zero-delay timer, after the native evaluation returned (the
  /// classic "safety timeout"), until it is switched off (when the dialect
  /// has a switch); then synchronously.
  case deferred
  /// Always synchronously, inside the evaluation that delivers the message:
  /// the dialect has no safety timeout.
  case synchronous
}

/// What the page must do before native messages reach its handlers.
package enum StartupHandshake: String, Sendable, Hashable, CaseIterable {
  /// Nothing: messages are dispatched as they arrive.
  case none
  /// The page calls `init(defaultHandler)` on the bridge; messages that
  /// arrive before are held by the page bridge and dispatched, in order,
  /// by `init` (WVJB 4.x, Android JsBridge 1.x).
  case initCall = "init"
}

/// The project and versions a profile describes.
package struct DescribedProject: Sendable, Hashable {
  /// The project (`owner/name` or a product name).
  package var project: String
  /// The versions, e.g. `6.0.x`.
  package var versions: String
  /// Where its code is published, if anywhere.
  package var home: String?

  /// Creates a description.
  package init(project: String, versions: String, home: String? = nil) {
    self.project = project
    self.versions = versions
    self.home = home
  }
}
