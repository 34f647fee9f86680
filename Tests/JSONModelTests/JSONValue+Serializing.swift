import JSONModel
import Testing

/// Strings and their `JSON.stringify` output, generated once with Node.js
/// v20 and frozen here.
let stringGoldens: [(input: String, json: String)] = [
  ("", "\"\""),
  ("plain", "\"plain\""),
  ("with \"quotes\"", "\"with \\\"quotes\\\"\""),
  ("back\\slash", "\"back\\\\slash\""),
  ("slash / stays", "\"slash / stays\""),
  ("\u{8}\u{C}\u{A}\u{D}\u{9}", "\"\\b\\f\\n\\r\\t\""),
  ("\u{0}", "\"\\u0000\""),
  ("\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}", "\"\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\""),
  (
    "\u{B}\u{E}\u{F}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}",
    "\"\\u000b\\u000e\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\""
  ),
  ("\u{7F} delete stays raw", "\"\u{7F} delete stays raw\""),
  ("\u{80}\u{9F} C1 controls raw", "\"\u{80}\u{9F} C1 controls raw\""),
  ("line\u{2028}separator", "\"line\u{2028}separator\""),
  ("para\u{2029}separator", "\"para\u{2029}separator\""),
  (
    "emoji \u{1F600} and \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\"emoji \u{1F600} and \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\""
  ),
  ("e\u{301} combining vs \u{E9}", "\"e\u{301} combining vs \u{E9}\""),
  ("BOM \u{FEFF} inside", "\"BOM \u{FEFF} inside\""),
  ("\u{4E2D}\u{6587}\u{5B57}\u{7B26}", "\"\u{4E2D}\u{6587}\u{5B57}\u{7B26}\""),
  ("mixed \"\u{A}\" \\ \u{1F} end", "\"mixed \\\"\\n\\\" \\\\ \\u001f end\""),
  ("\\u0041 literal backslash-u", "\"\\\\u0041 literal backslash-u\""),
  ("</script>", "\"</script>\""),
  ("\u{1F600} pair", "\"\u{1F600} pair\""),
  ("\u{FFFF} noncharacter", "\"\u{FFFF} noncharacter\""),
  ("\u{10FFFF} max scalar", "\"\u{10FFFF} max scalar\""),
  ("tab\u{9}in\u{9}the\u{9}middle", "\"tab\\tin\\tthe\\tmiddle\""),
  ("\u{D}\u{A}", "\"\\r\\n\""),
  ("ends with backslash \\", "\"ends with backslash \\\\\""),
  ("\"", "\"\\\"\""),
  ("\\", "\"\\\\\""),
  ("\u{0}\u{0}", "\"\\u0000\\u0000\""),
  ("a\u{0}b", "\"a\\u0000b\""),
  ("\u{DC}n\u{EF}c\u{F6}d\u{E9}", "\"\u{DC}n\u{EF}c\u{F6}d\u{E9}\""),
  ("\u{A0}nbsp", "\"\u{A0}nbsp\""),
  ("zero\u{200B}width", "\"zero\u{200B}width\""),
]

@Suite("Serializing")
struct SerializingTests {
  @Test("strings are escaped exactly like JSON.stringify", arguments: stringGoldens)
  func stringsMatchNode(input: String, json: String) {
    #expect(JSONValue.string(input).serialized() == json)
    #expect(JSONValue.string(input).serialized(pretty: true) == json)
  }

  @Test("serialized strings parse back to the same string", arguments: stringGoldens)
  func stringsRoundTrip(input: String, json: String) throws {
    let parsed = try JSONValue.parse(json)
    #expect(parsed == .string(input))
    #expect(parsed.stringValue?.unicodeScalars.elementsEqual(input.unicodeScalars) == true)
  }

  @Test("U+2028 and U+2029 are written raw and survive a round trip")
  func lineSeparators() throws {
    let value = JSONValue.string("a\u{2028}b\u{2029}c")
    let text = value.serialized()
    #expect(text == "\"a\u{2028}b\u{2029}c\"")
    #expect(try JSONValue.parse(text) == value)
    #expect(try JSONValue.parse("\"\\u2028\"") == .string("\u{2028}"))
  }

  /// The document used for the layout goldens below.
  static let document =
    #"{"name":"bridge","version":1.0,"big":1e21,"small":1e-7,"negZero":-0,"list":[1,2.5,[],{},[[]],{"a":{}}],"nested":{"deep":{"deeper":[true,false,null]}},"text":"tab\there \u2028 \ud83d\ude00","z":0.000001}"#

  @Test("compact output matches JSON.stringify(value)")
  func compactGolden() throws {
    let value = try JSONValue.parse(Self.document)
    let expected =
      "{\"name\":\"bridge\",\"version\":1,\"big\":1e+21,\"small\":1e-7,\"negZero\":0,"
      + "\"list\":[1,2.5,[],{},[[]],{\"a\":{}}],\"nested\":{\"deep\":{\"deeper\":[true,false,null]}},"
      + "\"text\":\"tab\\there \u{2028} \u{1F600}\",\"z\":0.000001}"
    #expect(value.serialized() == expected)
    #expect(value.description == expected)
    #expect(value.serializedUTF8() == Array(expected.utf8))
  }

