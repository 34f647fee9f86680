/// One thing the probes of a bridge established, with what showed it.
package struct Observed<Value: Sendable & Hashable>: Sendable, Hashable {
  /// What was established.
  package var value: Value
  /// What the probes saw that shows it, in words (`callHandler('bcProbeCall',
  /// …) navigated an iframe to https://__wvjb_queue_message__/`).
  package var evidence: String

  /// Creates a fact.
  package init(_ value: Value, _ evidence: String) {
    self.value = value
    self.evidence = evidence
  }
}

/// What probes of a page bridge (or an adapter's native bridge) established
/// about its dialect, member by member of the profile model
/// (docs/protocol.md section 9.1). A member the probes could not establish
/// is nil, and ``undecided`` says why; the inferred profile then keeps the
/// nearest shipped profile's value for it (``InferredDialect``).
///
/// Some members are choices among what the bridge supports rather than one
/// fact: a bridge may run a start-up array *and* fire a ready event, answer
/// a safety-timeout switch that a profile need not use, or signal in two
/// ways. Those are sets here (``callbacksArrays``, ``readyEvents``,
/// ``signals``), and a shipped profile's choice among them stands.
package struct DialectFacts: Sendable, Hashable {
  /// The page global holding the bridge.
  package var global: Observed<String>?
  /// The page method registering a handler.
  package var registerHandler: Observed<String>?
  /// The page method calling a native handler.
  package var callHandler: Observed<String>?
  /// The function returning the queue (only when the queue is fetched).
  package var fetchQueue: Observed<String>?
  /// The function receiving a native message (or an answer, under a
  /// convention whose answers are function calls).
  package var handleMessage: Observed<String>?
  /// The handshake method (only under `handshake: init`).
  package var initFunction: Observed<String>?
  /// The start-up arrays whose functions the bridge calls with itself
  /// (empty: none, among those the page looked up).
  package var callbacksArrays: Observed<[String]>?
  /// The events the bridge dispatches on `document` once it exists.
  package var readyEvents: Observed<[String]>?
  /// The page method that switches the safety timeout off (nil: none found).
  package var disableSafetyTimeout: Observed<String?>?
  /// The message field names seen, keyed by the classic name.
  package var fields: [String: Observed<String>] = [:]
  /// The signals that carried a message or led to one, in the order seen.
  package var signals: Observed<[SignalMechanism]>?
  /// How the queue reaches the native side.
  package var queue: Observed<QueueReturn>?
  /// The URL prefix of a queue returned by navigation.
  package var queueReturnURL: Observed<String>?
  /// How a queue or message is written in transit.
  package var encoding: Observed<TextEncoding>?
  /// The envelope around the payload (nil value: none).
  package var envelope: Observed<Envelope?>?
  /// The forms in which a message reaches the page's entry point (the
  /// first tried first).
  package var deliveries: Observed<[DeliveryArgument]>?
  /// Typed messages (nil value: classic messages).
  package var typedMessages: Observed<TypedMessages?>?
  /// The start-up handshake.
  package var handshake: Observed<StartupHandshake>?
  /// How delivered messages are dispatched.
  package var dispatch: Observed<DispatchMode>?
  /// The page handler that switches the safety timeout off (nil: none found).
  package var safetySwitch: Observed<String?>?
  /// The calling convention.
  package var convention: Observed<CallingConvention>?
  /// Whether `callHandler(name, fn)` takes `fn` as the callback.
  package var twoArgumentCall: Observed<Bool>?
  /// How an answer reaches the page's callback.
  package var callbackData: Observed<CallbackData>?
  /// A user agent the bridge needs to send anything readable (nil: it
  /// needs none in particular).
  package var userAgent: Observed<String>?
  /// What the probes could not decide, member (a profile path such as
  /// `fields.responseId`) and why.
  package var undecided: [Undecided] = []

  /// Creates empty facts.
  package init() {}

  /// A member the probes could not decide, and why.
  package struct Undecided: Sendable, Hashable {
    /// The member, as a profile path (`fields.responseId`, `dispatch.switch`).
    package var member: String
    /// Why it could not be decided.
    package var reason: String

    /// Creates an entry.
    package init(member: String, reason: String) {
      self.member = member
      self.reason = reason
    }
  }

  /// Notes that `member` could not be decided, and why.
  package mutating func leaveUndecided(_ member: String, _ reason: String) {
    guard !undecided.contains(where: { $0.member == member }) else { return }
    undecided.append(Undecided(member: member, reason: reason))
  }
}

extension SignalMechanism {
  /// Whether `other` is the same signal for a native side: the same kind
  /// and endpoint (URLs compared as a native side of the dialect compares
  /// them: scheme and host in any case, and the path when this one has one),
  /// name, method, marker and host-object calls.
  package func isSameSignal(as other: SignalMechanism, carriesPayload: Bool = false) -> Bool {
    guard kind == other.kind else { return false }
    switch kind {
    case .iframe, .location:
      if carriesPayload {
        return url.lowercased() == other.url.lowercased()
      }
      return BridgeProfile.sameEndpoint(other.url, url) && BridgeProfile.sameEndpoint(url, other.url)
    case .messageHandlers, .channel:
      return name == other.name
    case .hostObject:
      let myMethod = hostCalls?.genericMethod == false ? nil : method
      let theirMethod = other.hostCalls?.genericMethod == false ? nil : other.method
      return name == other.name && myMethod == theirMethod && hostCalls == other.hostCalls
    case .prompt:
      return marker == other.marker
    }
  }
}
