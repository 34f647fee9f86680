extension JSONParser {
  /// An error of kind `code` at `offset` (default: the current position).
  func error(_ code: String, _ message: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(code: code, message: message, offset: offset ?? position, in: bytes)
  }

  /// `unexpected-end` at the end of the text.
  func unexpectedEnd() -> JSONParseError {
    JSONParseError(
      code: "unexpected-end", message: "Unexpected end of JSON input", offset: bytes.count,
      in: bytes)
  }

  /// `unexpected-character` at the current position, or `invalid-utf8` if
  /// the bytes there are not well-formed UTF-8.
  func unexpectedCharacter(expecting expected: String) -> JSONParseError {
    if validatesUTF8, bytes[position] >= 0x80, wellFormedSequenceLength(at: position) == nil {
      return invalidUTF8(at: position)
    }
    return error("unexpected-character", "Unexpected \(describeCharacter()), expected \(expected)")
  }

  /// `too-deep` at the current position (an opening bracket).
  func tooDeep() -> JSONParseError {
    error("too-deep", "JSON nested deeper than \(maxDepth) arrays and objects")
  }

  /// `invalid-utf8` at `offset`.
  func invalidUTF8(at offset: Int) -> JSONParseError {
    error("invalid-utf8", "Invalid UTF-8 byte 0x\(hex(bytes[offset]))", at: offset)
  }

  /// The character at the current position, for messages: `character "x"
  /// (U+0078)` for a visible one, `character U+FEFF` for controls, format
  /// characters and spaces, `end of input` past the end.
  func describeCharacter() -> String {
    guard position < bytes.count else { return "end of input" }
    let length = wellFormedSequenceLength(at: position) ?? 1
    let character = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
    guard let scalar = character.unicodeScalars.first else { return "byte" }
    let code = String(scalar.value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse,
      .surrogate,
      .unassigned:
      return "character U+\(padded)"
    default:
      return "character \"\(character)\" (U+\(padded))"
    }
  }

  /// Two uppercase hex digits.
  func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}
