import Dialects
import JSONModel
import WebViewHosting

/// What a reference native bridge built with deliberate bugs
/// (``NativeBridgeOptions/faults``, mutation testing only) does differently:
/// the one place where every ``NativeBridgeFault`` acts.
///
/// ``NativeBridge`` calls these hooks at its seams, each named for the step
/// of the protocol it decides. With no fault switched on, every hook returns
/// exactly what the correct bridge does (the value it was given, `true` for
/// "go on", nil for "no deviation"), so the bridge's own flow holds no fault
/// checks. The message codec, the URL classifier and the string escaping
/// have their faulty variants next to them (`BridgeMessageCodec`,
/// `BridgeURL`, `JavaScriptStringEscaping`, each under
/// "Mutation-testing faults"); the hooks here pick them.
final class NativeBridgeFaults {
  /// The faults switched on (empty for a correct bridge).
  let active: Set<NativeBridgeFault>
  /// `signal-dropped-while-fetching`: a fetch is in flight.
  private var fetchInFlight = false
  /// `startup-queue-replayed`: the start-up messages last flushed, kept to
  /// be sent again.
  private var keptStartupMessages: [JSONObject] = []

  init(_ active: Set<NativeBridgeFault>) {
    self.active = active
  }

  private func has(_ fault: NativeBridgeFault) -> Bool { active.contains(fault) }

  // MARK: Public API

  /// Whether ``NativeBridge/removeHandler(_:)`` removes the handler.
  /// `remove-handler-ignored`: it stays registered.
  var removesHandlers: Bool { !has(.removeHandlerIgnored) }

  /// Whether ``NativeBridge/disableJavascriptAlertBoxSafetyTimeout()``
  /// sends its request. `safety-timeout-never-disabled`: nothing is sent.
  var disablesSafetyTimeout: Bool { !has(.safetyTimeoutNeverDisabled) }

  /// The callback id of a native call, given the correct one (from the
  /// counter). `timestamp-callback-ids`: made from the clock alone, so two
  /// calls in the same millisecond share it.
  func callbackID(_ counted: String, now: @autoclosure () -> VirtualTime) -> String {
    has(.timestampCallbackIDs) ? "objc_cb_\(now().milliseconds)" : counted
  }

  /// ``NativeBridge/reset()``'s drop of the pending callbacks: `drop` runs
  /// unless `reset-keeps-callbacks` keeps them (a late answer then calls
  /// one). Also forgets the messages `startup-queue-replayed` kept.
  func reset(droppingCallbacks drop: () -> Void) {
    if !has(.resetKeepsCallbacks) { drop() }
    if has(.startupQueueReplayed) { keptStartupMessages = [] }
  }

  // MARK: Outgoing messages

  /// A request, as the bridge writes it (see
  /// ``BridgeMessageCodec/request(handlerName:data:callbackID:)``).
  /// `falsy-data-dropped`: falsy data is sent with no `data` key.
  func request(handlerName: String, data: JSONValue?, callbackID: String?) -> JSONObject {
    BridgeMessageCodec.request(handlerName: handlerName, data: data, callbackID: callbackID, faults: active)
  }

  /// A response, as the bridge writes it, or nil when it sends none.
  /// `nil-response-not-sent`: a nil answer is not sent at all;
  /// `falsy-data-dropped`, `nil-response-omitted`: see
  /// ``BridgeMessageCodec/response(responseID:responseData:faults:)``.
  func response(responseID: JSONValue, responseData: JSONValue?) -> JSONObject? {
    if responseData == nil && has(.nilResponseNotSent) { return nil }
    return BridgeMessageCodec.response(responseID: responseID, responseData: responseData, faults: active)
  }

  /// The script that delivers `message` to a page of `profile`.
  /// `data-strings-not-escaped`, `numbers-lose-precision`,
  /// `line-separators-not-escaped`, `single-quote-not-escaped`,
  /// `controls-not-escaped`: see
  /// ``BridgeMessageCodec/deliveryScript(for:profile:faults:)``.
  func deliveryScript(for message: JSONObject, profile: BridgeProfile) -> String {
    BridgeMessageCodec.deliveryScript(for: message, profile: profile, faults: active)
  }

  /// Whether a handler's response callback that already answered sends
  /// again. `responses-delivered-twice`: every answer is sent.
  var sendsRepeatedAnswers: Bool { has(.responsesDeliveredTwice) }

  // MARK: Start-up queue

  /// Whether a `__bridge_loaded__` after `injectionCount` injections
  /// injects. `injects-only-once`: only the first does.
  func injects(afterInjections injectionCount: Int) -> Bool {
    !(has(.injectsOnlyOnce) && injectionCount > 0)
  }

