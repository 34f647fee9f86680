import JSONModel
import JSRuntime
import WebViewHosting

/// One loaded document: a JavaScript context with the browser environment,
/// its timers, iframes, blob URLs and dedicated workers. A reload destroys
/// the world and makes a new one; the web view around it survives.
final class PageWorld {
  let generation: Int
  let url: String
  /// The page's URL parsed: the base that relative navigation URLs resolve
  /// against (nil when the page's URL itself does not parse).
  let parsedURL: NavigationURL?
  let context: ScriptContext
  unowned let webView: SimulatedWebView

  private let createdAt: VirtualTime
  private var random: SeededRandom
  private(set) var internals: PageInternals?
  /// Active timers: JavaScript timer id → scheduler task and repeat delay.
  private var timers: [Int: (task: Int, delay: Int64, repeats: Bool)] = [:]
  /// Iframe navigations waiting on their zero-delay timer (coalesced mode).
  private var pendingFrameNavigations: [Int: (task: Int, url: String)] = [:]
  /// How many promises the page (its workers included) rejected with `Promise.reject`.
  private var rejectedPromises = 0
  /// The page's dedicated workers, by id (ended ones included).
  var workers: [Int: PageWorker] = [:]
  /// The page's blob URLs (`URL.createObjectURL`, in the page or a worker).
  var blobs = BlobRegistry()
  /// The APIs the page touched that the simulated page lacks, each noted once.
  var missingNoted: Set<String> = []
  /// Draws the UUIDs of blob URLs (apart from `Math.random`'s stream).
  var blobRandom: SeededRandom
  /// Workers made so far (ended ones included), against ``PageLimits/maxWorkers``.
  var workersMade = 0

  init(webView: SimulatedWebView, generation: Int, url: String) throws(ScriptError) {
    self.webView = webView
    self.generation = generation
    self.url = url
    parsedURL = NavigationURL(url)
    createdAt = webView.scheduler.now
    let configuration = webView.configuration
    random = SeededRandom(seed: configuration.seed &+ UInt64(generation) &* 0x9E37_79B9)
    blobRandom = SeededRandom(seed: configuration.seed ^ 0xB10B &+ UInt64(generation))
    context = ScriptContext(
      configuration: .init(
        timeLimit: configuration.scriptTimeLimit, name: "page \(generation) \(url)",
        sharesContextGroup: configuration.sharesContextGroup))
    context.beginTask()
    context.onUnhandledRejection { [unowned self] reason in
      // Past a limit nothing more is recorded: a flood of rejections costs
      // nothing more than the engine's own work.
      guard self.webView.limitViolation == nil else { return }
      self.webView.trace.record(.page, TraceEventName.unhandledRejection, ["reason": .string(self.describe(reason))])
    }
    do {
      let install = try context.evaluate(PageEnvironmentScript.prepared)
      internals = try PageInternals(install.call([makeHostObject()]))
    } catch {
      context.close()
      throw error
    }
  }

  /// Destroys the JavaScript world and its workers. Pending tasks are the
  /// caller's to cancel (the workers' are the page world's too).
  func close() {
    for worker in workers.values { worker.discard() }
    workers.removeAll()
    internals = nil
    timers.removeAll()
    pendingFrameNavigations.removeAll()
    context.close()
  }

  /// Ends the running script soon, the page's or a worker's (a limit was passed).
  func terminateSoon() {
    context.terminateSoon()
    for worker in workers.values { worker.terminateSoon() }
  }

  // MARK: - Running page code

  /// Runs one entry of page code as an uncaught-error boundary: a failure is
  /// recorded and handed to `window.onerror`, as a browser does for a task.
  func runGuarded(task: String, _ body: () throws(ScriptError) -> Void) {
    do {
      try body()
    } catch {
      reportFailure(error, task: task)
    }
  }

