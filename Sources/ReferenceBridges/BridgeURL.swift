import Dialects

/// How the native bridge reads a navigation URL.
///
/// Only the scheme and the host matter; both are compared lower-cased
/// (ASCII), and user info, port, path, query and fragment are ignored, so
/// `HTTPS://__WVJB_QUEUE_MESSAGE__/` and `wvjbscheme://__BRIDGE_LOADED__?x`
/// are recognised.
package enum BridgeURL: Sendable, Hashable {
  /// `https` or `wvjbscheme` with host `__wvjb_queue_message__`: the page
  /// has queued messages; fetch them.
  case queueMessage
  /// `https` or `wvjbscheme` with host `__bridge_loaded__`: the page asks
  /// for the page bridge (or, with document-start injection, announces it).
  case bridgeLoaded
  /// A `wvjbscheme` URL with any other host (or none): an unknown bridge
  /// command. Logged and cancelled.
  case unknown
  /// Everything else, `about:blank` and every `https` URL with another
  /// host (`https://__something_else__/` included) among them: the app's
  /// navigation.
  case notBridge

  /// The host of the queue signal URL.
  package static let queueMessageHost = "__wvjb_queue_message__"
  /// The host of the injection request URL.
  package static let bridgeLoadedHost = "__bridge_loaded__"
  /// The legacy bridge scheme.
  package static let legacyScheme = "wvjbscheme"

  /// Classifies `url`.
  package init(_ url: String) {
    guard let (scheme, host) = Self.schemeAndHost(of: url) else {
      self = .notBridge
      return
    }
    guard scheme == "https" || scheme == Self.legacyScheme else {
      self = .notBridge
      return
    }
    switch host {
    case Self.queueMessageHost:
      self = .queueMessage
    case Self.bridgeLoadedHost:
      self = .bridgeLoaded
    default:
      self = scheme == Self.legacyScheme ? .unknown : .notBridge
    }
  }

  /// Whether the bridge handles this URL itself (and cancels it).
  package var isBridgeURL: Bool { self != .notBridge }

  /// The faults that change how URLs are classified.
  static let classificationFaults: Set<NativeBridgeFault> = [
    .hostCaseSensitive, .legacySchemeIgnored, .bridgeURLSubstringMatch, .httpsUnderscoreHostCancelled,
  ]

  /// Classifies `url` as a bridge built with deliberate bugs does
  /// (mutation testing); without the faults concerned, exactly ``init(_:)``.
  /// FAULT `host-case-sensitive`: the host is compared as written, so
  /// `wvjbscheme://__WVJB_QUEUE_MESSAGE__` is an unknown bridge command
  /// (and `HTTPS://__WVJB_QUEUE_MESSAGE__` an ordinary URL, which no real
  /// web view hands over: it lowers an https host first, while a
  /// non-special scheme's host keeps its case).
  /// FAULT `legacy-scheme-ignored`: `wvjbscheme` URLs are not bridge URLs.
  /// FAULT `bridge-url-substring-match`: a URL whose text contains a bridge
  /// host anywhere (path, query) is that bridge URL.
  /// FAULT `https-underscore-host-cancelled`: an `https` URL whose host
  /// starts with `__` is an unknown bridge command.
  init(_ url: String, faults: Set<NativeBridgeFault>) {
    guard !faults.isDisjoint(with: Self.classificationFaults) else {
      self.init(url)
      return
    }
    if faults.contains(.bridgeURLSubstringMatch) {
      let text = url.lowercased()
      if text.contains(Self.queueMessageHost) {
        self = .queueMessage
        return
      }
      if text.contains(Self.bridgeLoadedHost) {
        self = .bridgeLoaded
        return
      }
    }
    let caseSensitive = faults.contains(.hostCaseSensitive)
    let ignoresLegacy = faults.contains(.legacySchemeIgnored)
    guard let (scheme, host) = Self.schemeAndHost(of: url, lowercasingHost: !caseSensitive),
      scheme == "https" || (scheme == Self.legacyScheme && !ignoresLegacy)
    else {
      self = .notBridge
      return
    }
    switch host {
    case Self.queueMessageHost: self = .queueMessage
    case Self.bridgeLoadedHost: self = .bridgeLoaded
    default:
      let underscoreHost = faults.contains(.httpsUnderscoreHostCancelled) && host.hasPrefix("__")
      self = scheme == Self.legacyScheme || underscoreHost ? .unknown : .notBridge
    }
  }

  /// The lower-cased scheme and host of `url` (see ``URLParts``).
  static func schemeAndHost(of url: String, lowercasingHost: Bool = true) -> (scheme: String, host: String)? {
    URLParts.schemeAndHost(of: url, lowercasingHost: lowercasingHost)
  }
}
