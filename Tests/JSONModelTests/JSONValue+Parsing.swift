import JSONModel
import Testing

@Suite("Parsing")
struct ParsingTests {
  @Test("scalars, containers and whitespace")
  func basicDocuments() throws {
    #expect(try JSONValue.parse("null") == .null)
    #expect(try JSONValue.parse("true") == .bool(true))
    #expect(try JSONValue.parse(" \t\r\nfalse\n") == .bool(false))
    #expect(try JSONValue.parse("42") == .number(42))
    #expect(try JSONValue.parse(#""hi""#) == .string("hi"))
    #expect(try JSONValue.parse("[]") == .array([]))
    #expect(try JSONValue.parse("{}") == .object([:]))
    #expect(try JSONValue.parse("[ 1 , [ ] , { } ]") == [1, [], [:]])
    let value = try JSONValue.parse(
      """
      {
        "steps": [{"expect": {"ok": true}}, null, -1.5e3],
        "name": "demo"
      }
      """)
    #expect(value == ["steps": [["expect": ["ok": true]], .null, -1500], "name": "demo"])
    #expect(value.objectValue?.keys == ["steps", "name"])
  }

  @Test("every simple escape")
  func simpleEscapes() throws {
    let parsed = try JSONValue.parse(#""\"\\\/\b\f\n\r\t""#)
    #expect(parsed == .string("\"\\/\u{8}\u{C}\n\r\t"))
    #expect(try JSONValue.parse(#""a\u0041\u00e9\u4E2Dz""#) == .string("aAé中z"))
    #expect(try JSONValue.parse(#""\u0000""#) == .string("\u{0}"))
  }

  @Test("surrogate pair escapes combine into one astral scalar")
  func surrogatePairs() throws {
    #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("\u{1F600}"))
    #expect(try JSONValue.parse(#""\uD83D\uDE00!""#) == .string("\u{1F600}!"))
    #expect(try JSONValue.parse(#""\udbff\udfff""#) == .string("\u{10FFFF}"))
    #expect(
      try JSONValue.parse(#""x\ud800\udc00y""#).stringValue?.unicodeScalars.map(\.value) == [
        0x78, 0x10000, 0x79,
      ])
  }

