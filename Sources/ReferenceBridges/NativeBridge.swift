import Dialects
import JSONModel
import WebViewHosting

/// bridgecheck's reference native (Swift) side of the WebViewJavascriptBridge
/// protocol, driving a ``WebViewHost`` the way the classic Objective-C
/// bridge drives a `WKWebView`, without its known defects (see
/// `docs/protocol.md`).
///
/// ## Installation
/// `init(webView:options:)` installs the bridge: it takes over
/// `webView.navigationPolicy` (the policy that was there becomes
/// ``appNavigationPolicy``, which receives every navigation that is not a
/// bridge URL), registers the script message handler for the
/// `messageHandlers` transport, and for document-start injection adds the
/// page bridge as a user script. The web view holds the bridge weakly; keep
/// a reference to the bridge.
///
/// ## Start-up queue
/// Every message the native side sends (requests and responses) while the
/// start-up queue exists is held in it, and the queue is sent, in order,
/// right after the next injection; later messages go straight out. The queue
/// exists from creation until the first injection and again after every
/// ``reset()``.
/// - `.onBridgeLoaded`: a `__bridge_loaded__` URL (or a `"__bridge_loaded__"`
///   script message) makes the bridge evaluate the options prefix + page
///   bridge, then flush the queue. Every later `__bridge_loaded__` evaluates
///   the page bridge again (the page's guard makes it a no-op, as upstream)
///   but sends nothing twice: the queue is gone after the first flush.
/// - `.atDocumentStart`: the page bridge runs as a document-start user script
///   in every page, so the native side cannot see the injection itself. A
///   second, native-owned document-end user script announces it: it signals
///   `__bridge_loaded__` over the transport (an iframe navigation to
///   `https://__bridge_loaded__`, or a `"__bridge_loaded__"` post to the
///   message handler). The native side then flushes the start-up queue
///   without evaluating anything. Announcing at document END means the start-up
///   messages are evaluated after the page's own scripts ran, so handlers the
///   page registers in `setupWebViewJavascriptBridge` callbacks (which run at
///   once, the bridge being present) exist even when the page dispatches
///   synchronously. After ``reset()``, messages wait for the next page load.
///
/// The dialect's `startupQueue` (``StartupQueue``) changes this as its real
/// native side does: `.afterInjectionCompletes` sends the queue from the
/// injection evaluation's completion (after the zero-delay timers the page
/// bridge set while it was injected), `.none` holds nothing (a message sent
/// before the injection is evaluated at once, and logged as
/// `sent-before-injection`).
///
/// ## Threading
/// Everything runs on the caller's thread, synchronously with the web view's
/// scheduler: handlers and callbacks run inside the host task that processes
/// a fetched batch. No Dispatch, no async. Not thread-safe.
package final class NativeBridge {
  /// Answers a request, at most once; the value becomes `responseData`
  /// (nil is sent as JSON `null`).
  package typealias ResponseCallback = (JSONValue?) -> Void
  /// A native handler: the request's `data` (nil when the page sent no
  /// `data` key, i.e. `undefined`) and a response callback when the page
  /// asked for an answer (nil otherwise).
  package typealias Handler = (_ data: JSONValue?, _ responseCallback: ResponseCallback?) -> Void

  /// The web view the bridge drives (a ``SimulatedWebView``, a stand-in, or a real engine: see ``WebViewHost``).
  package let webView: any WebViewHost
  /// The options the bridge was created with.
  package let options: NativeBridgeOptions
  /// The app's own navigation policy: decides every navigation that is not a
  /// bridge URL. Initially the policy the web view had when the bridge was
  /// installed.
  package var appNavigationPolicy: (NavigationAction) -> NavigationPolicy
  /// Receives every log entry at or above ``minimumLogLevel``. Default:
  /// records into `webView.trace` (source `.native`, event `native-log`).
  package var logHandler: (NativeBridgeLog) -> Void
  /// Entries below this level are neither built nor handed to
  /// ``logHandler``. Default: `.debug` (everything).
  package var minimumLogLevel: NativeBridgeLog.Level = .debug

  var handlers: [ExactName: Handler] = [:]
  var pendingCallbacks: [ExactName: ResponseCallback] = [:]
  /// Callbacks of dialects whose ids are counters (``TypedMessages``), by id.
  var pendingCounterCallbacks: [Int: ResponseCallback] = [:]
  var callbackCounter = 0
  /// Messages waiting for the next injection; nil once flushed (and always
  /// in a dialect whose native side keeps none: ``StartupQueue/none``).
  private var startupQueue: [JSONObject]?
  /// Whether the page bridge was injected since creation or the last
  /// ``reset()`` (read only in a dialect without a start-up queue).
  private var injectedSinceReset = false
  /// Number of resets so far (lets a flush notice a reset made inside it).
  private var resetCount = 0
  /// The options prefix + page bridge, evaluated on `__bridge_loaded__` or
  /// added as a document-start user script.
  let injectionScript: String
  /// Number of injections seen (evaluations, or announcements of a
  /// document-start bridge).
  package private(set) var injectionCount = 0
  /// FAULT `signal-dropped-while-fetching` only: a fetch is in flight.
  private var faultFetchInFlight = false
  /// FAULT `startup-queue-replayed` only: the start-up messages last
  /// flushed, kept to be sent again.
  private var faultKeptStartupMessages: [JSONObject] = []

  /// Installs a bridge on `webView`.
  package init(webView: any WebViewHost, options: NativeBridgeOptions = NativeBridgeOptions()) {
    self.webView = webView
    self.options = options
    startupQueue = options.profile.startupQueue == .none ? nil : []
    let appPolicy = webView.navigationPolicy
    appNavigationPolicy = appPolicy
    logHandler = NativeBridgeLog.recorder(into: webView.trace)
    injectionScript = PageInjection.injectionScript(for: options)

    webView.navigationPolicy = { [weak self] action in
      guard let self else { return appPolicy(action) }
      return self.decidePolicy(for: action)
    }
    installSignal()
    switch options.injection {
    case .onBridgeLoaded:
      break
    case .atDocumentStart:
      webView.addUserScript(
        PageScript(name: PageInjection.userScriptName, source: injectionScript), injectionTime: .atDocumentStart)
      if let announce = PageInjection.announceScript(for: options) {
        webView.addUserScript(
          PageScript(name: PageInjection.announceScriptName, source: announce), injectionTime: .atDocumentEnd)
      } else {
        // A signal that cannot announce from the page (a channel, a host
        // object, a prompt): the load's end announces the bridge.
        webView.loadFinishedHandler = { [weak self] in self?.bridgeLoaded() }
      }
    case .atDocumentEnd:
      webView.addUserScript(
        PageScript(name: PageInjection.userScriptName, source: injectionScript), injectionTime: .atDocumentEnd)
      webView.loadFinishedHandler = { [weak self] in self?.bridgeLoaded() }
    case .afterLoad, .shippedByPage:
      webView.loadFinishedHandler = { [weak self] in self?.bridgeLoaded() }
    case .onPost:
      webView.addScriptMessageHandler(named: options.profile.injectHandlerName) { [weak self] _ in
        self?.bridgeLoaded()
      }
    }
  }

  /// Makes the page's signal reach the bridge: a script message handler, a
  /// JavaScript interface or a prompt answer (navigations come through the
  /// navigation policy).
  private func installSignal() {
    switch options.transport {
    case .iframe, .location:
      break
    case .messageHandlers(let name):
      webView.addScriptMessageHandler(named: name) { [weak self] message in
        self?.didReceive(message)
      }
    case .channel(let name):
      webView.addJavascriptInterface(named: name, methods: ["postMessage"], asynchronous: true) {
        [weak self] _, arguments in
        self?.didReceive(ScriptMessage(name: name, body: arguments.first ?? nil))
        return nil
      }
    case .hostObject where options.profile.hostObjectCalls != nil:
      installHostObjectCalls()
    case .hostObject(let name, let method):
      webView.addJavascriptInterface(named: name, methods: [method], asynchronous: false) { [weak self] _, arguments in
        self?.didReceive(ScriptMessage(name: name, body: arguments.first ?? nil))
        return .bool(true)
      }
    case .prompt(let marker):
      let previous = webView.dialogHandler
      webView.dialogHandler = { [weak self] dialog in
        guard dialog.kind == .prompt, dialog.message == marker, let self else { return previous(dialog) }
        self.didReceive(ScriptMessage(name: marker, body: dialog.defaultText.map(JSONValue.string)))
        return .text("")
      }
    }
  }

  // MARK: - Public API

  /// Registers (or replaces) the native handler for `name`. Names match
  /// exactly (Unicode scalars, case-sensitive), as in JavaScript.
  package func registerHandler(_ name: String, handler: @escaping Handler) {
    handlers[ExactName(name)] = handler
    refreshHostObjectMethods()
  }

  /// Removes the handler for `name`; later requests for it are missing-handler requests.
  package func removeHandler(_ name: String) {
    // FAULT remove-handler-ignored: the handler stays registered.
    if faults.contains(.removeHandlerIgnored) { return }
    handlers[ExactName(name)] = nil
    refreshHostObjectMethods()
  }

  /// Calls the page handler `name`. `data == nil` sends no `data` key (the
  /// page handler sees `undefined`); pass `.null` for `null`. With a
  /// `responseCallback`, the request carries a fresh `objc_cb_<N>` id and the
  /// callback runs at most once, with the page's `responseData` (nil when
  /// the page answered `undefined`).
  package func callHandler(_ name: String, data: JSONValue? = nil, responseCallback: ResponseCallback? = nil) {
    guard options.profile.convention.nativeCanCallPage else {
      log(
        .warning, .sendFailed,
        "the dialect \(options.profile.name) cannot call the page; \(LogText.quote(name)) was not called")
      return
    }
    if options.profile.typedMessages != nil {
      // Every request of a typed dialect carries an id (see TypedMessages).
      return callHandlerWithTypedID(name, data: data, responseCallback: responseCallback)
    }
    var callbackID: String?
    if let responseCallback {
      callbackCounter += 1
      var id = "objc_cb_\(callbackCounter)"
      // FAULT timestamp-callback-ids: the id is made from the clock alone.
      if faults.contains(.timestampCallbackIDs) { id = "objc_cb_\(webView.now.milliseconds)" }
      pendingCallbacks[ExactName(id)] = responseCallback
      callbackID = id
    }
    send(BridgeMessageCodec.request(handlerName: name, data: data, callbackID: callbackID, faults: faults))
  }

  /// Starts over as if newly created, for a page that will be injected
  /// again: a fresh, empty start-up queue (later messages wait for the next
  /// injection), every pending callback dropped without being called, the
  /// id counter back to 0 (the next id is `objc_cb_1` again). Handlers are
  /// kept.
  ///
  /// Ids can therefore repeat across a reset. That is safe for callbacks:
  /// the ones dropped are gone, so a late answer to an old id either is
  /// unknown or (if a new call reused the id before it arrived) settles the
  /// new callback; the protocol accepts that race (`docs/protocol.md#startup-reset`).
  package func reset() {
    let dropped = pendingCallbacks.count
    let unsent = startupQueue?.count ?? 0
    // FAULT reset-keeps-callbacks: pending callbacks survive the reset.
    if !faults.contains(.resetKeepsCallbacks) {
      pendingCallbacks.removeAll()
      pendingCounterCallbacks.removeAll()
    }
    callbackCounter = 0
    startupQueue = options.profile.startupQueue == .none ? nil : []
    injectedSinceReset = false
    if faults.contains(.startupQueueReplayed) { faultKeptStartupMessages = [] }
    resetCount += 1
    log(.info, .reset, "reset: \(dropped) pending callback(s) dropped, \(unsent) unsent start-up message(s) dropped")
  }

  /// Asks the page to dispatch incoming messages synchronously, by calling
  /// the page handler `_disableJavascriptAlertBoxSafetyTimeout` (no data, no
  /// callback). The request itself is dispatched under the old mode.
  package func disableJavascriptAlertBoxSafetyTimeout() {
    // FAULT safety-timeout-never-disabled: nothing is sent.
    if faults.contains(.safetyTimeoutNeverDisabled) { return }
    callHandler(PageInjection.safetyTimeoutHandlerName)
  }

  /// The number of native callbacks waiting for an answer.
  package var pendingCallbackCount: Int { pendingCallbacks.count + pendingCounterCallbacks.count }
  /// Whether the start-up queue exists (messages are held until injection).
  package var isHoldingStartupMessages: Bool { startupQueue != nil }
  /// The number of messages in the start-up queue.
  package var startupQueueCount: Int { startupQueue?.count ?? 0 }

  // MARK: - Navigation and script messages

  /// The bridge's navigation decision: bridge URLs are handled and
  /// cancelled, everything else goes to ``appNavigationPolicy``.
  package func decidePolicy(for action: NavigationAction) -> NavigationPolicy {
    // FAULT host-case-sensitive, legacy-scheme-ignored, bridge-url-substring-match,
    // https-underscore-host-cancelled: see BridgeURL(_:faults:).
    let url = classify(action.url)
    // FAULT app-policy-asked-first: what the app cancels, the bridge never sees.
    if faults.contains(.appPolicyAskedFirst) && url != .notBridge && appNavigationPolicy(action) == .cancel {
      return .cancel
    }
    switch url {
    case .notBridge:
      // FAULT about-blank-cancelled: about:blank never reaches the app.
      if faults.contains(.aboutBlankCancelled) && action.url.lowercased().hasPrefix("about:blank") { return .cancel }
      // FAULT app-policy-ignored: the app is never asked.
      if faults.contains(.appPolicyIgnored) { return .allow }
      return appNavigationPolicy(action)
    case .signal(payload: nil):
      fetchQueue()
      return .cancel
    case .signal(payload: let payload?), .returnedQueue(let payload):
      processQueue(options.profile.queueText(fromTransit: payload))
      return .cancel
    case .bridgeLoaded:
      bridgeLoaded()
      return .cancel
    case .unknown:
      // FAULT unknown-bridge-url-passed-on: the app's policy decides it.
      if faults.contains(.unknownBridgeURLPassedOn) { return appNavigationPolicy(action) }
      log(.warning, .unknownBridgeURL, "unknown bridge URL cancelled: \(LogText.quote(action.url))")
      return .cancel
    }
  }

  /// What a navigation URL is to this bridge: classic URLs as the classic
  /// bridge reads them (``BridgeURL``), others by the profile.
  func classify(_ url: String) -> DialectURL {
    guard Self.hasClassicEndpoints(options.profile) else { return options.profile.classify(navigation: url) }
    switch BridgeURL(url, faults: faults) {
    case .queueMessage: return .signal(payload: nil)
    case .bridgeLoaded: return .bridgeLoaded
    case .unknown: return .unknown
    case .notBridge: return .notBridge
    }
  }

  /// Whether `profile` signals, fetches and asks for injection at classic
  /// WVJB's hosts (`https` or `wvjbscheme`), as ``BridgeURL`` reads them.
  static func hasClassicEndpoints(_ profile: BridgeProfile) -> Bool {
    func classic(_ url: String, _ host: String) -> Bool {
      guard let parts = URLParts.schemeAndHost(of: url) else { return false }
      return parts.host == host && (parts.scheme == "https" || parts.scheme == BridgeURL.legacyScheme)
    }
    return profile.queue == .fetch
      && profile.signals.allSatisfy { !$0.kind.isNavigation || classic($0.url, BridgeURL.queueMessageHost) }
      && classic(profile.bridgeLoadedURL, BridgeURL.bridgeLoadedHost)
  }

  private func didReceive(_ message: ScriptMessage) {
    if message.body == .string(PageInjection.bridgeLoadedSignal) {
      bridgeLoaded()
    } else if options.profile.signalCarriesPayload {
      // The signal carries the messages (a queue, or one message).
      switch message.body {
      case .string(let text)?: processQueue(options.profile.queueText(fromTransit: text))
      case let body?: processQueue(options.profile.queueText(fromTransit: body.serialized()))
      case nil: log(.warning, .emptyQueue, "a signal carried no messages")
      }
    } else {
      // Any other body is only a signal: the messages are in the queue.
      fetchQueue()
    }
  }

  // MARK: - Injection

  private func bridgeLoaded() {
    // FAULT injects-only-once: later signals (a reload) inject and flush nothing.
    if faults.contains(.injectsOnlyOnce) && injectionCount > 0 { return }
    injectionCount += 1
    injectedSinceReset = true
    let count = injectionCount
    switch options.injection {
    case .onBridgeLoaded, .afterLoad, .onPost:
      // A dialect whose native side flushes from the injection's completion
      // (the Swift WKWebView port) sends the start-up queue there, and keeps
      // it when the injection failed, as that side does.
      let flushesOnCompletion = options.profile.startupQueue == .afterInjectionCompletes
      webView.evaluateJavaScript(injectionScript) { [weak self] result in
        guard let self else { return }
        switch result {
        case .success:
          self.log(.info, .injected, "page bridge evaluated (injection \(count))")
          if flushesOnCompletion { self.flushStartupQueue() }
        case .failure(let error):
          self.log(.error, .injectionFailed, "evaluating the page bridge failed: \(error)")
        }
      }
      if flushesOnCompletion { return }
    case .atDocumentStart:
      log(.info, .injected, "document-start page bridge announced itself (page load \(count))")
    case .atDocumentEnd:
      log(.info, .injected, "document-end page bridge announced itself (page load \(count))")
    case .shippedByPage:
      log(.info, .injected, "the page's own bridge is loaded (page load \(count))")
    }
    flushStartupQueue()
  }

  /// Sends the start-up queue in order and removes it. Re-entrant: a
  /// message sent while the queue is being sent (from a log handler, say)
  /// joins the end of the queue, and a ``reset()`` in the middle stops the
  /// flush and leaves the fresh queue in place.
  private func flushStartupQueue() {
    guard startupQueue != nil else {
      // FAULT startup-queue-replayed: the kept start-up messages go out again.
      if faults.contains(.startupQueueReplayed) { faultKeptStartupMessages.forEach(deliver) }
      return
    }
    // FAULT startup-queue-dropped: the held messages are discarded.
    if faults.contains(.startupQueueDropped) { startupQueue = [] }
    // FAULT startup-queue-reversed: the held messages go out last first.
    if faults.contains(.startupQueueReversed) { startupQueue?.reverse() }
    let generation = resetCount
    var index = 0
    func message(at index: Int) -> JSONObject? {
      guard let queue = startupQueue, index < queue.count else { return nil }
      return queue[index]
    }
    while generation == resetCount, let next = message(at: index) {
      index += 1
      deliver(next)
    }
    guard generation == resetCount else { return }
    // FAULT startup-queue-replayed: the flushed messages are kept.
    if faults.contains(.startupQueueReplayed) { faultKeptStartupMessages = startupQueue ?? [] }
    startupQueue = nil
    log(.info, .startupFlushed, "sent \(index) start-up message(s)")
  }

  // MARK: - Native -> page

  func send(_ message: JSONObject) {
    if options.profile.startupQueue == .none && !injectedSinceReset {
      // The dialect's native side keeps no start-up queue: it evaluates the
      // message at once, into a page without the bridge.
      log(
        .warning, .sentBeforeInjection,
        "sent before the page bridge was injected, and the dialect \(options.profile.name) keeps no start-up queue: "
          + "\(Self.summary(of: message)) reaches a page without the bridge")
    }
    if startupQueue != nil {
      startupQueue?.append(message)
      log(.debug, .startupQueued, "held until injection: \(Self.summary(of: message))")
      return
    }
    deliver(message)
  }

  private func deliver(_ message: JSONObject) {
    let script = BridgeMessageCodec.deliveryScript(for: message, profile: options.profile, faults: faults)
    let answeredByValue = options.profile.answersByCompletionValue(message)
    if answeredByValue {
      webView.evaluateJavaScript(script) { [weak self] result in
        guard let self else { return }
        switch result {
        case .failure(let error):
          self.log(.warning, .sendFailed, "delivering \(Self.summary(of: message)) failed: \(error)")
        case .success(let value):
          // The page handler's answer is the evaluation's value (convention `nativeCalls`: function-call).
          if let id = message["callbackId"] {
            var response: JSONObject = ["responseId": id]
            if let value { response["responseData"] = value }
            self.receive(response)
          }
        }
      }
    } else {
      webView.evaluateJavaScript(
        script,
        onFailure: { [weak self] error in
          self?.log(.warning, .sendFailed, "delivering \(Self.summary(of: message)) failed: \(error)")
        })
    }
    // Logged after the evaluation is scheduled, so that a log handler that
    // sends a message cannot overtake this one.
    log(.debug, .sent, "\(Self.summary(of: message)), \(script.utf8.count) bytes of script")
  }

  private static func summary(of message: JSONObject) -> String {
    if let responseID = message["responseId"] {
      return "response to \(LogText.describe(responseID))"
    }
    var text = "request \(LogText.describe(message["handlerName"]))"
    if let callbackID = message["callbackId"] { text += " with callbackId \(LogText.describe(callbackID))" }
    if message["data"] == nil { text += " (no data)" }
    return text
  }

  // MARK: - Page -> native

  private func fetchQueue() {
    // FAULT signal-dropped-while-fetching: a signal during a fetch is ignored.
    if faults.contains(.signalDroppedWhileFetching) {
      if faultFetchInFlight { return }
      faultFetchInFlight = true
    }
    webView.evaluateJavaScript(options.profile.fetchQueueScript) { [weak self] result in
      guard let self else { return }
      if self.faults.contains(.signalDroppedWhileFetching) { self.faultFetchInFlight = false }
      switch result {
      case .success(let value):
        // A queue returned by navigation comes later, as a URL; a string
        // returned here is taken too (JsBridge 1.x returns it on iOS).
        if self.options.profile.queue == .navigation, value?.stringValue?.isEmpty != false { return }
        self.processFetchResult(value)
      case .failure(let error):
        self.log(.warning, .fetchFailed, "fetching the page queue failed: \(error)")
      }
    }
  }

  /// Processes the completion value of `_fetchQueue()`.
  func processFetchResult(_ value: JSONValue?) {
    if options.profile.encoding == .object, options.profile.queue == .fetch {
      // The fetch call's value is the queue array itself.
      if case .array? = value, let value {
        processQueue(value.serialized())
        return
      }
      if case .string(let text)? = value, !text.isEmpty {
        log(
          .warning, .queueNotArray,
          "the page queue fetch returned text, and in this dialect it returns the queue array itself; dropped: "
            + LogText.quote(text))
        return
      }
    }
    guard case .string(let text)? = value, !text.isEmpty else {
      // FAULT empty-fetch-crashes: traps (by design; run out of process only).
      if let crash = Self.faultCrash(onEmptyFetch: value, faults: faults) { fatalError(crash) }
      // FAULT empty-fetch-silent: nothing is logged.
      if faults.contains(.emptyFetchSilent) { return }
      let what = value.map { $0.stringValue == nil ? "a \($0.typeName)" : "an empty string" } ?? "undefined"
      log(.warning, .emptyQueue, "the page queue fetch returned \(what)")
      return
    }
    processQueue(options.profile.queueText(fromTransit: text))
  }

  /// Processes one fetched batch (the JSON text of an array of messages).
  /// Never traps: invalid JSON and a non-array are logged and dropped;
  /// entries that are not objects are logged and skipped; the others are
  /// processed in order, each completely before the next.
  func processQueue(_ text: String) {
    let batch: JSONValue
    do {
      batch = try JSONValue.parse(text)
    } catch {
      // FAULT malformed-queue-crashes: traps (by design; run out of process only).
      if let crash = Self.faultCrash(onMalformedQueue: text, faults: faults) { fatalError(crash) }
      log(.warning, .malformedQueue, "the page queue is not valid JSON (\(error)): \(LogText.quote(text))")
      return
    }
    guard case .array(let entries) = batch else {
      // FAULT non-array-queue-crashes: traps (by design; run out of process only).
      if let crash = Self.faultCrash(onNonArrayQueue: batch, faults: faults) { fatalError(crash) }
      log(.warning, .queueNotArray, "the page queue is a \(batch.typeName), not an array; dropped")
      return
    }
    if !entries.isEmpty {
      log(.debug, .fetched, "\(entries.count) message(s) fetched")
    }
    for (index, entry) in entries.enumerated() {
      // A full trace means the run has stopped (the page passed its limit of
      // trace events): the rest of a huge batch would only be dropped.
      if webView.trace.droppedCount > 0 { break }
      guard case .object(let message) = entry else {
        // FAULT non-object-entry-crashes: traps (by design; run out of process only).
        if let crash = Self.faultCrash(onNonObjectEntry: entry, at: index, faults: faults) { fatalError(crash) }
        log(.warning, .nonObjectMessage, "queue entry \(index) is a \(entry.typeName), not an object; skipped")
        // FAULT batch-stops-at-bad-entry: the rest of the batch is lost.
        if faults.contains(.batchStopsAtBadEntry) { break }
        continue
      }
      receive(options.profile.fromWire(message))
    }
  }

  func receive(_ message: JSONObject) {
    // FAULT falsy-data-dropped, data-cast-to-dictionary, response-id-truthiness:
    // see BridgeMessageCodec.classify(_:faults:).
    switch BridgeMessageCodec.classify(message, faults: faults) {
    case .response(let responseID, let responseData):
      if settlesWithoutAnswer(message, responseID: responseID) { return }
      // FAULT response-without-data-ignored: no responseData, no callback.
      if faults.contains(.responseWithoutDataIgnored) && responseData == nil { return }
      if let callback = takeCounterCallback(responseID) {
        log(.debug, .received, "response to \(LogText.describe(responseID))")
        return callback(responseData)
      }
      // FAULT callbacks-never-forgotten: the callback is looked up, not removed.
      let forgets = !faults.contains(.callbacksNeverForgotten)
      // Only string ids can be ours: every id this side issues is a string.
      guard case .string(let id) = responseID,
        let callback = forgets
          ? pendingCallbacks.removeValue(forKey: ExactName(id)) : pendingCallbacks[ExactName(id)]
      else {
        // FAULT unknown-response-handled-as-request: the request path runs it.
        if faults.contains(.unknownResponseHandledAsRequest) {
          receiveRequest(
            handlerName: message["handlerName"], data: BridgeMessageCodec.incomingData(message["data"], faults: faults),
            callbackID: message["callbackId"])
          return
        }
        // FAULT unknown-response-crashes: traps (by design; run out of process only).
        if let crash = Self.faultCrash(onUnknownResponse: responseID, faults: faults) { fatalError(crash) }
        log(.warning, .unknownResponseID, "ignored a response with unknown responseId \(LogText.describe(responseID))")
        return
      }
      log(.debug, .received, "response to \(LogText.quote(id))")
      callback(responseData)

    case .request(let handlerName, let data, let callbackID):
      receiveRequest(
        handlerName: handlerName, data: data, callbackID: callbackID,
        answerFunction: options.profile.answerFunctionField.flatMap { message[$0] })
    }
  }

  /// `answerFunction`: the page function the request named for its answer
  /// (convention `answers` with a function field), carried in the answer.
  private func receiveRequest(
    handlerName: JSONValue?, data: JSONValue?, callbackID: JSONValue?, answerFunction: JSONValue? = nil
  ) {
    log(
      .debug, .received,
      "request \(LogText.describe(handlerName))" + (callbackID.map { " with callbackId \(LogText.describe($0))" } ?? "")
    )
    // FAULT callback-id-truthiness: a falsy callbackId counts as none.
    var callbackID = callbackID
    if faults.contains(.callbackIDTruthiness), let id = callbackID, BridgeMessageCodec.isFalsy(id) { callbackID = nil }
    // FAULT deferred-response-dropped: answers after the handler returned are lost.
    var handlerReturned = false
    let returned: (() -> Bool)? = faults.contains(.deferredResponseDropped) ? { handlerReturned } : nil
    var responseCallback = callbackID.map {
      makeResponseCallback(
        callbackID: $0, handlerName: handlerName, handlerReturned: returned, answerFunction: answerFunction)
    }
    // FAULT response-sent-without-callback: answers go out with responseId null.
    if responseCallback == nil && faults.contains(.responseSentWithoutCallback) {
      responseCallback = makeResponseCallback(callbackID: .null, handlerName: handlerName, handlerReturned: returned)
    }
    guard case .string(let name)? = handlerName, let handler = handlers[ExactName(name)] else {
      // FAULT missing-handler-crashes: traps (by design; run out of process only).
      if let crash = Self.faultCrash(onMissingHandler: handlerName, faults: faults) { fatalError(crash) }
      log(.warning, .noHandler, "no native handler for \(LogText.describe(handlerName))")
      // FAULT missing-handler-error-ignored: no answer even when configured.
      if options.answerMissingHandler, !faults.contains(.missingHandlerErrorIgnored), let responseCallback {
        responseCallback(BridgeMessageCodec.noHandlerAnswer(handlerName: handlerName))
      } else if let callbackID, options.profile.typedMessages?.error != nil {
        // A typed dialect's own answer to a missing handler.
        send(TypedMessages.noHandlerResponse(id: callbackID, handlerName: handlerName))
      }
      return
    }
    handler(data, responseCallback)
    handlerReturned = true
  }

  /// The callback handed to a native handler: sends the answer once; later
  /// calls are logged as `duplicate-response` and send nothing.
  /// `handlerReturned` (FAULT `deferred-response-dropped` only): whether
  /// the handler has returned; answers after that are dropped.
  private func makeResponseCallback(
    callbackID: JSONValue, handlerName: JSONValue?, handlerReturned: (() -> Bool)? = nil,
    answerFunction: JSONValue? = nil
  ) -> ResponseCallback {
    var answered = false
    return { [weak self] responseData in
      guard let self else { return }
      if let handlerReturned, handlerReturned() { return }
      // FAULT responses-delivered-twice: every answer is sent.
      if answered && !self.faults.contains(.responsesDeliveredTwice) {
        self.log(
          .warning, .duplicateResponse,
          "the handler for \(LogText.describe(handlerName)) answered \(LogText.describe(callbackID)) again; not sent")
        return
      }
      answered = true
      // FAULT nil-response-not-sent: a nil answer is dropped.
      if responseData == nil && self.faults.contains(.nilResponseNotSent) { return }
      var response = BridgeMessageCodec.response(
        responseID: callbackID, responseData: responseData, faults: self.faults)
      if let answerFunction, let field = self.options.profile.answerFunctionField { response[field] = answerFunction }
      self.send(response)
    }
  }

  // MARK: - Logging

  func log(_ level: NativeBridgeLog.Level, _ code: NativeBridgeLog.Code, _ message: @autoclosure () -> String) {
    guard level >= minimumLogLevel else { return }
    logHandler(NativeBridgeLog(level: level, code: code, message: message()))
  }
}

