/// Formats `value` exactly like ECMAScript `Number.prototype.toString()`
/// (the abstract operation Number::toString with radix 10).
///
/// The digits are the shortest that round-trip (taken from Swift's
/// `Double.description`, which is shortest-round-trip and picks the closest
/// candidate, as ECMAScript requires), laid out by the ECMAScript rules:
/// `1` (no `.0`), `0.000001`, `1e-7`, `123456789012345680000`, `1e+21`,
/// `5e-324`. Both zeros give `"0"`; non-finite values give `"NaN"`,
/// `"Infinity"` and `"-Infinity"` (JSON serialization writes `null` for
/// those instead).
public func formatJSNumber(_ value: Double) -> String {
  if value.isNaN { return "NaN" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  if value == 0 { return "0" }
  // Integers below 2^53 are their own shortest digits.
  if value.magnitude < 0x1p53 {
    let integer = Int64(value)
    if Double(integer) == value { return String(integer) }
  }
  let (digits, exponent) = shortestDecimal(value.magnitude)
  let text = layOutECMAScriptNumber(digits: digits, exponent: exponent)
  return value < 0 ? "-" + text : text
}

/// The shortest round-trip decimal digits of a positive finite `value`,
/// without leading or trailing zeros, and the exponent `n` such that
/// `value = 0.d₁d₂…dₖ × 10ⁿ`.
func shortestDecimal(_ value: Double) -> (digits: [UInt8], exponent: Int) {
  // `description` looks like "123.45", "1e-07", "1.2345e+20" or "5e-324".
  var digits: [UInt8] = []
  var integerDigits: Int?
  var exponent = 0
  var exponentSign = 1
  var inExponent = false
  for byte in value.description.utf8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      if inExponent {
        exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
      } else {
        digits.append(byte)
      }
    case UInt8(ascii: "."):
      integerDigits = digits.count
    case UInt8(ascii: "e"), UInt8(ascii: "E"):
      inExponent = true
    case UInt8(ascii: "-"):
      exponentSign = -1
    default:
      break
    }
  }
  var n = (integerDigits ?? digits.count) + exponentSign * exponent
  let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
  n -= leadingZeros
  let trailingZeros = digits.reversed().prefix { $0 == UInt8(ascii: "0") }.count
  let significant = digits.dropFirst(leadingZeros).dropLast(trailingZeros)
  return (Array(significant), n)
}

/// Lays out the digits `d₁…dₖ` of `0.d₁…dₖ × 10ⁿ` by the ECMAScript
/// Number::toString rules (steps for k, n and the 21 / -6 thresholds).
func layOutECMAScriptNumber(digits: [UInt8], exponent n: Int) -> String {
  let k = digits.count
  guard k > 0 else { return "0" }
  var out: [UInt8] = []
  out.reserveCapacity(k + 26)
  let zero = UInt8(ascii: "0")
  if k <= n && n <= 21 {
    out.append(contentsOf: digits)
    out.append(contentsOf: repeatElement(zero, count: n - k))
  } else if 0 < n && n <= 21 {
    out.append(contentsOf: digits[0..<n])
    out.append(UInt8(ascii: "."))
    out.append(contentsOf: digits[n...])
  } else if -6 < n && n <= 0 {
    out.append(zero)
    out.append(UInt8(ascii: "."))
    out.append(contentsOf: repeatElement(zero, count: -n))
    out.append(contentsOf: digits)
  } else {
    out.append(digits[0])
    if k > 1 {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: digits[1...])
    }
    out.append(UInt8(ascii: "e"))
    out.append(n - 1 < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    out.append(contentsOf: String((n - 1).magnitude).utf8)
  }
  return String(decoding: out, as: UTF8.self)
}
