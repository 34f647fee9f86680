/// Counting raw U+2028 and U+2029 in script text (which engines before ES2019
/// reject in string literals) on the UTF-8 bytes: megabyte scripts are
/// scanned at the speed of a byte loop, not of Unicode scalar decoding.
public enum LineSeparators {
  /// How many raw U+2028 and U+2029 `text` holds.
  public static func count(in text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
      var count = 0
      var index = 0
      let end = bytes.count - 2
      while index < end {
        if bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
          count += 1
          index += 3
        } else {
          index += 1
        }
      }
      return count
    }
  }

  /// Whether `text` holds a raw U+2028 or U+2029.
  public static func occur(in text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      let end = bytes.count - 2
      while index < end {
        if bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
          return true
        }
        index += 1
      }
      return false
    }
  }
}