// MARK: - Mutation-testing faults (NativeBridgeFault)

extension NativeBridge {
  /// The deliberate bugs this bridge was built with (empty for a correct
  /// bridge). Every hook is marked `FAULT <name>` where it acts.
  var faults: Set<NativeBridgeFault> { options.faults }

  /// FAULT `unknown-response-crashes`: the message the bridge traps with on
  /// a response whose id matches no pending callback, or nil when it does
  /// not trap (the correct bridge logs and ignores it). Testable without
  /// trapping.
  static func faultCrash(onUnknownResponse responseID: JSONValue, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.unknownResponseCrashes) else { return nil }
    return
      "fault unknown-response-crashes: no callback for responseId \(LogText.describe(responseID)) (nil block called)"
  }

  /// FAULT `malformed-queue-crashes`: the message the bridge traps with on
  /// a fetched queue that is not valid JSON, or nil when it does not trap.
  /// Testable without trapping.
  static func faultCrash(onMalformedQueue text: String, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.malformedQueueCrashes) else { return nil }
    return "fault malformed-queue-crashes: force-cast of a queue that is not JSON: \(LogText.quote(text))"
  }

  /// FAULT `empty-fetch-crashes`: the message the bridge traps with on a
  /// fetch result that is undefined, empty or not a string, or nil when it
  /// does not trap. Testable without trapping.
  static func faultCrash(onEmptyFetch value: JSONValue?, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.emptyFetchCrashes) else { return nil }
    if case .string(let text)? = value, !text.isEmpty { return nil }
    let what = value.map { $0.stringValue == nil ? "a \($0.typeName)" : "an empty string" } ?? "undefined"
    return "fault empty-fetch-crashes: force-unwrap of a queue fetch that returned \(what)"
  }

  /// FAULT `non-array-queue-crashes`: the message the bridge traps with on
  /// a queue that is valid JSON but not an array, or nil when it does not
  /// trap. Testable without trapping.
  static func faultCrash(onNonArrayQueue batch: JSONValue, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.nonArrayQueueCrashes), batch.arrayValue == nil else { return nil }
    return "fault non-array-queue-crashes: force-cast of a queue that is a \(batch.typeName) to an array"
  }

  /// FAULT `non-object-entry-crashes`: the message the bridge traps with on
  /// a batch entry that is not an object, or nil when it does not trap.
  /// Testable without trapping.
  static func faultCrash(onNonObjectEntry entry: JSONValue, at index: Int, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.nonObjectEntryCrashes), entry.objectValue == nil else { return nil }
    return "fault non-object-entry-crashes: force-cast of queue entry \(index), a \(entry.typeName), to a dictionary"
  }

  /// FAULT `missing-handler-crashes`: the message the bridge traps with on
  /// a request for a handler that is not registered, or nil when it does not
  /// trap. Testable without trapping.
  static func faultCrash(onMissingHandler handlerName: JSONValue?, faults: Set<NativeBridgeFault>) -> String? {
    guard faults.contains(.missingHandlerCrashes) else { return nil }
    return "fault missing-handler-crashes: force-unwrap of the missing handler \(LogText.describe(handlerName))"
  }
}
