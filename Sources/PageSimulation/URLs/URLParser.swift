/// The WHATWG basic URL parser, reduced to what navigation URLs need (see
/// ``NavigationURL``): one parse of one input against an optional base.
/// It works on UTF-8 bytes (every character with a meaning to the parser is
/// ASCII), so that a URL carrying a megabyte of JSON costs one pass.
struct URLParser {
  private typealias Bytes = ArraySlice<UInt8>
  private var input: [UInt8]
  private let base: NavigationURL?

  private static let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
  private static let question = UInt8(ascii: "?"), hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":")

  /// Prepares `text`: leading and trailing C0 controls and spaces are cut,
  /// tabs and newlines anywhere removed (as every browser does).
  init(_ text: String, base: NavigationURL?) {
    var bytes = Array(text.utf8)
    let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
    let end = (bytes.lastIndex { $0 > 0x20 }).map { $0 + 1 } ?? start
    bytes = Array(bytes[start..<max(start, end)])
    if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
    input = bytes
    self.base = base
  }

  /// The parsed URL, or nil when the input is not a valid URL.
  func parse() -> NavigationURL? {
    guard let (scheme, rest) = splitScheme() else {
      guard let base else { return nil }
      if case .opaque = base.path {
        guard input.first == Self.hash else { return nil }
        var url = base
        url.fragment = String(percentEncoding: input.dropFirst(), .fragment)
        return url
      }
      return relative(input[...], to: base)
    }
    var url = NavigationURL(scheme: scheme)
    if scheme == "file" { return file(rest, url) }
    if url.isSpecial {
      if let base, base.scheme == scheme { return relative(rest, to: base) }
      return authority(rest.drop { $0 == Self.slash || $0 == Self.backslash }, url)
    }
    if rest.starts(with: [Self.slash, Self.slash]) { return authority(rest.dropFirst(2), url) }
    if rest.first == Self.slash { return pathQueryFragment(rest, url) }
    let end = rest.firstIndex { $0 == Self.question || $0 == Self.hash } ?? rest.endIndex
    url.path = .opaque(String(percentEncoding: rest[..<end], .c0Control))
    return queryFragment(rest[end...], url)
  }

  /// The lower-cased scheme and what follows its colon, when the input
  /// starts with one (an ASCII letter, then letters, digits, `+ - .`).
  private func splitScheme() -> (String, Bytes)? {
    guard let first = input.first, first.isASCIILetter else { return nil }
    let end = input.firstIndex { !($0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E) }
    guard let end, input[end] == Self.colon else { return nil }
    return (String(decoding: input[..<end], as: UTF8.self).lowercased(), input[(end + 1)...])
  }

  /// A URL without a scheme (or with its base's special scheme), resolved
  /// against `base`.
  private func relative(_ rest: Bytes, to base: NavigationURL) -> NavigationURL? {
    var url = base
    url.fragment = nil
    let special = base.isSpecial
    func isSlash(_ byte: UInt8?) -> Bool { byte == Self.slash || (special && byte == Self.backslash) }
    guard let first = rest.first else { return url }
    if isSlash(first) {
      if isSlash(rest.dropFirst().first) {
        let fresh = NavigationURL(scheme: base.scheme)
        if base.scheme == "file" { return file(rest, fresh) }
        return authority(special ? rest.drop(while: isSlash) : rest.dropFirst(2), fresh)
      }
      url.path = .segments([])
      url.query = nil
      return pathQueryFragment(rest, url)
    }
    if first == Self.question || first == Self.hash {
      if first == Self.question { url.query = nil }
      return queryFragment(rest, url)
    }
    url.query = nil
    if case .segments(let segments) = base.path { url.path = .segments(Array(segments.dropLast())) }
    return pathQueryFragment(rest, url, startsRelative: true)
  }

  /// `//host…` after the scheme: userinfo, host and port, then the rest.
  private func authority(_ rest: Bytes, _ start: NavigationURL) -> NavigationURL? {
    var url = start
    let special = url.isSpecial
    let end =
      rest.firstIndex {
        $0 == Self.slash || $0 == Self.question || $0 == Self.hash || (special && $0 == Self.backslash)
      }
      ?? rest.endIndex
    var hostAndPort = rest[..<end]
    if let at = hostAndPort.lastIndex(of: UInt8(ascii: "@")) {
      let userinfo = hostAndPort[..<at]
      let colon = userinfo.firstIndex(of: Self.colon) ?? userinfo.endIndex
      url.username = String(percentEncoding: userinfo[..<colon], .userinfo)
      url.password = String(percentEncoding: userinfo[colon...].dropFirst(), .userinfo)
      hostAndPort = hostAndPort[(at + 1)...]
      guard !hostAndPort.isEmpty else { return nil }
    }
    var inBrackets = false
    var colon: Int?
    for index in hostAndPort.indices {
      switch hostAndPort[index] {
      case UInt8(ascii: "["): inBrackets = true
      case UInt8(ascii: "]"): inBrackets = false
      case Self.colon where !inBrackets: colon = colon ?? index
      default: break
      }
    }
    let hostText = hostAndPort[..<(colon ?? hostAndPort.endIndex)]
    if hostText.isEmpty {
      guard !special, colon == nil, url.username.isEmpty, url.password.isEmpty else { return nil }
      url.host = ""
    } else {
      guard let host = URLHost.parse(hostText, special: special) else { return nil }
      url.host = host
    }
    if let colon {
      let digits = hostAndPort[(colon + 1)...]
      if !digits.isEmpty {
        guard digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let value = digits.drop { $0 == UInt8(ascii: "0") }
        guard value.count <= 5 else { return nil }
        let port = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard port <= 65_535 else { return nil }
        url.port = NavigationURL.defaultPorts[url.scheme] == port ? nil : port
      }
    }
    return pathQueryFragment(rest[end...], url)
  }

  /// `file:` URLs: an optional host after two slashes (`localhost` is
  /// none), then a path.
  private func file(_ rest: Bytes, _ start: NavigationURL) -> NavigationURL? {
    var url = start
    func isSlash(_ byte: UInt8?) -> Bool { byte == Self.slash || byte == Self.backslash }
    url.host = ""
    guard isSlash(rest.first), isSlash(rest.dropFirst().first) else { return pathQueryFragment(rest, url) }
    let afterSlashes = rest.dropFirst(2)
    let end = afterSlashes.firstIndex { isSlash($0) || $0 == Self.question || $0 == Self.hash } ?? afterSlashes.endIndex
    if end > afterSlashes.startIndex {
      guard let host = URLHost.parse(afterSlashes[..<end], special: true) else { return nil }
      url.host = host == "localhost" ? "" : host
    }
    return pathQueryFragment(afterSlashes[end...], url)
  }

  /// A path (absolute, or relative to the segments already in `start`),
  /// then a query and a fragment.
  private func pathQueryFragment(_ rest: Bytes, _ start: NavigationURL, startsRelative: Bool = false) -> NavigationURL?
  {
    var url = start
    let special = url.isSpecial
    func isSlash(_ byte: UInt8) -> Bool { byte == Self.slash || (special && byte == Self.backslash) }
    var segments: [String] = []
    if case .segments(let existing) = url.path { segments = existing }
    let end = rest.firstIndex { $0 == Self.question || $0 == Self.hash } ?? rest.endIndex
    var pathText = rest[..<end]
    if let first = pathText.first, isSlash(first), !startsRelative {
      pathText = pathText.dropFirst()
    } else if pathText.isEmpty, !startsRelative {
      if special { url.path = .segments([""]) }
      return queryFragment(rest[end...], url)
    }
    while true {
      let slash = pathText.firstIndex(where: isSlash)
      let segment = String(percentEncoding: pathText[..<(slash ?? pathText.endIndex)], .path)
      let atEnd = slash == nil
      switch Self.dotSegment(segment) {
      case 2:
        if !segments.isEmpty { segments.removeLast() }
        if atEnd { segments.append("") }
      case 1:
        if atEnd { segments.append("") }
      default:
        segments.append(segment)
      }
      guard let slash else { break }
      pathText = pathText[(slash + 1)...]
    }
    url.path = .segments(segments)
    return queryFragment(rest[end...], url)
  }

  /// 1 for a `.` segment, 2 for a `..` segment (either dot may be `%2e`),
  /// 0 for any other.
  private static func dotSegment(_ segment: String) -> Int {
    guard segment.utf8.count <= 6 else { return 0 }
    switch segment.lowercased() {
    case ".", "%2e": return 1
    case "..", ".%2e", "%2e.", "%2e%2e": return 2
    default: return 0
    }
  }

  /// `?query` and `#fragment`, percent-encoded by their sets.
  private func queryFragment(_ rest: Bytes, _ start: NavigationURL) -> NavigationURL? {
    var url = start
    var rest = rest
    if rest.first == Self.question {
      let end = rest.firstIndex(of: Self.hash) ?? rest.endIndex
      url.query = String(percentEncoding: rest[(rest.startIndex + 1)..<end], url.isSpecial ? .specialQuery : .query)
      rest = rest[end...]
    }
    if rest.first == Self.hash { url.fragment = String(percentEncoding: rest.dropFirst(), .fragment) }
    return url
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
  fileprivate var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