  /// The start-up messages in the order they are flushed.
  /// `startup-queue-dropped`: none; `startup-queue-reversed`: last first.
  func startupMessagesToFlush(_ queue: [JSONObject]) -> [JSONObject] {
    var queue = queue
    if has(.startupQueueDropped) { queue = [] }
    if has(.startupQueueReversed) { queue.reverse() }
    return queue
  }

  /// Called when the start-up queue has been flushed with `messages`.
  /// `startup-queue-replayed`: they are kept.
  func startupQueueFlushed(_ messages: [JSONObject]) {
    if has(.startupQueueReplayed) { keptStartupMessages = messages }
  }

  /// Called on an injection after the start-up queue is gone: the correct
  /// bridge sends nothing. `startup-queue-replayed`: the kept start-up
  /// messages go to `deliver` again.
  func startupQueueAlreadyFlushed(deliver: (JSONObject) -> Void) {
    if has(.startupQueueReplayed) { keptStartupMessages.forEach(deliver) }
  }

  // MARK: Navigation

  /// How a classic bridge URL reads (see ``BridgeURL/init(_:faults:)``):
  /// `host-case-sensitive`, `legacy-scheme-ignored`,
  /// `bridge-url-substring-match`, `https-underscore-host-cancelled`.
  func bridgeURL(_ url: String) -> BridgeURL {
    BridgeURL(url, faults: active)
  }

  /// The navigation decision a faulty bridge takes instead of the correct
  /// one for `action` (whose URL reads as `url`), or nil when it takes the
  /// correct one. `app` is the app's navigation policy.
  /// `app-policy-asked-first`: a bridge URL the app cancels is cancelled
  /// without the bridge acting on it; `about-blank-cancelled`: about:blank
  /// is cancelled; `app-policy-ignored`: ordinary navigations are allowed
  /// without asking the app; `unknown-bridge-url-passed-on`: the app decides
  /// an unknown bridge URL.
  func navigationPolicy(
    for action: NavigationAction, url: DialectURL, app: (NavigationAction) -> NavigationPolicy
  ) -> NavigationPolicy? {
    if has(.appPolicyAskedFirst) && url != .notBridge && app(action) == .cancel { return .cancel }
    switch url {
    case .notBridge:
      if has(.aboutBlankCancelled) && action.url.lowercased().hasPrefix("about:blank") { return .cancel }
      if has(.appPolicyIgnored) { return .allow }
    case .unknown:
      if has(.unknownBridgeURLPassedOn) { return app(action) }
    case .signal, .returnedQueue, .bridgeLoaded:
      break
    }
    return nil
  }

  // MARK: Fetching and batches

  /// Whether a queue signal starts a fetch.
  /// `signal-dropped-while-fetching`: not while a fetch is in flight.
  func startsFetch() -> Bool {
    guard has(.signalDroppedWhileFetching) else { return true }
    if fetchInFlight { return false }
    fetchInFlight = true
    return true
  }

  /// Called when a fetch has completed.
  func fetchEnded() {
    if has(.signalDroppedWhileFetching) { fetchInFlight = false }
  }

  /// Something the correct bridge logs and drops (or skips).
  enum Anomaly {
    /// A fetch result that is undefined, empty or not a string.
    case emptyFetch(JSONValue?)
    /// A fetched queue that is not valid JSON.
    case malformedQueue(String)
    /// A fetched queue that is valid JSON but not an array.
    case nonArrayQueue(JSONValue)
    /// A batch entry (at an index) that is not an object.
    case nonObjectEntry(JSONValue, index: Int)
    /// A response whose id matches no pending callback.
    case unknownResponse(JSONValue)
    /// A request for a handler that is not registered.
    case missingHandler(JSONValue?)
  }

  /// Whether the faulty bridge skips the correct handling of `anomaly`
  /// (its log entry); traps when a crashing fault meets it (see
  /// ``crashMessage(at:)``). `empty-fetch-silent`: an empty fetch is not
  /// logged.
  func mishandles(_ anomaly: Anomaly) -> Bool {
    if let crash = crashMessage(at: anomaly) { fatalError(crash) }
    if case .emptyFetch = anomaly { return has(.emptyFetchSilent) }
    return false
  }

