import Dialects

/// A trait of a dialect that a fixture written in neutral terms needs
/// (`requires.dialect`): a dialect without it cannot express the scenario,
/// which is then skipped with the reason.
package enum DialectTrait: String, Sendable, Hashable, CaseIterable {
  /// The page's setup code keeps callbacks in a start-up array that the
  /// bridge drains (`callbacksArray` and `setupFunction` in the profile);
  /// page scripts name it as `bridgecheckPage.names.callbacksArray`.
  case callbacksArray = "callbacks-array"
  /// The page bridge holds native messages until the page calls
  /// `init(defaultHandler)` (`"handshake": "init"`).
  case initHandshake = "init-handshake"
  /// The signal carries no message: the native side fetches the queue by a
  /// call whose value is the queue (`"queue": {"return": "fetch"}`).
  case fetchedQueue = "fetched-queue"
  /// Native messages reach the page as a JSON text in a single-quoted
  /// string literal (`"delivery": "json-string"`, section 5's escaping).
  case jsonStringDelivery = "json-string-delivery"
  /// A call without a callback carries no id, so an answer to it is a
  /// protocol error (classic WVJB). In a dialect of typed messages every
  /// request carries an id and either side may answer any request
  /// (``TypedMessages``), so "no answer without a callback" cannot be told.
  case requestsWithoutIDs = "requests-without-ids"
  /// The page hands its messages to the native side as text (JSON), not
  /// as an object (`"queue": {"encoding": "object"}`) posted to a script
  /// message handler or returned as a fetch's value: WebKit hands both
  /// over as a structured clone, which makes an own `__proto__` key the
  /// prototype.
  case textPageMessages = "text-page-messages"

  /// Whether `profile` has this trait.
  package func holds(in profile: BridgeProfile) -> Bool {
    switch self {
    case .callbacksArray: profile.names.callbacksArray != nil && profile.names.setupFunction != nil
    case .initHandshake: profile.handshake == .initCall
    case .fetchedQueue: profile.queue == .fetch
    case .jsonStringDelivery: profile.delivery == .jsonString
    case .requestsWithoutIDs: profile.typedMessages == nil
    // A fetched queue's value is a structured clone too: WebKit round-trips an evaluation's result
    // through SerializedScriptValue (WKWebView and WebKitGTK alike), unlike Android's evaluateJavascript.
    case .textPageMessages: profile.encoding != .object
    }
  }

  /// What the profile says instead, for skip reasons.
  package func missing(in profile: BridgeProfile) -> String {
    switch self {
    case .callbacksArray:
      "the profile \(profile.name) has no start-up callbacks array (\"callbacksArray\": null or \"setupFunction\": null)"
    case .initHandshake:
      "the profile \(profile.name) has no init handshake (\"handshake\": \"\(profile.handshake.rawValue)\")"
    case .fetchedQueue:
      "in the profile \(profile.name) the queue is not fetched (\"queue\": {\"return\": \"\(profile.queue.rawValue)\"})"
    case .jsonStringDelivery:
      "the profile \(profile.name) delivers messages as \(profile.delivery.rawValue) (\"delivery\": \"\(profile.delivery.rawValue)\")"
    case .requestsWithoutIDs:
      "in the profile \(profile.name) every request carries an id that the other side may answer (\"typedMessages\")"
    case .textPageMessages:
      "the page of the profile \(profile.name) hands its messages over as objects (\"queue\": {\"encoding\": \"object\"})"
    }
  }

  /// The trait in words.
  package var phrase: String {
    switch self {
    case .callbacksArray: "a start-up callbacks array"
    case .initHandshake: "an init handshake"
    case .fetchedQueue: "a queue fetched by the native side (a signal that carries no message)"
    case .jsonStringDelivery: "messages delivered to the page as a JSON text in a string literal"
    case .requestsWithoutIDs: "calls without a callback that carry no id (so that an answer to one is an error)"
    case .textPageMessages: "page messages that reach the native side as text, not as a structured-clone object"
    }
  }
}
