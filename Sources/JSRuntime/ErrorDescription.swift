import CJavaScriptCore

/// Reads what a thrown JavaScript value says about itself (name, message,
/// location, stack) without trusting it: every read that fails or throws
/// simply leaves that field empty.
enum ErrorDescription {
  static func describe(_ exception: JSValueRef, in context: JSContextRef) -> ScriptError {
    guard JSValueIsObject(context, exception), let object = JSValueToObject(context, exception, nil) else {
      return ScriptError(kind: .exception, message: plainString(exception, in: context) ?? "<unprintable value>")
    }
    let name = stringProperty("name", of: object, in: context)
    let message = stringProperty("message", of: object, in: context)
    let isError = message != nil && name != nil
    var error = ScriptError(
      kind: .exception,
      name: isError ? name : nil,
      message: isError ? (message ?? "") : (plainString(exception, in: context) ?? "<unprintable object>"),
      sourceURL: stringProperty("sourceURL", of: object, in: context),
      line: intProperty("line", of: object, in: context),
      column: intProperty("column", of: object, in: context),
      stack: stringProperty("stack", of: object, in: context).flatMap { $0.isEmpty ? nil : $0 })
    if let message = error.message as String?, isError {
      if error.name == "RangeError" && message.contains("Maximum call stack size exceeded") {
        error.kind = .stackOverflow
      } else if message.contains("Out of memory") {
        error.kind = .outOfMemory
      }
    }
    return error
  }

  /// The most of an error's text (message, stack…) copied out of the
  /// engine: a page can throw an error with a 200 MB message.
  static let maxTextLength = 16_384

  /// `String(value)` (its first ``maxTextLength`` units, with a note when
  /// cut), or nil if the conversion throws.
  static func plainString(_ value: JSValueRef, in context: JSContextRef) -> String? {
    var exception: JSValueRef?
    guard let string = JSValueToStringCopy(context, value, &exception), exception == nil else { return nil }
    defer { JSStringRelease(string) }
    let (text, omitted) = JSStrings.prefix(of: string, maxLength: maxTextLength)
    return omitted == 0 ? text : text + "… [\(omitted) more characters cut]"
  }

  private static func property(_ name: String, of object: JSObjectRef, in context: JSContextRef) -> JSValueRef? {
    var exception: JSValueRef?
    let value = JSStrings.with(name) { JSObjectGetProperty(context, object, $0, &exception) }
    guard exception == nil, let value, !JSValueIsUndefined(context, value) else { return nil }
    return value
  }

  private static func stringProperty(_ name: String, of object: JSObjectRef, in context: JSContextRef) -> String? {
    guard let value = property(name, of: object, in: context) else { return nil }
    guard JSValueIsString(context, value) else { return nil }
    return plainString(value, in: context)
  }

  private static func intProperty(_ name: String, of object: JSObjectRef, in context: JSContextRef) -> Int? {
    guard let value = property(name, of: object, in: context), JSValueIsNumber(context, value) else { return nil }
    let number = JSValueToNumber(context, value, nil)
    guard number.isFinite, number >= 0, number < 1e9 else { return nil }
    return Int(number)
  }
}
