import Dialects
import JSONModel
import WebViewHosting

/// How page signals reach the bridge: bridge URLs through its navigation
/// policy, script messages through its handler.
extension NativeBridge {
  /// The bridge's navigation decision: bridge URLs are handled and
  /// cancelled, everything else goes to ``appNavigationPolicy``.
  package func decidePolicy(for action: NavigationAction) -> NavigationPolicy {
    let url = classify(action.url)
    if let decided = faults.navigationPolicy(for: action, url: url, app: appNavigationPolicy) { return decided }
    switch url {
    case .notBridge:
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
      log(.warning, .unknownBridgeURL, "unknown bridge URL cancelled: \(LogText.quote(action.url))")
      return .cancel
    }
  }

  /// What a navigation URL is to this bridge: classic URLs as the classic
  /// bridge reads them (``BridgeURL``), others by the profile.
  func classify(_ url: String) -> DialectURL {
    guard Self.hasClassicEndpoints(options.profile) else { return options.profile.classify(navigation: url) }
    switch faults.bridgeURL(url) {
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

  func didReceive(_ message: ScriptMessage) {
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
}
