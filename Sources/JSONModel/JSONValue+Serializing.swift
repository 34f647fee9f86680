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

  /// Appends the compact serialization (``serializedUTF8(pretty:sortedKeys:)``
  /// with the defaults) to `output`, in the capacity it already has: a
  /// buffer kept from line to line is not grown again for each one.
  public func appendSerializedUTF8(to output: inout [UInt8]) {
    var writer = JSONWriter(pretty: false, sortedKeys: false)
    swap(&writer.output, &output)
    writer.write(self)
    swap(&writer.output, &output)
  }
}

extension JSONObject {
  /// Appends the object `{"type": type, extra…, members…}`: a protocol
  /// line whose `type` (then `extra`) comes first. Written without building
  /// the merged object, unless a member repeats `type` or `extra`'s key (it
  /// then replaces that value in place, as setting it on the merged object
  /// would).
  public func appendSerializedUTF8(
    to output: inout [UInt8], type: String, extra: (key: String, value: JSONValue)? = nil
  ) {
    guard self["type"] == nil, extra.map({ self[$0.key] == nil }) ?? true else {
      var merged: JSONObject = ["type": .string(type)]
      if let extra { merged[extra.key] = extra.value }
      for (key, value) in self { merged[key] = value }
      JSONValue.object(merged).appendSerializedUTF8(to: &output)
      return
    }
    output.append(contentsOf: #"{"type":"#.utf8)
    JSONValue.string(type).appendSerializedUTF8(to: &output)
    if let extra {
      output.append(UInt8(ascii: ","))
      JSONValue.string(extra.key).appendSerializedUTF8(to: &output)
      output.append(UInt8(ascii: ":"))
      extra.value.appendSerializedUTF8(to: &output)
    }
    guard !isEmpty else {
      output.append(UInt8(ascii: "}"))
      return
    }
    // The members' own object, whose opening brace becomes the comma.
    let brace = output.count
    JSONValue.object(self).appendSerializedUTF8(to: &output)
    output[brace] = UInt8(ascii: ",")
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