  /// Runs a page script (or user script) as a classic script. A page
  /// script gets a `<script>` element of its own in the document first, as
  /// the HTML parser makes one.
  func runScript(_ script: PageScript, phase: String) {
    webView.trace.record(.page, TraceEventName.scriptRun, ["name": .string(script.name), "phase": .string(phase)])
    runGuarded(task: "script \(script.name)") { () throws(ScriptError) in
      if phase == "page", let internals { _ = try internals.addScriptElement.call() }
      try context.evaluate(script.source, sourceURL: script.name)
    }
  }

  /// Evaluates a script for the host; a failure goes to the caller, and an
  /// exception the script threw also to `window.onerror` and the page's
  /// `error` listeners, as WebKit reports it (measured in WebKitGTK 2.50:
  /// `WebKitHost+PageOrder.swift`). It is not recorded as an
  /// uncaught exception: the page's own code did not throw it.
  func evaluate(_ script: String) -> Result<JSONValue?, ScriptError> {
    do {
      let value = try context.evaluate(script, sourceURL: "evaluateJavaScript")
      do {
        // WebKit hands the result over as a structured clone, which makes an
        // own `__proto__` key the prototype (WKWebView's completion and
        // WebKitGTK's alike: both round-trip it through SerializedScriptValue).
        return .success(try value.toJSON().map(MessageBodyClone.received))
      } catch {
        let what = "the value that `\(Self.excerpt(script))` returned"
        switch error.kind {
        case .timeLimit:
          return .failure(
            ScriptError(
              kind: .timeLimit,
              message:
                "reading \(what) ran past the time limit of \(webView.configuration.scriptTimeLimit.millisecondsText) "
                + "(a getter or Proxy on it?)"))
        case .sizeLimit:
          return .failure(.sizeLimit("\(what) is too large to leave the page: \(error.message)"))
        default:
          return .failure(
            ScriptError(
              kind: .exception, message: "the script's result cannot be returned to the host: \(error.message)"))
        }
      }
    } catch {
      if error.kind == .exception { handToErrorListeners(error, task: "evaluateJavaScript") }
      return .failure(error)
    }
  }

  /// The start of a script, on one line, for messages.
  static func excerpt(_ script: String) -> String {
    let line = script.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let trimmed = line.trimmingPrefix(while: \.isWhitespace)
    return trimmed.count > 60 ? String(trimmed.prefix(60)) + "…" : String(trimmed)
  }

  /// Fires the `load` sequence (`DOMContentLoaded`, `load`).
  func documentLoaded() {
    guard let internals else { return }
    runGuarded(task: "document loaded") { () throws(ScriptError) in
      _ = try internals.documentLoaded.call()
    }
  }

  /// Defines a read-only, non-enumerable global function backed by Swift.
  func installHostFunction(named name: String, _ body: @escaping HostFunction) {
    let function = context.makeFunction(named: name) { [unowned self] call in
      var arguments: [JSONValue?] = []
      for argument in call.arguments {
        do throws(ScriptError) {
          arguments.append(try argument.toJSON())
        } catch {
          if error.kind == .sizeLimit {
            self.webView.passLimit("value-size", "an argument of \(name): \(error.message)")
          }
          throw NativeFunctionError(error.message, name: error.kind == .sizeLimit ? "RangeError" : "TypeError")
        }
      }
      return call.context.value(try body(arguments))
    }
    do {
      let define = try context.evaluate(
        "(function (name, f) { Object.defineProperty(globalThis, name, {value: f, enumerable: false}); })")
      _ = try define.call([context.string(name), function])
    } catch {
      webView.trace.record(
        .host, TraceEventName.scriptTerminated,
        ["reason": .string(error.description), "task": .string("install \(name)")])
    }
  }

  /// Makes `window.webkit.messageHandlers[name]` exist.
  func addMessageHandler(_ name: String) {
    guard let internals else { return }
    _ = try? internals.addMessageHandler.call([context.string(name)])
  }

