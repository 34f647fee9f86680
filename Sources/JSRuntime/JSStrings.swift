import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore strings.
///
/// Both directions go through UTF-16 so that embedded NUL characters survive
/// (the UTF-8 C-string entry points of the C API stop at the first NUL).
enum JSStrings {
  /// Creates a retained `JSStringRef`; the caller must release it.
  static func create(_ string: String) -> JSStringRef {
    // An empty string still needs a non-null buffer: a null pointer makes
    // the engine's null string, which as a property name is not "".
    var units = Array(string.utf16)
    if units.isEmpty { units.append(0) }
    return units.withUnsafeMutableBufferPointer { buffer in
      JSStringCreateWithCharacters(buffer.baseAddress, string.isEmpty ? 0 : buffer.count)
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
    return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
  }

  /// Copies a `JSStringRef` into a Swift string and releases it.
  static func consume(_ ref: JSStringRef) -> String {
    defer { JSStringRelease(ref) }
    return string(from: ref)
  }
}
