import Dialects
import JSONModel

/// Whether a fixture can be expressed in a page dialect, decided from what
/// the fixture needs: the spellings it declares (`requires.spelled`), the
/// wire-level steps it plays (the harness must be able to write them in the
/// dialect), the safety-timeout switch it uses. Never from substrings.
enum DialectApplicability {
  /// Why `fixture` cannot run in `profile` with `transport`, or nil.
  static func skipReason(_ fixture: Fixture, profile: BridgeProfile, transport: Transport?) -> String? {
    let because = fixture.requires.because.map { " (\($0))" } ?? ""
    for spelling in fixture.requires.spelled where !spelling.isClassic(in: profile) {
      return "the fixture spells out the classic \(spelling.phrase) on purpose\(because), and the profile "
        + "\(profile.name) spells it differently"
    }
    if let reason = callingConventionReason(fixture, profile: profile) { return reason }
    if let reason = pageAPIReason(fixture, profile: profile) { return reason }
    if let reason = uriDeliverySkipReason(fixture, profile: profile) { return reason }
    for trait in fixture.requires.dialect where !trait.holds(in: profile) {
      return "the fixture needs \(trait.phrase)\(because), and \(trait.missing(in: profile))"
    }
    for step in fixture.setup.onReady + fixture.steps {
      if let reason = reason(for: step, profile: profile, transport: transport) { return reason }
    }
    return nil
  }

  private static func reason(for step: Step, profile: BridgeProfile, transport: Transport?) -> String? {
    switch step {
    case .deliverToPage(let raw):
      guard profile.deliverable(raw) == nil else { return nil }
      return "the fixture delivers a message that is not a JSON object as raw text, and the profile \(profile.name) "
        + "delivers objects (\"delivery\": \"object\"), which cannot carry it"
    case .queueToNative(let result, let signal):
      guard profile.queue == .fetch else {
        // The harness plays the queue the way the dialect carries it.
        guard case .string(let text)? = result, signal == nil, !text.isEmpty,
          profile.transitPayloads(ofQueueText: text) != nil,
          profile.queue != .perMessage || (try? JSONValue.parse(text))?.arrayValue != nil
        else {
          return
            "the fixture plays the page's queue fetch with \(signal != nil ? "a signal URL of its own" : "a value that is no queue in transit"), "
            + "and in the profile \(profile.name) the queue is not returned by the fetch call "
            + "(\"queue\": {\"return\": \"\(profile.queue.rawValue)\"})"
        }
        return nil
      }
      if signal != nil && transport?.isNavigation != true {
        return
          "the fixture signals with a URL of its own, and the profile \(profile.name) does not signal by navigation"
      }
      if transport != .iframe && transport != .messageHandlers && transport?.isNavigation != true {
        return "the fixture plays the page's signal, which the harness can send over navigations and message "
          + "handlers only; the profile \(profile.name) signals over \(transport?.rawValue ?? "nothing")"
      }
      return nil
    case .pageRequestInjection:
      return NeutralPageSteps.requestInjectionSkip(profile: profile)
    case .pageSignal:
      return NeutralPageSteps.signalSkip(profile: profile, transport: transport)
    case .pageInit:
      guard profile.handshake != .initCall else { return nil }
      return "the fixture has the page call init() itself (page.init), and the profile \(profile.name) has no init "
        + "handshake (\"handshake\": \"\(profile.handshake.rawValue)\")"
    case .nativeDisableSafetyTimeout, .pageDisableSafetyTimeout:
      guard profile.dispatch == .deferred,
        step == .nativeDisableSafetyTimeout
          ? profile.safetyTimeoutHandler == nil : profile.names.disableSafetyTimeout == nil
      else { return nil }
      return "the fixture switches the safety timeout off, and the profile \(profile.name) has no switch "
        + "(\"dispatch\": {\"switch\": null} or no \"disableSafetyTimeout\" name)"
    default:
      return nil
    }
  }
}

extension ClassicSpelling {
  /// The spelling in words, for skip reasons.
  var phrase: String {
    switch self {
    case .global: "page global and method names (WebViewJavascriptBridge.callHandler…)"
    case .queueURL: "queue signal URL (https://__wvjb_queue_message__) and fetch"
    case .bridgeLoadedURL: "injection URL (https://__bridge_loaded__)"
    case .fields: "message field names and JSON-string delivery"
    case .callbacksArray: "start-up array and setup function (WVJBCallbacks, setupWebViewJavascriptBridge)"
    }
  }
}
