import JSONModel

/// The parts of a URL as the `URL` interface (and `Location`) reads them.
extension NavigationURL {
  /// `https://host:port` for a URL of a special scheme with a host
  /// (`file` aside), the origin of the URL inside a `blob:` URL, else `null`
  /// (an opaque origin, as for `data:`).
  package var origin: String {
    if scheme == "blob", case .opaque(let inner) = path, let url = NavigationURL(inner),
      url.scheme == "http" || url.scheme == "https"
    {
      return url.origin
    }
    guard isSpecial, scheme != "file", let host else { return "null" }
    return scheme + "://" + host + (port.map { ":\($0)" } ?? "")
  }

  /// The path as `pathname` reads it.
  var pathname: String {
    switch path {
    case .opaque(let opaque): return opaque
    case .segments(let segments): return segments.map { "/" + $0 }.joined()
    }
  }

  /// `href`, `origin`, `protocol`, `username`, `password`, `host`,
  /// `hostname`, `port`, `pathname`, `search` and `hash`, as WebKit's `URL` gives them.
  var components: JSONObject {
    let hostText = host ?? ""
    return [
      "href": .string(serialized),
      "origin": .string(origin),
      "protocol": .string(scheme + ":"),
      "username": .string(username),
      "password": .string(password),
      "host": .string(hostText + (port.map { ":\($0)" } ?? "")),
      "hostname": .string(hostText),
      "port": .string(port.map(String.init) ?? ""),
      "pathname": .string(pathname),
      "search": .string(query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""),
      "hash": .string(fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? ""),
    ]
  }
}
