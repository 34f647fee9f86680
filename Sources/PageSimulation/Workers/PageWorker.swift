import JSONModel
import JSRuntime
import WebViewHosting

/// One dedicated worker of a page (`new Worker(url)`), as WebKit runs it:
/// a JavaScript global of its own (a context of its own, under the page's
/// script time limit), its own timers, and a message queue each way, whose
/// messages arrive in the order they were posted. Everything runs as tasks
/// of the page's scheduler (so schedules stay deterministic, and exploration
/// may order the worker's tasks against the page's: they are sources of
/// their own, `worker N …` and `… from worker N`); the page's limits cover
/// the worker (its timers count with the page's, its console output with
/// the page's, and a limit passed ends both).
///
/// The worker starts in a task after the one that made it (messages the
/// page posts before that wait), and lives until the page terminates it,
/// it calls `close()`, or the page goes away.
final class PageWorker {
  /// Where a worker is in its life.
  enum State {
    /// Made; its script has not run yet.
    case starting
    /// Its script ran (even if it threw); it receives messages.
    case running
    /// It called `close()`: the current task ends, nothing after it runs.
    case closing
    /// Gone (terminated, closed, or its page unloaded).
    case ended
  }

  let id: Int
  /// The worker's URL, as `location.href` gives it.
  let url: String
  let name: String
  unowned let world: PageWorld
  private(set) var state: State = .starting
  private(set) var context: ScriptContext?
  private var internals: WorkerInternals?
  /// Messages from the page not yet delivered, oldest first.
  private var inbox: [String] = []
  /// Messages to the page not yet delivered, oldest first.
  private var outbox: [String] = []
  /// Active timers: JavaScript timer id → scheduler task and repeat delay.
  private(set) var timers: [Int: (task: Int, delay: Int64, repeats: Bool)] = [:]
  /// Every pending task of this worker's own.
  private var tasks: Set<Int> = []
  /// Every pending task that delivers what it posted to the page.
  private var deliveries: Set<Int> = []
  private var random: SeededRandom
  private let createdAt: VirtualTime

  private var webView: SimulatedWebView { world.webView }

  /// Makes the worker and schedules its start, which runs `script` (nil:
  /// the script could not be loaded, and the worker object gets a plain
  /// `error` event instead).
  init(id: Int, url: String, name: String, script: String?, world: PageWorld) {
    self.id = id
    self.url = url
    self.name = name
    self.world = world
    createdAt = world.webView.scheduler.now
    random = SeededRandom(
      seed: world.webView.configuration.seed &+ UInt64(world.generation) &* 0x9E37_79B9 &+ UInt64(id))
    var fields: JSONObject = ["worker": .number(Double(id)), "url": .string(url)]
    if !name.isEmpty { fields["name"] = .string(name) }
    webView.trace.record(.page, TraceEventName.workerCreated, fields)
    schedule(label: "worker \(id) start") { [unowned self] in
      guard let script else {
        self.end(reason: "its script could not be loaded")
        self.world.workerNotLoaded(id: self.id)
        return
      }
      self.start(script)
    }
  }

  // MARK: - Life

  private func start(_ script: String) {
    let configuration = webView.configuration
    let context = ScriptContext(
      configuration: .init(
        timeLimit: configuration.scriptTimeLimit, name: "worker \(id) \(url)",
        sharesContextGroup: configuration.sharesContextGroup))
    self.context = context
    context.beginTask()
    context.onUnhandledRejection { [unowned self] reason in
      guard self.webView.limitViolation == nil else { return }
      self.webView.trace.record(
        .page, TraceEventName.workerError,
        [
          "worker": .number(Double(self.id)), "kind": "unhandled-rejection",
          "reason": .string(self.world.describe(reason)),
        ])
    }
    do {
      let install = try context.evaluate(WorkerEnvironmentScript.prepared)
      internals = try WorkerInternals(install.call([makeHostObject(in: context)]))
    } catch {
      webView.trace.record(
        .host, TraceEventName.scriptTerminated,
        ["reason": .string(error.description), "task": .string("worker \(id) start")])
      end(reason: "its environment could not be installed")
      return
    }
    state = .running
    runGuarded(task: "worker \(id) start") { () throws(ScriptError) in
      try context.evaluate(script, sourceURL: url)
    }
    guard state == .running else { return }
    for _ in inbox { scheduleDelivery() }
  }

