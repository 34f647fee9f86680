/// How the native bridge reads a navigation URL.
///
/// Only the scheme and the host matter; both are compared lower-cased
/// (ASCII), and user info, port, path, query and fragment are ignored, so
/// `HTTPS://__WVJB_QUEUE_MESSAGE__/` and `wvjbscheme://__BRIDGE_LOADED__?x`
/// are recognised.
public enum BridgeURL: Sendable, Hashable {
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
  public static let queueMessageHost = "__wvjb_queue_message__"
  /// The host of the injection request URL.
  public static let bridgeLoadedHost = "__bridge_loaded__"
  /// The legacy bridge scheme.
  public static let legacyScheme = "wvjbscheme"

  /// Classifies `url`.
  public init(_ url: String) {
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
  public var isBridgeURL: Bool { self != .notBridge }

  /// The faults that change how URLs are classified.
  static let classificationFaults: Set<NativeBridgeFault> = [
    .hostCaseSensitive, .legacySchemeIgnored, .bridgeURLSubstringMatch, .httpsUnderscoreHostCancelled,
  ]

  /// Classifies `url` as a bridge built with deliberate bugs does
  /// (mutation testing); without the faults concerned, exactly ``init(_:)``.
  /// FAULT `host-case-sensitive`: the host is compared as written, so
  /// `https://__WVJB_QUEUE_MESSAGE__` is an ordinary URL and
  /// `wvjbscheme://__WVJB_QUEUE_MESSAGE__` an unknown bridge command.
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

  /// The lower-cased scheme and host of `url`, or nil when it has no
  /// scheme. A URL without an authority (`wvjbscheme:foo`) has an empty
  /// host. `lowercasingHost: false` (FAULT `host-case-sensitive` only)
  /// returns the host as written.
  static func schemeAndHost(of url: String, lowercasingHost: Bool = true) -> (scheme: String, host: String)? {
    let bytes = Array(url.utf8)
    // Leading and trailing C0 controls and spaces are stripped by URL parsers.
    var start = 0
    while start < bytes.count && bytes[start] <= 0x20 { start += 1 }
    var end = bytes.count
    while end > start && bytes[end - 1] <= 0x20 { end -= 1 }
    guard start < end, isASCIILetter(bytes[start]) else { return nil }
    var index = start
    while index < end, isSchemeCharacter(bytes[index]) { index += 1 }
    guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
    let scheme = lowercased(bytes[start..<index])
    index += 1
    // Special schemes (https) also accept backslashes as slashes.
    let isSlash: (UInt8) -> Bool = { byte in
      byte == UInt8(ascii: "/") || (scheme == "https" && byte == UInt8(ascii: "\\"))
    }
    guard index + 1 < end, isSlash(bytes[index]), isSlash(bytes[index + 1]) else {
      return (scheme, "")
    }
    index += 2
    var authorityEnd = index
    while authorityEnd < end {
      let byte = bytes[authorityEnd]
      if isSlash(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      authorityEnd += 1
    }
    var hostStart = index
    if let at = bytes[index..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
    var hostEnd = authorityEnd
    if hostStart < authorityEnd && bytes[hostStart] == UInt8(ascii: "[") {
      // An IPv6 literal: never a bridge host; keep it whole.
      hostEnd = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? authorityEnd
    } else if let colon = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: ":")) {
      hostEnd = colon
    }
    return (scheme, lowercasingHost ? lowercased(bytes[hostStart..<hostEnd]) : String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self))
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
