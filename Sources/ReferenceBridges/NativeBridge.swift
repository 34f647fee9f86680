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
  var startupQueue: [JSONObject]?
  /// Whether the page bridge was injected since creation or the last
  /// ``reset()`` (read only in a dialect without a start-up queue).
  var injectedSinceReset = false
  /// Number of resets so far (lets a flush notice a reset made inside it).
  var resetCount = 0
  /// The options prefix + page bridge, evaluated on `__bridge_loaded__` or
  /// added as a document-start user script.
  let injectionScript: String
  /// Number of injections seen (evaluations, or announcements of a
  /// document-start bridge).
  package internal(set) var injectionCount = 0
  /// The deliberate bugs this bridge was built with, as hooks its seams
  /// call (mutation testing only; every hook is the correct behaviour when
  /// ``NativeBridgeOptions/faults`` is empty).
  let faults: NativeBridgeFaults

  /// Installs a bridge on `webView`.
  package init(webView: any WebViewHost, options: NativeBridgeOptions = NativeBridgeOptions()) {
    self.webView = webView
    self.options = options
    faults = NativeBridgeFaults(options.faults)
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
    guard faults.removesHandlers else { return }
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
      let id = faults.callbackID("objc_cb_\(callbackCounter)", now: webView.now)
      pendingCallbacks[ExactName(id)] = responseCallback
      callbackID = id
    }
    send(faults.request(handlerName: name, data: data, callbackID: callbackID))
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
    faults.reset(droppingCallbacks: {
      pendingCallbacks.removeAll()
      pendingCounterCallbacks.removeAll()
    })
    callbackCounter = 0
    startupQueue = options.profile.startupQueue == .none ? nil : []
    injectedSinceReset = false
    resetCount += 1
    log(.info, .reset, "reset: \(dropped) pending callback(s) dropped, \(unsent) unsent start-up message(s) dropped")
  }

  /// Asks the page to dispatch incoming messages synchronously, by calling
  /// the page handler `_disableJavascriptAlertBoxSafetyTimeout` (no data, no
  /// callback). The request itself is dispatched under the old mode.
  package func disableJavascriptAlertBoxSafetyTimeout() {
    guard faults.disablesSafetyTimeout else { return }
    callHandler(PageInjection.safetyTimeoutHandlerName)
  }

  /// The number of native callbacks waiting for an answer.
  package var pendingCallbackCount: Int { pendingCallbacks.count + pendingCounterCallbacks.count }
  /// Whether the start-up queue exists (messages are held until injection).
  package var isHoldingStartupMessages: Bool { startupQueue != nil }
  /// The number of messages in the start-up queue.
  package var startupQueueCount: Int { startupQueue?.count ?? 0 }

  // MARK: - Logging

  func log(_ level: NativeBridgeLog.Level, _ code: NativeBridgeLog.Code, _ message: @autoclosure () -> String) {
    guard level >= minimumLogLevel else { return }
    logHandler(NativeBridgeLog(level: level, code: code, message: message()))
  }
}
