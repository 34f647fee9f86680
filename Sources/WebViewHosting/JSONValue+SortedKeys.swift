import JSONModel

extension JSONValue {
  /// The value with the keys of every object sorted (as WebKit delivers
  /// script message bodies: their key order is not kept).
  package var withSortedKeys: JSONValue {
    switch self {
    case .array(let elements):
      return .array(elements.map(\.withSortedKeys))
    case .object(let object):
      let pairs = object.map { ($0.key, $0.value.withSortedKeys) }.sorted { $0.0 < $1.0 }
      return .object(JSONObject(pairs))
    default:
      return self
    }
  }
}
