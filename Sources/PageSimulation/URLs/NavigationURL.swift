/// A URL as a real web view hands it to the host's navigation policy.
///
/// WebKit parses every URL a page navigates to (an iframe's `src`,
/// `location.href`, `location.assign`/`replace`) by the WHATWG URL
/// standard and gives the host its serialization, never the string the page
/// wrote: special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`) get
/// their scheme and host lower-cased, a default port dropped and an empty
/// path turned into `/`; other schemes are lower-cased in the scheme only;
/// some characters are percent-encoded, tabs and newlines dropped, and
/// relative URLs resolved against the page. A URL that does not parse
/// causes no navigation request at all.
///
/// This type implements the part of the standard that the measured corpus
/// (`Tests/PageSimulationTests/Resources/webkit-url-serialization.json`)
/// needs; it does not use Foundation's `URL`, whose rules differ.
package struct NavigationURL: Sendable, Hashable {
  /// The scheme, in lower case.
  package private(set) var scheme: String
  var username = ""
  var password = ""
  /// The serialized host; nil for URLs without one (`about:blank`).
  var host: String?
  var port: Int?
  var path: URLPath = .segments([])
  var query: String?
  var fragment: String?

  /// The path of a URL: segments, or one opaque string (`about:blank`,
  /// `javascript:…`, `myapp:action`).
  enum URLPath: Sendable, Hashable {
    case segments([String])
    case opaque(String)
  }

  init(scheme: String) { self.scheme = scheme }

  /// Parses `text` as the page wrote it, resolving it against `base` (the
  /// page's URL); nil when WebKit would not navigate (an invalid URL).
  package init?(_ text: String, base: NavigationURL? = nil) {
    guard let url = NavigationURLCache.url(text, base: base, parse: { URLParser(text, base: base).parse() }) else {
      return nil
    }
    self = url
  }

  /// Whether the scheme is one of the special ones.
  package var isSpecial: Bool { Self.defaultPorts.keys.contains(scheme) }

  /// The special schemes and their default ports (`file` has none).
  static let defaultPorts: [String: Int?] = [
    "http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": nil,
  ]

  /// The URL's serialization (its `href`), as the host receives it.
  package var serialized: String {
    var text = scheme + ":"
    if let host {
      text += "//"
      if !username.isEmpty || !password.isEmpty {
        text += username
        if !password.isEmpty { text += ":" + password }
        text += "@"
      }
      text += host
      if let port { text += ":\(port)" }
    }
    switch path {
    case .opaque(let opaque):
      text += opaque
    case .segments(let segments):
      if host == nil, segments.count > 1, segments[0].isEmpty { text += "/." }
      for segment in segments { text += "/" + segment }
    }
    if let query { text += "?" + query }
    if let fragment { text += "#" + fragment }
    return text
  }
}

extension NavigationURL: CustomStringConvertible {
  package var description: String { serialized }
}
