import CJavaScriptCore
import JSONModel

/// One JavaScript world: a global object in its own virtual machine.
///
/// This module is the only place in bridgecheck that touches JavaScriptCore
/// pointers; everything above it sees ``ScriptContext``, ``ScriptValue`` and
/// ``ScriptError``.
///
/// Lifetime: a context is open from `init` until ``close()`` (or `deinit`).
/// Native functions are owned by the context and released by `close()`, which
/// breaks any reference cycle between a closure and the context it lives in.
/// Values (``ScriptValue``) keep their context object alive but become inert
/// once it is closed: using them then throws ``ScriptError/Kind-swift.enum/contextClosed``.
///
/// Threading: a context is not `Sendable`. Create it, use it and close it on
/// one thread at a time; separate contexts may run on separate threads.
public final class ScriptContext {
  /// Settings fixed at creation.
  public struct Configuration: Sendable {
    /// The budget of each top-level evaluate or call; `nil` means no limit.
    public var timeLimit: Duration?
    /// How deep ``ScriptValue/toJSON()`` follows nested arrays and objects
    /// before it reports an error (this also catches cyclic values).
    public var maxConversionDepth: Int
    /// A name for the context, shown by debuggers.
    public var name: String?

    /// Creates a configuration; the defaults suit untrusted page scripts.
    public init(timeLimit: Duration? = .seconds(1), maxConversionDepth: Int = 2_000, name: String? = nil) {
      self.timeLimit = timeLimit
      self.maxConversionDepth = maxConversionDepth
      self.name = name
    }
  }

  /// The settings this context was created with.
  public let configuration: Configuration

  private let group: JSContextGroupRef
  private(set) var raw: JSGlobalContextRef?
  private let watchdog = ExecutionWatchdog()
  private var functions: [NativeFunctionBox] = []
  private var entryDepth = 0
  /// `Object.keys` as it was at creation, so that a script replacing it
  /// cannot change how values are converted.
  private var objectKeys: JSObjectRef?
  /// The built-in error constructors as they were at creation, by name.
  private var errorConstructors: [String: JSObjectRef] = [:]

