/// What a navigation URL is to a bridge of a dialect.
package enum DialectURL: Sendable, Hashable {
  /// A queue signal; `payload` is the encoded text after the signal URL
  /// when the dialect carries messages in the URL, nil otherwise.
  case signal(payload: String?)
  /// A queue returned by navigation: the encoded text after the return URL.
  case returnedQueue(String)
  /// The page asks for (or announces) the page bridge.
  case bridgeLoaded
  /// A URL of the dialect's own custom scheme that is none of the above:
  /// an unknown bridge command (logged and cancelled).
  case unknown
  /// Anything else: the app's navigation.
  case notBridge
}

extension BridgeProfile {
  /// The schemes that only this dialect's bridge uses (not `http`,
  /// `https`), lower-cased: every URL of such a scheme is the bridge's.
  package var customSchemes: Set<String> {
    var urls = signals.filter { $0.kind.isNavigation }.map(\.url)
    if queue == .navigation { urls.append(queueReturnURL) }
    if injectionModes.contains(.bridgeLoaded) { urls.append(bridgeLoadedURL) }
    return Set(urls.compactMap { URLParts.schemeAndHost(of: $0)?.scheme }.filter { $0 != "http" && $0 != "https" })
  }

  /// Whether the signal URLs carry their payload after the URL.
  package var signalCarriesPayload: Bool { queue == .inSignal || queue == .perMessage }

  /// Classifies a navigation URL for this dialect. URLs compare by scheme
  /// and host, lower-cased (and by path when the dialect's URL has one);
  /// a URL carrying a payload (a returned queue, a message in the signal)
  /// compares by prefix, the scheme and host in any case.
  package func classify(navigation url: String) -> DialectURL {
    if queue == .navigation, let payload = Self.payload(of: url, after: queueReturnURL) {
      return .returnedQueue(payload)
    }
    for signal in signals where signal.kind.isNavigation {
      if signalCarriesPayload {
        if let payload = Self.payload(of: url, after: signal.url) { return .signal(payload: payload) }
      } else if Self.sameEndpoint(url, signal.url) {
        return .signal(payload: nil)
      }
    }
    if Self.sameEndpoint(url, bridgeLoadedURL) { return .bridgeLoaded }
    guard let scheme = URLParts.schemeAndHost(of: url)?.scheme else { return .notBridge }
    return customSchemes.contains(scheme) ? .unknown : .notBridge
  }

  /// Whether `url` names the same endpoint as `dialectURL`: same scheme and
  /// host (lower-cased), and, when `dialectURL` has a path other than `/`,
  /// a path that starts with it.
  static func sameEndpoint(_ url: String, _ dialectURL: String) -> Bool {
    guard let mine = URLParts.schemeAndHost(of: dialectURL), let theirs = URLParts.schemeAndHost(of: url),
      mine == theirs
    else { return false }
    let path = pathAfterHost(dialectURL)
    guard path.count > 1 else { return true }
    return pathAfterHost(url).hasPrefix(path)
  }

  /// The text after `prefix` in `url` (scheme and host in any case), or nil
  /// when `url` does not start with it.
  static func payload(of url: String, after prefix: String) -> String? {
    guard !prefix.isEmpty, url.utf8.count >= prefix.utf8.count else { return nil }
    let head = url.utf8.prefix(prefix.utf8.count)
    let lowered = { (bytes: Substring.UTF8View) -> [UInt8] in
      bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    }
    guard lowered(Substring(url).utf8.prefix(head.count)) == lowered(Substring(prefix).utf8) else { return nil }
    return String(Substring(url).utf8.dropFirst(prefix.utf8.count))
  }

  /// The path of a URL with an authority (`yy://return/_fetchQueue/x` →
  /// `/_fetchQueue/x`); empty when there is none.
  static func pathAfterHost(_ url: String) -> String {
    guard let separator = url.range(of: "://") else { return "" }
    let rest = url[separator.upperBound...]
    guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), rest[slash] == "/" else {
      return ""
    }
    return String(rest[slash...])
  }
}
