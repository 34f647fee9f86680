import JSONModel

@testable import ReferenceBridges

/// Every JSON type, falsy values included, for data and response tests.
let everyJSONType: [JSONValue] = [
  .null,
  true,
  false,
  0,
  -1.5,
  42,
  1e21,
  -0.000001,
  "",
  "text",
  "0",
  [],
  [1, "a", .null, false, [[]]],
  [:],
  ["nested": ["deeper": ["array": [1, 2, ["x": .null]], "empty": [:]]], "zero": 0, "no": false, "blank": ""],
]

/// Strings that break naive escaping or string handling.
let trickyStrings: [String] = [
  "",
  "'",
  "\"",
  "\\",
  "\\'",
  "'\"\\'\"",
  "line\nfeed",
  "carriage\rreturn",
  "crlf\r\n",
  "form\u{0C}feed",
  "tab\tand\u{08}backspace\u{0B}vtab",
  "nul\u{0}inside",
  "\u{0}0 looks like octal",
  "line\u{2028}separator",
  "paragraph\u{2029}separator",
  "\u{2028}\u{2029}\u{2028}",
  "del\u{7F} and c1 \u{80}\u{85}\u{9F} and nbsp \u{A0}",
  "literal backslash-n: \\n and \\u2028 and \\\\u2028",
  "</script><!-- -->",
  "${template} `backtick`",
  "emoji 😀 and flag 🇫🇷 and astral 𝄞",
  "e\u{301} vs \u{E9}",
  "\u{FEFF}bom and \u{FFFD} replacement and \u{FFFF}",
  "arabic مرحبا and cjk 漢字",
  "ends with backslash \\",
  String(repeating: "\\'\n\u{2028}", count: 50),
]

/// A deterministic pseudo-random generator (SplitMix64) for property tests.
struct TestRandom {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A string of `length` scalars drawn mostly from characters that need
  /// escaping, plus arbitrary scalars (surrogates excluded).
  mutating func trickyString(length: Int) -> String {
    let alphabet: [Unicode.Scalar] = [
      "\\", "'", "\"", "\n", "\r", "\u{0C}", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
      "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "u", "2", "0", "8", "a", " ", "é", "😀",
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      if below(4) == 0 {
        var value = UInt32(below(0x11_0000))
        if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
        scalars.append(Unicode.Scalar(value)!)
      } else {
        scalars.append(alphabet[below(alphabet.count)])
      }
    }
    return String(scalars)
  }
}

extension String {
  /// Exact comparison by Unicode scalars (Swift `==` uses canonical equivalence).
  func isIdentical(to other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }
}

extension JSONValue {
  /// JSON equality that also compares strings (and object keys) by exact
  /// scalars, since `==` on `JSONValue` compares strings as Swift does.
  func isIdentical(to other: JSONValue?) -> Bool {
    guard let other else { return false }
    return serialized(sortedKeys: true).isIdentical(to: other.serialized(sortedKeys: true)) && self == other
  }
}

/// The JSON objects delivered to the page by `_handleMessageFromObjC`, in order.
func deliveredMessages(_ page: BridgePage) -> [JSONObject] {
  page.deliveryScripts.compactMap { script in
    let units = Array(script.utf16)
    let body = units[
      ScriptTextCheck.deliveryPrefix.utf16.count..<(units.count - ScriptTextCheck.deliverySuffix.utf16.count)]
    guard case .success(let text) = ScriptTextCheck.decodeSingleQuotedBody(body) else { return nil }
    return (try? JSONValue.parse(text))?.objectValue
  }
}