  /// Removes `window.webkit.messageHandlers[name]`.
  func removeMessageHandler(_ name: String) {
    guard let internals else { return }
    _ = try? internals.removeMessageHandler.call([context.string(name)])
  }

  // MARK: - Failures

  private func reportFailure(_ error: ScriptError, task: String) {
    let trace = webView.trace
    switch error.kind {
    case .contextClosed:
      return
    case .timeLimit:
      webView.scriptTimeLimitPassed(task: task)
      return
    case .sizeLimit:
      webView.passLimit("value-size", error.message)
    default:
      trace.record(.page, TraceEventName.uncaughtException, Self.fields(of: error, task: task))
    }
    handToErrorListeners(error, task: task)
  }

  /// Hands `error` to `window.onerror` and the page's `error` listeners.
  private func handToErrorListeners(_ error: ScriptError, task: String) {
    guard let internals else { return }
    let thrown = context.lastException ?? context.undefined
    let arguments = [
      thrown, context.string(error.name.map { "\($0): \(error.message)" } ?? error.message),
      error.sourceURL.map(context.string) ?? context.undefined,
      error.line.map { context.number(Double($0)) } ?? context.undefined,
      error.column.map { context.number(Double($0)) } ?? context.undefined,
    ]
    do {
      _ = try internals.reportError.call(arguments)
    } catch {
      if error.kind == .timeLimit {
        webView.scriptTimeLimitPassed(task: "window.onerror (after \(task))")
      }
    }
  }

  static func fields(of error: ScriptError, task: String? = nil) -> JSONObject {
    var fields: JSONObject = ["kind": .string(error.kind.rawValue), "message": .string(error.message)]
    if let name = error.name { fields["name"] = .string(name) }
    if let source = error.sourceURL { fields["source"] = .string(source) }
    if let line = error.line { fields["line"] = .number(Double(line)) }
    if let column = error.column { fields["column"] = .number(Double(column)) }
    if let task { fields["task"] = .string(task) }
    return fields
  }

  func describe(_ value: ScriptValue) -> String {
    if let (text, omitted) = value.stringValue(maxLength: 16_384) {
      return omitted == 0 ? text : text + "… [\(omitted) more characters cut]"
    }
    if value.isObject, let message = try? value.property("message").stringValue {
      let name = (try? value.property("name").stringValue) ?? "Error"
      return "\(name): \(message)"
    }
    return (try? value.toString(maxLength: 16_384)) ?? "[unprintable]"
  }

  // MARK: - Timers

  /// Throws (and passes the limit) when the page and its workers have as
  /// many timers pending as the limit allows, or the scheduler is full.
  func checkRoomForTimer() throws {
    let limit = webView.configuration.limits.maxPendingTimers
    if timers.count + workers.values.reduce(0, { $0 + $1.timers.count }) >= limit {
      webView.passLimit("pending-timers", "the page had more than \(limit) timers pending (a timer flood?)")
      throw NativeFunctionError("bridgecheck: more than \(limit) timers pending", name: "RangeError")
    }
    guard webView.hasRoomForTask() else {
      throw NativeFunctionError("bridgecheck: too many tasks pending", name: "RangeError")
    }
  }

  private func setTimer(id: Int, delay: Int64, repeats: Bool) throws {
    try checkRoomForTimer()
    // Under an explored schedule a timer may fire late (never before one
    // the HTML standard runs first).
    let late = webView.chooser?.timerLateness(delay: delay, now: webView.scheduler.now) ?? 0
    let task = webView.scheduler.schedule(
      after: delay + late, kind: .page, world: generation, label: repeats ? "interval \(id)" : "timer \(id)"
    ) { [unowned self] in
      self.fireTimer(id)
    }
    timers[id] = (task, delay, repeats)
  }

