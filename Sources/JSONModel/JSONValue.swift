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
/// - `.string` compares by exact Unicode scalars, like JavaScript's `===`,
///   not by Swift's canonical equivalence: `"\u{E9}"` (é) is not equal to
///   `"e\u{301}"`.
/// - `.object` compares as an unordered set of keys with equal values; see
///   ``JSONObject``.
///
/// Nesting: parsing, `==`, hashing, serialization and pointer lookup never
/// recurse, so they work at any depth. Destroying a value, however, is done
/// by the Swift runtime, which releases nested arrays recursively at about
/// 150 bytes of call stack per level: roughly 3,000 levels fit in a 512 KB
/// thread stack (Darwin's secondary and Swift-concurrency threads) and
/// roughly 50,000 in 8 MB. Code that parses untrusted text on such a
/// thread should pass a `maxDepth` below that to the parse functions.
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
