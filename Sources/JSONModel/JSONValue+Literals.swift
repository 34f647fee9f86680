extension JSONValue: ExpressibleByStringLiteral {
  /// Creates `.string` from a string literal.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// Creates `.number` from an integer literal (converted to `Double`).
  public init(integerLiteral value: Int) {
    self = .number(Double(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// Creates `.number` from a floating-point literal.
  public init(floatLiteral value: Double) {
    self = .number(value)
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// Creates `.bool` from `true` or `false`.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// Creates `.array` from an array literal.
  public init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Creates `.object` from a dictionary literal, keeping the literal's key
  /// order. A repeated key keeps its first position and its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