  /// `worker.terminate()`, or the page going away: nothing of the worker
  /// runs again, and what it posted that the page has not received is
  /// dropped (as measured in WebKit).
  func terminate() {
    guard state != .ended else { return }
    for task in deliveries { webView.scheduler.cancel(task) }
    deliveries.removeAll()
    outbox.removeAll()
    end(reason: "terminated")
  }

  /// The page goes away (its tasks, this worker's among them, are already
  /// dropped): the worker's JavaScript world is destroyed, nothing recorded.
  /// It touches neither the web view's trace nor its scheduler, so that a web
  /// view may call it while it is itself being destroyed.
  func discard() {
    state = .ended
    tasks.removeAll()
    deliveries.removeAll()
    timers.removeAll()
    inbox.removeAll()
    outbox.removeAll()
    internals = nil
    closeContextUnlessRunning()
  }

  /// Nothing of the worker's own runs again; what it already posted to the
  /// page still arrives unless the worker is terminated too.
  private func end(reason: String) {
    guard state != .ended else { return }
    state = .ended
    for task in tasks { webView.scheduler.cancel(task) }
    tasks.removeAll()
    timers.removeAll()
    inbox.removeAll()
    internals = nil
    closeContextUnlessRunning()
    webView.trace.record(.page, TraceEventName.workerEnded, ["worker": .number(Double(id)), "reason": .string(reason)])
  }

  /// Closes the worker's context once it has ended, unless a script of its
  /// own is running (then at the end of that task).
  private func closeContextUnlessRunning() {
    guard state == .ended, let context, !context.isRunning else { return }
    context.close()
    self.context = nil
  }

  /// After each task of the worker: a worker that called `close()` ends now.
  private func finishTask() {
    if state == .closing { end(reason: "closed itself") }
    closeContextUnlessRunning()
  }

  /// Terminates its running script soon (a limit was passed).
  func terminateSoon() { context?.terminateSoon() }

  // MARK: - Messages

  /// The page's `worker.postMessage`: a serialized clone for the worker.
  func receive(_ text: String) throws {
    guard state == .starting || state == .running else { return }
    try world.checkRoomForMessage(queued: inbox.count)
    inbox.append(text)
    if state == .running { scheduleDelivery() }
  }

  private func scheduleDelivery() {
    schedule(label: "worker \(id) message") { [unowned self] in
      guard self.state == .running, !self.inbox.isEmpty, let internals = self.internals, let context = self.context
      else { return }
      let text = self.inbox.removeFirst()
      self.runGuarded(task: "worker \(self.id) message") { () throws(ScriptError) in
        _ = try internals.deliverMessage.call([context.string(text)])
      }
    }
  }

  /// The worker's `postMessage`: a serialized clone for the page.
  private func send(_ text: String) throws {
    try world.checkRoomForMessage(queued: outbox.count)
    outbox.append(text)
    deliver(label: "message from worker \(id)") { [unowned self] in
      guard !self.outbox.isEmpty else { return }
      let text = self.outbox.removeFirst()
      self.world.workerMessage(id: self.id, text: text)
    }
  }

  /// Schedules a task of the page that delivers something the worker posted.
  private func deliver(label: String, _ action: @escaping () -> Void) {
    var id = 0
    id = webView.scheduler.schedule(after: crossingDelay, kind: .page, world: world.generation, label: label) {
      [unowned self] in
      self.deliveries.remove(id)
      action()
    }
    deliveries.insert(id)
  }

  /// The delay of a task that crosses between the page and the worker (the
  /// worker's start, a message either way): none under the default
  /// schedule; under an explored one, never before a page timer that is
  /// late past its deadline (``ScheduleChooser/crossingDelay(now:)``).
  private var crossingDelay: Int64 {
    webView.chooser?.crossingDelay(now: webView.scheduler.now) ?? 0
  }

