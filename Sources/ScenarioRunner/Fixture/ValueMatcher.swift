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
/// - `{"$capture": "name"}` (in a fixture's `captures` only): any present
///   value, bound to `name` from the first event the capture pattern matches.
/// - `{"$captured": "name"}`: exactly the value bound to `name`.
/// - `{"$containsCaptured": "name"}`: a string containing the value bound to
///   `name` (a string, or the JSON text of anything else).
///
/// Exact matching compares JSON values: numbers by value, objects by keys and
/// values (order ignored), arrays element by element; `$` forms may be nested
/// inside arrays and objects.
package indirect enum ValueMatcher: Sendable, Hashable {
  case exact(JSONValue)
  case undefined
  case any
  case type(String)
  case regex(BoundedRegex)
  case contains(String)
  case array([ValueMatcher])
  case object([String: ValueMatcher])
  case capture(String)
  case captured(String)
  case containsCaptured(String)

  /// The names of the `$` forms, for validation messages.
  package static let operatorNames = [
    "$undefined", "$any", "$type", "$regex", "$contains", "$literal", "$capture", "$captured", "$containsCaptured",
  ]
  /// The JSON type names accepted by `$type`.
  package static let typeNames = ["null", "boolean", "number", "string", "array", "object"]

  /// Whether `value` (`nil` for absent) satisfies the matcher, with the
  /// values `captures` bound so far.
  package func matches(_ value: JSONValue?, captures: [String: JSONValue] = [:]) -> Bool {
    switch self {
    case .capture:
      return value != nil
    case .captured(let name):
      guard let bound = captures[name], let value else { return false }
      return bound == value
    case .containsCaptured(let name):
      guard let bound = captures[name], let text = value?.stringValue else { return false }
      return text.contains(bound.stringValue ?? bound.serialized())
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
      return zip(elements, actual).allSatisfy { $0.matches($1, captures: captures) }
    case .object(let fields):
      guard let actual = value?.objectValue else { return false }
      let expectedKeys = Set(fields.filter { $0.value != .undefined }.keys)
      guard Set(actual.keys).subtracting(expectedKeys).isEmpty else { return false }
      return fields.allSatisfy { key, matcher in matcher.matches(actual[key], captures: captures) }
    }
  }

  /// The matcher written back as fixture JSON.
  package var json: JSONValue {
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
    case .capture(let name): return ["$capture": .string(name)]
    case .captured(let name): return ["$captured": .string(name)]
    case .containsCaptured(let name): return ["$containsCaptured": .string(name)]
    }
  }

  /// The capture names this matcher binds (`$capture`), at any depth.
  package var bindsNames: [String] {
    switch self {
    case .capture(let name): return [name]
    case .array(let elements): return elements.flatMap(\.bindsNames)
    case .object(let fields): return fields.keys.sorted().flatMap { fields[$0]?.bindsNames ?? [] }
    default: return []
    }
  }

  /// The capture names this matcher reads (`$captured`, `$containsCaptured`), at any depth.
  package var readsNames: [String] {
    switch self {
    case .captured(let name), .containsCaptured(let name): return [name]
    case .array(let elements): return elements.flatMap(\.readsNames)
    case .object(let fields): return fields.keys.sorted().flatMap { fields[$0]?.readsNames ?? [] }
    default: return []
    }
  }

  /// The value this matcher bound to `name` in `value`, if it binds it.
  package func bound(_ name: String, in value: JSONValue?) -> JSONValue? {
    switch self {
    case .capture(let bound) where bound == name: return value
    case .array(let elements):
      guard let actual = value?.arrayValue, actual.count == elements.count else { return nil }
      return zip(elements, actual).lazy.compactMap { $0.bound(name, in: $1) }.first
    case .object(let fields):
      guard let actual = value?.objectValue else { return nil }
      return fields.keys.sorted().lazy.compactMap { fields[$0]?.bound(name, in: actual[$0]) }.first
    default: return nil
    }
  }
}
