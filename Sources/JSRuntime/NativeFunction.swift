import CJavaScriptCore
import JSONModel

/// A Swift function callable from JavaScript, made by
/// ``ScriptContext/makeFunction(named:_:)``.
///
/// Return `nil` for `undefined`. A thrown Swift error becomes a JavaScript
/// `Error` whose message is the error's description (``NativeFunctionError``
/// lets you choose the message and error name exactly).
package typealias NativeFunction = (NativeCall) throws -> ScriptValue?

/// The arguments of one call from JavaScript into a ``NativeFunction``.
package struct NativeCall {
  /// The context the call runs in.
  package let context: ScriptContext
  /// The JavaScript `this` of the call.
  package let this: ScriptValue
  /// The arguments, in order.
  package let arguments: [ScriptValue]

  /// The argument at `index`, or `undefined` when the caller passed fewer.
  package subscript(index: Int) -> ScriptValue {
    index < arguments.count ? arguments[index] : context.undefined
  }
}

/// An error a ``NativeFunction`` throws to raise a specific JavaScript error.
package struct NativeFunctionError: Error, Sendable, CustomStringConvertible {
  /// The JavaScript error constructor's name, e.g. `TypeError`.
  package var name: String
  /// The message of the JavaScript error.
  package var message: String

  /// Creates an error raised as `new <name>(message)` in JavaScript.
  package init(_ message: String, name: String = "Error") {
    self.name = name
    self.message = message
  }

  package var description: String { "\(name): \(message)" }
}

/// An error a ``NativeFunction`` throws to raise `value` itself in
/// JavaScript: the exception a nested evaluation ended with (a script a
/// worker imports), so that the caller's `try`/`catch` sees the very value
/// the script threw, and a termination stays a termination. It never leaves
/// the thread of its context (the engine entry that called the function
/// catches it), which is why it may hold a value that is not `Sendable`.
package struct RethrownValue: Error, @unchecked Sendable {
  /// What to throw; a value of the context the function belongs to.
  package let value: ScriptValue

  /// Throws `value` unchanged.
  package init(_ value: ScriptValue) { self.value = value }
}

/// Holds a native function's closure for as long as its context is open. The
/// JavaScript function object points at its box through its private data.
final class NativeFunctionBox {
  unowned let context: ScriptContext
  let name: String
  let body: NativeFunction

  init(context: ScriptContext, name: String, body: @escaping NativeFunction) {
    self.context = context
    self.name = name
    self.body = body
  }
}

/// The class of every native function object: callable, with private data.
nonisolated(unsafe) let nativeFunctionClass: JSClassRef = {
  var definition = kJSClassDefinitionEmpty
  definition.callAsFunction = nativeFunctionTrampoline
  definition.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
  return JSClassCreate(&definition)
}()

/// Routes a call from JavaScript to the Swift closure in the function's box.
private let nativeFunctionTrampoline: JSObjectCallAsFunctionCallback = {
  rawContext, function, thisObject, argumentCount, arguments, exception in
  guard let rawContext, let function, let pointer = JSObjectGetPrivate(function) else {
    return JSValueMakeUndefined(rawContext)
  }
  let box = Unmanaged<NativeFunctionBox>.fromOpaque(pointer).takeUnretainedValue()
  return box.context.invokeNative(
    box, rawContext: rawContext, this: thisObject,
    arguments: UnsafeBufferPointer(start: arguments, count: argumentCount),
    exception: exception)
}
