/// Host parsing of the WHATWG URL standard, as far as navigation URLs need
/// it: the serialized host, or nil when the host is invalid (the whole URL
/// is then invalid and no navigation happens).
enum URLHost {
  /// Bytes no host may contain.
  private static let forbiddenHost = Set(" #/:<>?@[\\]^|\t\n\r\0".utf8)

  /// The serialized host of `text` (UTF-8) in a URL whose scheme is
  /// special or not.
  static func parse(_ text: ArraySlice<UInt8>, special: Bool) -> String? {
    if text.first == UInt8(ascii: "[") {
      guard text.count > 2, text.last == UInt8(ascii: "]") else { return nil }
      return ipv6(text.dropFirst().dropLast())
    }
    if !special { return opaque(text) }
    let decoded = String(decoding: URLPercentDecoding.decode(text), as: UTF8.self)
    guard let domain = asciiDomain(decoded) else { return nil }
    if endsInNumber(domain) { return ipv4(domain) }
    return domain
  }

  /// A host of a non-special URL: kept as written (case too), non-ASCII
  /// and controls percent-encoded.
  private static func opaque(_ text: ArraySlice<UInt8>) -> String? {
    guard !text.contains(where: forbiddenHost.contains) else { return nil }
    return String(percentEncoding: text, .c0Control)
  }

  /// A domain in lower case with each non-ASCII label in Punycode (`xn--`);
  /// nil when empty or holding a forbidden code point. (Lower-casing and
  /// Punycode stand in for UTS #46 processing: enough for the corpus.)
  private static func asciiDomain(_ domain: String) -> String? {
    let lowered = domain.lowercased()
    var labels: [String] = []
    for label in lowered.split(separator: ".", omittingEmptySubsequences: false) {
      if label.unicodeScalars.allSatisfy(\.isASCII) {
        labels.append(String(label))
      } else {
        guard let encoded = Punycode.encode(String(label)) else { return nil }
        labels.append("xn--" + encoded)
      }
    }
    let ascii = labels.joined(separator: ".")
    guard !ascii.isEmpty else { return nil }
    let forbidden = ascii.utf8.contains {
      forbiddenHost.contains($0) || $0 < 0x20 || $0 == UInt8(ascii: "%") || $0 == 0x7F
    }
    return forbidden ? nil : ascii
  }

  /// Whether the last label (ignoring one trailing dot) is a number, which
  /// makes the domain an IPv4 address.
  private static func endsInNumber(_ domain: String) -> Bool {
    var labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    if labels.last?.isEmpty == true, labels.count > 1 { labels.removeLast() }
    guard let last = labels.last, !last.isEmpty else { return false }
    if last.allSatisfy(\.isASCIIDigitCharacter) { return true }
    return ipv4Number(last) != nil
  }

  /// An IPv4 address in dotted decimal (`127.1` → `127.0.0.1`); nil when
  /// a part is not a number or out of range.
  private static func ipv4(_ domain: String) -> String? {
    var parts = domain.split(separator: ".", omittingEmptySubsequences: false)
    if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
    guard parts.count <= 4 else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = ipv4Number(part) else { return nil }
      numbers.append(number)
    }
    guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
    let last = numbers.removeLast()
    guard last < UInt64(1) << (8 * (5 - parts.count)) else { return nil }
    var address = last
    for (index, number) in numbers.enumerated() { address += number << (8 * (3 - index)) }
    return (0..<4).map { String(address >> (8 * (3 - $0)) & 0xFF) }.joined(separator: ".")
  }

  /// One part of an IPv4 address: decimal, `0x` hex or `0` octal.
  private static func ipv4Number(_ part: Substring) -> UInt64? {
    guard !part.isEmpty else { return nil }
    var digits = part
    var radix = 10
    if digits.count >= 2, digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      digits = digits.dropFirst(2)
      radix = 16
    } else if digits.count >= 2, digits.hasPrefix("0") {
      digits = digits.dropFirst()
      radix = 8
    }
    if digits.isEmpty { return 0 }
    guard digits.allSatisfy(\.isASCII) else { return nil }
    return UInt64(digits, radix: radix).map { min($0, UInt64(1) << 40) }
  }

  /// An IPv6 address, checked for its characters and lower-cased (not
  /// compressed: none of the corpus needs it).
  private static func ipv6(_ text: ArraySlice<UInt8>) -> String? {
    let allowed = Set("0123456789abcdefABCDEF:.".utf8)
    guard text.contains(UInt8(ascii: ":")), text.allSatisfy(allowed.contains) else { return nil }
    return "[" + String(decoding: text, as: UTF8.self).lowercased() + "]"
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
