extension JSONValue {
  /// The value that `pointer` refers to, or `nil` if there is none.
  ///
  /// On an object a token is a key (exact Unicode scalars). On an array it
  /// must be a decimal index without leading zeros (`0`, `7`, not `07`,
  /// `-1` or `+1`) that is in bounds; `-` (one past the end, meaningful only
  /// for insertion) refers to nothing. A token applied to a scalar refers to
  /// nothing.
  public func value(at pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case .object(let object):
        guard let member = object[token] else { return nil }
        current = member
      case .array(let elements):
        guard let index = JSONValue.arrayIndex(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The array index spelled by `token` per RFC 6901, or `nil`.
  static func arrayIndex(_ token: String) -> Int? {
    let digits = token.utf8
    guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return nil
    }
    guard first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
    guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(token)
  }
}