  /// Creates an open context.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    group = JSContextGroupCreate()
    let context = JSGlobalContextCreateInGroup(group, nil)
    raw = context
    if let name = configuration.name {
      JSStrings.with(name) { JSGlobalContextSetName(context, $0) }
    }
    if let limit = configuration.timeLimit {
      watchdog.install(on: group, seconds: limit.seconds)
    }
    objectKeys = captureIntrinsic("Object.keys")
    for name in ["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError"] {
      errorConstructors[name] = captureIntrinsic(name)
    }
  }

  /// Evaluates `expression` once at creation and keeps the object it names,
  /// protected, so that later page scripts cannot swap it out.
  private func captureIntrinsic(_ expression: String) -> JSObjectRef? {
    guard let context = raw, let value = try? evaluateRaw(expression, sourceURL: nil),
      JSValueIsObject(context, value)
    else { return nil }
    JSValueProtect(context, value)
    return JSValueToObject(context, value, nil)
  }

  deinit { close() }

  /// The value thrown by the most recent entry that failed (kept protected
  /// until the next failure), so that a caller can hand the original error
  /// object to page code such as `window.onerror`.
  public private(set) var lastException: ScriptValue?

  /// Whether ``close()`` has run.
  public var isClosed: Bool { raw == nil }

  /// Destroys the JavaScript world and releases every native function.
  /// Idempotent. Must not be called while a script of this context runs.
  public func close() {
    guard let context = raw else { return }
    precondition(entryDepth == 0, "ScriptContext.close() called from inside a running script")
    raw = nil
    JSGlobalContextRelease(context)
    JSContextGroupRelease(group)
    functions.removeAll()
    objectKeys = nil
    errorConstructors.removeAll()
    lastException = nil
  }

  // MARK: - Evaluation

  /// Evaluates `source` as a classic script in the global scope.
  ///
  /// - Parameters:
  ///   - source: the script text.
  ///   - sourceURL: the name errors and stacks report for this script.
  /// - Returns: the completion value of the script.
  /// - Throws: ``ScriptError`` for syntax errors, uncaught exceptions, the time
  ///   limit, stack overflow and out-of-memory conditions.
  @discardableResult
  public func evaluate(_ source: String, sourceURL: String? = nil) throws(ScriptError) -> ScriptValue {
    let result = try evaluateRaw(source, sourceURL: sourceURL)
    return ScriptValue(context: self, raw: result)
  }

  /// Checks `source` for syntax errors without running it.
  public func checkSyntax(_ source: String, sourceURL: String? = nil) throws(ScriptError) {
    let context = try open()
    var exception: JSValueRef?
    let ok = JSStrings.with(source) { script in
      withOptionalJSString(sourceURL) { url in
        JSCheckScriptSyntax(context, script, url, 1, &exception)
      }
    }
    if !ok {
      throw makeError(from: exception, sourceURL: sourceURL, syntaxOnly: true)
    }
  }

  private func evaluateRaw(_ source: String, sourceURL: String?) throws(ScriptError) -> JSValueRef {
    let context = try open()
    return try enter(sourceURL: sourceURL, source: source) { exception in
      JSStrings.with(source) { script in
        withOptionalJSString(sourceURL) { url in
          JSEvaluateScript(context, script, nil, url, 1, exception)
        }
      }
    }
  }

  // MARK: - Values

  /// The global object (`globalThis`, `window` in a page).
  public var globalObject: ScriptValue {
    guard let context = raw else { return undefined }
    return ScriptValue(context: self, raw: JSContextGetGlobalObject(context))
  }

  /// `undefined`.
  public var undefined: ScriptValue { ScriptValue(context: self, raw: raw.map { JSValueMakeUndefined($0) }) }

  /// `null`.
  public var null: ScriptValue { ScriptValue(context: self, raw: raw.map { JSValueMakeNull($0) }) }

  /// A JavaScript string.
  public func string(_ value: String) -> ScriptValue {
    guard let context = raw else { return undefined }
    let made = JSStrings.with(value) { JSValueMakeString(context, $0) }
    return ScriptValue(context: self, raw: made)
  }

  /// A JavaScript number.
  public func number(_ value: Double) -> ScriptValue {
    ScriptValue(context: self, raw: raw.map { JSValueMakeNumber($0, value) })
  }

  /// A JavaScript boolean.
  public func boolean(_ value: Bool) -> ScriptValue {
    ScriptValue(context: self, raw: raw.map { JSValueMakeBoolean($0, value) })
  }

  /// Builds the JavaScript value for a JSON value; `nil` gives `undefined`.
  /// The value is built directly, without calling the page's `JSON.parse`.
  public func value(_ json: JSONValue?) -> ScriptValue {
    guard let context = raw else { return undefined }
    return ScriptValue(context: self, raw: JSONConversion.makeValue(json, in: context))
  }

  /// Makes a JavaScript function that runs `body`. The function lives until
  /// the context is closed.
  public func makeFunction(named name: String, _ body: @escaping NativeFunction) -> ScriptValue {
    guard let context = raw else { return undefined }
    let box = NativeFunctionBox(context: self, name: name, body: body)
    functions.append(box)
    let object = JSObjectMake(context, nativeFunctionClass, Unmanaged.passUnretained(box).toOpaque())
    return ScriptValue(context: self, raw: object)
  }

  /// Calls `handler` with the reason of every promise rejection that no
  /// handler caught.
  public func onUnhandledRejection(_ handler: @escaping (ScriptValue) -> Void) {
    guard let context = raw else { return }
    let function = makeFunction(named: "unhandledRejection") { call in
      handler(call[1])
      return nil
    }
    if let object = function.objectRef {
      JSGlobalContextSetUnhandledRejectionCallback(context, object, nil)
    }
  }

  // MARK: - Internals shared with ScriptValue

  /// The open context, or an error if it was closed.
  func open() throws(ScriptError) -> JSGlobalContextRef {
    guard let context = raw else {
      throw ScriptError(kind: .contextClosed, message: "the JavaScript context was closed")
    }
    return context
  }

  /// Runs one entry into the engine and turns a pending exception into a
  /// ``ScriptError``. Resets the watchdog on top-level entries.
  func enter(
    sourceURL: String? = nil, source: String? = nil,
    _ body: (UnsafeMutablePointer<JSValueRef?>) -> JSValueRef?
  ) throws(ScriptError) -> JSValueRef {
    let context = try open()
    if entryDepth == 0 { watchdog.reset() }
    entryDepth += 1
    var exception: JSValueRef?
    let result = body(&exception)
    entryDepth -= 1
    if let exception {
      lastException = ScriptValue(context: self, raw: exception)
      throw makeError(from: exception, sourceURL: sourceURL, source: source)
    }
    return result ?? JSValueMakeUndefined(context)
  }

  /// Own enumerable string keys of `object`, through the `Object.keys` captured
  /// at creation.
  func ownKeys(of object: JSObjectRef) throws(ScriptError) -> [String] {
    let context = try open()
    guard let objectKeys else { return [] }
    var argument: JSValueRef? = object
    let array = try enter { exception in
      JSObjectCallAsFunction(context, objectKeys, nil, 1, &argument, exception)
    }
    guard let arrayObject = JSValueToObject(context, array, nil) else { return [] }
    let count = Int(JSONConversion.length(of: arrayObject, in: context))
    var keys: [String] = []
    keys.reserveCapacity(count)
    for index in 0..<count {
      let key = JSObjectGetPropertyAtIndex(context, arrayObject, UInt32(index), nil)
      if let string = JSValueToStringCopy(context, key, nil) {
        keys.append(JSStrings.consume(string))
      }
    }
    return keys
  }

  /// Calls a native function's closure; a thrown Swift error becomes a
  /// JavaScript exception.
  func invokeNative(
    _ box: NativeFunctionBox, rawContext: JSContextRef, this: JSObjectRef?,
    arguments: UnsafeBufferPointer<JSValueRef?>,
    exception: UnsafeMutablePointer<JSValueRef?>?
  ) -> JSValueRef? {
    let call = NativeCall(
      context: self,
      this: ScriptValue(context: self, raw: this),
      arguments: arguments.map { ScriptValue(context: self, raw: $0) })
    do {
      let result = try box.body(call)
      return result?.rawValue ?? JSValueMakeUndefined(rawContext)
    } catch {
      let failure = (error as? NativeFunctionError) ?? NativeFunctionError("\(error)")
      exception?.pointee = makeJSError(failure, in: rawContext)
      return nil
    }
  }

  private func makeJSError(_ failure: NativeFunctionError, in context: JSContextRef) -> JSValueRef? {
    var message: JSValueRef? = JSStrings.with(failure.message) { JSValueMakeString(context, $0) }
    if let constructor = errorConstructors[failure.name],
      let error = JSObjectCallAsConstructor(context, constructor, 1, &message, nil)
    {
      return error
    }
    let error = JSObjectMakeError(context, 1, &message, nil)
    if failure.name != "Error", let error {
      let name = JSStrings.with(failure.name) { JSValueMakeString(context, $0) }
      JSStrings.with("name") { JSObjectSetProperty(context, error, $0, name, 0, nil) }
    }
    return error
  }

  /// Describes a thrown JavaScript value as a ``ScriptError``.
  func makeError(
    from exception: JSValueRef?, sourceURL: String?, source: String? = nil, syntaxOnly: Bool = false
  ) -> ScriptError {
    guard let context = raw, let exception else {
      return ScriptError(kind: .exception, message: "unknown error", sourceURL: sourceURL)
    }
    let terminated = watchdog.fired
    watchdog.reset()
    var error = ErrorDescription.describe(exception, in: context)
    if error.sourceURL == nil { error.sourceURL = sourceURL }
    if terminated {
      error.kind = .timeLimit
      let limit = configuration.timeLimit.map { " of \($0.seconds)s" } ?? ""
      error.message = "script terminated: it ran past the time limit\(limit)"
      error.name = nil
    } else if syntaxOnly {
      error.kind = .syntax
    } else if error.name == "SyntaxError", let source, (try? checkSyntax(source, sourceURL: sourceURL)) == nil {
      error.kind = .syntax
    }
    return error
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// Runs `body` with a temporary `JSStringRef` for `string`, or `nil`.
func withOptionalJSString<R>(_ string: String?, _ body: (JSStringRef?) -> R) -> R {
  guard let string else { return body(nil) }
  return JSStrings.with(string) { body($0) }
}
