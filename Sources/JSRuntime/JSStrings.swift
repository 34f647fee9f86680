import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore strings.
///
/// JavaScript strings are UTF-16 and may hold NUL and lone surrogates; Swift
/// strings are UTF-8 and cannot hold lone surrogates. Both directions use
/// hand-written transcoding loops over contiguous buffers (the generic
/// `String(decoding:as: UTF16.self)` path costs several milliseconds per
/// megabyte), and both keep NUL (the C-string entry points of the C API
/// would stop at it).
enum JSStrings {
  /// Creates a retained `JSStringRef`; the caller must release it.
  static func create(_ string: String) -> JSStringRef {
    var string = string
    return string.withUTF8 { utf8 in
      // Every UTF-8 sequence gives at most one UTF-16 unit per byte.
      let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(utf8.count, 1))
      defer { units.deallocate() }
      let count = transcode(utf8, into: units)
      return JSStringCreateWithCharacters(units.baseAddress, count)
    }
  }

  /// Runs `body` with a temporary `JSStringRef` for `string`.
  static func with<R>(_ string: String, _ body: (JSStringRef) throws -> R) rethrows -> R {
    let ref = create(string)
    defer { JSStringRelease(ref) }
    return try body(ref)
  }

  /// Copies a `JSStringRef` into a Swift string. Lone surrogates, which a
  /// Swift `String` cannot hold, become U+FFFD.
  static func string(from ref: JSStringRef) -> String {
    let length = JSStringGetLength(ref)
    guard length > 0, let characters = JSStringGetCharactersPtr(ref) else { return "" }
    let units = UnsafeBufferPointer(start: characters, count: length)
    // At most three UTF-8 bytes per UTF-16 unit (a pair gives four for two).
    return String(unsafeUninitializedCapacity: length * 3) { transcode(units, into: $0) }
  }

  /// Copies a prefix of a `JSStringRef`: at most `maxLength` UTF-8 bytes
  /// (so at most that many UTF-16 units; lone surrogates become U+FFFD),
  /// and reports how many UTF-16 units were left out. Only the prefix is
  /// converted: `JSStringGetCharactersPtr` would first widen the whole of a
  /// Latin-1 string to UTF-16 (200 MB for a 100 MB string).
  static func prefix(of ref: JSStringRef, maxLength: Int) -> (text: String, omitted: Int) {
    let length = JSStringGetLength(ref)
    guard length > maxLength else { return (string(from: ref), 0) }
    guard maxLength > 0 else { return ("", length) }
    var bytes = [UInt8](repeating: 0, count: maxLength + 1)
    let written = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { JSStringGetUTF8CString(ref, $0.baseAddress, $0.count) }
    }
    let text = String(decoding: bytes.prefix(max(written, 1) - 1), as: UTF8.self)
    return (text, max(0, length - text.utf16.count))
  }

  /// Copies a `JSStringRef` into a Swift string and releases it.
  static func consume(_ ref: JSStringRef) -> String {
    defer { JSStringRelease(ref) }
    return string(from: ref)
  }

  /// UTF-16 → UTF-8, lone surrogates as U+FFFD. Returns the bytes written.
  /// Runs of ASCII are copied four units at a time.
  static func transcode(_ units: UnsafeBufferPointer<UInt16>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var written = 0
    var index = 0
    let count = units.count
    guard let source = units.baseAddress, let target = out.baseAddress else { return 0 }
    while index < count {
      while index + 4 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
        guard word & 0xFF80_FF80_FF80_FF80 == 0 else { break }
        target[written] = UInt8(truncatingIfNeeded: word)
        target[written + 1] = UInt8(truncatingIfNeeded: word >> 16)
        target[written + 2] = UInt8(truncatingIfNeeded: word >> 32)
        target[written + 3] = UInt8(truncatingIfNeeded: word >> 48)
        written += 4
        index += 4
      }
      guard index < count else { break }
      let unit = units[index]
      index += 1
      if unit < 0x80 {
        out[written] = UInt8(truncatingIfNeeded: unit)
        written += 1
      } else if unit < 0x800 {
        out[written] = UInt8(truncatingIfNeeded: 0xC0 | (unit >> 6))
        out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | (unit & 0x3F))
        written += 2
      } else if unit & 0xFC00 == 0xD800, index < count, units[index] & 0xFC00 == 0xDC00 {
        let scalar = 0x10000 + ((UInt32(unit) & 0x3FF) << 10) + (UInt32(units[index]) & 0x3FF)
        index += 1
        out[written] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
        out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
        out[written + 2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
        out[written + 3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
        written += 4
      } else {
        // A lone surrogate becomes U+FFFD (EF BF BD).
        let value = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
        out[written] = UInt8(truncatingIfNeeded: 0xE0 | (value >> 12))
        out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F))
        out[written + 2] = UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F))
        written += 3
      }
    }
    return written
  }

  /// Valid UTF-8 → UTF-16. Returns the units written. Runs of ASCII are
  /// copied eight bytes at a time.
  static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt16>) -> Int {
    var written = 0
    var index = 0
    let count = bytes.count
    guard let source = bytes.baseAddress, let target = out.baseAddress else { return 0 }
    while index < count {
      while index + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
        guard word & 0x8080_8080_8080_8080 == 0 else { break }
        for byte in 0..<8 { target[written + byte] = UInt16(truncatingIfNeeded: word >> (8 * UInt64(byte))) & 0xFF }
        written += 8
        index += 8
      }
      guard index < count else { break }
      let lead = UInt32(bytes[index])
      if lead < 0x80 {
        out[written] = UInt16(lead)
        written += 1
        index += 1
      } else if lead < 0xE0 {
        out[written] = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[index + 1]) & 0x3F))
        written += 1
        index += 2
      } else if lead < 0xF0 {
        out[written] = UInt16(
          ((lead & 0x0F) << 12) | ((UInt32(bytes[index + 1]) & 0x3F) << 6) | (UInt32(bytes[index + 2]) & 0x3F))
        written += 1
        index += 3
      } else {
        let scalar =
          ((lead & 0x07) << 18) | ((UInt32(bytes[index + 1]) & 0x3F) << 12)
          | ((UInt32(bytes[index + 2]) & 0x3F) << 6) | (UInt32(bytes[index + 3]) & 0x3F)
        let offset = scalar - 0x10000
        out[written] = UInt16(0xD800 + (offset >> 10))
        out[written + 1] = UInt16(0xDC00 + (offset & 0x3FF))
        written += 2
        index += 4
      }
    }
    return written
  }
}
