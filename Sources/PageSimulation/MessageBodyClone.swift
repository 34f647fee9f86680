import JSONModel

/// What the native side receives of a script message body or of an
/// evaluation's result: WebKit hands both over as a structured clone
/// (SerializedScriptValue, on Apple's platforms before the result becomes
/// Foundation objects as well), and when the clone is rebuilt an own `__proto__` key
/// sets the object's prototype instead of making a key (measured in
/// WebKitGTK 2.50: `{"__proto__": {"polluted": true}, "plain": 1}` arrives
/// as `{"plain": 1}`, with `polluted` inherited; a `__proto__` that is no
/// object is dropped as well). The key is gone at every depth.
enum MessageBodyClone {
  /// `body` without its own `__proto__` keys.
  static func received(_ body: JSONValue) -> JSONValue {
    switch body {
    case .object(let object):
      guard containsProtoKey(body) else { return body }
      return .object(JSONObject(object.compactMap { $0.key == "__proto__" ? nil : ($0.key, received($0.value)) }))
    case .array(let elements):
      guard containsProtoKey(body) else { return body }
      return .array(elements.map(received))
    default:
      return body
    }
  }

  /// Whether a `__proto__` key is anywhere in `value` (most bodies have none: they are returned as they are).
  private static func containsProtoKey(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object): object.contains { $0.key == "__proto__" || containsProtoKey($0.value) }
    case .array(let elements): elements.contains(where: containsProtoKey)
    default: false
    }
  }
}