  private func fireTimer(_ id: Int) {
    guard let timer = timers[id], let internals else { return }
    if !timer.repeats { timers[id] = nil }
    runGuarded(task: timer.repeats ? "interval \(id)" : "timer \(id)") { () throws(ScriptError) in
      _ = try internals.fireTimer.call([context.number(Double(id))])
    }
    // An interval that was not cleared by its own callback fires again.
    if timer.repeats, timers[id] != nil {
      timers[id] = nil
      try? setTimer(id: id, delay: max(timer.delay, 1), repeats: true)
    }
  }

  private func clearTimer(id: Int) {
    guard let timer = timers.removeValue(forKey: id) else { return }
    webView.scheduler.cancel(timer.task)
  }

  // MARK: - Frames and navigation

  private func frameSourceSet(frame: Int, source: String) {
    // What the host sees is the URL as WebKit serializes it, never the text the page set.
    guard let url = NavigationURL.frameRequest(source, page: parsedURL) else { return }
    switch webView.configuration.iframeNavigation {
    case .everyRequest:
      webView.requestNavigation(NavigationAction(url: url, frame: .iframe, frameID: frame))
    case .coalesced:
      if let pending = pendingFrameNavigations[frame] {
        webView.trace.record(
          .page, TraceEventName.navigationReplaced,
          ["frameId": .number(Double(frame)), "url": .string(pending.url), "replacedBy": .string(url)])
        pendingFrameNavigations[frame] = (pending.task, url)
        return
      }
      let delay = webView.chooser?.latency(.iframeLatency) ?? 0
      let task = webView.scheduler.schedule(
        after: delay, kind: .page, world: generation, label: "iframe \(frame) navigation"
      ) {
        [unowned self] in
        guard let pending = self.pendingFrameNavigations.removeValue(forKey: frame) else { return }
        self.webView.requestNavigation(NavigationAction(url: pending.url, frame: .iframe, frameID: frame))
      }
      pendingFrameNavigations[frame] = (task, url)
    }
  }

  private func frameInserted(frame: Int, source: String?) {
    guard let url = NavigationURL.frameRequest(source ?? "", page: parsedURL) else { return }
    webView.requestNavigation(NavigationAction(url: url, frame: .iframe, frameID: frame))
  }

  private func frameRemoved(frame: Int) {
    guard let pending = pendingFrameNavigations.removeValue(forKey: frame) else { return }
    webView.scheduler.cancel(pending.task)
    webView.trace.record(
      .page, TraceEventName.navigationDropped, ["frameId": .number(Double(frame)), "url": .string(pending.url)])
  }

  /// `location.href = text` (or `assign`/`replace`): the host is asked
  /// about the URL as WebKit serializes it; an invalid URL throws a
  /// `SyntaxError` in the page, as in WebKit.
  private func navigateMainFrame(to text: String) throws {
    do {
      guard let url = try NavigationURL.mainFrameRequest(text, page: parsedURL) else { return }
      webView.requestNavigation(NavigationAction(url: url, frame: .main, frameID: nil))
    } catch {
      throw NativeFunctionError("Invalid URL", name: "SyntaxError")
    }
  }

  // MARK: - Host functions

