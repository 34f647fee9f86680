extension JSONValue {
  /// The default limit on nested arrays and objects for the parse functions.
  public static let defaultMaxDepth = 10_000

  /// Parses JSON text with exactly the grammar of ECMAScript `JSON.parse`
  /// (RFC 8259).
  ///
  /// - Whitespace is only space, tab, LF and CR (a byte order mark is an
  ///   error). No comments, trailing commas, single quotes, leading zeros,
  ///   `NaN` or `Infinity`. Raw U+0000–U+001F inside a string is an error;
  ///   raw U+2028 and U+2029 are allowed.
  /// - Strings: `\uXXXX` surrogate pairs combine into one scalar. A lone
  ///   surrogate escape (such as `"\ud800"`, or a low surrogate without a
  ///   high one) becomes U+FFFD, because a Swift `String` cannot hold a lone
  ///   surrogate; this deliberately differs from JavaScript, which keeps it.
  /// - Numbers round exactly like JavaScript. `-0` is negative zero; a value
  ///   beyond the `Double` range (`1e400`) is `±infinity`, as in JavaScript,
  ///   and one below it underflows to `±0`.
  /// - Objects keep their members in text order. A repeated key keeps the
  ///   position of its first occurrence and the value of its last one (in
  ///   JavaScript the value is the same; the position of a repeated key is
  ///   also the first one).
  /// - Nesting deeper than `maxDepth` arrays and objects is a `too-deep`
  ///   error. The parser itself never recurses, so any limit is safe while
  ///   parsing; but see ``JSONValue`` on the stack needed to *destroy* a
  ///   deeply nested result (the default of 10,000 levels needs about
  ///   1.5 MB of stack, more than a 512 KB Darwin thread has).
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - maxDepth: The most arrays and objects that may be open at once;
  ///     `[[1]]` has depth 2, a lone scalar depth 0.
  /// - Throws: ``JSONParseError`` describing the first problem.
  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError)
    -> JSONValue
  {
    var text = text
    let result = text.withUTF8 { bytes in
      parse(bytes: bytes, maxDepth: maxDepth, validatesUTF8: false)
    }
    return try result.get()
  }

  /// Parses JSON text given as UTF-8 bytes; see ``parse(_:maxDepth:)``.
  ///
  /// Bytes that are not well-formed UTF-8 (overlong forms, encoded
  /// surrogates, truncated sequences, values above U+10FFFF) are an
  /// `invalid-utf8` error, wherever they appear.
  ///
  /// - Throws: ``JSONParseError`` describing the first problem.
  public static func parse(
    utf8 bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      parse(bytes: buffer, maxDepth: maxDepth, validatesUTF8: true)
    }
    if let contiguous {
      return try contiguous.get()
    }
    let copy = Array(bytes)
    return try copy.withUnsafeBufferPointer { buffer in
      parse(bytes: buffer, maxDepth: maxDepth, validatesUTF8: true)
    }.get()
  }

  /// Runs the parser over `bytes`, returning the outcome as a `Result` so it
  /// can cross non-typed-throwing closures.
  static func parse(
    bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, validatesUTF8: Bool
  ) -> Result<JSONValue, JSONParseError> {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, validatesUTF8: validatesUTF8)
    do throws(JSONParseError) {
      return .success(try parser.parseDocument())
    } catch {
      return .failure(error)
    }
  }
}