  // MARK: - Running the worker's code

  /// Schedules a task of this worker on the page's scheduler (dropped with it).
  @discardableResult
  private func schedule(after delay: Int64 = 0, label: String, _ action: @escaping () -> Void) -> Int {
    var id = 0
    id = webView.scheduler.schedule(
      after: delay == 0 ? crossingDelay : delay, kind: .page, world: world.generation, label: label
    ) { [unowned self] in
      self.tasks.remove(id)
      action()
    }
    tasks.insert(id)
    return id
  }

  /// Runs one entry of the worker's code as an uncaught-error boundary, in a
  /// task budget of its own.
  private func runGuarded(task: String, _ body: () throws(ScriptError) -> Void) {
    guard let context else { return }
    context.beginTask()
    do {
      try body()
    } catch {
      reportFailure(error, task: task)
    }
    finishTask()
  }

  /// An exception that left the worker's code: the worker's `onerror` and
  /// `error` listeners get it; unless one handles it, the worker object in
  /// the page gets an `ErrorEvent` in a task of the page, and unless that is
  /// canceled too, the page's `window.onerror` (as WebKit reports it).
  private func reportFailure(_ error: ScriptError, task: String) {
    switch error.kind {
    case .contextClosed:
      return
    case .timeLimit:
      webView.scriptTimeLimitPassed(task: task)
      return
    case .sizeLimit:
      webView.passLimit("value-size", error.message)
    default:
      break
    }
    guard let context, let internals else { return }
    var fields = PageWorld.fields(of: error, task: task)
    fields["worker"] = .number(Double(id))
    fields["kind"] = .string(error.kind == .syntax ? "syntax" : "exception")
    webView.trace.record(.page, TraceEventName.workerError, fields)
    let message = error.name.map { "\($0): \(error.message)" } ?? error.message
    let source = error.sourceURL ?? url
    let line = error.line ?? 0
    // WebKit reports a syntax error of a worker's script at column 0.
    let column = error.kind == .syntax ? 0 : (error.column ?? 0)
    var unhandled = true
    do {
      let arguments = [
        context.lastException ?? context.undefined, context.string(message), context.string(source),
        context.number(Double(line)), context.number(Double(column)),
      ]
      unhandled = try internals.reportError.call(arguments).boolValue ?? true
    } catch {
      if error.kind == .timeLimit { webView.scriptTimeLimitPassed(task: "self.onerror (after \(task))") }
      return
    }
    guard unhandled else { return }
    forward(WorkerFailure(name: error.name, message: message, source: source, line: line, column: column, task: task))
  }

  /// Hands an exception that the worker left unhandled to its page, in a task of the page.
  private func forward(_ failure: WorkerFailure) {
    deliver(label: "error from worker \(id)") { [unowned self] in
      self.world.workerFailed(id: self.id, failure)
    }
  }

  // MARK: - Timers

  private func setTimer(id timer: Int, delay: Int64, repeats: Bool) throws {
    try world.checkRoomForTimer()
    let task = schedule(after: delay, label: "worker \(id) \(repeats ? "interval" : "timer") \(timer)") {
      [unowned self] in
      self.fireTimer(timer)
    }
    timers[timer] = (task, delay, repeats)
  }

  private func fireTimer(_ timer: Int) {
    guard state == .running, let entry = timers[timer], let internals, let context else { return }
    if !entry.repeats { timers[timer] = nil }
    runGuarded(task: "worker \(id) \(entry.repeats ? "interval" : "timer") \(timer)") { () throws(ScriptError) in
      _ = try internals.fireTimer.call([context.number(Double(timer))])
    }
    if entry.repeats, state == .running, timers[timer] != nil {
      timers[timer] = nil
      try? setTimer(id: timer, delay: max(entry.delay, 1), repeats: true)
    }
  }

  private func clearTimer(id timer: Int) {
    guard let entry = timers.removeValue(forKey: timer) else { return }
    webView.scheduler.cancel(entry.task)
    tasks.remove(entry.task)
  }

  // MARK: - Host functions

