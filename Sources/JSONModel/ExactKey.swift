#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A string compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String` equality uses Unicode canonical equivalence, so `"é"`
/// (U+00E9) equals `"e\u{301}"`. JavaScript compares code units, and a
/// bridge that normalizes strings must be caught, not forgiven; JSON
/// strings and object keys are therefore compared with this type.
struct ExactKey: Hashable, Sendable {
  /// The wrapped string.
  let string: String

  init(_ string: String) {
    self.string = string
  }

  static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
    ExactKey.equal(lhs.string, rhs.string)
  }

  func hash(into hasher: inout Hasher) {
    ExactKey.hash(string, into: &hasher)
  }

  /// Whether two strings have the same Unicode scalars (same UTF-8 bytes).
  static func equal(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        guard left.count == right.count else { return false }
        guard left.count > 0, let a = left.baseAddress, let b = right.baseAddress, a != b else { return true }
        // memcmp: a megabyte expectation compares in microseconds.
        return memcmp(a, b, left.count) == 0
      }
    }
  }

  /// Feeds the string's UTF-8 bytes (and a terminator) to `hasher`.
  static func hash(_ string: String, into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
  }
}