  /// The host functions the page and its workers share: the clock, the
  /// user agent, the console (a worker's lines say which worker), the
  /// page's limits, blob URLs, URL parsing and missing-API notes.
  func sharedHostFunctions(worker: Int?) -> [(String, NativeFunction)] {
    [
      (
        "now",
        { [unowned self] call in
          call.context.number(
            Double(self.webView.configuration.epochMilliseconds + self.webView.scheduler.now.milliseconds))
        }
      ),
      ("userAgent", { [unowned self] call in call.context.string(self.webView.configuration.userAgent) }),
      (
        "console",
        { [unowned self] call in
          try self.console(level: call[0].stringValue(maxLength: 16)?.text ?? "log", text: call[1], worker: worker)
          return nil
        }
      ),
      (
        "unavailable",
        { [unowned self] call in
          let name = call[0].stringValue(maxLength: 64)?.text ?? "?"
          self.webView.passLimit(
            "unavailable-feature",
            "the page used \(name), which the simulated page does not have (JavaScriptCore's watchdog cannot "
              + "interrupt a WebAssembly loop)")
          return nil
        }
      ),
      (
        "promiseRejected",
        { [unowned self] call in
          try self.promiseRejected()
          return nil
        }
      ),
      (
        "createObjectURL",
        { [unowned self] call in
          call.context.string(try self.createObjectURL(bytes: call[0], type: call[1].stringValue ?? ""))
        }
      ),
      (
        "revokeObjectURL",
        { [unowned self] call in
          self.blobs.revoke(call[0].stringValue ?? "")
          return nil
        }
      ),
      (
        "parseURL",
        { call in
          let hasBase = !(call[1].isNull || call[1].isUndefined)
          let base = hasBase ? NavigationURL(call[1].stringValue ?? "") : nil
          guard !hasBase || base != nil, let url = NavigationURL(call[0].stringValue ?? "", base: base) else {
            return call.context.null
          }
          return call.context.value(.object(url.components))
        }
      ),
      (
        "missing",
        { [unowned self] call in
          self.noteMissing(call[0].stringValue(maxLength: 256)?.text ?? "?", worker: worker)
          return nil
        }
      ),
    ]
  }

  private func makeHostObject() throws(ScriptError) -> ScriptValue {
    var functions = sharedHostFunctions(worker: nil)
    functions += [
      (
        "pageTime",
        { [unowned self] call in
          call.context.number(Double(self.webView.scheduler.now.milliseconds - self.createdAt.milliseconds))
        }
      ),
      ("random", { [unowned self] call in call.context.number(self.random.nextUnitInterval()) }),
      ("url", { [unowned self] call in call.context.string(self.parsedURL?.serialized ?? self.url) }),
      (
        "setTimer",
        { [unowned self] call in
          try self.setTimer(
            id: Int(call[0].numberValue ?? 0), delay: Int64(call[1].numberValue ?? 0),
            repeats: call[2].boolValue ?? false)
          return nil
        }
      ),
      (
        "clearTimer",
        { [unowned self] call in
          self.clearTimer(id: Int(call[0].numberValue ?? 0))
          return nil
        }
      ),
      (
        "frameSource",
        { [unowned self] call in
          self.frameSourceSet(frame: Int(call[0].numberValue ?? 0), source: call[1].stringValue ?? "")
          return nil
        }
      ),
      (
        "frameInserted",
        { [unowned self] call in
          self.frameInserted(frame: Int(call[0].numberValue ?? 0), source: call[1].stringValue)
          return nil
        }
      ),
      (
        "frameRemoved",
        { [unowned self] call in
          self.frameRemoved(frame: Int(call[0].numberValue ?? 0))
          return nil
        }
      ),
      (
        "navigate",
        { [unowned self] call in
          try self.navigateMainFrame(to: call[0].stringValue ?? "")
          return nil
        }
      ),
      (
        "resolveURL",
        { [unowned self] call in
          NavigationURL(call[0].stringValue ?? "", base: self.parsedURL).map { call.context.string($0.serialized) }
        }
      ),
      (
        "microtask",
        { [unowned self] call in
          try self.microtaskCheckpoint(in: call.context)
          return nil
        }
      ),
      (
        "uncaught",
        { [unowned self] call in
          guard self.webView.limitViolation == nil else { return nil }
          let fields = Self.listenerErrorFields(
            name: call[0], message: call[1], source: call[2], line: call[3], column: call[4],
            task: self.webView.currentTask)
          self.webView.trace.record(.page, TraceEventName.uncaughtException, fields)
          return nil
        }
      ),
      (
        "dialog",
        { [unowned self] call in
          self.openDialog(
            kind: call[0].stringValue ?? "alert", message: call[1].stringValue ?? "", default: call[2].stringValue)
        }
      ),
      (
        "postMessage",
        { [unowned self] call in
          try self.postMessage(name: call[0].stringValue ?? "", body: call[1])
          return nil
        }
      ),
      (
        "workerCreate",
        { [unowned self] call in
          call.context.number(
            Double(
              try self.createWorker(
                url: call[0].stringValue ?? "", name: call[1].stringValue ?? "", type: call[2].stringValue ?? "classic")
            ))
        }
      ),
      (
        "workerPost",
        { [unowned self] call in
          let text = try self.serializedMessage(call[1])
          try self.workers[Int(call[0].numberValue ?? 0)]?.receive(text)
          return nil
        }
      ),
      (
        "workerTerminate",
        { [unowned self] call in
          self.workers[Int(call[0].numberValue ?? 0)]?.terminate()
          return nil
        }
      ),
    ]
    // Made without entering the engine (no page code has run yet).
    var properties = functions.map { name, body in (name: name, value: context.makeFunction(named: name, body)) }
    properties.append(
      (name: "consoleLineLength", value: context.number(Double(webView.configuration.limits.consoleLineLength))))
    return try context.makeObject(properties)
  }

