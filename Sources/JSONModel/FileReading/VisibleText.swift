/// Text for human readers in which every character that prints as nothing,
/// as a blank or as a line break is spelled out, so that a reader sees the
/// U+2028, the NUL or the DEL a fixture is about.
///
/// - JSON values keep JSON notation: such characters become `\uXXXX` escapes
///   (lowercase hex), which JSON reads back as the same characters, and a
///   backslash in the data stays `\\`.
/// - Plain text (a script, a pattern, raw wire text) is shown as it is,
///   except that such characters become `<U+XXXX>`, which no escape sequence
///   written in the text can be confused with.
///
/// Lone surrogates cannot occur: JSON values hold Unicode scalars, and a lone
/// surrogate escape in a fixture is read as U+FFFD, which is spelled out too.
package enum VisibleText {
  /// `value` as JSON, cut after about `limit` characters (never inside an
  /// escape sequence) with its full size noted.
  package static func json(_ value: JSONValue, limit: Int = 200) -> String {
    let text = value.serialized()
    return shortened(jsonTokens(text), size: text.utf8.count, limit: limit)
  }

  /// `text` with hard-to-see characters as `<U+XXXX>`, cut after about `limit` characters.
  package static func plain(_ text: String, limit: Int = 200) -> String {
    let tokens = text.unicodeScalars.map { isHardToSee($0) ? "<U+\(hex($0, uppercase: true))>" : String($0) }
    return shortened(tokens, size: text.utf8.count, limit: limit)
  }

  /// Whether a scalar prints as nothing, as a blank other than the space, or
  /// as a line break: controls (C0, DEL, C1), format characters (zero-width
  /// and direction marks, BOM), line and paragraph separators, unusual
  /// spaces (NBSP…), private-use and unassigned code points, and U+FFFD.
  package static func isHardToSee(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == " " { return false }
    if scalar == "\u{FFFD}" { return true }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .privateUse, .unassigned:
      return true
    default:
      return false
    }
  }

  /// Serialized JSON cut into tokens that must stay whole: an escape
  /// sequence, or one character (hard-to-see ones as `\uXXXX`). JSON text
  /// has backslashes only inside strings, where they start an escape, and
  /// non-ASCII characters only inside strings, where `\uXXXX` is valid.
  private static func jsonTokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\\", let next = scalars.next() {
        var token = "\\" + String(next)
        if next == "u" { for _ in 0..<4 { if let digit = scalars.next() { token.unicodeScalars.append(digit) } } }
        tokens.append(token)
      } else if isHardToSee(scalar) {
        // JSON escapes take UTF-16 code units: astral characters as a pair.
        tokens.append(String(scalar).utf16.map { "\\u" + hex($0) }.joined())
      } else {
        tokens.append(String(scalar))
      }
    }
    return tokens
  }

  /// The tokens, or the first three fifths of `limit` of them and the
  /// original `size` in bytes when there are more than `limit`.
  private static func shortened(_ tokens: [String], size: Int, limit: Int) -> String {
    guard tokens.count > limit else { return tokens.joined() }
    return tokens.prefix(limit * 3 / 5).joined() + "… (\(size) bytes)"
  }

  private static func hex(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func hex(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