  @Test("pretty output matches JSON.stringify(value, null, 2)")
  func prettyGolden() throws {
    let value = try JSONValue.parse(Self.document)
    let expected = """
      {
        "name": "bridge",
        "version": 1,
        "big": 1e+21,
        "small": 1e-7,
        "negZero": 0,
        "list": [
          1,
          2.5,
          [],
          {},
          [
            []
          ],
          {
            "a": {}
          }
        ],
        "nested": {
          "deep": {
            "deeper": [
              true,
              false,
              null
            ]
          }
        },
        "text": "tab\\there \u{2028} \u{1F600}",
        "z": 0.000001
      }
      """
    #expect(value.serialized(pretty: true) == expected)
  }

  @Test("empty containers and scalars in pretty mode")
  func prettyEdgeCases() {
    #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
    #expect(JSONValue.object([:]).serialized(pretty: true) == "{}")
    #expect(JSONValue.array([[], [:]]).serialized(pretty: true) == "[\n  [],\n  {}\n]")
    #expect(JSONValue.string("x").serialized(pretty: true) == "\"x\"")
    #expect(JSONValue.null.serialized(pretty: true) == "null")
    #expect(JSONValue.bool(false).serialized() == "false")
  }

  @Test("insertion order is kept")
  func orderKept() throws {
    let value: JSONValue = ["zeta": 1, "alpha": 2, "10": 3, "2": 4]
    #expect(value.serialized() == #"{"zeta":1,"alpha":2,"10":3,"2":4}"#)
    let parsed = try JSONValue.parse(#"{"b":1,"a":{"y":1,"x":2}}"#)
    #expect(parsed.serialized() == #"{"b":1,"a":{"y":1,"x":2}}"#)
  }

  @Test("sortedKeys orders keys by UTF-16 code units, like Array.prototype.sort")
  func sortedKeys() {
    // Node: Object.keys(o).sort() gives ["10","9","B","a","aa","b","😀","｡"];
    // U+1F600 (a surrogate pair, 0xD83D…) sorts before U+FF61 in UTF-16.
    let value: JSONValue = [
      "b": 1, "a": 2, "\u{1F600}": 3, "\u{FF61}": 4, "B": 5, "aa": 6, "10": 7, "9": 8,
    ]
    let expected =
      "{\"10\":7,\"9\":8,\"B\":5,\"a\":2,\"aa\":6,\"b\":1,\"\u{1F600}\":3,\"\u{FF61}\":4}"
    #expect(value.serialized(sortedKeys: true) == expected)
    let nested: JSONValue = ["z": ["d": 1, "c": [["f": 1, "e": 2]]], "y": 0]
    #expect(nested.serialized(sortedKeys: true) == #"{"y":0,"z":{"c":[{"e":2,"f":1}],"d":1}}"#)
    #expect(
      nested.serialized(pretty: true, sortedKeys: true)
        == "{\n  \"y\": 0,\n  \"z\": {\n    \"c\": [\n      {\n        \"e\": 2,\n        \"f\": 1\n      }\n    ],\n    \"d\": 1\n  }\n}"
    )
  }

  @Test("keys are escaped like strings")
  func keyEscaping() {
    let value: JSONValue = ["a\"b\n\u{1}": true]
    #expect(value.serialized() == #"{"a\"b\n\u0001":true}"#)
  }

  @Test("very deep values serialize without recursion")
  func deepSerialization() {
    var value: JSONValue = .null
    for _ in 0..<2_000 {
      value = .array([value])
    }
    let text = value.serialized()
    #expect(
      text == String(repeating: "[", count: 2_000) + "null" + String(repeating: "]", count: 2_000))
  }

  @Test("a protocol line is the merged object, type first, appended after what the buffer holds")
  func protocolLinesAreTheMergedObject() {
    let cases: [JSONObject] = [
      [:],
      ["id": 1, "url": "https://__bridge_loaded__/", "data": ["a": [1, "x\n"]]],
      // A member that repeats `type` or `seq` replaces it in place, as on the merged object.
      ["seq": 9, "name": "h"],
      ["name": "h", "type": "other"],
    ]
    for fields in cases {
      var merged: JSONObject = ["type": "navigation", "seq": 3]
      for (key, value) in fields { merged[key] = value }
      var output = Array("prefix ".utf8)
      fields.appendSerializedUTF8(to: &output, type: "navigation", extra: ("seq", 3))
      #expect(String(decoding: output, as: UTF8.self) == "prefix " + JSONValue.object(merged).serialized(), "\(fields)")
      var alone: [UInt8] = []
      fields.appendSerializedUTF8(to: &alone, type: "log")
      var logMerged: JSONObject = ["type": "log"]
      for (key, value) in fields { logMerged[key] = value }
      #expect(String(decoding: alone, as: UTF8.self) == JSONValue.object(logMerged).serialized())
    }
  }
}
