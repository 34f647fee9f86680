/// Why JSON text was rejected, and where.
///
/// `code` is one of these stable strings (safe to match on and to show in
/// reports); `offset` says what each one points at:
///
/// | code | meaning | `offset` points at |
/// |---|---|---|
/// | `unexpected-character` | a byte that cannot appear here (including a UTF-8 BOM, `NaN`, comments, a trailing comma's closing bracket) | that character |
/// | `unexpected-end` | the text ended where more was needed (empty text included) | the end of the text |
/// | `trailing-characters` | something other than whitespace follows the top-level value | the first such character |
/// | `unterminated-string` | the text ended inside a string | the string's opening quote |
/// | `invalid-escape` | a backslash not followed by `"` `\` `/` `b` `f` `n` `r` `t` or `u` and four hex digits | the backslash |
/// | `control-character-in-string` | a raw U+0000–U+001F inside a string | that character |
/// | `invalid-number` | a number that breaks the grammar (`01`, `1.`, `-`, `1e+`) | the first byte that makes it invalid (the end of the text if it ended) |
/// | `too-deep` | more than `maxDepth` arrays/objects open at once | the `[` or `{` that was one too many |
/// | `invalid-utf8` | bytes that are not well-formed UTF-8 (only possible when parsing bytes) | the first byte of the ill-formed sequence |
///
/// `line` and `column` are 1-based. Lines end at LF, CR or CRLF. `column`
/// counts Unicode scalars (not bytes, not UTF-16 units, not grapheme
/// clusters) from the start of the line, so the first character of a line
/// is column 1; when the line holds ill-formed UTF-8, each byte that is not
/// a UTF-8 continuation byte counts as one.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A stable kebab-case identifier of the kind of error (see the table
  /// above).
  public var code: String
  /// A human-readable sentence describing the error.
  public var message: String
  /// The UTF-8 byte offset of the error from the start of the text.
  public var offset: Int
  /// The 1-based line of `offset`.
  public var line: Int
  /// The 1-based column of `offset`, in Unicode scalars.
  public var column: Int

  /// Creates an error with an explicit position.
  public init(code: String, message: String, offset: Int, line: Int, column: Int) {
    self.code = code
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// `message`, followed by the position and the code, e.g.
  /// `Unexpected character "x" at line 2, column 5 (offset 9) [unexpected-character]`.
  public var description: String {
    "\(message) at line \(line), column \(column) (offset \(offset)) [\(code)]"
  }
}

extension JSONParseError {
  /// Creates an error at `offset` in `bytes`, working out line and column.
  init(code: String, message: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var lineStart = 0
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = index
      } else if byte == UInt8(ascii: "\r") {
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
          // CRLF: the line starts after the LF.
          index += 1
          if index > end {
            // The offset points at the LF itself: still on the CR's line.
            break
          }
        }
        line += 1
        lineStart = index
      }
    }
    var column = 1
    for position in lineStart..<max(lineStart, end) where bytes[position] & 0xC0 != 0x80 {
      column += 1
    }
    self.init(code: code, message: message, offset: offset, line: line, column: column)
  }
}
