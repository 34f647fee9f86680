/// A JSON value at a known place in a file, with typed accessors that record
/// a problem (instead of throwing) when the value has the wrong shape, so a
/// decoder can keep going and report everything at once.
package struct JSONNode {
  package let value: JSONValue
  package let pointer: JSONPointer
  package let problems: ProblemCollector

  /// `value`, found at `pointer`, its problems going to `problems`.
  package init(value: JSONValue, pointer: JSONPointer = .root, problems: ProblemCollector) {
    self.value = value
    self.pointer = pointer
    self.problems = problems
  }

  /// Records a `wrong-type` problem: `expected` is what belongs here.
  package func wrongType(_ expected: String, hint: String? = nil) {
    problems.add(pointer, "wrong-type", "expected \(expected), found \(value.typeName)", hint: hint)
  }

  /// A string (non-empty unless told), or nil with a problem.
  package func string(nonEmpty: Bool = true) -> String? {
    guard let string = value.stringValue else {
      wrongType("a string")
      return nil
    }
    if nonEmpty && string.isEmpty {
      problems.add(pointer, "empty-string", "must not be empty")
      return nil
    }
    return string
  }

  /// true or false, or nil with a problem.
  package func bool() -> Bool? {
    guard let bool = value.boolValue else {
      wrongType("true or false")
      return nil
    }
    return bool
  }

  /// A whole number in range, or nil with a problem.
  package func integer(minimum: Int = 0, maximum: Int = Int(Int32.max)) -> Int? {
    guard let number = value.numberValue, number == number.rounded(), number >= Double(minimum),
      number <= Double(maximum)
    else {
      problems.add(
        pointer, "wrong-type", "expected a whole number from \(minimum) to \(maximum), found \(value)")
      return nil
    }
    return Int(number)
  }

  /// One of `choices`, with a did-you-mean hint.
  package func choice<T: RawRepresentable>(_ type: T.Type, _ choices: [T]) -> T? where T.RawValue == String {
    guard let string = string() else { return nil }
    if let found = T(rawValue: string) { return found }
    let names = choices.map(\.rawValue)
    let suggestion = closest(to: string, among: names).map { "did you mean \"\($0)\"? " } ?? ""
    problems.add(
      pointer, "unknown-value", "\"\(string)\" is not allowed here",
      hint: suggestion + "use one of: \(names.joined(separator: ", "))")
    return nil
  }

  /// The elements, each at its pointer, or nil with a problem.
  package func array() -> [JSONNode]? {
    guard let elements = value.arrayValue else {
      wrongType("an array")
      return nil
    }
    return elements.enumerated().map { JSONNode(value: $1, pointer: pointer.appending($0), problems: problems) }
  }

  /// The value as an object whose keys must be among `allowed` (an empty
  /// list allows any key).
  package func object(allowed: [String] = [], context: String = "") -> ObjectNode? {
    guard let object = value.objectValue else {
      wrongType("an object")
      return nil
    }
    if !allowed.isEmpty {
      for key in object.keys where !allowed.contains(key) {
        let suggestion = closest(to: key, among: allowed).map { "did you mean \"\($0)\"? " } ?? ""
        problems.add(
          pointer.appending(key), "unknown-field", "unknown field \"\(key)\"\(context)",
          hint: suggestion + "allowed fields: \(allowed.joined(separator: ", "))")
      }
    }
    return ObjectNode(object: object, pointer: pointer, problems: problems)
  }
}

/// An object being decoded.
package struct ObjectNode {
  package let object: JSONObject
  package let pointer: JSONPointer
  package let problems: ProblemCollector

  /// `object`, found at `pointer`, its problems going to `problems`.
  package init(object: JSONObject, pointer: JSONPointer, problems: ProblemCollector) {
    self.object = object
    self.pointer = pointer
    self.problems = problems
  }

  /// The member `key` when present.
  package func optional(_ key: String) -> JSONNode? {
    object[key].map { JSONNode(value: $0, pointer: pointer.appending(key), problems: problems) }
  }

  /// The member `key`, or nil with a `missing-field` problem.
  package func required(_ key: String, hint: String? = nil) -> JSONNode? {
    guard let node = optional(key) else {
      problems.add(pointer.appending(key), "missing-field", "the field \"\(key)\" is required", hint: hint)
      return nil
    }
    return node
  }

  /// The members, each at its pointer.
  package var entries: [(key: String, node: JSONNode)] {
    object.map { ($0.key, JSONNode(value: $0.value, pointer: pointer.appending($0.key), problems: problems)) }
  }
}
