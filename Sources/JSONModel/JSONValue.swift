/// A JSON value, as produced by ECMAScript `JSON.parse` and consumed by
/// `JSON.stringify`.
///
/// `JSONValue` has no "undefined" case: absence is spelled `nil` in a
/// `JSONValue?` (a missing property, a function result of `undefined`).
/// For that reason it deliberately does not conform to
/// `ExpressibleByNilLiteral`; write `.null` for JSON `null`.
///
/// Equality and hashing:
/// - `.number` compares with plain `Double` `==`, so `0` equals `-0` and
///   `NaN` (which cannot come out of the parser, but can come from a
///   JavaScript engine) is never equal to anything, itself included.
/// - `.object` compares as an unordered set of keys with equal values; see
///   ``JSONObject``.
/// - Comparison, hashing, serialization and destruction-free traversals do
///   not recurse on the call stack, so deeply nested values are safe to
///   compare and print.
public enum JSONValue: Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number. JSON text only produces finite values, except that a literal
  /// too large for a `Double` (such as `1e400`) becomes `±infinity`, as in
  /// JavaScript.
  case number(Double)
  /// A string of Unicode scalars (a lone UTF-16 surrogate cannot be
  /// represented and is replaced by U+FFFD wherever one would appear).
  case string(String)
  /// An ordered list of values.
  case array([JSONValue])
  /// A set of key/value members that remembers insertion order.
  case object(JSONObject)
}
