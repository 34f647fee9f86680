extension DialectFacts {
  /// `base` with every member these facts contradict replaced by what the
  /// probes saw. A member the probes did not decide keeps `base`'s value;
  /// so does a choice of `base` that the bridge supports (a start-up array
  /// or ready event it has, a subset of the signals it sends, no switch
  /// where it has one). Members no probe of a page can see (injections,
  /// user agent, peers, the page's own setup function) are `base`'s.
  package func applied(to base: BridgeProfile) -> BridgeProfile {
    var profile = base
    if let global { profile.names.global = global.value }
    if let callHandler { profile.names.callHandler = callHandler.value }
    if let registerHandler { profile.names.registerHandler = registerHandler.value }
    if let handleMessage { profile.names.handleMessage = handleMessage.value }
    if let queue { profile.queue = queue.value }
    if let fetchQueue, profile.queue.fetches { profile.names.fetchQueue = fetchQueue.value }
    // A dialect whose signals carry the messages has no fetch call to name.
    if !profile.queue.fetches { profile.names.fetchQueue = BridgeProfile.classic.names.fetchQueue }
    if let queueReturnURL, profile.queue == .navigation { profile.queueReturnURL = queueReturnURL.value }
    if let encoding { profile.encoding = encoding.value }
    if let envelope { profile.envelope = envelope.value }
    if let forms = deliveries?.value, let first = forms.first, !forms.contains(profile.delivery) {
      profile.delivery = first
    }
    if let typedMessages { profile.typedMessages = typedMessages.value }
    if let convention { profile.convention = convention.value }
    if let twoArgumentCall { profile.twoArgumentCall = twoArgumentCall.value }
    if let callbackData { profile.callbackData = callbackData.value }
    if let userAgent, profile.userAgent != userAgent.value { profile.userAgent = userAgent.value }
    if let handshake {
      profile.handshake = handshake.value
      if handshake.value == .initCall, let initFunction { profile.names.initFunction = initFunction.value }
    }
    for (classic, observed) in fields {
      switch classic {
      case "handlerName": profile.fields.handlerName = observed.value
      case "data": profile.fields.data = observed.value
      case "callbackId": profile.fields.callbackId = observed.value
      case "responseId": profile.fields.responseId = observed.value
      case "responseData": profile.fields.responseData = observed.value
      default: break
      }
    }
    if profile.typedMessages != nil {
      // The id and the answer of typed messages travel in their own members.
      let classic = MessageFieldNames.classic
      profile.fields.callbackId = classic.callbackId
      profile.fields.responseId = classic.responseId
      profile.fields.responseData = classic.responseData
    }
    applyStartup(to: &profile)
    applySignals(to: &profile, base: base)
    applyDispatch(to: &profile)
    return profile
  }

  private func applyStartup(to profile: inout BridgeProfile) {
    if let arrays = callbacksArrays?.value {
      if let current = profile.names.callbacksArray, !arrays.contains(current) {
        profile.names.callbacksArray = arrays.first
      }
      if profile.names.callbacksArray == nil {
        profile.names.setupFunction = nil
      } else if profile.names.setupFunction == nil {
        // The setup function is the page's own code (the harness writes
        // it): any name does; this one follows the family's pattern.
        profile.names.setupFunction = "setup" + profile.names.global
      }
    }
    if let events = readyEvents?.value, let current = profile.names.readyEvent, !events.contains(current) {
      profile.names.readyEvent = events.first
    }
  }

  private func applySignals(to profile: inout BridgeProfile, base: BridgeProfile) {
    guard let observed = signals?.value, !observed.isEmpty else { return }
    let carries = profile.signalCarriesPayload
    let holds = base.signals.allSatisfy { signal in
      observed.contains { $0.isSameSignal(as: signal, carriesPayload: carries) }
    }
    if !holds { profile.signals = observed }
  }

  /// Whether the probes saw synchronous dispatch where `base` defers and
  /// has no switch to synchronous dispatch (Flutter, JsBridge, WVJB 4 and 5):
  /// no bridge of such a dialect dispatches synchronously by design, so it
  /// is what a bug looks like (a second definition of the dispatch function
  /// that drops its `setTimeout`), and `base`'s deferred dispatch is kept, so
  /// that the scenarios that need it judge the bridge. A dialect with a
  /// switch (classic WVJB) has synchronous dispatch as a mode of its own.
  package func dispatchTakenForABug(in base: BridgeProfile) -> Bool {
    dispatch?.value == .synchronous && base.dispatch == .deferred && base.safetyTimeoutHandler == nil
  }

  private func applyDispatch(to profile: inout BridgeProfile) {
    if dispatchTakenForABug(in: profile) { return }
    if let dispatch { profile.dispatch = dispatch.value }
    if let safetySwitch, let current = profile.safetyTimeoutHandler, current != safetySwitch.value {
      profile.safetyTimeoutHandler = safetySwitch.value
    }
    if let disableSafetyTimeout, let current = profile.names.disableSafetyTimeout, current != disableSafetyTimeout.value
    {
      profile.names.disableSafetyTimeout = disableSafetyTimeout.value
    }
    if profile.dispatch == .synchronous {
      profile.safetyTimeoutHandler = nil
      profile.names.disableSafetyTimeout = nil
    }
  }
}
