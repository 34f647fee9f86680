/// The names a dialect gives the page API and its start-up.
package struct DialectNames: Sendable, Hashable {
  /// The page global holding the bridge (`window.WebViewJavascriptBridge`).
  package var global: String
  /// The page method registering a handler.
  package var registerHandler: String
  /// The page method calling a native handler.
  package var callHandler: String
  /// The page function the native side calls to fetch the queue.
  package var fetchQueue: String
  /// The page function receiving one native message.
  package var handleMessage: String
  /// The page method of the start-up handshake (`init`), when the dialect has one.
  package var initFunction: String
  /// The array the page's setup code keeps its callbacks in until the bridge
  /// exists (`WVJBCallbacks`, `WKWVJBCallbacks`), or nil when there is none.
  package var callbacksArray: String?
  /// The document event the bridge fires once it exists
  /// (`WebViewJavascriptBridgeReady`), or nil.
  package var readyEvent: String?
  /// The page's own setup function (`setupWebViewJavascriptBridge`), or nil.
  package var setupFunction: String?
  /// The page method switching off the safety timeout
  /// (`disableJavscriptAlertBoxSafetyTimeout`), or nil.
  package var disableSafetyTimeout: String?

  /// Creates names; every parameter defaults to classic WVJB 6.x.
  package init(
    global: String = BridgeProfile.classicGlobal, registerHandler: String = "registerHandler",
    callHandler: String = "callHandler", fetchQueue: String = "_fetchQueue",
    handleMessage: String = "_handleMessageFromObjC", initFunction: String = "init",
    callbacksArray: String? = "WVJBCallbacks", readyEvent: String? = nil,
    setupFunction: String? = "setupWebViewJavascriptBridge",
    disableSafetyTimeout: String? = "disableJavscriptAlertBoxSafetyTimeout"
  ) {
    self.global = global
    self.registerHandler = registerHandler
    self.callHandler = callHandler
    self.fetchQueue = fetchQueue
    self.handleMessage = handleMessage
    self.initFunction = initFunction
    self.callbacksArray = callbacksArray
    self.readyEvent = readyEvent
    self.setupFunction = setupFunction
    self.disableSafetyTimeout = disableSafetyTimeout
  }
}

