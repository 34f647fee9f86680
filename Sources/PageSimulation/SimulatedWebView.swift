import JSONModel
import JSRuntime
import WebViewHosting

/// A web view around a simulated page, shaped like `WKWebView`: the host
/// evaluates scripts, answers navigation requests, receives script messages
/// and loads or reloads pages, while the page runs on a virtual clock.
///
/// Everything runs on one ``PageScheduler``: nothing happens until the caller
/// runs tasks (``runUntilIdle(maxTasks:maxTime:)``, ``advance(by:)``), so two
/// runs with the same inputs record the same ``Trace``.
///
/// Not thread-safe: one web view belongs to one thread.
package final class SimulatedWebView {
  /// The settings of this web view.
  package let configuration: PageConfiguration
  /// The event loop of the page and the host.
  package let scheduler: PageScheduler
  /// Everything that happened so far.
  package let trace: Trace

  /// The navigation policy (the part of `WKNavigationDelegate` that decides).
  /// Called once per navigation request, in a host task. Default: allow.
  package var navigationPolicy: (NavigationAction) -> NavigationPolicy = { _ in .allow }
  /// Answers `alert`, `confirm` and `prompt` synchronously, as a
  /// `WKUIDelegate` does. Default: dismiss (no UI delegate).
  package var dialogHandler: (PageDialog) -> DialogAnswer = { _ in .dismiss }
  /// Called in a host task of its own once a page has finished loading
  /// (after its `load` event), as `webView(_:didFinish:)`; nil for none.
  package var loadFinishedHandler: (() -> Void)?

  private var hostFunctions: [(name: String, body: HostFunction)] = []
  private var javascriptInterfaces: [(name: String, methods: [String])] = []
  private var messageHandlers: [String: (ScriptMessage) -> Void] = [:]
  private var messageHandlerNames: [String] = []
  private var userScripts: [(script: PageScript, time: UserScriptInjectionTime)] = []
  private var world: PageWorld?
  private var source: PageSource?
  private var generation = 0
  /// Console text recorded so far, in UTF-8 bytes (all pages of this view).
  var consoleBytes = 0
  /// The driving thread's CPU time when this web view was made.
  let createdCPUTime = ThreadCPUTime.now
  /// The monotonic clock when this web view was made (after ``createdCPUTime``).
  let createdWallClock = ContinuousClock.now
  /// The label of the task running now, for messages.
  private(set) var currentTask = "setup"

  /// The first limit the page passed (a script past the time limit, too
  /// much console output, too many trace events, timers or tasks, a value
  /// too large to leave the engine), or nil. Once set, the page cannot be
  /// judged: callers should stop running tasks (the scheduler keeps going
  /// if asked; every later limit is only recorded as it happens).
  package private(set) var limitViolation: PageLimitViolation?
  private var limitsPassed: Set<String> = []

  /// Creates a web view with no page loaded.
  package init(
    configuration: PageConfiguration = PageConfiguration(), policy: any SchedulingPolicy = FIFOSchedulingPolicy()
  ) {
    self.configuration = configuration
    let scheduler = PageScheduler(policy: policy)
    self.scheduler = scheduler
    trace = Trace(clock: { [unowned scheduler] in scheduler.now })
    trace.capacity = configuration.limits.maxTraceEvents
    trace.onFull = { [unowned self] capacity in
      self.passLimit(
        "trace-events",
        "the page passed the limit of \(capacity) trace events in one scenario (a flood of console lines, "
          + "navigations, messages or tasks?)")
    }
    scheduler.willRun = { [unowned self] task in
      self.currentTask = task.label
      self.world?.context.beginTask()
      self.trace.record(
        task.kind == .page ? .page : .host, TraceEventName.task,
        ["label": .string(task.label), "kind": .string(task.kind.rawValue)])
    }
  }

  /// Records that the page passed a limit (first one wins for
  /// ``limitViolation``; each is recorded as a `page-limit-exceeded` event).
  /// The running script is ended soon after (see
  /// ``ScriptContext/terminateSoon()``): nothing it does matters any more.
  func passLimit(_ limit: String, _ message: String) {
    world?.terminateSoon()
    // Each kind of limit is recorded once: a loop that keeps passing it
    // must not grow the trace past its own limit.
    guard limitsPassed.insert(limit).inserted else { return }
    let violation = PageLimitViolation.record(limit: limit, message: message, in: trace)
    if limitViolation == nil { limitViolation = violation }
  }

  /// Records a script stopped at the time limit: a `script-terminated`
  /// event, and the limit passed.
  func scriptTimeLimitPassed(task: String, message: String? = nil) {
    trace.record(.page, TraceEventName.scriptTerminated, ["reason": "time-limit", "task": .string(task)])
    passLimit(
      "script-time",
      message ?? "a script ran past the time limit of \(configuration.scriptTimeLimit.millisecondsText) and was "
        + "stopped (task \(task)): the bridge hangs")
  }

  /// Whether another task may be scheduled; past the limit, records it.
  func hasRoomForTask() -> Bool {
    let limit = configuration.limits.maxPendingTasks
    guard scheduler.pendingCount >= limit else { return true }
    passLimit("pending-tasks", "the page had more than \(limit) tasks pending (a flood of navigations or timers?)")
    return false
  }

  deinit { world?.close() }

  /// Destroys the page and drops every pending task. The web view stays usable.
  package func close() {
    if let world { unload(world) }
    scheduler.cancelAll()
  }

  // MARK: - Page state

  /// Whether a page world exists (a load ran and no reload is in progress).
  package var isPageLoaded: Bool { world != nil }
  /// The URL of the loaded page.
  package var url: String? { world?.url }
  /// A counter that increases with every page world created (1 for the first load).
  package var pageGeneration: Int { generation }

  // MARK: - Configuration of the page

  /// Adds a script the web view runs in every page it loads, like `WKUserScript`.
  package func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime) {
    userScripts.append((script, injectionTime))
    var fields: JSONObject = [
      "name": .string(script.name),
      "injectionTime": .string(injectionTime == .atDocumentStart ? "document-start" : "document-end"),
      "length": .number(Double(script.source.utf16.count)),
    ]
    let separators = LineSeparators.count(in: script.source)
    if separators > 0 { fields["rawLineSeparators"] = .number(Double(separators)) }
    trace.record(.host, TraceEventName.userScriptAdded, fields)
  }

  /// The user scripts added so far, in the order they run.
  package var installedUserScripts: [PageScript] { userScripts.map(\.script) }

  /// Removes every user script (pages already loaded keep what ran).
  package func removeAllUserScripts() { userScripts.removeAll() }

  /// Makes `window.webkit.messageHandlers[name].postMessage(body)` deliver to
  /// `handler`, now and in every later page. The handler runs synchronously
  /// inside `postMessage`, so messages reach it in order and before any
  /// navigation the same task requests (as measured in WebKit).
  package func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void) {
    if messageHandlers[name] == nil { messageHandlerNames.append(name) }
    messageHandlers[name] = handler
    world?.addMessageHandler(name)
  }

  /// Removes a script message handler from the current and later pages.
  package func removeScriptMessageHandler(named name: String) {
    messageHandlers[name] = nil
    messageHandlerNames.removeAll { $0 == name }
    world?.removeMessageHandler(name)
  }

  /// Installs a global function `name` in every page this web view loads
  /// from now on, before any user or page script runs. It is how a harness
  /// gives its own page-side helpers a channel to Swift that page code
  /// cannot intercept. The property is non-enumerable and read-only.
  package func addHostFunction(named name: String, _ body: @escaping HostFunction) {
    hostFunctions.append((name, body))
  }

  /// Adds a global object `name` whose `methods` call `handler`
  /// synchronously, in every page loaded from now on (before any user or
  /// page script), like Android's `addJavascriptInterface` or a Flutter
  /// `JavaScriptChannel`. A call's arguments arrive as JSON; the handler's
  /// value is the call's result (`undefined` for nil). An `asynchronous`
  /// interface (a channel: Flutter's `JavaScriptChannel`, React Native's
  /// `postMessage`) returns `undefined` at once and runs `handler` in a host
  /// task of its own.
  package func addJavascriptInterface(
    named name: String, methods: [String], asynchronous: Bool = false,
    _ handler: @escaping (String, [JSONValue?]) -> JSONValue?
  ) {
    let function = JavascriptInterfaceCalls.hostFunctionName(name)
    // Adding an interface again replaces it (for the pages loaded from now on).
    hostFunctions.removeAll { $0.name == function }
    javascriptInterfaces.removeAll { $0.name == name }
    let call = JavascriptInterfaceCalls.hostFunction(
      name: name, asynchronous: asynchronous, trace: trace, handler: handler,
      later: { [unowned self] label, task in self.scheduler.schedule(kind: .host, label: label, task) })
    hostFunctions.append((function, call))
    javascriptInterfaces.append((name, methods))
  }

  /// The script defining the interface objects, from their host functions.
  private var interfaceScript: PageScript? {
    guard !javascriptInterfaces.isEmpty else { return nil }
    let definitions = JavascriptInterfaceCalls.definitions(javascriptInterfaces, slice: "Array.prototype.slice")
    return PageScript(name: "bridgecheck-javascript-interfaces.js", source: definitions.joined(separator: "\n"))
  }

  // MARK: - Loading

  /// Loads a page in a host task: a fresh world, document-start user
  /// scripts, then each page script in a page task of its own, then
  /// document-end user scripts and the `DOMContentLoaded` and `load` events.
  package func load(_ page: PageSource) {
    scheduler.schedule(kind: .host, label: "load \(page.url)") { [unowned self] in
      self.performLoad(page)
    }
  }

  /// Reloads the current page in a host task: the page world is destroyed
  /// (timers, handlers, page state) and rebuilt from the same source. The
  /// web view, its handlers and whatever native bridge drives it survive.
  package func reload() {
    scheduler.schedule(kind: .host, label: "reload") { [unowned self] in
      guard let source = self.source else { return }
      self.performLoad(source)
    }
  }

  private func performLoad(_ page: PageSource) {
    if let world { unload(world) }
    source = page
    generation += 1
    let world: PageWorld
    do {
      world = try PageWorld(webView: self, generation: generation, url: page.url)
    } catch {
      trace.record(.host, TraceEventName.pageLoaded, ["url": .string(page.url), "error": .string(error.description)])
      return
    }
    self.world = world
    world.context.beginTask()
    trace.record(
      .host, TraceEventName.pageLoaded, ["url": .string(page.url), "generation": .number(Double(generation))])
    for function in hostFunctions { world.installHostFunction(named: function.name, function.body) }
    for name in messageHandlerNames { world.addMessageHandler(name) }
    if let interfaceScript { world.runScript(interfaceScript, phase: "document-start") }
    for entry in userScripts where entry.time == .atDocumentStart {
      world.runScript(entry.script, phase: "document-start")
    }
    for script in page.scripts {
      scheduler.schedule(kind: .page, world: generation, label: "script \(script.name)") { [unowned world] in
        world.runScript(script, phase: "page")
      }
    }
    let endScripts = userScripts.filter { $0.time == .atDocumentEnd }.map(\.script)
    scheduler.schedule(kind: .page, world: generation, label: "document end") { [unowned world, weak self_ = self] in
      for script in endScripts { world.runScript(script, phase: "document-end") }
      world.documentLoaded()
      guard let self = self_, self.loadFinishedHandler != nil else { return }
      self.scheduler.schedule(kind: .host, world: world.generation, label: "did finish load") { [unowned self] in
        self.loadFinishedHandler?()
      }
    }
  }

  private func unload(_ world: PageWorld) {
    scheduler.cancelAll(world: world.generation)
    world.close()
    self.world = nil
    trace.record(
      .host, TraceEventName.pageUnloaded, ["url": .string(world.url), "generation": .number(Double(world.generation))])
  }

  // MARK: - Evaluating scripts

  /// Evaluates `script` in the page in a later page task; `completion` then
  /// runs in a host task of its own, as on iOS. The result is the script's
  /// completion value as JSON (`nil` for `undefined`).
  package func evaluateJavaScript(
    _ script: String, completion: ((Result<JSONValue?, EvaluationError>) -> Void)? = nil
  ) {
    let delay = chooser?.delay(.evaluateLatency, source: "evaluate", now: scheduler.now) ?? 0
    scheduler.schedule(after: delay, kind: .page, label: "evaluate") { [unowned self] in
      let result = self.performEvaluation(script).mapError { EvaluationError($0) }
      guard let completion else { return }
      let delay = self.chooser?.delay(.completionLatency, source: "completion", now: self.scheduler.now) ?? 0
      self.scheduler.schedule(after: delay, kind: .host, label: "evaluate completion") { completion(result) }
    }
  }

  /// The schedule explorer, when the scheduler's policy is one (see
  /// ``ScheduleChooser``); nil runs the default schedule.
  package var chooser: ScheduleChooser? { scheduler.policy as? ScheduleChooser }

  private func performEvaluation(_ script: String) -> Result<JSONValue?, ScriptError> {
    trace.record(.host, TraceEventName.evaluate, ["script": .string(script)])
    guard let world else {
      let error = ScriptError(kind: .exception, message: "no page is loaded")
      trace.record(.host, TraceEventName.evaluateResult, ["ok": false, "error": .object(PageWorld.fields(of: error))])
      return .failure(error)
    }
    let result = world.evaluate(script)
    switch result {
    case .success(let value):
      var fields: JSONObject = ["ok": true]
      if let value { fields["result"] = value }
      trace.record(.host, TraceEventName.evaluateResult, fields)
    case .failure(let error):
      trace.record(.host, TraceEventName.evaluateResult, ["ok": false, "error": .object(PageWorld.fields(of: error))])
      switch error.kind {
      case .timeLimit:
        scriptTimeLimitPassed(
          task: "evaluate", message: error.message.hasPrefix("reading the value") ? error.message : nil)
      case .sizeLimit:
        passLimit("value-size", error.message)
      default:
        break
      }
    }
    return result
  }

  /// Runs `script` in the current page in a page task of its own, the way
  /// the page's own code runs (e.g. in response to a user event): failures
  /// are uncaught page exceptions. Scripts are not recorded as host
  /// evaluations, so a harness can drive the page without showing up as the
  /// native side.
  package func runInPage(_ script: PageScript) {
    let delay = chooser?.delay(.stepLatency, source: "steps", now: scheduler.now) ?? 0
    scheduler.schedule(after: delay, kind: .page, label: "page \(script.name)") { [unowned self] in
      guard let world = self.world else {
        self.trace.record(.host, TraceEventName.scriptRun, ["name": .string(script.name), "phase": "no page loaded"])
        return
      }
      world.runScript(script, phase: "page-task")
    }
  }

  // MARK: - Running

  /// Runs tasks until none is pending or a budget runs out (see
  /// ``PageScheduler/runUntilIdle(maxTasks:maxTime:)``).
  @discardableResult
  package func runUntilIdle(
    maxTasks: Int = 100_000, maxTime: VirtualTime? = nil, shouldStop: () -> Bool = { false }
  ) -> SettleOutcome {
    scheduler.runUntilIdle(maxTasks: maxTasks, maxTime: maxTime, shouldStop: shouldStop)
  }

  /// Moves the virtual clock forward, running every task that falls due.
  @discardableResult
  package func advance(
    by milliseconds: Int64, maxTasks: Int = 100_000, shouldStop: () -> Bool = { false }
  ) -> SettleOutcome {
    scheduler.advance(by: milliseconds, maxTasks: maxTasks, shouldStop: shouldStop)
  }

  // MARK: - Called by the page world

  /// Records a navigation request and asks the policy in a host task.
  func requestNavigation(_ action: NavigationAction) {
    var fields: JSONObject = ["url": .string(action.url), "frame": .string(action.frame.rawValue)]
    if let frame = action.frameID { fields["frameId"] = .number(Double(frame)) }
    trace.record(.page, TraceEventName.navigationRequested, fields)
    guard hasRoomForTask() else { return }
    let delay = chooser?.delay(.policyLatency, source: "policy", now: scheduler.now) ?? 0
    scheduler.schedule(after: delay, kind: .host, label: "decide navigation \(action.url)") { [unowned self] in
      let policy = self.navigationPolicy(action)
      fields["policy"] = .string(policy.rawValue)
      self.trace.record(.host, TraceEventName.navigationDecided, fields)
    }
  }

  /// Hands a posted message to its handler, if one is registered.
  func deliverScriptMessage(_ message: ScriptMessage) {
    messageHandlers[message.name]?(message)
  }
}

extension SimulatedWebView {
  /// Makes the calling thread's next page with
  /// ``PageConfiguration/sharesContextGroup`` start in a fresh JavaScriptCore
  /// context group: a harness calls it after a scenario that ended in an error,
  /// so that nothing the engine may still hold of that page reaches the next.
  /// (Groups in which a script was terminated or a page passed a limit are
  /// retired without it.)
  package static func retireSharedContextGroup() {
    SharedContextGroup.retireOnThisThread()
  }
}
