import CJavaScriptCore
import JSONModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
package final class ScriptContext {
  /// Settings fixed at creation.
  package struct Configuration: Sendable {
    /// The budget of each top-level evaluate or call; `nil` means no limit.
    package var timeLimit: Duration?
    /// How deep ``ScriptValue/toJSON()`` follows nested arrays and objects
    /// before it reports an error (this also catches cyclic values).
    package var maxConversionDepth: Int
    /// A name for the context, shown by debuggers.
    package var name: String?
    /// The longest string, in UTF-16 code units, that crosses from the
    /// engine into Swift (``ScriptValue/toJSON()``, ``ScriptValue/stringValue``);
    /// longer ones are an error before anything is copied (see
    /// ``ScriptError/Kind-swift.enum/sizeLimit``). Default 32 Mi units (64 MiB).
    package var maxStringLength: Int
    /// The most a value converted by ``ScriptValue/toJSON()`` may hold,
    /// counted as the UTF-8 bytes of its strings and keys plus 16 bytes per
    /// value. Default 64 MiB (a 10 MB string payload counts 10 MiB; a
    /// 10-million-element array counts 160 MiB and stops before it is read).
    package var maxConversionSize: Int
    /// Whether the context lives in the calling thread's shared context
    /// group (``SharedContextGroup``) instead of a group of its own. A fresh
    /// global context in a shared group costs a fraction of a fresh group,
    /// and scripts it runs again are not compiled again; each context is
    /// still a world of its own. Use such a context only on the thread that
    /// created it. Ignored without a ``timeLimit`` (the engine's time limit
    /// is per group). Default false.
    package var sharesContextGroup: Bool

    /// Creates a configuration; the defaults suit untrusted page scripts.
    package init(
      timeLimit: Duration? = .seconds(1), maxConversionDepth: Int = 2_000, name: String? = nil,
      maxStringLength: Int = 32 << 20, maxConversionSize: Int = 64 << 20, sharesContextGroup: Bool = false
    ) {
      self.timeLimit = timeLimit
      self.maxConversionDepth = maxConversionDepth
      self.name = name
      self.maxStringLength = maxStringLength
      self.maxConversionSize = maxConversionSize
      self.sharesContextGroup = sharesContextGroup
    }
  }

  /// The settings this context was created with.
  package let configuration: Configuration

  /// The group, until ``close()``.
  private var group: ContextGroup?
  private(set) var raw: JSGlobalContextRef?
  private let watchdog: ExecutionWatchdog
  /// Values protected from collection on behalf of this context, with how
  /// many times each: ``close()`` unprotects what is left, so that a value
  /// Swift still holds does not keep a closed page alive in a shared group.
  private var protectedValues: [JSValueRef: Int] = [:]
  /// Set when the watchdog terminated a script of this context or the page
  /// passed a limit (``terminateSoon()``): its group is retired at close.
  private var wasTerminated = false
  /// Whether ``onUnhandledRejection(_:)`` set the engine's callback, which
  /// ``close()`` then points elsewhere (see ``ContextGroup/releaseRejectionCallback(of:)``).
  private var hasRejectionCallback = false
  /// The native functions made in this context, with their (protected)
  /// function objects: at close each object forgets its box, so a function
  /// of a closed page that something still reaches calls nothing.
  private var functions: [(box: NativeFunctionBox, object: JSObjectRef)] = []
  private var entryDepth = 0
  /// The time budget of the current task (or of each entry outside a task).
  private var budget: TaskBudget?
  /// `Object.keys` as it was at creation, so that a script replacing it
  /// cannot change how values are converted.
  private var objectKeys: JSObjectRef?
  /// The built-in error constructors as they were at creation, by name.
  private var errorConstructors: [String: JSObjectRef] = [:]

  /// Engine options, set once before the first context exists: JavaScriptCore
  /// reads `JSC_*` variables when it initializes. WebAssembly is switched
  /// off (`JSC_useWasm=false`, unless the variable is already set): the
  /// watchdog does not interrupt a WebAssembly loop (measured on WebKitGTK
  /// 2.50.6, with or without polling traps), so a page could hang the
  /// process. Contexts are also cheaper to create without it.
  ///
  /// The optimizing compilers are kept for code that runs long: a scenario's
  /// code runs a few times on a fresh page, and compiling it (the DFG tier,
  /// and the baseline tier after a few hundred runs) cost more than it saved,
  /// a quarter of the default gate's time (`docs/performance.md`). Hot loops
  /// still reach the baseline tier. These are set through the engine's API,
  /// not the environment, so that the web processes of `--engine webkitgtk`
  /// keep WebKit's own settings; a `JSC_` variable of the same name wins.
  private static let engineOptions: Void = {
    setenv("JSC_useWasm", "false", 0)
    EngineTiers.apply()
  }()

  /// Creates an open context. It has no `WebAssembly` (see `engineOptions`;
  /// if the engine was started with it, the global is deleted).
  package init(configuration: Configuration = Configuration()) {
    Self.engineOptions
    self.configuration = configuration
    let group =
      configuration.sharesContextGroup && configuration.timeLimit != nil
      ? SharedContextGroup.current() : ContextGroup(shared: false)
    self.group = group
    watchdog = group.watchdog
    let context = group.makeGlobalContext()
    raw = context
    if let name = configuration.name {
      JSStrings.with(name) { JSGlobalContextSetName(context, $0) }
    }
    if let limit = configuration.timeLimit {
      watchdog.arm(on: group.raw, seconds: limit.seconds)
      budget = TaskBudget(limit: limit)
    }
    JSStrings.with("WebAssembly") { name in
      let global = JSContextGetGlobalObject(context)
      if JSObjectHasProperty(context, global, name) { _ = JSObjectDeleteProperty(context, global, name, nil) }
    }
    let global = JSContextGetGlobalObject(context)
    objectKeys = captureIntrinsic(["Object", "keys"], from: global)
    for name in Self.errorNames { errorConstructors[name] = captureIntrinsic([name], from: global) }
  }

  private static let errorNames = ["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError"]

  /// Reads the object at `path` from the global object once at creation
  /// (built-ins of a fresh global: plain property reads that run no script)
  /// and keeps it, protected, so that later page scripts cannot swap it
  /// out; nil when it is not an object.
  private func captureIntrinsic(_ path: [String], from global: JSObjectRef?) -> JSObjectRef? {
    guard let context = raw else { return nil }
    var object = global
    for name in path {
      guard let holder = object,
        let value = JSStrings.with(name, { JSObjectGetProperty(context, holder, $0, nil) }),
        JSValueIsObject(context, value)
      else { return nil }
      object = JSValueToObject(context, value, nil)
    }
    guard let object else { return nil }
    protect(object)
    return object
  }

  deinit { close() }

  /// The value thrown by the most recent entry that failed (kept protected
  /// until the next failure), so that a caller can hand the original error
  /// object to page code such as `window.onerror`.
  package private(set) var lastException: ScriptValue?

  /// Whether ``close()`` has run.
  package var isClosed: Bool { raw == nil }

  /// Whether a script of this context is running now (the caller is inside
  /// one of its entries, e.g. in a native function it called).
  package var isRunning: Bool { entryDepth > 0 }

  /// Destroys the JavaScript world and releases every native function.
  /// Idempotent. Must not be called while a script of this context runs.
  package func close() {
    guard let context = raw else { return }
    precondition(entryDepth == 0, "ScriptContext.close() called from inside a running script")
    lastException = nil
    for (value, count) in protectedValues {
      for _ in 0..<count { JSValueUnprotect(context, value) }
    }
    protectedValues.removeAll()
    if hasRejectionCallback, let group, group.isShared { group.releaseRejectionCallback(of: context) }
    for function in functions {
      JSObjectSetPrivate(function.object, nil)
      JSValueUnprotect(context, function.object)
    }
    raw = nil
    JSGlobalContextRelease(context)
    if wasTerminated { group?.retire() }
    group = nil
    functions.removeAll()
    objectKeys = nil
    errorConstructors.removeAll()
  }

  /// How many protections this context holds now (values Swift keeps, the
  /// intrinsics captured at creation); zero once closed.
  var protectedValueCount: Int { protectedValues.values.reduce(0, +) }

  /// Protects `value` from collection until ``unprotect(_:)`` or ``close()``.
  func protect(_ value: JSValueRef) {
    guard let context = raw else { return }
    JSValueProtect(context, value)
    protectedValues[value, default: 0] += 1
  }

  /// Undoes one ``protect(_:)`` of `value` (nothing once the context is closed).
  func unprotect(_ value: JSValueRef) {
    guard let context = raw, let count = protectedValues[value] else { return }
    JSValueUnprotect(context, value)
    protectedValues[value] = count > 1 ? count - 1 : nil
  }

  // MARK: - Task budgets

  /// Starts a task: from now until ``endTask()``, every top-level entry
  /// (evaluate, call, property read, conversion of a value) draws on one
  /// budget of ``Configuration/timeLimit``. Past it the running script is
  /// terminated and further entries fail at once with
  /// ``ScriptError/Kind-swift.enum/timeLimit``, until the next task begins.
  /// Without a task, each top-level entry has the whole limit.
  package func beginTask() {
    budget?.begin()
  }

  /// Ends the current task (see ``beginTask()``).
  package func endTask() {
    budget?.end()
  }

  /// Throws ``ScriptError/Kind-swift.enum/timeLimit`` when the current task
  /// (or, outside a task, the running entry) has used its time limit. Native
  /// functions that page code calls in a loop the watchdog cannot see (one
  /// microtask after another, each a fresh entry for the engine) call it.
  package func checkTimeBudget() throws(ScriptError) {
    guard let budget, budget.used(at: .now) >= budget.limit else { return }
    throw budgetError(budget)
  }

  /// Ends the running script soon (within about a millisecond of engine
  /// time) and refuses every later entry of the current task, as if the task
  /// had used its budget. A native function calls it when the page passed a
  /// limit and nothing it does from now on matters.
  package func terminateSoon() {
    guard budget != nil, raw != nil, let group else { return }
    wasTerminated = true
    budget?.exhaust()
    watchdog.arm(on: group.raw, seconds: 0.001)
  }

  /// Whether the current task has used its whole budget.
  package var isTaskBudgetExhausted: Bool {
    guard let budget else { return false }
    return budget.isExhausted || (budget.isOpen && budget.used(at: .now) >= budget.limit)
  }

  private func budgetError(_ budget: TaskBudget) -> ScriptError {
    ScriptError(
      kind: .timeLimit,
      message: "script stopped: the task used its time limit of \(budget.limit.seconds)s")
  }

  /// Before a top-level entry: refuses it when the task's budget is gone,
  /// and gives the watchdog only what is left of it.
  private func startEntry() throws(ScriptError) {
    guard var budget, let group else { return }
    if budget.isExhausted { throw budgetError(budget) }
    watchdog.reset()
    // A task that used less than a tenth of its budget keeps the whole
    // limit for the next entry (no call into the engine in the common case).
    let remaining = budget.spent < budget.limit / 10 ? budget.limit : budget.remaining
    watchdog.arm(on: group.raw, seconds: remaining.seconds)
    budget.entryBegan(at: .now)
    self.budget = budget
  }

  private func finishEntry() {
    budget?.entryEnded(at: .now)
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
  package func evaluate(_ source: String, sourceURL: String? = nil) throws(ScriptError) -> ScriptValue {
    let result = try evaluateRaw(source, sourceURL: sourceURL)
    return ScriptValue(context: self, raw: result)
  }

  /// Evaluations in this context's group that reused a large text's engine
  /// script instead of converting the text again (see ``ReusedScripts``).
  var reusedScriptHits: Int { group?.reusedScriptHits ?? 0 }

  /// Evaluates a prepared script as a classic script in the global scope:
  /// its text is parsed once per context group (see ``PreparedScript``).
  /// Same results and errors as ``evaluate(_:sourceURL:)``.
  @discardableResult
  package func evaluate(_ script: PreparedScript) throws(ScriptError) -> ScriptValue {
    let context = try open()
    guard let parsed = group?.parsed(script) else {
      return try evaluate(script.source, sourceURL: script.sourceURL)
    }
    let result = try enter(sourceURL: script.sourceURL, source: script.source) { exception in
      JSScriptEvaluate(context, parsed, nil, exception)
    }
    return ScriptValue(context: self, raw: result)
  }

  /// Checks `source` for syntax errors without running it.
  package func checkSyntax(_ source: String, sourceURL: String? = nil) throws(ScriptError) {
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
    if let reused = group?.reusedScript(for: source, sourceURL: sourceURL) {
      return try enter(sourceURL: sourceURL, source: source) { exception in
        JSScriptEvaluate(context, reused, nil, exception)
      }
    }
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
  package var globalObject: ScriptValue {
    guard let context = raw else { return undefined }
    return ScriptValue(context: self, raw: JSContextGetGlobalObject(context))
  }

  /// `undefined`.
  package var undefined: ScriptValue { ScriptValue(context: self, raw: raw.map { JSValueMakeUndefined($0) }) }

  /// `null`.
  package var null: ScriptValue { ScriptValue(context: self, raw: raw.map { JSValueMakeNull($0) }) }

  /// A JavaScript string.
  package func string(_ value: String) -> ScriptValue {
    guard let context = raw else { return undefined }
    let made = JSStrings.with(value) { JSValueMakeString(context, $0) }
    return ScriptValue(context: self, raw: made)
  }

  /// A JavaScript number.
  package func number(_ value: Double) -> ScriptValue {
    ScriptValue(context: self, raw: raw.map { JSValueMakeNumber($0, value) })
  }

  /// A JavaScript boolean.
  package func boolean(_ value: Bool) -> ScriptValue {
    ScriptValue(context: self, raw: raw.map { JSValueMakeBoolean($0, value) })
  }

  /// Builds the JavaScript value for a JSON value; `nil` gives `undefined`.
  /// The value is built directly, without calling the page's `JSON.parse`.
  package func value(_ json: JSONValue?) -> ScriptValue {
    guard let context = raw else { return undefined }
    return ScriptValue(context: self, raw: JSONConversion.makeValue(json, in: context))
  }

  /// Makes a JavaScript function that runs `body`. The function lives until
  /// the context is closed.
  package func makeFunction(named name: String, _ body: @escaping NativeFunction) -> ScriptValue {
    guard let context = raw else { return undefined }
    let box = NativeFunctionBox(context: self, name: name, body: body)
    let object = JSObjectMake(context, nativeFunctionClass, Unmanaged.passUnretained(box).toOpaque())!
    JSValueProtect(context, object)
    functions.append((box, object))
    return ScriptValue(context: self, raw: object)
  }

  /// Calls `handler` with the reason of every promise rejection that no
  /// handler caught.
  package func onUnhandledRejection(_ handler: @escaping (ScriptValue) -> Void) {
    guard let context = raw else { return }
    let function = makeFunction(named: "unhandledRejection") { call in
      handler(call[1])
      return nil
    }
    if let object = function.objectRef {
      JSGlobalContextSetUnhandledRejectionCallback(context, object, nil)
      hasRejectionCallback = true
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
    if entryDepth == 0 { try startEntry() }
    entryDepth += 1
    var exception: JSValueRef?
    let result = body(&exception)
    entryDepth -= 1
    if entryDepth == 0 { finishEntry() }
    if let exception {
      lastException = ScriptValue(context: self, raw: exception)
      throw makeError(from: exception, sourceURL: sourceURL, source: source)
    }
    return result ?? JSValueMakeUndefined(context)
  }

  /// The string of a JavaScript string value, or a ``ScriptError`` of kind
  /// ``ScriptError/Kind-swift.enum/sizeLimit`` when it is longer than
  /// ``Configuration/maxStringLength`` (checked before anything is copied).
  func boundedString(_ value: JSValueRef, in context: JSContextRef, what: String) throws(ScriptError) -> String {
    guard let string = JSValueToStringCopy(context, value, nil) else { return "" }
    let length = JSStringGetLength(string)
    guard length <= configuration.maxStringLength else {
      JSStringRelease(string)
      throw ScriptError.sizeLimit(
        "\(what) is a string of \(length) UTF-16 units, over the limit of \(configuration.maxStringLength) "
          + "(\(ByteCount(configuration.maxStringLength * 2))) for a string leaving the engine")
    }
    return JSStrings.consume(string)
  }

  /// Own enumerable string keys of `object`, through the `Object.keys` captured
  /// at creation.
  func ownKeys(of object: JSObjectRef, maxCount: Int = .max) throws(ScriptError) -> [String] {
    let context = try open()
    guard let objectKeys else { return [] }
    var argument: JSValueRef? = object
    let array = try enter { exception in
      JSObjectCallAsFunction(context, objectKeys, nil, 1, &argument, exception)
    }
    guard let arrayObject = JSValueToObject(context, array, nil) else { return [] }
    let count = Int(JSONConversion.length(of: arrayObject, in: context))
    guard count <= maxCount else {
      throw ScriptError.sizeLimit(
        "an object in the value has \(count) keys, more than the limit of \(ByteCount(configuration.maxConversionSize)) "
          + "for a value leaving the engine allows")
    }
    var keys: [String] = []
    keys.reserveCapacity(count)
    for index in 0..<count {
      let key = JSObjectGetPropertyAtIndex(context, arrayObject, UInt32(index), nil)
      if let key, JSValueIsString(context, key) {
        keys.append(try boundedString(key, in: context, what: "a key in the value"))
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
    } catch let rethrown as RethrownValue {
      exception?.pointee = rethrown.value.rawValue ?? JSValueMakeUndefined(rawContext)
      return nil
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
    if terminated { wasTerminated = true }
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
