extension JSONParser {
  /// Reads a number whose first byte (`-` or a digit) is at `position`.
  ///
  /// The result is the correctly rounded `Double`, as in JavaScript: exact
  /// small cases are computed directly, everything else goes through
  /// `Double(String)`. `-0` gives negative zero; a magnitude too large for a
  /// `Double` gives `±infinity`, one too small gives `±0`.
  mutating func readNumber() throws(JSONParseError) -> Double {
    let start = position
    let isNegative = bytes[position] == UInt8(ascii: "-")
    if isNegative { position += 1 }

    // Significant digits (up to 19) accumulate in `mantissa`; `scale` is the
    // power of ten that the mantissa must be multiplied by.
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var droppedDigits = false
    var scale = 0

    guard position < bytes.count else { throw invalidNumber("a digit") }
    let first = bytes[position]
    if first == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw invalidNumber("no leading zero")
      }
    } else if isDigit(first) {
      while position < bytes.count, isDigit(bytes[position]) {
        if !accumulate(bytes[position], into: &mantissa, &significantDigits, &droppedDigits) {
          scale += 1
        }
        position += 1
      }
    } else {
      throw invalidNumber("a digit")
    }

    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw invalidNumber("a digit after the decimal point")
      }
      while position < bytes.count, isDigit(bytes[position]) {
        if accumulate(bytes[position], into: &mantissa, &significantDigits, &droppedDigits) {
          scale -= 1
        }
        position += 1
      }
    }

    var exponent = 0
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      var exponentIsNegative = false
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        exponentIsNegative = bytes[position] == UInt8(ascii: "-")
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw invalidNumber("a digit in the exponent")
      }
      while position < bytes.count, isDigit(bytes[position]) {
        // Saturate: anything this large is already 0 or infinity.
        exponent = min(exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")), 1_000_000)
        position += 1
      }
      if exponentIsNegative { exponent = -exponent }
    }

    if mantissa == 0 {
      // All digits are zero (droppedDigits is never set before a nonzero one).
      return isNegative ? -0.0 : 0.0
    }
    if !droppedDigits, let exact = JSONParser.exactValue(mantissa, scale: scale + exponent) {
      return isNegative ? -exact : exact
    }
    let lexeme = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(lexeme) else {
      throw error("invalid-number", "Number \(lexeme) cannot be converted", at: start)
    }
    return value
  }

  /// Adds one digit to the mantissa and returns `true`, or notes that it
  /// had to be dropped and returns `false`. Leading zeros are not
  /// significant and are not counted.
  func accumulate(
    _ byte: UInt8, into mantissa: inout UInt64, _ significantDigits: inout Int,
    _ droppedDigits: inout Bool
  ) -> Bool {
    let digit = UInt64(byte - UInt8(ascii: "0"))
    if significantDigits < 19 {
      mantissa = mantissa * 10 + digit
      if mantissa != 0 { significantDigits += 1 }
      return true
    }
    droppedDigits = true
    return false
  }

  /// `mantissa × 10^scale` when both factors are exact `Double`s, so that
  /// one IEEE multiplication or division rounds correctly (Clinger's fast
  /// path); `nil` otherwise.
  static func exactValue(_ mantissa: UInt64, scale: Int) -> Double? {
    guard mantissa <= 1 << 53, (-22...22).contains(scale) else { return nil }
    let power = exactPowersOfTen[abs(scale)]
    return scale < 0 ? Double(mantissa) / power : Double(mantissa) * power
  }

  /// 10^0 through 10^22, all exactly representable.
  static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Whether `byte` is an ASCII digit.
  func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// `invalid-number` at the current position.
  func invalidNumber(_ expected: String) -> JSONParseError {
    let found = position < bytes.count ? describeCharacter() : "end of input"
    return error("invalid-number", "Invalid number: expected \(expected), found \(found)")
  }
}
