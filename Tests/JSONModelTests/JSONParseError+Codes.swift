import JSONModel
import Testing

/// One rejected document and the error expected for it.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  let text: String
  let code: String
  let offset: Int
  let line: Int
  let column: Int
  var maxDepth = JSONValue.defaultMaxDepth

  var testDescription: String { "\(code): \(text.debugDescription)" }
}

/// Rejected byte sequences (for the UTF-8 entry point).
struct ByteErrorCase: Sendable, CustomTestStringConvertible {
  let bytes: [UInt8]
  let code: String
  let offset: Int
  let column: Int

  var testDescription: String { "\(code): \(bytes)" }
}

@Suite("Parse errors")
struct ParseErrorTests {
  static let textCases: [ErrorCase] = [
    // unexpected-character
    ErrorCase(text: "[1,]", code: "unexpected-character", offset: 3, line: 1, column: 4),
    ErrorCase(text: #"{"a":1,}"#, code: "unexpected-character", offset: 7, line: 1, column: 8),
    ErrorCase(text: "[1 2]", code: "unexpected-character", offset: 3, line: 1, column: 4),
    ErrorCase(text: "{'a':1}", code: "unexpected-character", offset: 1, line: 1, column: 2),
    ErrorCase(text: #"{"a" 1}"#, code: "unexpected-character", offset: 5, line: 1, column: 6),
    ErrorCase(text: "// comment\n1", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: "[1,/*x*/2]", code: "unexpected-character", offset: 3, line: 1, column: 4),
    ErrorCase(text: "NaN", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: "Infinity", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: ".5", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: "+1", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: "trUe", code: "unexpected-character", offset: 2, line: 1, column: 3),
    ErrorCase(text: "nulL", code: "unexpected-character", offset: 3, line: 1, column: 4),
    ErrorCase(text: "\u{FEFF}1", code: "unexpected-character", offset: 0, line: 1, column: 1),
    ErrorCase(text: "[\u{A0}1]", code: "unexpected-character", offset: 1, line: 1, column: 2),
    ErrorCase(text: "[1,\u{B}2]", code: "unexpected-character", offset: 3, line: 1, column: 4),
    ErrorCase(text: "[\n  1,\n  x\n]", code: "unexpected-character", offset: 9, line: 3, column: 3),
    ErrorCase(text: "[\"é😀\", x]", code: "unexpected-character", offset: 11, line: 1, column: 8),
    ErrorCase(text: "[\r\n1,\r\n x]", code: "unexpected-character", offset: 8, line: 3, column: 2),
    ErrorCase(text: "[\r\rx]", code: "unexpected-character", offset: 3, line: 3, column: 1),
    ErrorCase(
      text: "{\"a\":1 \"b\":2}", code: "unexpected-character", offset: 7, line: 1, column: 8),
    ErrorCase(text: "{1:2}", code: "unexpected-character", offset: 1, line: 1, column: 2),
    // unexpected-end
    ErrorCase(text: "", code: "unexpected-end", offset: 0, line: 1, column: 1),
    ErrorCase(text: "   ", code: "unexpected-end", offset: 3, line: 1, column: 4),
    ErrorCase(text: "[1,", code: "unexpected-end", offset: 3, line: 1, column: 4),
    ErrorCase(text: "[1", code: "unexpected-end", offset: 2, line: 1, column: 3),
    ErrorCase(text: #"{"a""#, code: "unexpected-end", offset: 4, line: 1, column: 5),
    ErrorCase(text: #"{"a":"#, code: "unexpected-end", offset: 5, line: 1, column: 6),
    ErrorCase(text: "{", code: "unexpected-end", offset: 1, line: 1, column: 2),
    ErrorCase(text: "tr", code: "unexpected-end", offset: 2, line: 1, column: 3),
    ErrorCase(text: "[\n", code: "unexpected-end", offset: 2, line: 2, column: 1),
    // trailing-characters
    ErrorCase(text: "1 2", code: "trailing-characters", offset: 2, line: 1, column: 3),
    ErrorCase(text: "{} x", code: "trailing-characters", offset: 3, line: 1, column: 4),
    ErrorCase(text: "[]]", code: "trailing-characters", offset: 2, line: 1, column: 3),
    ErrorCase(text: "\"a\"\n\n  b", code: "trailing-characters", offset: 7, line: 3, column: 3),
    ErrorCase(text: "0x10", code: "trailing-characters", offset: 1, line: 1, column: 2),
    ErrorCase(text: "1\u{0}", code: "trailing-characters", offset: 1, line: 1, column: 2),
    // unterminated-string
    ErrorCase(text: "\"abc", code: "unterminated-string", offset: 0, line: 1, column: 1),
    ErrorCase(text: "[1, \"ab", code: "unterminated-string", offset: 4, line: 1, column: 5),
    ErrorCase(text: "\"ab\\", code: "unterminated-string", offset: 0, line: 1, column: 1),
    ErrorCase(text: "\"\\u12", code: "unterminated-string", offset: 0, line: 1, column: 1),
    ErrorCase(text: "\n  \"a\\n", code: "unterminated-string", offset: 3, line: 2, column: 3),
    // invalid-escape
    ErrorCase(text: #""\x""#, code: "invalid-escape", offset: 1, line: 1, column: 2),
    ErrorCase(text: #""ab\u12G4""#, code: "invalid-escape", offset: 3, line: 1, column: 4),
    ErrorCase(text: #""\U0041""#, code: "invalid-escape", offset: 1, line: 1, column: 2),
    ErrorCase(text: #""\'""#, code: "invalid-escape", offset: 1, line: 1, column: 2),
    ErrorCase(text: #""\u12""#, code: "invalid-escape", offset: 1, line: 1, column: 2),
    ErrorCase(text: #""é\a""#, code: "invalid-escape", offset: 3, line: 1, column: 3),
    ErrorCase(text: "\"\\\u{1F600}\"", code: "invalid-escape", offset: 1, line: 1, column: 2),
    // control-character-in-string
    ErrorCase(
      text: "\"a\u{0}b\"", code: "control-character-in-string", offset: 2, line: 1, column: 3),
    ErrorCase(text: "\"a\nb\"", code: "control-character-in-string", offset: 2, line: 1, column: 3),
    ErrorCase(text: "\"\t\"", code: "control-character-in-string", offset: 1, line: 1, column: 2),
    ErrorCase(
      text: "\"\\n\u{1F}\"", code: "control-character-in-string", offset: 3, line: 1, column: 4),
    ErrorCase(
      text: "[\n\"ok\",\n\"x\r\"]", code: "control-character-in-string", offset: 10, line: 3,
      column: 3),
    // invalid-number
    ErrorCase(text: "01", code: "invalid-number", offset: 1, line: 1, column: 2),
    ErrorCase(text: "-01", code: "invalid-number", offset: 2, line: 1, column: 3),
    ErrorCase(text: "00", code: "invalid-number", offset: 1, line: 1, column: 2),
    ErrorCase(text: "-", code: "invalid-number", offset: 1, line: 1, column: 2),
    ErrorCase(text: "[-]", code: "invalid-number", offset: 2, line: 1, column: 3),
    ErrorCase(text: "-a", code: "invalid-number", offset: 1, line: 1, column: 2),
    ErrorCase(text: "-Infinity", code: "invalid-number", offset: 1, line: 1, column: 2),
    ErrorCase(text: "1.", code: "invalid-number", offset: 2, line: 1, column: 3),
    ErrorCase(text: "1.e3", code: "invalid-number", offset: 2, line: 1, column: 3),
    ErrorCase(text: "1e", code: "invalid-number", offset: 2, line: 1, column: 3),
    ErrorCase(text: "1e+", code: "invalid-number", offset: 3, line: 1, column: 4),
    ErrorCase(text: "1E+-2", code: "invalid-number", offset: 3, line: 1, column: 4),
    ErrorCase(text: "[1,\n 2.x]", code: "invalid-number", offset: 7, line: 2, column: 4),
    // too-deep
    ErrorCase(text: "[[[1]]]", code: "too-deep", offset: 2, line: 1, column: 3, maxDepth: 2),
    ErrorCase(
      text: #"{"a":{"b":1}}"#, code: "too-deep", offset: 5, line: 1, column: 6, maxDepth: 1),
    ErrorCase(text: "[]", code: "too-deep", offset: 0, line: 1, column: 1, maxDepth: 0),
    ErrorCase(text: "[\n [\n  {}]]", code: "too-deep", offset: 7, line: 3, column: 3, maxDepth: 2),
  ]

  @Test("text errors: code, offset, line and column", arguments: textCases)
  func textErrors(_ expected: ErrorCase) {
    let error = #expect(throws: JSONParseError.self) {
      try JSONValue.parse(expected.text, maxDepth: expected.maxDepth)
    }
    #expect(error?.code == expected.code)
    #expect(error?.offset == expected.offset)
    #expect(error?.line == expected.line)
    #expect(error?.column == expected.column)
    #expect(error?.message.isEmpty == false)
    // The byte entry point reports the same error for valid UTF-8.
    let viaBytes = #expect(throws: JSONParseError.self) {
      try JSONValue.parse(utf8: Array(expected.text.utf8), maxDepth: expected.maxDepth)
    }
    #expect(viaBytes == error)
  }

  static let byteCases: [ByteErrorCase] = [
    ByteErrorCase(bytes: [0x22, 0xFF, 0x22], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(bytes: [0x22, 0x61, 0x80, 0x22], code: "invalid-utf8", offset: 2, column: 3),
    ByteErrorCase(bytes: [0x22, 0xC0, 0x80, 0x22], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(
      bytes: [0x22, 0xE0, 0x80, 0x80, 0x22], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(
      bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(
      bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(bytes: [0x22, 0xE2, 0x82], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(
      bytes: [0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], code: "invalid-utf8", offset: 3, column: 3),
    ByteErrorCase(
      bytes: [0x22, 0x5C, 0x6E, 0xFE, 0x22], code: "invalid-utf8", offset: 3, column: 4),
    ByteErrorCase(bytes: [0x5B, 0xFF, 0x5D], code: "invalid-utf8", offset: 1, column: 2),
    ByteErrorCase(bytes: [0x31, 0x20, 0x80], code: "invalid-utf8", offset: 2, column: 3),
    ByteErrorCase(
      bytes: [0x31, 0x20, 0xC3, 0xA9], code: "trailing-characters", offset: 2, column: 3),
    ByteErrorCase(
      bytes: [0x5B, 0xC3, 0xA9, 0x5D], code: "unexpected-character", offset: 1, column: 2),
  ]

  @Test("byte errors, including ill-formed UTF-8", arguments: byteCases)
  func byteErrors(_ expected: ByteErrorCase) {
    let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(utf8: expected.bytes) }
    #expect(error?.code == expected.code)
    #expect(error?.offset == expected.offset)
    #expect(error?.line == 1)
    #expect(error?.column == expected.column)
  }

  @Test("every documented code is exercised")
  func allCodesCovered() {
    let codes = Set(Self.textCases.map(\.code) + Self.byteCases.map(\.code))
    #expect(
      codes == [
        "unexpected-character", "unterminated-string", "invalid-escape",
        "control-character-in-string",
        "trailing-characters", "unexpected-end", "invalid-number", "too-deep", "invalid-utf8",
      ])
  }

  @Test("messages and description")
  func messages() {
    let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("[1,\n x]") }
    #expect(error?.message == #"Unexpected character "x" (U+0078), expected a value"#)
    #expect(
      error?.description
        == #"Unexpected character "x" (U+0078), expected a value at line 2, column 2 (offset 5) [unexpected-character]"#
    )
    let invisible = #expect(throws: JSONParseError.self) { try JSONValue.parse("\u{FEFF}[]") }
    #expect(invisible?.message == "Unexpected character U+FEFF, expected a value")
    let control = #expect(throws: JSONParseError.self) { try JSONValue.parse("\"\u{1}\"") }
    #expect(control?.message == "Unescaped control character U+0001 in string")
  }

  @Test("the memberwise initializer keeps what it is given")
  func memberwise() {
    let error = JSONParseError(code: "too-deep", message: "Deep", offset: 3, line: 1, column: 4)
    #expect(error.code == "too-deep")
    #expect(error.description == "Deep at line 1, column 4 (offset 3) [too-deep]")
  }
}
