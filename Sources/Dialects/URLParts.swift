/// The parts of a URL that bridges read: the scheme and the host, both
/// lower-cased (ASCII), as a URL parser reads them; user info, port, path,
/// query and fragment are set aside.
package enum URLParts {
  /// The lower-cased scheme and host of `url`, or nil when it has no
  /// scheme. A URL without an authority (`wvjbscheme:foo`) has an empty
  /// host. `lowercasingHost: false` (FAULT `host-case-sensitive` only)
  /// returns the host as written.
  package static func schemeAndHost(of url: String, lowercasingHost: Bool = true) -> (scheme: String, host: String)? {
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
    return (
      scheme,
      lowercasingHost
        ? lowercased(bytes[hostStart..<hostEnd]) : String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self)
    )
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
