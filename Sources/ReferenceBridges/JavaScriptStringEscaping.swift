/// Escaping of arbitrary text for the body of a single-quoted JavaScript
/// string literal, valid in every engine, pre-ES2019 ones included.
///
/// One pass over the UTF-8 bytes of the text. Escaped:
///
/// | input | output |
/// |---|---|
/// | `\` | `\\` |
/// | `'` | `\'` |
/// | `"` | `\"` (not required inside `'…'`; classic bridges do it, it is harmless) |
/// | LF, CR, FF | `\n`, `\r`, `\f` |
/// | U+2028, U+2029 | `\u2028`, `\u2029` (line terminators before ES2019) |
/// | every other U+0000–U+001F, U+007F–U+009F | `\u00xx` (lowercase hex) |
///
/// Everything else is copied unchanged, byte for byte. The `\uXXXX` form is
/// used for other controls because `\0` followed by a digit would be a legacy
/// octal escape. The output contains no raw line terminator (LF, CR, U+2028,
/// U+2029) and no raw control character, so evaluating `'` + body + `'`
/// gives back exactly the input.
///
/// Lone UTF-16 surrogates cannot occur: a Swift `String` holds Unicode
/// scalars only (anything that would be a lone surrogate was already
/// replaced by U+FFFD when the string was made), so the output never
/// contains one either.
package enum JavaScriptStringEscaping {
  /// The body of a single-quoted literal whose value is `text`.
  package static func singleQuotedLiteralBody(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      makeString(prefix: [], body: bytes, suffix: [])
    }
  }

  /// `prefix` + escaped `body` + `suffix`, built in one allocation.
  /// `prefix` and `suffix` are copied unchanged (they must be valid UTF-8).
  static func makeString(
    prefix: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>
  ) -> String {
    let bodyCount = escapedCount(of: body)
    let total = prefix.count + bodyCount + suffix.count
    return String(unsafeUninitializedCapacity: total) { output in
      var position = 0
      for byte in prefix {
        output[position] = byte
        position += 1
      }
      position = writeEscaped(body, to: output, at: position)
      for byte in suffix {
        output[position] = byte
        position += 1
      }
      return position
    }
  }

  static func makeString(prefix: [UInt8], body: UnsafeBufferPointer<UInt8>, suffix: [UInt8]) -> String {
    prefix.withUnsafeBufferPointer { prefix in
      suffix.withUnsafeBufferPointer { suffix in
        makeString(prefix: prefix, body: body, suffix: suffix)
      }
    }
  }

  // MARK: - The scanner

  /// What to do with a byte: 0 copy, 1 short escape (`\` + one character),
  /// 2 `\u00xx`, 3 look at the following bytes (a lead byte that may start
  /// U+0080–U+009F or U+2028/U+2029).
  private static let action: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in 0..<0x20 { table[byte] = 2 }
    table[0x7F] = 2
    for byte in [UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), 0x0A, 0x0D, 0x0C] {
      table[Int(byte)] = 1
    }
    table[0xC2] = 3
    table[0xE2] = 3
    return table
  }()

  /// The character written after the backslash of a short escape.
  @inline(__always)
  private static func shortEscape(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    case 0x0C: UInt8(ascii: "f")
    default: byte  // \ ' "
    }
  }

  /// The special sequence starting at `index` (whose byte has action 3):
  /// its length in bytes and the code point to write as `\uXXXX`, or nil
  /// when the bytes are an ordinary character.
  @inline(__always)
  private static func special(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, scalar: UInt32)? {
    let lead = bytes[index]
    if lead == 0xC2 {
      // U+0080–U+009F are C2 80 – C2 9F.
      guard index + 1 < bytes.count else { return nil }
      let next = bytes[index + 1]
      guard next >= 0x80 && next <= 0x9F else { return nil }
      return (2, UInt32(next))
    }
    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return nil }
    let last = bytes[index + 2]
    guard last == 0xA8 || last == 0xA9 else { return nil }
    return (3, 0x2000 | UInt32(last - 0xA8 + 0x28))
  }

  /// How many bytes each byte adds when escaped: 0, 1 (short escape), 5
  /// (`\u00xx`), or 0xFF for a lead byte that needs a look at the next bytes.
  private static let extraLength: [UInt8] = action.map { action in
    switch action {
    case 0: 0
    case 1: 1
    case 2: 5
    default: 0xFF
    }
  }

  /// The length of the escaped form of `bytes`.
  static func escapedCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let end = bytes.count
    var count = end
    var index = 0
    extraLength.withUnsafeBufferPointer { table in
      while index < end {
        let extra = table[Int(base[index])]
        if extra != 0xFF {
          count &+= Int(extra)
          index &+= 1
        } else if let special = special(bytes, at: index) {
          count += 6 - special.length
          index += special.length
        } else {
          index += 1
        }
      }
    }
    return count
  }

  /// Writes the escaped form of `bytes` into `output` from `start`; returns
  /// the position after the last byte written.
  private static func writeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    let hex: StaticString = "0123456789abcdef"
    let digits = hex.utf8Start
    var position = start
    var index = 0
    let end = bytes.count
    guard let base = output.baseAddress else { return position }
    action.withUnsafeBufferPointer { table in
      @inline(__always) func writeUnicodeEscape(_ scalar: UInt32) {
        base[position] = UInt8(ascii: "\\")
        base[position + 1] = UInt8(ascii: "u")
        base[position + 2] = digits[Int((scalar >> 12) & 0xF)]
        base[position + 3] = digits[Int((scalar >> 8) & 0xF)]
        base[position + 4] = digits[Int((scalar >> 4) & 0xF)]
        base[position + 5] = digits[Int(scalar & 0xF)]
        position += 6
      }
      while index < end {
        // Copy the run of bytes that need nothing in one go.
        var runEnd = index
        while runEnd < end && table[Int(bytes[runEnd])] == 0 { runEnd += 1 }
        if runEnd > index, let source = bytes.baseAddress {
          (base + position).update(from: source + index, count: runEnd - index)
          position += runEnd - index
          index = runEnd
        }
        guard index < end else { break }
        let byte = bytes[index]
        switch table[Int(byte)] {
        case 1:
          base[position] = UInt8(ascii: "\\")
          base[position + 1] = shortEscape(byte)
          position += 2
          index += 1
        case 2:
          writeUnicodeEscape(UInt32(byte))
          index += 1
        default:
          if let special = special(bytes, at: index) {
            writeUnicodeEscape(special.scalar)
            index += special.length
          } else {
            base[position] = byte
            position += 1
            index += 1
          }
        }
      }
    }
    return position
  }
}