  private func makeHostObject(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    var functions = world.sharedHostFunctions(worker: id)
    functions += [
      (
        "pageTime",
        { [unowned self] call in
          call.context.number(Double(self.webView.scheduler.now.milliseconds - self.createdAt.milliseconds))
        }
      ),
      ("random", { [unowned self] call in call.context.number(self.random.nextUnitInterval()) }),
      ("url", { [unowned self] call in call.context.string(self.url) }),
      ("name", { [unowned self] call in call.context.string(self.name) }),
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
        "microtask",
        { [unowned self] call in
          try self.world.microtaskCheckpoint(in: call.context)
          return nil
        }
      ),
      (
        "uncaught",
        { [unowned self] call in
          var fields = PageWorld.listenerErrorFields(
            name: call[0], message: call[1], source: call[2], line: call[3], column: call[4],
            task: self.webView.currentTask)
          fields["worker"] = .number(Double(self.id))
          fields["kind"] = "exception"
          if self.webView.limitViolation == nil { self.webView.trace.record(.page, TraceEventName.workerError, fields) }
          return nil
        }
      ),
      (
        "unhandled",
        { [unowned self] call in
          let message = call[0].stringValue(maxLength: 16_384)?.text ?? "?"
          let name = message.firstIndex(of: ":").map { String(message[..<$0]) }
          self.forward(
            WorkerFailure(
              name: name.flatMap { $0.contains(" ") ? nil : $0 }, message: message,
              source: call[1].stringValue(maxLength: 1_024)?.text ?? self.url, line: Int(call[2].numberValue ?? 0),
              column: Int(call[3].numberValue ?? 0), task: self.webView.currentTask))
          return nil
        }
      ),
      (
        "postMessage",
        { [unowned self] call in
          try self.send(try self.world.serializedMessage(call[0]))
          return nil
        }
      ),
      (
        "close",
        { [unowned self] call in
          if self.state == .running || self.state == .starting { self.state = .closing }
          return nil
        }
      ),
      (
        "importScripts",
        { [unowned self] call in
          try self.importScripts(call[0], in: call.context)
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

  /// `importScripts(urls…)`: each script loaded, then run in order in the
  /// worker's global scope; the first failure is thrown to the caller (the
  /// script's own exception as it is).
  private func importScripts(_ list: ScriptValue, in context: ScriptContext) throws {
    var texts: [String] = []
    let count = Int(try list.property("length").numberValue ?? 0)
    for index in 0..<count {
      texts.append(try list.property(String(index)).stringValue ?? "")
    }
    let loads = try world.scriptRequest.imports(texts, base: url)
    var scripts: [(url: String, text: String)] = []
    for load in loads {
      switch load.load {
      case .script(let text): scripts.append((load.url, text))
      case .networkError: throw WorkerScriptRequest.networkError
      case .fileNotServed(let file):
        world.fileNotServed(file, by: "importScripts in worker \(id)")
        throw WorkerScriptRequest.networkError
      }
    }
    for script in scripts {
      do {
        try context.evaluate(script.text, sourceURL: script.url)
      } catch {
        if error.kind == .exception || error.kind == .syntax || error.kind == .timeLimit,
          let thrown = context.lastException
        {
          throw RethrownValue(thrown)
        }
        throw NativeFunctionError(error.message, name: error.name ?? "Error")
      }
    }
  }
}

/// An uncaught exception of a worker that its own handlers left unhandled,
/// on its way to the page.
struct WorkerFailure {
  var name: String?
  /// `Name: message`, as the `ErrorEvent` has it.
  var message: String
  var source: String
  var line: Int
  var column: Int
  /// The worker task it left.
  var task: String
}

/// The functions the worker environment script hands back to the host.
private struct WorkerInternals {
  let fireTimer: ScriptValue
  let reportError: ScriptValue
  let deliverMessage: ScriptValue

  init(_ object: ScriptValue) throws(ScriptError) {
    fireTimer = try object.property("fireTimer")
    reportError = try object.property("reportError")
    deliverMessage = try object.property("deliverMessage")
  }
}
