extension JSONValue {
  /// The JSON text for this value, identical to ECMAScript
  /// `JSON.stringify(value)` (or `JSON.stringify(value, null, 2)` when
  /// `pretty` is `true`) for the same value.
  ///
  /// - Strings escape `"`, `\`, `\b \f \n \r \t`, and other U+0000–U+001F as
  ///   `\u00xx` with lowercase hex; everything else (U+2028, U+2029, emoji)
  ///   is written raw.
  /// - Numbers are written like ``formatJSNumber(_:)``; `-0` gives `0`, and
  ///   `NaN` and `±infinity` give `null`, as `JSON.stringify` does.
  /// - Pretty output indents by two spaces, puts one member per line and a
  ///   space after each colon; empty arrays and objects stay `[]` and `{}`.
  /// - Object members keep insertion order unless `sortedKeys` is `true`,
  ///   which orders them by UTF-16 code units (JavaScript's default sort
  ///   order). JavaScript's own rule of listing integer-like keys first is
  ///   not applied.
  /// - Any nesting depth is fine: serialization does not recurse.
  public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
    String(decoding: serializedUTF8(pretty: pretty, sortedKeys: sortedKeys), as: UTF8.self)
  }

  /// The UTF-8 bytes of ``serialized(pretty:sortedKeys:)``.
  public func serializedUTF8(pretty: Bool = false, sortedKeys: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys)
    writer.write(self)
    return writer.output
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact serialization, as `JSON.stringify(value)` would write it.
  public var description: String {
    serialized()
  }
}

extension JSONObject: CustomStringConvertible {
  /// The compact serialization of the object.
  public var description: String {
    JSONValue.object(self).serialized()
  }
}