/// The body of a single-quoted JavaScript string literal whose value is
/// `text`; see ``JavaScriptStringEscaping``.
package func javaScriptStringLiteralBody(_ text: String) -> String {
  JavaScriptStringEscaping.singleQuotedLiteralBody(text)
}

// MARK: - Mutation-testing faults (NativeBridgeFault)

extension JavaScriptStringEscaping {
  /// The faults that change the escaping.
  static let escapingFaults: Set<NativeBridgeFault> = [
    .lineSeparatorsNotEscaped, .singleQuoteNotEscaped, .controlsNotEscaped,
  ]

  /// The literal body of `text` as a bridge with `faults` escapes it: the
  /// table above, scalar by scalar (the fast path stays untouched), except
  /// FAULT `line-separators-not-escaped`: U+2028 and U+2029 are copied raw;
  /// FAULT `single-quote-not-escaped`: `'` is copied raw;
  /// FAULT `controls-not-escaped`: C0 controls other than LF, CR and FF, and
  /// U+007F–U+009F, are copied raw (the classic escape list only).
  /// Without those faults the result equals ``singleQuotedLiteralBody(_:)``.
  static func singleQuotedLiteralBody(_ text: String, faults: Set<NativeBridgeFault>) -> String {
    let hex = Array("0123456789abcdef")
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x5C: output += "\\\\"
      case 0x27: output += faults.contains(.singleQuoteNotEscaped) ? "'" : "\\'"
      case 0x22: output += "\\\""
      case 0x0A: output += "\\n"
      case 0x0D: output += "\\r"
      case 0x0C: output += "\\f"
      case 0x2028, 0x2029:
        output += faults.contains(.lineSeparatorsNotEscaped) ? String(scalar) : "\\u\(String(scalar.value, radix: 16))"
      case 0x00...0x1F, 0x7F...0x9F:
        if faults.contains(.controlsNotEscaped) {
          output.unicodeScalars.append(scalar)
          continue
        }
        output += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