/// A bridge dialect of the WebViewJavascriptBridge family, as data: every
/// choice a bridge of the family makes, each independent of the others.
/// The harness, the reference native bridge and the reference page bridge
/// all read it, so a bridge under test is driven (and its other side
/// played) in its own dialect. `docs/protocol.md` section 9 describes it.
///
/// The default is classic WebViewJavascriptBridge 6.x.
package struct BridgeProfile: Sendable, Hashable {
  /// The profile's name, e.g. `wvjb-classic`.
  package var name: String
  /// What the profile describes, in words.
  package var summary: String
  /// The project and versions described, if the profile describes one.
  package var describes: DescribedProject?
  /// The page API's names.
  package var names: DialectNames
  /// The message field names.
  package var fields: MessageFieldNames
  /// The ways the page may signal, the preferred first.
  package var signals: [SignalMechanism]
  /// How the queue reaches the native side.
  package var queue: QueueReturn
  /// The URL prefix of a queue returned by navigation
  /// (``QueueReturn/navigation``).
  package var queueReturnURL: String
  /// How a queue or message is written in transit.
  package var encoding: TextEncoding
  /// The object wrapping the payload in transit, if any.
  package var envelope: Envelope?
  /// How a message is handed to the page's entry point.
  package var delivery: DeliveryArgument
  /// The ways the native side may inject the page bridge, the preferred first.
  package var injectionModes: [Injection]
  /// The URL the page navigates to (or announces) for ``Injection/bridgeLoaded``.
  package var bridgeLoadedURL: String
  /// The script message handler whose post asks for ``Injection/onPost``.
  package var injectHandlerName: String
  /// The start-up handshake.
  package var handshake: StartupHandshake
  /// How incoming messages are dispatched.
  package var dispatch: DispatchMode
  /// The page handler the native side calls to switch the safety timeout
  /// off (`_disableJavascriptAlertBoxSafetyTimeout`), or nil when the
  /// dialect has no switch.
  package var safetyTimeoutHandler: String?
  /// The page's `navigator.userAgent`, or nil for the simulated page's own.
  package var userAgent: String?
  /// Messages typed by a member, with one id for both directions
  /// (``TypedMessages``), or nil for classic messages.
  package var typedMessages: TypedMessages? = nil
  /// How the page API is called and messages and answers are laid out
  /// (classic WVJB unless the profile's `convention` says otherwise).
  package var convention: CallingConvention = .classic
  /// What the dialect's native side does with messages it sends before the
  /// page bridge is injected (`startupQueue`; held and sent right behind
  /// the injection unless the profile says otherwise).
  package var startupQueue: StartupQueue = .afterInjection
  /// Whether `callHandler(name, fn)` takes `fn` as the callback (profile
  /// member `twoArgumentCall`). Upstream WVJB 4.x, 5.0.1, 5.0.2 and 5.0.4
  /// and Android JsBridge 1.0.x have only `callHandler(name, data,
  /// callback)`: there the function is data, and fixtures that call the
  /// two-argument form are skipped.
  package var twoArgumentCall = true
  /// How the page bridge hands an answer to the page's callback (profile
  /// member `callbackData`).
  package var callbackData: CallbackData = .value
  /// What the real implementations of the dialect's other sides do, where
  /// it decides a rule's level (profile member `peers`, ``PeerFact``).
  package var peers: [StatedPeerFact] = []

  /// Creates a profile; every parameter defaults to classic WVJB 6.x.
  package init(
    name: String = "wvjb-classic", summary: String = "", describes: DescribedProject? = nil,
    names: DialectNames = DialectNames(), fields: MessageFieldNames = .classic,
    signals: [SignalMechanism] = [SignalMechanism(kind: .iframe)], queue: QueueReturn = .fetch,
    queueReturnURL: String = "", encoding: TextEncoding = .json, envelope: Envelope? = nil,
    delivery: DeliveryArgument = .jsonString, injectionModes: [Injection] = [.bridgeLoaded],
    bridgeLoadedURL: String = BridgeProfile.classicBridgeLoadedURL, injectHandlerName: String = "",
    handshake: StartupHandshake = .none, dispatch: DispatchMode = .deferred,
    safetyTimeoutHandler: String? = BridgeProfile.classicSafetyTimeoutHandler, userAgent: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.describes = describes
    self.names = names
    self.fields = fields
    self.signals = signals
    self.queue = queue
    self.queueReturnURL = queueReturnURL
    self.encoding = encoding
    self.envelope = envelope
    self.delivery = delivery
    self.injectionModes = injectionModes
    self.bridgeLoadedURL = bridgeLoadedURL
    self.injectHandlerName = injectHandlerName
    self.handshake = handshake
    self.dispatch = dispatch
    self.safetyTimeoutHandler = safetyTimeoutHandler
    self.userAgent = userAgent
  }

  /// Classic WVJB's page global.
  package static let classicGlobal = "WebViewJavascriptBridge"
  /// Classic WVJB's queue signal URL.
  package static let classicQueueURL = "https://__wvjb_queue_message__"
  /// Classic WVJB's injection request URL.
  package static let classicBridgeLoadedURL = "https://__bridge_loaded__"
  /// Classic WVJB's safety-timeout page handler.
  package static let classicSafetyTimeoutHandler = "_disableJavascriptAlertBoxSafetyTimeout"

  /// Classic WebViewJavascriptBridge as upstream's page script (6.x) speaks
  /// it: iframe signals only, injected on `__bridge_loaded__` only, deferred
  /// dispatch. The default dialect of a `--js` page bridge.
  package static let classic = BridgeProfile()

  /// bridgecheck's reference page bridge with no profile named: the classic
  /// names, both classic transports (iframe, then message handlers named
  /// like the global) and both classic injection modes.
  package static let reference = BridgeProfile(
    name: "reference",
    signals: [SignalMechanism(kind: .iframe), SignalMechanism(kind: .messageHandlers)],
    injectionModes: [.bridgeLoaded, .documentStart])

  // MARK: - Views used across the harness

  /// The page global holding the bridge.
  package var globalName: String { names.global }
  /// The page function returning and emptying the queue.
  package var fetchQueueFunction: String { names.fetchQueue }
  /// The page function receiving one native message.
  package var handleMessageFunction: String { names.handleMessage }
  /// The kinds of signal the dialect has, in order of preference.
  package var transports: [Transport] { signals.map(\.kind) }
  /// The injection modes, in order of preference.
  package var injections: [Injection] { injectionModes }

  /// The signal of `kind`, if the dialect has one.
  package func signal(_ kind: Transport) -> SignalMechanism? { signals.first { $0.kind == kind } }

  /// The URL of the first navigation signal (the classic queue URL when
  /// there is none).
  package var queueMessageURL: String { signals.first { $0.kind.isNavigation }?.url ?? Self.classicQueueURL }

  /// The name of the first message-handlers signal (the global's name when
  /// there is none).
  package var messageHandlerName: String { signal(.messageHandlers)?.name ?? names.global }

  /// The script that fetches the page's queue.
  package var fetchQueueScript: String { "\(names.global).\(names.fetchQueue)();" }

  /// Whether the dialect's names, fields, URLs and mechanisms are those of
  /// classic WVJB (the signals, injection modes and dispatch aside).
  package var speaksClassicWire: Bool {
    names.global == Self.classicGlobal && names.fetchQueue == "_fetchQueue"
      && names.handleMessage == "_handleMessageFromObjC" && fields == .classic && queue == .fetch
      && encoding == .json && envelope == nil && delivery == .jsonString && typedMessages == nil
      && signals.allSatisfy { !$0.kind.isNavigation || $0.url == Self.classicQueueURL }
      && bridgeLoadedURL == Self.classicBridgeLoadedURL && convention == .classic
  }
}
