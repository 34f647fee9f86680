/// Deliberate bugs the reference native bridge can be built with, for
/// mutation testing only (see `conformance/mutants/native/`): each one is a
/// realistic bug seen in native bridges, switched on by name through
/// ``NativeBridgeOptions/faults``. A correct bridge has none. Each acts
/// only through ``NativeBridgeFaults`` (NativeBridgeFault+Behaviour.swift),
/// the hooks ``NativeBridge`` calls at its seams.
package enum NativeBridgeFault: String, Sendable, Hashable, CaseIterable {
  /// A response whose `responseId` is unknown calls a missing callback and
  /// traps (upstream WVJB's nil-block crash).
  case unknownResponseCrashes = "unknown-response-crashes"
  /// A queue that is not valid JSON is force-cast and traps.
  case malformedQueueCrashes = "malformed-queue-crashes"
  /// Data that is falsy (`0`, `false`, `""`, `null`) is dropped (`if data`).
  case falsyDataDropped = "falsy-data-dropped"
  /// Data that is not an object is dropped (data cast to a dictionary).
  case dataCastToDictionary = "data-cast-to-dictionary"
  /// Messages sent before injection are discarded.
  case startupQueueDropped = "startup-queue-dropped"
  /// Messages sent before injection are delivered in reverse order.
  case startupQueueReversed = "startup-queue-reversed"
  /// U+2028 and U+2029 are left raw in the evaluated script.
  case lineSeparatorsNotEscaped = "line-separators-not-escaped"
  /// `'` is not escaped in the single-quoted script literal.
  case singleQuoteNotEscaped = "single-quote-not-escaped"
  /// A handler's response callback sends every answer, not just the first.
  case responsesDeliveredTwice = "responses-delivered-twice"
  /// Bridge URL hosts are compared case-sensitively.
  case hostCaseSensitive = "host-case-sensitive"
  /// The legacy `wvjbscheme` scheme is not recognised.
  case legacySchemeIgnored = "legacy-scheme-ignored"
  /// Unknown bridge-scheme URLs are passed to the app instead of cancelled.
  case unknownBridgeURLPassedOn = "unknown-bridge-url-passed-on"
  /// A non-object entry stops the rest of the batch.
  case batchStopsAtBadEntry = "batch-stops-at-bad-entry"
  /// `reset()` keeps pending callbacks, which a late answer then calls.
  case resetKeepsCallbacks = "reset-keeps-callbacks"
  /// A second `__bridge_loaded__` (after a reload) injects nothing.
  case injectsOnlyOnce = "injects-only-once"
  /// A response to a native call is delivered to the callback without
  /// removing it, so a second answer runs it again.
  case callbacksNeverForgotten = "callbacks-never-forgotten"
  /// `_disableJavascriptAlertBoxSafetyTimeout` is never sent to the page.
  case safetyTimeoutNeverDisabled = "safety-timeout-never-disabled"
  /// A call to a missing native handler answers nothing even when the
  /// option to answer with an error is on.
  case missingHandlerErrorIgnored = "missing-handler-error-ignored"
  /// Outgoing messages are JSON built by string concatenation: strings
  /// (names, ids, data) are written between quotes without JSON escaping,
  /// so a `"`, `\` or control character makes the page's `JSON.parse` fail
  /// and the message is lost.
  case dataStringsNotEscaped = "data-strings-not-escaped"
  /// Native callback ids are made from the clock alone (`objc_cb_<ms>`), so
  /// two calls in the same millisecond share an id: the second callback
  /// replaces the first, which never runs.
  case timestampCallbackIDs = "timestamp-callback-ids"
  /// A queue signal that arrives while a fetch is in flight is ignored
  /// (an `isFetching` guard), so messages queued after that fetch ran wait
  /// for the next signal, possibly forever.
  case signalDroppedWhileFetching = "signal-dropped-while-fetching"

  // MARK: Fetching and batches

  /// A fetch result that is undefined, empty or not a string is
  /// force-unwrapped and traps.
  case emptyFetchCrashes = "empty-fetch-crashes"
  /// A fetch result that is undefined or empty is not logged.
  case emptyFetchSilent = "empty-fetch-silent"
  /// A queue that parses but is not an array (`{}`) is force-cast and traps.
  case nonArrayQueueCrashes = "non-array-queue-crashes"
  /// Each batch entry is force-cast to a dictionary, so `[1]` traps.
  case nonObjectEntryCrashes = "non-object-entry-crashes"

  // MARK: Requests, responses and handlers

  /// A request for an unregistered native handler traps.
  case missingHandlerCrashes = "missing-handler-crashes"
  /// `removeHandler` leaves the handler registered.
  case removeHandlerIgnored = "remove-handler-ignored"
  /// A `responseId` that is falsy (`""`, `0`, `false`, `null`) is taken
  /// for a request (truthiness instead of presence).
  case responseIDTruthiness = "response-id-truthiness"
  /// A request whose `callbackId` is falsy (`""`, `0`) gets no response
  /// callback.
  case callbackIDTruthiness = "callback-id-truthiness"
  /// A response with no `responseData` key never calls the callback.
  case responseWithoutDataIgnored = "response-without-data-ignored"
  /// A response whose `responseId` matches no pending callback falls
  /// through to the request path (`if let id, let callback … else`), so
  /// its `handlerName` is run as a request.
  case unknownResponseHandledAsRequest = "unknown-response-handled-as-request"
  /// A response callback called after the handler returned sends nothing.
  case deferredResponseDropped = "deferred-response-dropped"
  /// The handler's answer (and the missing-handler error answer) is sent
  /// even when the request had no `callbackId`, with `responseId: null`.
  case responseSentWithoutCallback = "response-sent-without-callback"
  /// A nil answer is sent with no `responseData` key (the page callback
  /// gets `undefined`, not `null`).
  case nilResponseOmitted = "nil-response-omitted"
  /// A nil answer is not sent at all, so the page's callback is never
  /// settled (the Swift WKWebView port returns early on nil).
  case nilResponseNotSent = "nil-response-not-sent"

  // MARK: Start-up

  /// The start-up queue is kept after flushing, so every later
  /// `__bridge_loaded__` sends it again.
  case startupQueueReplayed = "startup-queue-replayed"

  // MARK: Navigation

  /// Any URL whose text contains a bridge host (in its path or query, say)
  /// is taken for that bridge URL.
  case bridgeURLSubstringMatch = "bridge-url-substring-match"
  /// An `https` URL whose host starts with `__` (other than the two bridge
  /// hosts) is taken for an unknown bridge command: logged and cancelled
  /// instead of going to the app's policy.
  case httpsUnderscoreHostCancelled = "https-underscore-host-cancelled"
  /// `about:blank` is cancelled instead of being passed to the app's policy.
  case aboutBlankCancelled = "about-blank-cancelled"
  /// Ordinary navigations are allowed without asking the app's policy.
  case appPolicyIgnored = "app-policy-ignored"
  /// Bridge URLs go to the app's policy first; the bridge acts on them only
  /// when the app allows them (it then cancels them as usual).
  case appPolicyAskedFirst = "app-policy-asked-first"

  // MARK: Outgoing script text

  /// Only the classic escape list (backslash, quotes, LF, CR, FF, U+2028,
  /// U+2029) is applied: other C0 controls and U+007F–U+009F are copied
  /// raw into the literal.
  case controlsNotEscaped = "controls-not-escaped"
  /// Numbers are written with 6 significant digits (`%g`) in outgoing JSON.
  case numbersLosePrecision = "numbers-lose-precision"

  /// The faults that trap by design (`fatalError`): never run in process,
  /// only behind the reference adapter.
  static let crashing: Set<NativeBridgeFault> = [
    .unknownResponseCrashes, .malformedQueueCrashes, .emptyFetchCrashes, .nonArrayQueueCrashes,
    .nonObjectEntryCrashes, .missingHandlerCrashes,
  ]
}
