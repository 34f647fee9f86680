/// Deliberate bugs the reference native bridge can be built with, for
/// mutation testing only (see `conformance/mutants/native/`): each one is a
/// realistic bug seen in native bridges, switched on by name through
/// ``NativeBridgeOptions/faults``. A correct bridge has none.
public enum NativeBridgeFault: String, Sendable, Hashable, CaseIterable {
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
}
