/// A `data:` URL decoded as WebKit fetches one (the WHATWG fetch standard's
/// data: URL processor): the media type before the comma (lower-cased,
/// `text/plain` when empty), and the body, percent-decoded, then
/// base64-decoded when the media type ends in `;base64`.
struct DataURL: Sendable, Hashable {
  /// The essence of the media type, e.g. `text/javascript`.
  var mimeType: String
  /// The decoded body.
  var body: [UInt8]

  /// Decodes `url` (its serialization); nil when it is no data: URL or its
  /// base64 is invalid (a network error in WebKit).
  init?(_ url: String) {
    guard url.lowercased().hasPrefix("data:") else { return nil }
    var rest = Substring(url.dropFirst(5))
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    guard let comma = rest.firstIndex(of: ",") else { return nil }
    var type = rest[..<comma].trimmingPrefix(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
    while let last = type.last, last == " " || last == "\t" || last == "\n" { type = type.dropLast() }
    let body = Self.percentDecoded(rest[rest.index(after: comma)...])
    var isBase64 = false
    var mediaType = String(type)
    if let semicolon = mediaType.lastIndex(of: ";") {
      let parameter = mediaType[mediaType.index(after: semicolon)...].trimmingPrefix(while: { $0 == " " })
      if parameter.lowercased() == "base64" {
        isBase64 = true
        mediaType = String(mediaType[..<semicolon])
      }
    }
    if mediaType.hasPrefix(";") { mediaType = "text/plain" + mediaType }
    let essence =
      mediaType.split(separator: ";", maxSplits: 1).first.map {
        String($0).trimmingCharacters(in: " \t").lowercased()
      } ?? ""
    mimeType = essence.contains("/") ? essence : "text/plain"
    if isBase64 {
      guard let decoded = Self.forgivingBase64(body) else { return nil }
      self.body = decoded
    } else {
      self.body = body
    }
  }

  private static func percentDecoded(_ text: Substring) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
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

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The infra standard's forgiving-base64 decode; nil on failure.
  static func forgivingBase64(_ input: [UInt8]) -> [UInt8]? {
    var data = input.filter { ![0x09, 0x0A, 0x0C, 0x0D, 0x20].contains($0) }
    if data.count % 4 == 0 {
      if data.last == UInt8(ascii: "=") { data.removeLast() }
      if data.last == UInt8(ascii: "=") { data.removeLast() }
    }
    guard data.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for byte in data {
      let value: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      default: return nil
      }
      buffer = buffer << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return out
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var text = self
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return text
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(Substring(self).trimmingCharacters(in: set))
  }
}
