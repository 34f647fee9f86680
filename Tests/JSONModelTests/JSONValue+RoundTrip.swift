import JSONModel
import Testing

@Suite("Round trips")
struct RoundTripTests {
  static let values: [JSONValue] = [
    .null, true, false, 0, -1, 0.1, 1e21, 1e-7, .number(.leastNonzeroMagnitude),
    .number(.greatestFiniteMagnitude),
    9_007_199_254_740_991, "", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}",
    "\u{2028}\u{2029}", "😀 e\u{301} \u{E9} 中", [], [:], [[], [:], [[[]]]],
    [
      "nested": ["array": [1, "two", ["three": 3]], "empty": [:]], "": "empty key",
      "\n": "newline key",
    ],
    .array((0..<100).map { .number(Double($0) / 7) }),
    .object(JSONObject((0..<40).map { ("k\($0)", .string(String(repeating: "x", count: $0))) })),
  ]

  @Test("parse(serialized()) gives the value back", arguments: values)
  func compact(value: JSONValue) throws {
    #expect(try JSONValue.parse(value.serialized()) == value)
    #expect(try JSONValue.parse(utf8: value.serializedUTF8()) == value)
  }

  @Test("pretty and sorted output parse back too", arguments: values)
  func prettyAndSorted(value: JSONValue) throws {
    #expect(try JSONValue.parse(value.serialized(pretty: true)) == value)
    #expect(try JSONValue.parse(value.serialized(pretty: true, sortedKeys: true)) == value)
  }

  @Test("serialization is stable across a round trip", arguments: values)
  func stableText(value: JSONValue) throws {
    let text = value.serialized()
    #expect(try JSONValue.parse(text).serialized() == text)
  }

  @Test("number goldens round-trip through parse and serialize")
  func numberGoldensRoundTrip() throws {
    let array = JSONValue.array(numberGoldens.map { .number(Double(bitPattern: $0.bits)) })
    let text = array.serialized()
    #expect(text == "[" + numberGoldens.map(\.text).joined(separator: ",") + "]")
    #expect(try JSONValue.parse(text) == array)
  }
}