  /// The message the bridge traps with on `anomaly`, or nil when it does
  /// not trap (the correct bridge logs and drops it): the faults of
  /// ``NativeBridgeFault/crashing`` (by design; run out of process only).
  /// Testable without trapping.
  func crashMessage(at anomaly: Anomaly) -> String? {
    switch anomaly {
    case .emptyFetch(let value):
      guard has(.emptyFetchCrashes) else { return nil }
      if case .string(let text)? = value, !text.isEmpty { return nil }
      let what = value.map { $0.stringValue == nil ? "a \($0.typeName)" : "an empty string" } ?? "undefined"
      return "fault empty-fetch-crashes: force-unwrap of a queue fetch that returned \(what)"
    case .malformedQueue(let text):
      guard has(.malformedQueueCrashes) else { return nil }
      return "fault malformed-queue-crashes: force-cast of a queue that is not JSON: \(LogText.quote(text))"
    case .nonArrayQueue(let batch):
      guard has(.nonArrayQueueCrashes), batch.arrayValue == nil else { return nil }
      return "fault non-array-queue-crashes: force-cast of a queue that is a \(batch.typeName) to an array"
    case .nonObjectEntry(let entry, let index):
      guard has(.nonObjectEntryCrashes), entry.objectValue == nil else { return nil }
      return "fault non-object-entry-crashes: force-cast of queue entry \(index), a \(entry.typeName), to a dictionary"
    case .unknownResponse(let responseID):
      guard has(.unknownResponseCrashes) else { return nil }
      return
        "fault unknown-response-crashes: no callback for responseId \(LogText.describe(responseID)) (nil block called)"
    case .missingHandler(let handlerName):
      guard has(.missingHandlerCrashes) else { return nil }
      return "fault missing-handler-crashes: force-unwrap of the missing handler \(LogText.describe(handlerName))"
    }
  }

  /// Whether the rest of a batch is processed after an entry that is not
  /// an object. `batch-stops-at-bad-entry`: it is lost.
  var goesOnAfterBadEntry: Bool { !has(.batchStopsAtBadEntry) }

  // MARK: Incoming messages

  /// A batch entry classified (see ``BridgeMessageCodec/classify(_:faults:)``):
  /// `falsy-data-dropped`, `data-cast-to-dictionary`, `response-id-truthiness`.
  func classify(_ message: JSONObject) -> BridgeMessageCodec.Incoming {
    BridgeMessageCodec.classify(message, faults: active)
  }

  /// Whether a response whose `responseData` is `responseData` reaches its
  /// callback. `response-without-data-ignored`: not without `responseData`.
  func deliversResponse(withData responseData: JSONValue?) -> Bool {
    !(has(.responseWithoutDataIgnored) && responseData == nil)
  }

  /// The pending callback for a response to `id`, taken from `pending`.
  /// `callbacks-never-forgotten`: looked up, not removed, so a second
  /// answer runs it again.
  func takeCallback<Callback>(_ id: ExactName, from pending: inout [ExactName: Callback]) -> Callback? {
    has(.callbacksNeverForgotten) ? pending[id] : pending.removeValue(forKey: id)
  }

  /// The request a faulty bridge reads a response to an unknown id as, or
  /// nil when it ignores it as the correct bridge does (it traps instead
  /// with `unknown-response-crashes`, see ``mishandles(_:)``).
  /// `unknown-response-handled-as-request`: the request path runs it.
  func unknownResponseAsRequest(
    _ message: JSONObject
  ) -> (handlerName: JSONValue?, data: JSONValue?, callbackID: JSONValue?)? {
    guard has(.unknownResponseHandledAsRequest) else { return nil }
    return (
      message["handlerName"], BridgeMessageCodec.incomingData(message["data"], faults: active), message["callbackId"]
    )
  }

  /// A request's `callbackId` as the bridge reads it.
  /// `callback-id-truthiness`: a falsy id counts as none.
  func requestCallbackID(_ callbackID: JSONValue?) -> JSONValue? {
    guard has(.callbackIDTruthiness), let id = callbackID, BridgeMessageCodec.isFalsy(id) else { return callbackID }
    return nil
  }

  /// The response callback a request's handler gets, given the correct one
  /// (nil when the request has no `callbackId`).
  /// `response-sent-without-callback`: without a `callbackId`, answers go
  /// out with `responseId: null` (`answerWithNullID`).
  func responseCallback(
    _ callback: NativeBridge.ResponseCallback?, answerWithNullID: () -> NativeBridge.ResponseCallback
  ) -> NativeBridge.ResponseCallback? {
    if callback == nil && has(.responseSentWithoutCallback) { return answerWithNullID() }
    return callback
  }

  /// Whether a request for a missing handler is answered with the
  /// no-handler error when the bridge is configured to.
  /// `missing-handler-error-ignored`: never.
  var answersMissingHandler: Bool { !has(.missingHandlerErrorIgnored) }

  /// Runs a native handler. `deferred-response-dropped`: answers after the
  /// handler returned are lost.
  func run(
    _ handler: NativeBridge.Handler, data: JSONValue?, responseCallback: NativeBridge.ResponseCallback?
  ) {
    guard has(.deferredResponseDropped), let responseCallback else { return handler(data, responseCallback) }
    var handlerReturned = false
    handler(data) { responseData in
      if handlerReturned { return }
      responseCallback(responseData)
    }
    handlerReturned = true
  }
}