  /// Records a console line, cut at the line limit; past the total limit
  /// the page has passed a limit and the call throws.
  private func console(level: String, text value: ScriptValue, worker: Int?) throws {
    let limits = webView.configuration.limits
    guard webView.consoleBytes <= limits.consoleTotalBytes else {
      throw NativeFunctionError("bridgecheck: console output over its limit", name: "RangeError")
    }
    var text = ""
    if let (prefix, omitted) = value.stringValue(maxLength: limits.consoleLineLength) {
      text = omitted == 0 ? prefix : prefix + "… [\(omitted) more characters cut by bridgecheck]"
    }
    webView.consoleBytes += text.utf8.count
    var fields: JSONObject = ["level": .string(level), "text": .string(text)]
    if let worker { fields["worker"] = .number(Double(worker)) }
    webView.trace.record(.page, TraceEventName.console, fields)
    if webView.consoleBytes > limits.consoleTotalBytes {
      webView.passLimit(
        "console-output",
        "the page wrote console output over \(ByteCount(limits.consoleTotalBytes)) in one scenario (a console flood?)")
    }
  }

  /// Called by the page environment before each promise reaction and
  /// `queueMicrotask` callback: the engine's watchdog gives every microtask
  /// a fresh budget, so a loop of microtasks is stopped here, at the task's
  /// time limit.
  func microtaskCheckpoint(in context: ScriptContext) throws {
    do throws(ScriptError) {
      try context.checkTimeBudget()
    } catch {
      if webView.limitViolation == nil {
        webView.scriptTimeLimitPassed(
          task: webView.currentTask,
          message: "microtasks (promise callbacks or queueMicrotask) ran past the time limit of "
            + "\(webView.configuration.scriptTimeLimit.millisecondsText) in task \(webView.currentTask): a microtask loop?"
        )
      }
      throw NativeFunctionError("bridgecheck: microtasks ran past the script time limit", name: "RangeError")
    }
  }

  /// The fields of an `uncaught-exception` for an exception that an event
  /// listener threw: the page reports it and goes on with the other
  /// listeners, as a browser does, and the trace has it like any uncaught
  /// exception.
  static func listenerErrorFields(
    name: ScriptValue, message: ScriptValue, source: ScriptValue, line: ScriptValue, column: ScriptValue, task: String
  ) -> JSONObject {
    var fields: JSONObject = [
      "kind": .string(ScriptError.Kind.exception.rawValue),
      "message": .string(message.stringValue(maxLength: 16_384)?.text ?? "?"),
      "task": .string("\(task) (an event listener)"),
    ]
    if let name = name.stringValue(maxLength: 64)?.text { fields["name"] = .string(name) }
    if let source = source.stringValue(maxLength: 1_024)?.text { fields["source"] = .string(source) }
    if let line = line.numberValue { fields["line"] = .number(line) }
    if let column = column.numberValue { fields["column"] = .number(column) }
    return fields
  }

