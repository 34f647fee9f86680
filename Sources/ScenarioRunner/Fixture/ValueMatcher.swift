import Foundation
import JSONModel

/// How a field of a trace event must look. Written in fixtures as plain JSON
/// (exact match) or as one of the `$` forms:
///
/// - `{"$undefined": true}`: the field is absent (JavaScript `undefined`).
/// - `{"$any": true}`: the field is present, with any value.
/// - `{"$type": "string"}`: a JSON type name (`null`, `boolean`, `number`,
///   `string`, `array`, `object`).
/// - `{"$regex": "^cb_"}`: a string in which the regular expression matches
///   (anywhere unless anchored; ``BoundedRegex`` syntax, linear-time).
/// - `{"$contains": "text"}`: a string containing the text.
/// - `{"$literal": value}`: exactly `value`, even if it looks like a `$` form.
///
/// Exact matching compares JSON values: numbers by value, objects by keys and
/// values (order ignored), arrays element by element; `$` forms may be nested
/// inside arrays and objects.
public indirect enum ValueMatcher: Sendable, Hashable {
  case exact(JSONValue)
  case undefined
  case any
  case type(String)
  case regex(BoundedRegex)
  case contains(String)
  case array([ValueMatcher])
  case object([String: ValueMatcher])

  /// The names of the `$` forms, for validation messages.
  public static let operatorNames = ["$undefined", "$any", "$type", "$regex", "$contains", "$literal"]
  /// The JSON type names accepted by `$type`.
  public static let typeNames = ["null", "boolean", "number", "string", "array", "object"]

  /// Whether `value` (`nil` for absent) satisfies the matcher.
  public func matches(_ value: JSONValue?) -> Bool {
    switch self {
    case .undefined:
      return value == nil
    case .any:
      return value != nil
    case .exact(let expected):
      guard let value else { return false }
      return expected == value
    case .type(let name):
      return value?.typeName == name
    case .regex(let pattern):
      guard let string = value?.stringValue else { return false }
      return pattern.matches(in: string)
    case .contains(let text):
      return value?.stringValue?.contains(text) == true
    case .array(let elements):
      guard let actual = value?.arrayValue, actual.count == elements.count else { return false }
      return zip(elements, actual).allSatisfy { $0.matches($1) }
    case .object(let fields):
      guard let actual = value?.objectValue else { return false }
      let expectedKeys = Set(fields.filter { $0.value != .undefined }.keys)
      guard Set(actual.keys).subtracting(expectedKeys).isEmpty else { return false }
      return fields.allSatisfy { key, matcher in matcher.matches(actual[key]) }
    }
  }

  /// The matcher written back as fixture JSON.
  public var json: JSONValue {
    switch self {
    case .exact(let value): return value
    case .undefined: return ["$undefined": true]
    case .any: return ["$any": true]
    case .type(let name): return ["$type": .string(name)]
    case .regex(let pattern): return ["$regex": .string(pattern.pattern)]
    case .contains(let text): return ["$contains": .string(text)]
    case .array(let elements): return .array(elements.map(\.json))
    case .object(let fields):
      return .object(JSONObject(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }))
    }
  }
}
