extension JSONPointer {
  /// The 1-based line of JSON `text` on which the value this pointer names
  /// starts, or nil when the text has no such value (or is not JSON up to
  /// it). The text is walked without building values, so a file of any size
  /// costs one pass; the first member of an object with a repeated key is
  /// the one found.
  package func line(in text: String) -> Int? {
    let bytes = Array(text.utf8)
    var walker = LocationWalker(bytes: bytes)
    guard let offset = walker.locate(tokens[...]) else { return nil }
    return 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }
}

/// Walks JSON bytes to the start of a value (``JSONPointer/line(in:)``).
private struct LocationWalker {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// The offset of the value `tokens` names below the value here.
  mutating func locate(_ tokens: ArraySlice<String>) -> Int? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    guard let token = tokens.first else { return index }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        guard let key = readString() else { return nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        if key == token { return locate(tokens.dropFirst()) }
        guard skipValue() else { return nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
      }
    case UInt8(ascii: "["):
      guard let wanted = Int(token), wanted >= 0, String(wanted) == token else { return nil }
      index += 1
      var position = 0
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
        if position == wanted { return locate(tokens.dropFirst()) }
        guard skipValue() else { return nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        position += 1
      }
    default:
      return nil
    }
  }

  /// Reads a string at `index` (its opening quote), decoding escapes.
  mutating func readString() -> String? {
    index += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "u"):
          guard var value = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            let saved = index
            index += 2
            if let low = hex4(), (0xDC00..<0xE000).contains(low) {
              value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else {
              index = saved
            }
          }
          flush()
          scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        default:
          let map: [UInt8: UInt8] = [
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C,
          ]
          raw.append(map[escape] ?? escape)
        }
      default:
        raw.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { return nil }
    index += 4
    return value
  }

  /// Skips the value at `index`; false when the text ends inside it.
  mutating func skipValue() -> Bool {
    skipWhitespace()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        default:
          break
        }
        index += 1
      }
      return false
    default:
      let ends: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
      while index < bytes.count, !ends.contains(bytes[index]) { index += 1 }
      return true
    }
  }

  /// Skips a string at `index` (its opening quote).
  private mutating func skipString() -> Bool {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        index += 2
      default:
        index += 1
      }
    }
    return false
  }
}
