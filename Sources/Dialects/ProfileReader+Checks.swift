import JSONModel

/// The checks across members: combinations that contradict each other and
/// mechanisms the harness cannot honour are problems at load, never a
/// silent allow.
extension ProfileReader {
  /// The host of the simulated page's own document: a signal there would be
  /// the app's navigation, not the bridge's.
  static let pageHost = "app.bridgecheck.test"
  /// Schemes a web view never asks its navigation delegate about, or that
  /// are the page's own content: a bridge cannot signal with them.
  static let unusableSchemes: Set<String> = ["javascript", "about", "data", "blob", "file"]

  mutating func check(_ profile: BridgeProfile) {
    let root = JSONPointer.root
    for (index, signal) in profile.signals.enumerated() where signal.kind.isNavigation {
      checkURL(
        signal.url, at: root.appending("signals").appending(String(index)).appending("url"), what: "a signal URL")
    }
    if profile.queue == .navigation {
      let at = root.appending("queue").appending("url")
      checkURL(profile.queueReturnURL, at: at, what: "the queue return URL")
      for signal in profile.signals
      where signal.kind.isNavigation && BridgeProfile.sameEndpoint(profile.queueReturnURL, signal.url)
        && BridgeProfile.pathAfterHost(signal.url).count <= 1
      {
        problem(
          at, "bad-url", "the return URL cannot be told from the signal URL \(signal.url)",
          hint: "give one of them its own host or path")
      }
    }
    if profile.injectionModes.contains(.bridgeLoaded) {
      let index = profile.injectionModes.firstIndex(of: .bridgeLoaded) ?? 0
      let at = root.appending("injections").appending(String(index)).appending("url")
      checkURL(profile.bridgeLoadedURL, at: at, what: "the bridge-loaded URL")
      if profile.signals.contains(where: {
        $0.kind.isNavigation && BridgeProfile.sameEndpoint(profile.bridgeLoadedURL, $0.url)
      }) {
        problem(at, "bad-url", "the bridge-loaded URL is also a signal URL", hint: "give each its own host")
      }
    }
    if profile.signalCarriesPayload, profile.signals.contains(where: { $0.kind == .iframe }),
      profile.queue == .inSignal
    {
      // A queue in an iframe URL is fine; nothing to refuse. Kept explicit:
      // coalescing may then lose a whole batch, which is the bridge's risk.
    }
    if profile.queue.fetches == false, profile.names.fetchQueue != BridgeProfile.classic.names.fetchQueue {
      problem(
        root.appending("names").appending("fetchQueue"), "conflicting-members",
        "a dialect whose signal carries its messages has no fetch call",
        hint: "remove \"fetchQueue\", or say \"return\": \"fetch\"")
    }
    if (profile.names.callbacksArray == nil) != (profile.names.setupFunction == nil) {
      problem(
        root.appending("names").appending(profile.names.callbacksArray == nil ? "setupFunction" : "callbacksArray"),
        "conflicting-members",
        "a setup function and a callbacks array go together",
        hint: "the setup function keeps callbacks in the array until the bridge exists: name both, or set both to null")
    }
    if profile.dispatch == .synchronous && profile.safetyTimeoutHandler != nil {
      problem(
        root.appending("dispatch").appending("switch"), "conflicting-members",
        "synchronous dispatch has no safety timeout to switch off",
        hint: "set \"switch\" to null")
    }
    if profile.safetyTimeoutHandler == nil, profile.names.disableSafetyTimeout != nil, profile.dispatch == .synchronous
    {
      problem(
        root.appending("names").appending("disableSafetyTimeout"), "conflicting-members",
        "synchronous dispatch has no safety timeout to switch off",
        hint: "set it to null")
    }
    checkHostCalls(profile)
    checkTypedMessages(profile)
    if profile.injectionModes.contains(.onPost) && profile.injectHandlerName.isEmpty {
      problem(root.appending("injections"), "missing-field", "on-post injection needs the handler's name")
    }
    if profile.envelope != nil && profile.queue == .fetch && profile.encoding == .json {
      // An envelope around a fetched queue is allowed (the page returns the
      // envelope's text); nothing to refuse.
    }
  }

  private mutating func checkURL(_ url: String, at pointer: JSONPointer, what: String) {
    guard let (scheme, host) = URLParts.schemeAndHost(of: url), url.contains("://") else {
      problem(
        pointer, "bad-url", "\(what) must be an absolute URL with a scheme and a host",
        hint: "e.g. \"yy://__QUEUE_MESSAGE__/\"")
      return
    }
    if Self.unusableSchemes.contains(scheme) {
      problem(
        pointer, "bad-url", "\(what) has the scheme \(scheme):, which never reaches a navigation delegate",
        hint: "use a scheme of the bridge's own (e.g. yy://) or https with a host of its own")
    }
    if (scheme == "http" || scheme == "https") && (host.isEmpty || host == Self.pageHost) {
      problem(
        pointer, "bad-url",
        "\(what) must name a host of the bridge's own, not \(host.isEmpty ? "no host" : "the page's host \(host)")",
        hint: "e.g. https://__wvjb_queue_message__")
    }
  }
}
