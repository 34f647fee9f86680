/// Escaping for XML 1.0 documents that must stay well-formed whatever text a
/// bridge under test printed.
package enum XMLEscaping {
  /// Whether XML 1.0 allows `scalar` in a document at all, even as a
  /// character reference (`Char` production: tab, LF, CR, U+0020–U+D7FF,
  /// U+E000–U+FFFD, U+10000–U+10FFFF).
  package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// `text` for the content of an element: `& < > " '` as entities, CR as
  /// `&#13;` (a raw CR would be read back as LF), DEL, C1 controls, U+2028
  /// and U+2029 as character references, characters XML 1.0 forbids
  /// (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF) as a
  /// visible `\u{XX}` marker (see ``FailureText/marker(for:)``). Tab and LF stay.
  package static func text(_ text: String) -> String {
    escape(text, inAttribute: false)
  }

  /// `text` for a double-quoted attribute value: as ``text(_:)``, and tab,
  /// LF and CR as character references (attribute-value normalization would
  /// turn them into spaces).
  package static func attribute(_ text: String) -> String {
    escape(text, inAttribute: true)
  }

  private static func escape(_ text: String, inAttribute: Bool) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let replacement: String
      switch scalar {
      case "&": replacement = "&amp;"
      case "<": replacement = "&lt;"
      case ">": replacement = "&gt;"
      case "\"": replacement = "&quot;"
      case "'": replacement = "&apos;"
      case "\r": replacement = "&#13;"
      case "\n" where inAttribute: replacement = "&#10;"
      case "\t" where inAttribute: replacement = "&#9;"
      case "\n", "\t":
        result.append(scalar)
        continue
      default:
        if !isAllowed(scalar) {
          replacement = FailureText.marker(for: scalar)
        } else if (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
          replacement = "&#x" + FailureText.hex(scalar.value, minimumDigits: 2) + ";"
        } else {
          result.append(scalar)
          continue
        }
      }
      result.append(contentsOf: replacement.unicodeScalars)
    }
    return String(result)
  }
}
