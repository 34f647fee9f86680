#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counting raw U+2028 and U+2029 in script text (which engines before ES2019
/// reject in string literals) on the UTF-8 bytes: the scan jumps from one
/// 0xE2 lead byte to the next with `memchr`, so a script (a page bridge of
/// tens of kilobytes, a megabyte payload) costs little more than its length
/// in vector loads.
package enum LineSeparators {
  /// How many raw U+2028 and U+2029 `text` holds.
  package static func count(in text: String) -> Int {
    var count = 0
    forEach(in: text) {
      count += 1
      return true
    }
    return count
  }

  /// Whether `text` holds a raw U+2028 or U+2029.
  package static func occur(in text: String) -> Bool {
    var found = false
    forEach(in: text) {
      found = true
      return false
    }
    return found
  }

  /// Calls `body` for each raw U+2028 or U+2029 (E2 80 A8 and E2 80 A9 in
  /// UTF-8) until it returns false.
  private static func forEach(in text: String, _ body: () -> Bool) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, bytes.count >= 3 else { return }
      var index = 0
      while index < bytes.count - 2 {
        guard let found = memchr(base + index, 0xE2, bytes.count - 2 - index) else { return }
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
          guard body() else { return }
          index += 3
        } else {
          index += 1
        }
      }
    }
  }
}