  @Test(
    "lone surrogate escapes become U+FFFD",
    arguments: [
      (#""\ud800""#, "\u{FFFD}"),
      (#""\udc00""#, "\u{FFFD}"),
      (#""\udfff tail""#, "\u{FFFD} tail"),
      (#""\ud800x""#, "\u{FFFD}x"),
      (#""\ud800\u0041""#, "\u{FFFD}A"),
      (#""\ud800\ud83d\ude00""#, "\u{FFFD}\u{1F600}"),
      (#""\ude00\ud83d""#, "\u{FFFD}\u{FFFD}"),
      (#""\ud800\n""#, "\u{FFFD}\n"),
      (#""\ud83d""#, "\u{FFFD}"),
    ])
  func loneSurrogates(text: String, expected: String) throws {
    let parsed = try JSONValue.parse(text)
    #expect(parsed.stringValue?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
  }

  @Test("raw non-ASCII, U+2028 and U+2029 are accepted in strings")
  func rawUnicode() throws {
    #expect(try JSONValue.parse("\"a\u{2028}b\u{2029}c\"") == .string("a\u{2028}b\u{2029}c"))
    #expect(try JSONValue.parse("\"Grüße 😀 \u{7F}\u{80}\"") == .string("Grüße 😀 \u{7F}\u{80}"))
    #expect(try JSONValue.parse("[\"\u{FEFF}\"]") == [.string("\u{FEFF}")])
  }

  @Test("strings keep their exact scalars (no normalization)")
  func noNormalization() throws {
    let composed = try JSONValue.parse("\"\u{E9}\"")
    let decomposed = try JSONValue.parse("\"e\u{301}\"")
    #expect(composed != decomposed)
    #expect(decomposed.stringValue?.unicodeScalars.count == 2)
  }

  @Test("-0 parses as negative zero")
  func negativeZero() throws {
    let value = try #require(try JSONValue.parse("-0").numberValue)
    #expect(value == 0)
    #expect(value.sign == .minus)
    #expect(try JSONValue.parse("-0.0e5").numberValue?.sign == .minus)
    #expect(try JSONValue.parse("0").numberValue?.sign == .plus)
    #expect(try JSONValue.parse("-0").serialized() == "0")
  }

  @Test(
    "numbers round like JavaScript",
    arguments: [
      ("9007199254740993", 9_007_199_254_740_992.0),
      ("9007199254740995", 9_007_199_254_740_996.0),
      ("0.1", 0.1),
      ("0.30000000000000004", 0.1 + 0.2),
      ("1E2", 100),
      ("1e+2", 100),
      ("1e-2", 0.01),
      ("-12.5e-1", -1.25),
      ("1e23", 1e23),
      ("100000000000000000000000", 1e23),
      ("3.141592653589793238462643383279", Double.pi),
      ("123456789012345678901234567890", 1.2345678901234568e29),
      ("0.000000000000000000000000000001", 1e-30),
      ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),
      ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
      ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
      ("12345678901234567", 12_345_678_901_234_568.0),
      ("1234567890123456789", 1_234_567_890_123_456_789.0),
      ("0.00000000000000000000000000000000000000000000001e46", 0.1),
      ("18446744073709551616", 18_446_744_073_709_551_616.0),
    ])
  func numberRounding(text: String, expected: Double) throws {
    let value = try #require(try JSONValue.parse(text).numberValue)
    #expect(value.bitPattern == expected.bitPattern)
  }

  @Test("2^53 + 1 parses to 2^53")
  func beyondSafeIntegers() throws {
    #expect(try JSONValue.parse("9007199254740993") == .number(9_007_199_254_740_992))
  }

  @Test("out-of-range numbers become infinity or zero, as in JavaScript")
  func outOfRange() throws {
    #expect(try JSONValue.parse("1e400") == .number(.infinity))
    #expect(try JSONValue.parse("-1e400") == .number(-.infinity))
    #expect(try JSONValue.parse("1e99999999999999999999") == .number(.infinity))
    #expect(try JSONValue.parse("1e-400") == .number(0))
    #expect(try JSONValue.parse("-1e-400").numberValue?.sign == .minus)
    #expect(try JSONValue.parse("[1e400]").serialized() == "[null]")
  }

  @Test("duplicate keys: the last value wins at the first position")
  func duplicateKeys() throws {
    let value = try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#)
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value["a"] == 3)
    #expect(value.serialized() == #"{"a":3,"b":2}"#)
    // Large objects use a hash index; the rule is the same.
    let keys = (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let large = try JSONValue.parse("{\(keys),\"k3\":\"last\",\"k19\":null}")
    #expect(large.objectValue?.count == 20)
    #expect(large.objectValue?.keys.first == "k0")
    #expect(large["k3"] == "last")
    #expect(large["k19"] == .null)
    #expect(large.objectValue?.keys[3] == "k3")
  }

  @Test("depth 1000 parses and serializes back")
  func depthThousand() throws {
    let arrays = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
    let value = try JSONValue.parse(arrays)
    #expect(value.serialized() == arrays)
    let objects =
      String(repeating: #"{"a":"#, count: 1_000) + "1" + String(repeating: "}", count: 1_000)
    #expect(try JSONValue.parse(objects).serialized() == objects)
  }

  @Test("maxDepth counts open arrays and objects")
  func maxDepthBoundary() throws {
    let fifty = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
    #expect(throws: Never.self) { try JSONValue.parse(fifty, maxDepth: 50) }
    let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(fifty, maxDepth: 49) }
    #expect(error?.code == "too-deep")
    #expect(error?.offset == 49)
    #expect(try JSONValue.parse("1", maxDepth: 0) == 1)
    #expect(try JSONValue.parse(#"{"a":[{}]}"#, maxDepth: 3) == ["a": [[:]]])
  }

  @Test("100,000 open brackets give a clean too-deep error")
  func hugeDepth() {
    let text = String(repeating: "[", count: 100_000)
    let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    #expect(error?.code == "too-deep")
    #expect(error?.offset == JSONValue.defaultMaxDepth)
    #expect(error?.line == 1)
    #expect(error?.column == JSONValue.defaultMaxDepth + 1)
    let objects = String(repeating: #"{"k":"#, count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONValue.parse(objects) }
  }

  @Test("the byte entry point accepts any UInt8 collection")
  func bytes() throws {
    let text = #"{"s":"é😀","n":[1,2]}"#
    let expected = try JSONValue.parse(text)
    #expect(try JSONValue.parse(utf8: Array(text.utf8)) == expected)
    #expect(try JSONValue.parse(utf8: Array(text.utf8)[...]) == expected)
    #expect(try JSONValue.parse(utf8: text.utf8) == expected)
    // Not contiguous: copied first.
    #expect(try JSONValue.parse(utf8: Array(text.utf8).lazy.map { $0 }) == expected)
  }
}
