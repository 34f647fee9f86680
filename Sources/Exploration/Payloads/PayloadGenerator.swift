import JSONModel
import WebViewHosting

/// Generates JSON values and handler names for payload properties, weighted
/// to what breaks bridges: U+2028/U+2029, C0 controls, U+007F–U+009F,
/// U+FEFF, `</script>`, quotes and backslashes in every combination, keys
/// such as `__proto__`, numbers at and beyond 2^53, `-0`, deep and wide
/// nesting, large strings. (Lone surrogates cannot be JSON in a fixture:
/// ``PropertyFixture`` sends them from the page's side.)
///
/// Deterministic: the same seed gives the same values.
package struct PayloadGenerator: Sendable {
  private var random: SeededRandom

  /// Creates a generator.
  package init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// Text that breaks escaping, transport or lookup somewhere.
  static let nastyAtoms: [String] = [
    "\u{2028}", "\u{2029}", "\u{FEFF}", "</script>", "<!--", "<script>", "'", "\"", "\\", "\\'", "\\\"", "\\\\", "'\"",
    "\\n", "\\u2028", "\\x00", "${x}", "`", "%", "%25", "%s", "+", "&amp;", "?a=1#b", "\n", "\r", "\r\n", "\t",
    "\u{0B}",
    "\u{0C}", "\u{0}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "😀", "👩‍👩‍👧", "\u{FFFD}", "\u{FFFE}",
    "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "__proto__", "constructor", "toString", "null", "undefined", "true", " ",
    "');alert(1);//", "\"]}", "[1,", "{\"a\":", "\\u{0}", "\u{200B}", "\u{202E}",
  ]
  /// Keys that resolve to something inherited when looked up naively.
  static let nastyKeys: [String] = [
    "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "", " ", "0", "1", "-1",
    "length", "callbackId", "responseId", "handlerName", "data", "responseData", "$any", "$literal", "\u{2028}",
    "a\u{0}b", "\"", "\\", "'",
  ]
  /// Numbers at the edges of doubles and of JSON.
  static let nastyNumbers: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.5, 1e21, 1e-7, 1e300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude,
    9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, -9_007_199_254_740_992,
    18_446_744_073_709_551_616,
    123_456_789_012_345_683_968, 4_294_967_295, 4_294_967_296, 2_147_483_648, -2_147_483_649, 1.7976931348623157e308,
  ]

  private mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(1, count))) }
  private mutating func chance(_ probability: Double) -> Bool { random.nextUnitInterval() < probability }

  /// One JSON value; `size` (1–100) bounds its length and nesting.
  package mutating func value(size: Int) -> JSONValue {
    let roll = below(100)
    if roll < 1 { return deep(levels: 50 + below(250)) }
    if roll < 2 { return wide(count: 100 + below(900)) }
    if roll < 3 { return .string(large()) }
    return value(size: size, depth: 0)
  }

  private mutating func value(size: Int, depth: Int) -> JSONValue {
    let scalar = depth >= 4 || size <= 2
    switch below(scalar ? 6 : 8) {
    case 0: return .null
    case 1: return .bool(chance(0.5))
    case 2: return .number(number())
    case 3, 4, 5: return .string(string(size: size))
    case 6:
      return .array((0..<below(min(size, 12) + 1)).map { _ in value(size: size / 2, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<below(min(size, 10) + 1) { object[key()] = value(size: size / 2, depth: depth + 1) }
      return .object(object)
    }
  }

  /// A number, weighted to the edges.
  package mutating func number() -> Double {
    switch below(4) {
    case 0, 1: return Self.nastyNumbers[below(Self.nastyNumbers.count)]
    case 2: return Double(Int(random.next() % 2_000_001) - 1_000_000)
    default:
      let mantissa = random.nextUnitInterval() * 2 - 1
      return mantissa * Double(sign: .plus, exponent: below(120) - 60, significand: 1)
    }
  }

  /// A string of atoms, mostly nasty ones.
  package mutating func string(size: Int) -> String {
    var text = ""
    for _ in 0..<below(min(size, 24) + 1) {
      switch below(10) {
      case 0...5: text += Self.nastyAtoms[below(Self.nastyAtoms.count)]
      case 6: text.unicodeScalars.append(Unicode.Scalar(UInt8(below(0xA0))))
      case 7: text += String(Character(Unicode.Scalar(0x61 + UInt8(below(26)))))
      case 8: text.unicodeScalars.append(Unicode.Scalar(UInt32(0xA0 + below(0xD800 - 0xA0)))!)
      default: text.unicodeScalars.append(Unicode.Scalar(UInt32(0x10000 + below(0x10000)))!)
      }
    }
    return text
  }

  /// An object key: a nasty one or a short string. Never `$repeat`, which a
  /// fixture reads as a generator.
  package mutating func key() -> String {
    let key = chance(0.4) ? Self.nastyKeys[below(Self.nastyKeys.count)] : string(size: 6)
    return key == "$repeat" ? "repeat" : key
  }

  /// A handler name: close to others (case, spaces, inherited names) and
  /// full of what breaks lookups.
  package mutating func handlerName() -> String {
    let name: String
    switch below(4) {
    case 0: name = Self.nastyKeys[below(Self.nastyKeys.count)]
    case 1: name = string(size: 8)
    case 2: name = ["echo", "Echo", "echo ", " echo", "echo\u{0}", "e\u{301}cho", "ECHO"][below(7)]
    default: name = "h" + string(size: 4)
    }
    return name.isEmpty ? "h" : name
  }

  private mutating func deep(levels: Int) -> JSONValue {
    var value: JSONValue = .string(string(size: 4))
    for level in 0..<levels { value = level % 2 == 0 ? .array([value]) : .object([key(): value]) }
    return value
  }

  private mutating func wide(count: Int) -> JSONValue {
    if chance(0.5) { return .array((0..<count).map { _ in value(size: 3, depth: 3) }) }
    var object = JSONObject()
    for index in 0..<count { object["k\(index)" + (chance(0.1) ? key() : "")] = value(size: 3, depth: 3) }
    return .object(object)
  }

  private mutating func large() -> String {
    let atom = Self.nastyAtoms[below(Self.nastyAtoms.count)] + "x"
    return String(repeating: atom, count: (16_384 + below(200_000)) / max(1, atom.utf16.count))
  }
}
