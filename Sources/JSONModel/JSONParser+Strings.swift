extension JSONParser {
  /// Reads a string whose opening quote is at `position`, leaving
  /// `position` after the closing quote.
  ///
  /// Runs without escapes become `String`s in one bulk copy. `\uXXXX`
  /// escapes that form a surrogate pair become one astral scalar; a lone
  /// surrogate escape becomes U+FFFD.
  mutating func readString() throws(JSONParseError) -> String {
    let opening = position
    position += 1
    let start = position
    let base = bytes.baseAddress!
    while position < bytes.count {
      position = JSONStringScan.endOfPlainRun(
        in: base, from: position, to: bytes.count, stopsAtNonASCII: validatesUTF8)
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let string = String(decoding: bytes[start..<position], as: UTF8.self)
        position += 1
        return string
      } else if byte == UInt8(ascii: "\\") {
        scratch.removeAll()
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        return try readEscapedString(opening: opening)
      } else if byte < 0x20 {
        throw controlCharacter()
      } else if byte >= 0x80 && validatesUTF8 {
        guard let length = wellFormedSequenceLength(at: position) else {
          throw invalidUTF8(at: position)
        }
        position += length
      } else {
        position += 1
      }
    }
    throw unterminatedString(opening: opening)
  }

  /// Continues a string at its first backslash, collecting its UTF-8 in
  /// `scratch`.
  mutating func readEscapedString(opening: Int) throws(JSONParseError) -> String {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return scratch.makeString()
      } else if byte == UInt8(ascii: "\\") {
        try readEscape(opening: opening)
      } else if byte < 0x20 {
        throw controlCharacter()
      } else {
        // Copy the run up to the next quote, backslash or control character.
        let runStart = position
        while position < bytes.count {
          position = JSONStringScan.endOfPlainRun(
            in: bytes.baseAddress!, from: position, to: bytes.count, stopsAtNonASCII: validatesUTF8)
          guard position < bytes.count else { break }
          let next = bytes[position]
          if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
          if next >= 0x80 && validatesUTF8 {
            guard let length = wellFormedSequenceLength(at: position) else {
              throw invalidUTF8(at: position)
            }
            position += length
          } else {
            position += 1
          }
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
      }
    }
    throw unterminatedString(opening: opening)
  }

  /// Reads one escape sequence starting at the backslash at `position` and
  /// appends its UTF-8 to `scratch`.
  mutating func readEscape(opening: Int) throws(JSONParseError) {
    let backslash = position
    guard position + 1 < bytes.count else { throw unterminatedString(opening: opening) }
    let replacement: UInt8
    switch bytes[position + 1] {
    case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
    case UInt8(ascii: "b"): replacement = 0x08
    case UInt8(ascii: "f"): replacement = 0x0C
    case UInt8(ascii: "n"): replacement = 0x0A
    case UInt8(ascii: "r"): replacement = 0x0D
    case UInt8(ascii: "t"): replacement = 0x09
    case UInt8(ascii: "u"):
      let unit = try readHexUnit(at: backslash, opening: opening)
      position += 6
      appendScalar(for: unit)
      return
    default:
      throw invalidEscape(at: backslash)
    }
    scratch.append(replacement)
    position += 2
  }

  /// Appends the scalar for the UTF-16 unit `unit` just read, pairing a high
  /// surrogate with an immediately following `\uDC00`–`\uDFFF` escape.
  mutating func appendScalar(for unit: UInt16) {
    var value = UInt32(unit)
    if UTF16.isLeadSurrogate(unit) {
      if let trail = peekTrailSurrogate() {
        value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
        position += 6
      } else {
        value = 0xFFFD
      }
    } else if UTF16.isTrailSurrogate(unit) {
      value = 0xFFFD
    }
    appendUTF8(of: value)
  }

  /// Appends the UTF-8 encoding of the scalar value `value` to `scratch`.
  mutating func appendUTF8(of value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(value))
    case 0x80..<0x800:
      scratch.append(0xC0 | UInt8(value >> 6))
      scratch.append(0x80 | UInt8(value & 0x3F))
    case 0x800..<0x10000:
      scratch.append(0xE0 | UInt8(value >> 12))
      scratch.append(0x80 | UInt8((value >> 6) & 0x3F))
      scratch.append(0x80 | UInt8(value & 0x3F))
    default:
      scratch.append(0xF0 | UInt8(value >> 18))
      scratch.append(0x80 | UInt8((value >> 12) & 0x3F))
      scratch.append(0x80 | UInt8((value >> 6) & 0x3F))
      scratch.append(0x80 | UInt8(value & 0x3F))
    }
  }

  /// The trail surrogate of a `\uXXXX` escape at `position`, if one is
  /// there; consumes nothing.
  func peekTrailSurrogate() -> UInt16? {
    guard position + 6 <= bytes.count,
      bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    else { return nil }
    var unit: UInt16 = 0
    for offset in (position + 2)..<(position + 6) {
      guard let digit = hexValue(bytes[offset]) else { return nil }
      unit = unit << 4 | UInt16(digit)
    }
    return UTF16.isTrailSurrogate(unit) ? unit : nil
  }

  /// The four hex digits after the `\u` at `backslash`.
  func readHexUnit(at backslash: Int, opening: Int) throws(JSONParseError) -> UInt16 {
    var unit: UInt16 = 0
    for offset in (backslash + 2)..<(backslash + 6) {
      guard offset < bytes.count else { throw unterminatedString(opening: opening) }
      guard let digit = hexValue(bytes[offset]) else { throw invalidEscape(at: backslash) }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// The value of one hex digit (either case), or `nil`.
  func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `control-character-in-string` at the current position.
  func controlCharacter() -> JSONParseError {
    error(
      "control-character-in-string",
      "Unescaped control character U+00\(hex(bytes[position])) in string")
  }

  /// `unterminated-string` at the opening quote.
  func unterminatedString(opening: Int) -> JSONParseError {
    error(
      "unterminated-string", "String is not terminated before the end of the input", at: opening)
  }

  /// `invalid-escape` at the backslash.
  func invalidEscape(at backslash: Int) -> JSONParseError {
    let isUnicode = backslash + 1 < bytes.count && bytes[backslash + 1] == UInt8(ascii: "u")
    let end = min(bytes.count, backslash + (isUnicode ? 6 : 2))
    let shown = String(decoding: bytes[backslash..<end], as: UTF8.self)
    return error("invalid-escape", "Invalid escape sequence starting with \(shown)", at: backslash)
  }
}
