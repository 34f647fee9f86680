import JSONModel
import Testing

/// Strings long enough that the parser and the writer scan them a word at a
/// time: every kind of byte that ends a plain run, at every offset within a
/// word and near both ends, gives what a byte-by-byte reading gives.
@Suite("Long strings")
struct LongStringTests {
  /// The characters that end a plain run, and plain ones of one to four
  /// UTF-8 bytes.
  static let specials: [String] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\t"]
  static let plain: [String] = [" ", "~", "\u{7F}", "é", "\u{2028}", "😀", "\u{FFFD}"]

  /// The JSON text of `string`, written by hand (the reference the writer is
  /// checked against).
  static func expectedJSON(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\r": text += "\\r"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  @Test(arguments: specials + plain)
  func oneCharacterAtEveryOffsetRoundTrips(character: String) throws {
    for length in [7, 8, 9, 15, 16, 17, 31, 64] {
      for offset in 0...length {
        let string = String(repeating: "a", count: offset) + character + String(repeating: "b", count: length - offset)
        let json = JSONValue.string(string).serialized()
        #expect(json == Self.expectedJSON(string), "offset \(offset) of \(length)")
        #expect(try JSONValue.parse(json) == .string(string), "offset \(offset) of \(length)")
        #expect(try JSONValue.parse(utf8: Array(json.utf8)) == .string(string), "offset \(offset) of \(length)")
      }
    }
  }

  @Test func seededMixturesRoundTrip() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    let alphabet = Self.specials + Self.plain + Array(repeating: "x", count: 40)
    for _ in 0..<200 {
      var string = ""
      for _ in 0..<(next() % 300) { string += alphabet[next() % alphabet.count] }
      let json = JSONValue.string(string).serialized()
      #expect(json == Self.expectedJSON(string))
      #expect(try JSONValue.parse(utf8: Array(json.utf8)) == .string(string))
    }
  }

  @Test func aControlCharacterOrBrokenUTF8AfterALongRunIsStillRejected() {
    let run = String(repeating: "a", count: 37)
    #expect(throws: JSONParseError.self) { try JSONValue.parse(utf8: Array("\"\(run)\n\"".utf8)) }
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse(utf8: Array("\"\(run)".utf8) + [0xC3, 0x28] + Array("\"".utf8))
    }
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse(utf8: Array("\"\\n\(run)".utf8) + [0xFF] + Array("\(run)\"".utf8))
    }
    #expect(throws: JSONParseError.self) { try JSONValue.parse(utf8: Array("\"\(run)".utf8)) }
  }
}