  /// Called by the page environment before each `Promise.reject`: past
  /// ``PageLimits/maxRejectedPromises`` in one page the call throws and the
  /// page has passed a limit, so a flood stops where it starts instead of in
  /// the engine's one-by-one reports of unhandled rejections.
  private func promiseRejected() throws {
    rejectedPromises += 1
    let limit = webView.configuration.limits.maxRejectedPromises
    guard rejectedPromises > limit else { return }
    webView.passLimit(
      "rejected-promises",
      "the page rejected more than \(limit) promises with Promise.reject (a rejection flood?)")
    throw NativeFunctionError("bridgecheck: more than \(limit) promises rejected in one page", name: "RangeError")
  }

  private func openDialog(kind rawKind: String, message: String, default defaultText: String?) -> ScriptValue {
    let kind = PageDialog.Kind(rawValue: rawKind) ?? .alert
    let answer = webView.dialogHandler(PageDialog(kind: kind, message: message, defaultText: defaultText))
    var fields: JSONObject = ["kind": .string(kind.rawValue), "message": .string(message)]
    if let defaultText { fields["default"] = .string(defaultText) }
    let result: ScriptValue
    switch (kind, answer) {
    case (.confirm, .confirm), (.confirm, .text):
      fields["answer"] = true
      result = context.boolean(true)
    case (.prompt, .text(let text)):
      fields["answer"] = .string(text)
      result = context.string(text)
    case (.prompt, .confirm):
      fields["answer"] = .string(defaultText ?? "")
      result = context.string(defaultText ?? "")
    case (.confirm, .dismiss):
      fields["answer"] = false
      result = context.boolean(false)
    case (.prompt, .dismiss):
      fields["answer"] = .null
      result = context.null
    case (.alert, _):
      result = context.undefined
    }
    webView.trace.record(.page, TraceEventName.dialog, fields)
    return result
  }

  private func postMessage(name: String, body: ScriptValue) throws {
    let cloned: JSONValue?
    var cyclic = false
    do {
      cloned = try body.toJSON().map { MessageBodyClone.received($0).withSortedKeys }
    } catch  where error.kind == .cyclic {
      // WebKit's structured clone copies a cycle and the post succeeds; the
      // native side gets a body that contains itself, which has no JSON form
      // (`jsc_value_to_json` gives NULL, `JSONSerialization` cannot write
      // it): bridgecheck's native sides get no body, as the WebKit host's do.
      cloned = nil
      cyclic = true
    } catch {
      if error.kind == .sizeLimit { webView.passLimit("value-size", "a script message body: \(error.message)") }
      throw NativeFunctionError("the message body could not be cloned: \(error.message)", name: "DataCloneError")
    }
    var fields: JSONObject = ["name": .string(name)]
    if let cloned { fields["body"] = cloned }
    if cyclic { fields["cyclicBody"] = true }
    webView.trace.record(.page, TraceEventName.scriptMessage, fields)
    webView.deliverScriptMessage(ScriptMessage(name: name, body: cloned))
  }
}

/// The functions the page environment script hands back to the host.
struct PageInternals {
  let fireTimer: ScriptValue
  let reportError: ScriptValue
  let addMessageHandler: ScriptValue
  let removeMessageHandler: ScriptValue
  let documentLoaded: ScriptValue
  let addScriptElement: ScriptValue
  let workerMessage: ScriptValue
  let workerFailed: ScriptValue
  let workerNotLoaded: ScriptValue

  init(_ object: ScriptValue) throws(ScriptError) {
    fireTimer = try object.property("fireTimer")
    reportError = try object.property("reportError")
    addMessageHandler = try object.property("addMessageHandler")
    removeMessageHandler = try object.property("removeMessageHandler")
    documentLoaded = try object.property("documentLoaded")
    addScriptElement = try object.property("addScriptElement")
    workerMessage = try object.property("workerMessage")
    workerFailed = try object.property("workerFailed")
    workerNotLoaded = try object.property("workerNotLoaded")
  }
}
