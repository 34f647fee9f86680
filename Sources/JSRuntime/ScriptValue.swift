import CJavaScriptCore
import JSONModel

/// A JavaScript value held from Swift.
///
/// The value is protected from garbage collection for as long as this object
/// lives. It belongs to one ``ScriptContext``; once that context is closed,
/// every operation throws ``ScriptError/Kind-swift.enum/contextClosed`` and
/// the accessors return `nil`.
package final class ScriptValue {
  /// The JavaScript type of a value.
  package enum Kind: String, Sendable {
    case undefined, null, boolean, number, string, object, function, symbol, bigint
  }

  /// The context this value belongs to.
  package let context: ScriptContext
  private let raw: JSValueRef?

  init(context: ScriptContext, raw: JSValueRef?) {
    self.context = context
    self.raw = raw
    if let raw { context.protect(raw) }
  }

  deinit {
    if let raw { context.unprotect(raw) }
  }

  /// The raw value while the context is open.
  var rawValue: JSValueRef? { context.raw == nil ? nil : raw }

  /// The value as an object pointer, if it is an object and the context is open.
  var objectRef: JSObjectRef? {
    guard let open = context.raw, let raw, JSValueIsObject(open, raw) else { return nil }
    return JSValueToObject(open, raw, nil)
  }

  /// The JavaScript type of the value (`function` for callable objects).
  package var kind: Kind {
    guard let open = context.raw, let raw else { return .undefined }
    switch JSValueGetType(open, raw) {
    case kJSTypeUndefined: return .undefined
    case kJSTypeNull: return .null
    case kJSTypeBoolean: return .boolean
    case kJSTypeNumber: return .number
    case kJSTypeString: return .string
    case kJSTypeSymbol: return .symbol
    case kJSTypeObject:
      if let object = objectRef, JSObjectIsFunction(open, object) { return .function }
      return .object
    default: return .bigint
    }
  }

  /// Whether the value is `undefined`.
  package var isUndefined: Bool { kind == .undefined }
  /// Whether the value is `null`.
  package var isNull: Bool { kind == .null }
  /// Whether the value can be called.
  package var isFunction: Bool { kind == .function }
  /// Whether the value is an object (functions included).
  package var isObject: Bool { kind == .object || kind == .function }

  /// The string, if the value is a string. A string longer than the
  /// context's ``ScriptContext/Configuration/maxStringLength`` gives only
  /// that many UTF-16 units (use ``stringValue(maxLength:)`` to know).
  package var stringValue: String? {
    stringValue(maxLength: context.configuration.maxStringLength)?.text
  }

  /// At most the first `maxLength` UTF-16 units of the string, if the value
  /// is a string, and how many units were left out. Only the prefix is
  /// copied out of the engine.
  package func stringValue(maxLength: Int) -> (text: String, omitted: Int)? {
    guard let open = context.raw, let raw, JSValueIsString(open, raw),
      let string = JSValueToStringCopy(open, raw, nil)
    else { return nil }
    defer { JSStringRelease(string) }
    return JSStrings.prefix(of: string, maxLength: max(0, maxLength))
  }

  /// The number, if the value is a number.
  package var numberValue: Double? {
    guard let open = context.raw, let raw, JSValueIsNumber(open, raw) else { return nil }
    return JSValueToNumber(open, raw, nil)
  }

  /// The boolean, if the value is a boolean.
  package var boolValue: Bool? {
    guard let open = context.raw, let raw, JSValueIsBoolean(open, raw) else { return nil }
    return JSValueToBoolean(open, raw)
  }

  /// `String(value)` in JavaScript (which may run the value's `toString`),
  /// cut at `maxLength` UTF-16 units (by default the context's
  /// ``ScriptContext/Configuration/maxStringLength``).
  package func toString(maxLength: Int? = nil) throws(ScriptError) -> String {
    let open = try context.open()
    guard let raw else { return "undefined" }
    var result: JSStringRef?
    _ = try context.enter { exception in
      result = JSValueToStringCopy(open, raw, exception)
      return nil
    }
    guard let result else { return "" }
    defer { JSStringRelease(result) }
    return JSStrings.prefix(of: result, maxLength: maxLength ?? context.configuration.maxStringLength).text
  }

  /// The value as JSON data: `nil` for `undefined` (see ``JSONValue`` for
  /// what a conversion keeps). Throws for values nested deeper than the
  /// context's limit, for cyclic values (``ScriptError/Kind-swift.enum/cyclic``)
  /// and for getters that throw.
  package func toJSON() throws(ScriptError) -> JSONValue? {
    try JSONConversion.toJSON(rawValue, owner: context)
  }

  /// Reads `self[name]`.
  package func property(_ name: String) throws(ScriptError) -> ScriptValue {
    let open = try context.open()
    guard let object = objectRef else {
      throw ScriptError(kind: .exception, name: "TypeError", message: "cannot read '\(name)' of \(kind.rawValue)")
    }
    let value = try context.enter { exception in
      JSStrings.with(name) { JSObjectGetProperty(open, object, $0, exception) }
    }
    return ScriptValue(context: context, raw: value)
  }

  /// Writes `self[name] = value`.
  package func setProperty(_ name: String, _ value: ScriptValue) throws(ScriptError) {
    let open = try context.open()
    guard let object = objectRef else {
      throw ScriptError(kind: .exception, name: "TypeError", message: "cannot set '\(name)' on \(kind.rawValue)")
    }
    _ = try context.enter { exception in
      JSStrings.with(name) { JSObjectSetProperty(open, object, $0, value.rawValue, 0, exception) }
      return nil
    }
  }

  /// Calls the value as a function.
  ///
  /// - Parameters:
  ///   - arguments: the arguments, in order.
  ///   - this: the receiver; `undefined` when omitted.
  package func call(_ arguments: [ScriptValue] = [], this: ScriptValue? = nil) throws(ScriptError) -> ScriptValue {
    let open = try context.open()
    guard let function = objectRef, JSObjectIsFunction(open, function) else {
      throw ScriptError(kind: .exception, name: "TypeError", message: "\(kind.rawValue) is not a function")
    }
    var rawArguments = arguments.map { $0.rawValue }
    let receiver = this?.objectRef
    let result = try context.enter { exception in
      rawArguments.withUnsafeMutableBufferPointer { buffer in
        JSObjectCallAsFunction(open, function, receiver, buffer.count, buffer.baseAddress, exception)
      }
    }
    return ScriptValue(context: context, raw: result)
  }
}
