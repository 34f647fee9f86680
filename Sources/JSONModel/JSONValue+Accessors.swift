extension JSONValue {
  /// The string, if this is `.string`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number, if this is `.number`.
  public var numberValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The Boolean, if this is `.bool`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, if this is `.array`.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, if this is `.object`.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is JSON `null` (not to be confused with an absent value,
  /// which is `nil` in a `JSONValue?`).
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member named `key`; `nil` if this is not an object or has no such
  /// member.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The element at `index`; `nil` if this is not an array or `index` is out
  /// of bounds (negative indexes included).
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The JSON Schema type name: exactly one of `"null"`, `"boolean"`,
  /// `"number"`, `"string"`, `"array"`, `"object"`. (There is no
  /// `"integer"`: every number reports `"number"`.)
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
