import CJavaScriptCore
import JSONModel

/// Structural conversion between JavaScript values and ``JSONValue``.
///
/// JavaScript → JSON follows `JSON.stringify`'s data model without calling
/// it (a page may have replaced `JSON`): own enumerable string keys in order,
/// `undefined`, functions and symbols dropped from objects and turned into
/// `null` inside arrays, `toJSON` methods not called. `undefined` at the top
/// level is `nil`. Strings are copied as UTF-16, so a lone surrogate becomes
/// U+FFFD (a Swift `String` cannot hold it).
enum JSONConversion {
  static func makeValue(_ json: JSONValue?, in context: JSContextRef) -> JSValueRef? {
    guard let json else { return JSValueMakeUndefined(context) }
    switch json {
    case .null:
      return JSValueMakeNull(context)
    case .bool(let value):
      return JSValueMakeBoolean(context, value)
    case .number(let value):
      return JSValueMakeNumber(context, value)
    case .string(let value):
      return JSStrings.with(value) { JSValueMakeString(context, $0) }
    case .array(let elements):
      // The elements wait in a Swift array, on the heap, where the garbage
      // collector does not look (it scans the stack); unprotected, an
      // allocation for a later element could collect an earlier one. They
      // are protected until the array holds them. (Making an empty array and
      // assigning indices would instead run setters a page may have put on
      // `Array.prototype`.)
      var values: [JSValueRef?] = []
      values.reserveCapacity(elements.count)
      defer { for value in values { JSValueUnprotect(context, value) } }
      for element in elements {
        let value = makeValue(element, in: context)
        JSValueProtect(context, value)
        values.append(value)
      }
      return values.withUnsafeMutableBufferPointer { buffer in
        JSObjectMakeArray(context, buffer.count, buffer.baseAddress, nil)
      }
    case .object(let object):
      // `made` and each element stay in locals (on the stack, which the
      // collector scans) until the object holds them.
      let made = JSObjectMake(context, nil, nil)
      for (key, value) in object {
        let element = makeValue(value, in: context)
        JSStrings.with(key) { JSObjectSetProperty(context, made, $0, element, 0, nil) }
      }
      return made
    }
  }

  static func length(of object: JSObjectRef, in context: JSContextRef) -> Double {
    let value = JSStrings.with("length") { JSObjectGetProperty(context, object, $0, nil) }
    let length = JSValueToNumber(context, value, nil)
    return length.isFinite && length > 0 ? length.rounded(.down) : 0
  }

  /// Converts `value`, within the owner's depth, string and size limits.
  static func toJSON(_ value: JSValueRef?, owner: ScriptContext) throws(ScriptError) -> JSONValue? {
    var converter = Converter(owner: owner, context: try owner.open())
    return try converter.convert(value, depth: 0)
  }
}

/// One conversion: walks the value and counts what it copies against
/// ``ScriptContext/Configuration/maxConversionSize``.
private struct Converter {
  let owner: ScriptContext
  let context: JSContextRef
  /// Bytes counted so far (UTF-8 bytes of strings and keys, 16 per value).
  var size = 0
  /// The objects being converted, outermost first: read only when the depth
  /// limit is reached, to tell a cycle from a deep value.
  var path: [JSObjectRef] = []

  static let valueCost = 16

  init(owner: ScriptContext, context: JSContextRef) {
    self.owner = owner
    self.context = context
  }

  mutating func count(_ bytes: Int) throws(ScriptError) {
    size += bytes
    let limit = owner.configuration.maxConversionSize
    guard size > limit else { return }
    throw ScriptError.sizeLimit(
      "the value is larger than the limit of \(ByteCount(limit)) for a value leaving the engine "
        + "(counting the UTF-8 bytes of its strings and 16 bytes per value)")
  }

  mutating func convert(_ value: JSValueRef?, depth: Int) throws(ScriptError) -> JSONValue? {
    guard let value else { return nil }
    try count(Self.valueCost)
    switch JSValueGetType(context, value) {
    case kJSTypeUndefined:
      return nil
    case kJSTypeNull:
      return .null
    case kJSTypeBoolean:
      return .bool(JSValueToBoolean(context, value))
    case kJSTypeNumber:
      return .number(JSValueToNumber(context, value, nil))
    case kJSTypeString:
      let string = try owner.boundedString(value, in: context, what: "a string in the value")
      try count(string.utf8.count)
      return .string(string)
    case kJSTypeObject:
      guard let object = JSValueToObject(context, value, nil), !JSObjectIsFunction(context, object) else {
        return nil
      }
      guard depth < owner.configuration.maxConversionDepth else {
        if Set(path).count < path.count || path.contains(object) {
          throw ScriptError(kind: .cyclic, name: "TypeError", message: "value is cyclic (an object contains itself)")
        }
        throw ScriptError(
          kind: .exception, name: "RangeError",
          message: "value is nested deeper than \(owner.configuration.maxConversionDepth) levels")
      }
      path.append(object)
      defer { path.removeLast() }
      if JSValueIsArray(context, value) {
        return try array(object, depth: depth)
      }
      return try plainObject(object, depth: depth)
    default:
      // Symbols and BigInts have no JSON form.
      return nil
    }
  }

  private mutating func array(_ object: JSObjectRef, depth: Int) throws(ScriptError) -> JSONValue {
    let context = self.context
    // Read through an entry: `length` of a Proxy runs page code.
    let lengthValue = try owner.enter { exception in
      JSStrings.with("length") { JSObjectGetProperty(context, object, $0, exception) }
    }
    let length = JSValueToNumber(context, lengthValue, nil)
    let count = length.isFinite && length > 0 ? Int(min(length.rounded(.down), Double(UInt32.max))) : 0
    // Counted before anything is read: a huge length stops here.
    try self.count(count * Self.valueCost)
    var elements: [JSONValue] = []
    elements.reserveCapacity(count)
    for index in 0..<count {
      let element = try owner.enter { exception in
        JSObjectGetPropertyAtIndex(context, object, UInt32(index), exception)
      }
      size -= Self.valueCost
      elements.append(try convert(element, depth: depth + 1) ?? .null)
    }
    return .array(elements)
  }

  private mutating func plainObject(_ object: JSObjectRef, depth: Int) throws(ScriptError) -> JSONValue {
    let context = self.context
    var result = JSONObject()
    let remaining = max(0, owner.configuration.maxConversionSize - size)
    for key in try owner.ownKeys(of: object, maxCount: remaining / Self.valueCost + 1) {
      try count(key.utf8.count)
      let element = try owner.enter { exception in
        JSStrings.with(key) { JSObjectGetProperty(context, object, $0, exception) }
      }
      if let converted = try convert(element, depth: depth + 1) {
        result[key] = converted
      }
    }
    return .object(result)
  }
}
