/// The percent-encode sets of the WHATWG URL standard that a navigation URL
/// needs. `%` itself is never encoded: a page's `%zz` reaches the host as
/// written. Sets hold ASCII bytes; every byte of a non-ASCII character
/// (UTF-8) and every C0 control and DEL is in every set.
struct URLPercentEncodeSet: Sendable {
  /// The printable ASCII bytes in the set, as bits (0–63 and 64–127).
  private let low: UInt64
  private let high: UInt64

  private init(_ printable: String) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for byte in printable.utf8 {
      if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
    }
    self.low = low
    self.high = high
  }

  /// C0 controls and everything above U+007E (opaque paths and hosts).
  static let c0Control = URLPercentEncodeSet("")
  /// Fragments: C0 controls, space, `"`, `<`, `>`, `` ` ``.
  static let fragment = URLPercentEncodeSet(" \"<>`")
  /// Queries of non-special URLs: C0 controls, space, `"`, `#`, `<`, `>`.
  static let query = URLPercentEncodeSet(" \"#<>")
  /// Queries of special URLs: the query set and `'`.
  static let specialQuery = URLPercentEncodeSet(" \"#<>'")
  /// Path segments: the query set and `?`, `^`, `` ` ``, `{`, `}`.
  static let path = URLPercentEncodeSet(" \"#<>?^`{}")
  /// Usernames and passwords: the path set and `/ : ; = @ [ \ ] |`.
  static let userinfo = URLPercentEncodeSet(" \"#<>?^`{}/:;=@[\\]|")

  /// Whether `byte` is percent-encoded in this set.
  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    if byte < 0x20 || byte > 0x7E { return true }
    return byte < 64 ? (low >> byte) & 1 == 1 : (high >> (byte - 64)) & 1 == 1
  }
}

extension Array where Element == UInt8 {
  /// Appends `bytes`, each one in `set` as `%XX` (upper-case hex).
  mutating func appendPercentEncoding(_ bytes: ArraySlice<UInt8>, _ set: URLPercentEncodeSet) {
    var start = bytes.startIndex
    for index in bytes.indices where set.contains(bytes[index]) {
      append(contentsOf: bytes[start..<index])
      let byte = bytes[index]
      append(UInt8(ascii: "%"))
      append(URLPercentDecoding.hexDigits[Int(byte >> 4)])
      append(URLPercentDecoding.hexDigits[Int(byte & 0xF)])
      start = index + 1
    }
    append(contentsOf: bytes[start...])
  }
}

extension String {
  /// `bytes` (UTF-8), each one in `set` percent-encoded.
  init(percentEncoding bytes: ArraySlice<UInt8>, _ set: URLPercentEncodeSet) {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    out.appendPercentEncoding(bytes, set)
    self = String(decoding: out, as: UTF8.self)
  }
}

/// Percent-decoding (for hosts of special URLs) and hex digits.
enum URLPercentDecoding {
  /// The upper-case hex digits.
  static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// `bytes` with every valid `%XX` decoded; an invalid sequence stays as
  /// written.
  static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// The value of an ASCII hex digit.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
