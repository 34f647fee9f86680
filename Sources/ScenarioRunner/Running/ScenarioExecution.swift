import BridgeImplementations
import BridgecheckAdapter
import Dialects
import JSONModel
import PageSimulation
import ReferenceBridges
import WebViewHosting

/// One run of one fixture: the page (a ``HarnessWebViewHost``; the native
/// session sees it only as a ``WebViewHost``), the native session, the
/// scripted native handlers, the steps, then the judgement.
final class ScenarioExecution: NativeSessionEvents {
  let fixture: Fixture
  let runner: FixtureRunner
  let webView: any HarnessWebViewHost
  private let deadline: ContinuousClock.Instant
  private var session: (any NativeSession)?
  private var configuration: SessionConfiguration
  /// Current native handler behaviours, by name.
  private var nativeBehaviours: [String: Behaviour] = [:]
  /// Callback label → id given to the native session, and back.
  private var labelIDs: [String: Int] = [:]
  private var idLabels: [Int: String] = [:]
  /// Set when the scenario cannot go on.
  private var abort: Verdict?
  /// The values the page-side scripts of this scenario read by reference.
  private let pageTexts = PageTextChannel()
  /// The page bridge, when the page ships it among its own scripts (injection `page`).
  private var shippedPageBridge: String?
  /// The native session begun before the page was built, until it starts.
  private var preparedSession: (any PreparedNativeSession)?
  /// The page bridge of this scenario's configuration (asked of the page
  /// implementation once).
  private let pageScript: Result<String, ImplementationError>

  init(
    fixture: Fixture, runner: FixtureRunner, deadline: ContinuousClock.Instant,
    traceObserver: ((TraceEvent) -> Void)? = nil, schedule: ScheduleSpec? = nil
  ) {
    self.fixture = fixture
    self.runner = runner
    self.deadline = deadline
    let options = runner.options
    configuration = SessionConfiguration(
      transport: runner.transport(for: fixture) ?? .iframe, injection: runner.injection(for: fixture) ?? .bridgeLoaded,
      options: fixture.setup.options,
      profile: runner.page.profile)
    let configuration = configuration
    pageScript = Result { () throws(ImplementationError) in try runner.page.script(for: configuration) }
    // A native side in another process sets its bridge up while the page
    // is built.
    if case .success(let pageScript) = pageScript {
      preparedSession = runner.native.prepareSession(configuration: configuration, pageScript: pageScript)
    }
    // The default schedule runs with the plain FIFO policy, exactly as before
    // exploration existed; any other gets a chooser.
    let schedule = schedule ?? fixture.schedule ?? options.schedule
    var policy: any SchedulingPolicy = FIFOSchedulingPolicy()
    if let schedule, !schedule.isDefault { policy = ScheduleChooser(spec: schedule, salt: Self.stableHash(fixture.id)) }
    webView = runner.engine.makeHost(
      PageConfiguration(
        seed: options.seed ^ Self.stableHash(fixture.id), iframeNavigation: fixture.setup.iframeNavigation,
        scriptTimeLimit: options.scriptTimeLimit, userAgent: runner.page.profile.userAgent,
        sharesContextGroup: options.sharesContextGroups),
      policy)
    webView.trace.observer = traceObserver
  }

  func close() {
    preparedSession = nil
    session?.close()
    session = nil
    webView.close()
  }

  // MARK: - Running

  func run() -> Verdict {
    let verdict = runSteps()
    // The scenario that checks that the page bridge loads is judged on that alone.
    guard fixture.id == PageScriptLoadCheck.scenarioID, case .success(let pageScript) = pageScript else {
      return verdict
    }
    return PageScriptLoadCheck.verdict(
      trace: webView.trace.events, pageScript: pageScript,
      userScripts: webView.installedUserScripts.filter { $0.source.contains(pageScript) }.map(\.name))
  }

  private func runSteps() -> Verdict {
    if let verdict = start() { return verdict }
    for (index, step) in fixture.steps.enumerated() {
      if index > 0, let verdict = passTimeBeforeStep(after: fixture.steps[index - 1]) { return verdict }
      webView.trace.record(.harness, "step", ["index": .number(Double(index)), "action": .string(step.actionName)])
      perform(step)
      if let verdict = limitVerdict() { return verdict }
      if let abort { return abort }
      if let failure = session?.failure { return .implementationFailure(failure) }
    }
    settle()
    if let verdict = limitVerdict() { return verdict }
    if let abort { return abort }
    if let failure = session?.failure { return .implementationFailure(failure) }
    if let skip = startupMessagesTheDialectHasNot() { return skip }
    let verdict = Judge(fixture: fixture, trace: judgedTrace()).verdict()
    if verdict.checks.first == CheckID.pageBridgeUnusable { return diagnoseMissingGlobal(in: verdict) }
    return verdict.status == .fail ? diagnoseSabotage(of: verdict) : verdict
  }

  /// Under an explored schedule, lets the ``ChoicePoint/stepGap`` pass
  /// before a step that follows one which did not let time pass itself (a
  /// settle or an advance): what falls due meanwhile runs first, as in a
  /// real web view, where time passes between two actions of an app.
  private func passTimeBeforeStep(after previous: Step) -> Verdict? {
    switch previous {
    case .settle, .advance: return nil
    default: break
    }
    guard let chooser = webView.chooser else { return nil }
    let gap = chooser.latency(.stepGap)
    guard gap > 0 else { return nil }
    check(webView.advance(by: gap, maxTasks: runner.options.maxTasksPerSettle, shouldStop: pastDeadline))
    if let verdict = limitVerdict() { return verdict }
    if let abort { return abort }
    if let failure = session?.failure { return .implementationFailure(failure) }
    return nil
  }

  /// A global the harness did not find, although the page bridge was put
  /// into the page without an error: the page script does not define it (it
  /// was injected, not "not injected").
  private func diagnoseMissingGlobal(in verdict: Verdict) -> Verdict {
    guard let message = verdict.message, message.contains(HarnessPageScript.notInjectedPhrase),
      case .success(let pageScript) = pageScript, !pageScript.isEmpty
    else { return verdict }
    let events = webView.trace.events
    var evaluatedWithoutError = false
    var evaluating = false
    for event in events {
      if event.name == TraceEventName.evaluate {
        evaluating = event["script"]?.stringValue?.contains(pageScript) == true
      } else if event.name == TraceEventName.evaluateResult {
        if evaluating && event["ok"] == true { evaluatedWithoutError = true }
        evaluating = false
      }
    }
    let userScript = webView.installedUserScripts.contains { $0.source.contains(pageScript) }
    let failed = PageSabotage(trace: events, pageScript: pageScript, userScripts: []).injectionFailure != nil
    guard (evaluatedWithoutError || userScript) && !failed else { return verdict }
    var diagnosed = verdict
    diagnosed.message = message.replacingOccurrences(
      of: HarnessPageScript.notInjectedPhrase,
      with:
        "the page bridge was injected without an error (\(userScript ? "as a user script" : "evaluated by the native side")) "
        + "and does not define it")
    return diagnosed
  }

  /// A skip when the native side sent before the page bridge was injected in
  /// a dialect whose native side keeps no start-up queue: no peer of the
  /// dialect sends start-up messages, so what became of them judges nothing.
  private func startupMessagesTheDialectHasNot() -> Verdict? {
    let profile = configuration.profile
    guard profile.startupQueue == .none,
      webView.trace.events.contains(where: {
        $0.name == NativeBridgeLog.traceEventName
          && $0["code"]?.stringValue == NativeBridgeLog.Code.sentBeforeInjection.rawValue
      })
    else { return nil }
    return Verdict(
      status: .skip,
      message: "the fixture has the native side send before the page bridge is injected, and in the profile "
        + "\(profile.name) the native side keeps no start-up queue (\"startupQueue\": \"none\"): no native side of this "
        + "dialect sends start-up messages")
  }

  /// The recorded trace, followed by the wire events read out of it when
  /// the fixture needs them (it names them or captures from them).
  private func judgedTrace() -> [TraceEvent] {
    let events = webView.trace.events
    guard fixture.usesWireEvents else { return events }
    return events + WireEvents.derive(from: events, profile: configuration.profile)
  }

  /// A failure caused by the page under test sabotaging itself (its bridge
  /// threw while being injected, or it replaced built-ins) becomes an error
  /// that names the cause: the protocol was never exercised.
  private func diagnoseSabotage(of failure: Verdict) -> Verdict {
    guard runner.tested.page, case .success(let pageScript) = pageScript else { return failure }
    webView.runInPage(PageScript(name: "bridgecheck-builtins-check.js", source: HarnessPageScript.builtInsCheck))
    webView.runUntilIdle(maxTasks: 16, maxTime: webView.now, shouldStop: pastDeadline)
    let sabotage = PageSabotage(
      trace: webView.trace.events, pageScript: pageScript,
      userScripts: webView.installedUserScripts.filter { $0.source.contains(pageScript) }.map(\.name))
    return sabotage.verdict(replacing: failure) ?? failure
  }

  private func start() -> Verdict? {
    let profile = runner.page.profile
    webView.addHostRecorder(named: HarnessPageScript.recordFunction) { [unowned self] arguments in
      self.recordFromPage(arguments)
    }
    webView.addHostFunction(named: PageTextChannel.function) { [unowned self] arguments in
      self.pageTexts.text(for: arguments)
    }
    webView.addPageHelperScript(
      PageScript(name: HarnessPageScript.scriptName, source: PageScriptCache.harness(for: profile)))
    if let options = runner.page.pageOptionsScript(for: configuration) {
      // The page bridge's per-scenario options come from the harness's side
      // of the page, never from text added to the page script.
      webView.addPageHelperScript(PageScript(name: HarnessPageScript.pageOptionsScriptName, source: options))
    }
    if !fixture.setup.appCancels.isEmpty {
      let patterns = fixture.setup.appCancels
      webView.navigationPolicy = { action in
        patterns.contains { $0.matches(in: action.url) } ? .cancel : .allow
      }
    }
    do {
      let pageScript = try pageScript.get()
      if configuration.injection == .page { shippedPageBridge = pageScript }
      let prepared = preparedSession
      preparedSession = nil
      session = try runner.native.startSession(
        webView: webView, configuration: configuration, pageScript: pageScript, events: self, prepared: prepared)
    } catch {
      return .implementationFailure(error)
    }
    for named in fixture.setup.nativeHandlers { registerNativeHandler(named) }
    webView.load(PageSource(url: "https://app.bridgecheck.test/index.html", scripts: pageScripts()))
    return abort
  }

  private func pageScripts() -> [PageScript] {
    var scripts: [PageScript] = []
    if let shippedPageBridge { scripts.append(PageScript(name: "page-bridge.js", source: shippedPageBridge)) }
    let handlers = JSONValue.array(
      fixture.setup.pageHandlers.map { named in
        ["name": .string(named.name), "behaviour": behaviourJSON(named.behaviour)]
      })
    let readySteps = fixture.setup.onReady.compactMap(pageStepScript).map { "function () { \($0) }" }
    let callsInit = fixture.setup.pageInit == .ready
    let ready =
      "__bridgecheck.ready(\(pageTexts.value(handlers)), [\(readySteps.joined(separator: ", "))], \(callsInit));"
    let profile = runner.page.profile
    switch fixture.setup.pageSetup {
    case .snippet:
      if let snippet = PageScriptCache.setupSnippet(for: profile) {
        scripts.append(PageScript(name: "setup-snippet.js", source: snippet))
      }
      scripts.append(
        PageScript(
          name: "page-ready.js", source: "\(HarnessPageScript.helperGlobal).whenReady(function (bridge) { \(ready) });")
      )
    case .none:
      let global = profile.globalName.jsonLiteral
      scripts.append(PageScript(name: "page-ready.js", source: "if (window[\(global)]) { \(ready) }"))
    }
    for (index, source) in fixture.setup.pageScripts.enumerated() {
      scripts.append(PageScript(name: "page-script-\(index + 1).js", source: source))
    }
    return scripts
  }

  // MARK: - Steps

  private func perform(_ step: Step) {
    if let script = pageStepScript(step) {
      webView.runInPage(PageScript(name: step.actionName, source: script))
      return
    }
    switch step {
    case .nativeCall(let handler, let data, let label):
      guarded { () throws(ImplementationError) in
        try session?.callHandler(handler, data: data, callback: label.map(callbackID))
      }
    case .nativeRegister(let named):
      registerNativeHandler(named)
    case .nativeRemove(let handler):
      nativeBehaviours[handler] = nil
      guarded { () throws(ImplementationError) in try session?.removeHandler(handler) }
    case .nativeReset:
      guarded { () throws(ImplementationError) in try session?.reset() }
    case .nativeDisableSafetyTimeout:
      guarded { () throws(ImplementationError) in try session?.disableSafetyTimeout() }
    case .reload:
      webView.reload()
    case .advance(let milliseconds):
      check(webView.advance(by: milliseconds, maxTasks: taskAllowance, shouldStop: pastDeadline))
    case .settle:
      settle()
    default:
      break
    }
  }

  /// The page-side script of a page step, or nil for other steps.
  private func pageStepScript(_ step: Step) -> String? {
    let helper = HarnessPageScript.helperGlobal
    if case .queueToNative(.string(let written)?, let signal) = step, !fixture.captures.isEmpty, written.contains("${")
    {
      // The page's queue as played may name captures, like wire.toPage.
      let text = CaptureSubstitution.substitute(
        written, CaptureSubstitution.bindings(fixture.captures, in: judgedTrace()))
      if text != written { return pageStepScript(.queueToNative(result: .string(text), signal: signal)) }
    }
    switch step {
    case .pageCall(let handler, let data, let label, let form):
      let dataJSON = data.map(pageTexts.value) ?? "undefined"
      let labelJSON = label.map { $0.jsonLiteral } ?? "null"
      return
        "\(helper).call(\(labelJSON), \(handler.jsonLiteral), \(data != nil), \(dataJSON), \(form.rawValue.jsonLiteral));"
    case .pageRegister(let named):
      return "\(helper).register(\(named.name.jsonLiteral), \(pageTexts.value(behaviourJSON(named.behaviour))));"
    case .pageDisableSafetyTimeout:
      return "\(helper).disableSafetyTimeout();"
    case .navigate(let url, let frame):
      return "\(helper).navigate(\(url.jsonLiteral), \(frame.rawValue.jsonLiteral));"
    case .pageScript(let source):
      return source
    case .deliverToPage(let written):
      var raw = written
      if !fixture.captures.isEmpty {
        raw = CaptureSubstitution.substitute(raw, CaptureSubstitution.bindings(fixture.captures, in: judgedTrace()))
      }
      if let script = configuration.profile.conventionDeliveryScript(forRaw: raw) { return script }
      let message = configuration.profile.deliverable(raw) ?? raw
      return "\(helper).deliver(\(pageTexts.string(message)));"
    case .queueToNative(.string(let text)?, nil) where configuration.profile.queue != .fetch:
      // The dialect carries its queue another way: the harness plays it so.
      let profile = configuration.profile
      let renamed = profile.queued(.string(text))?.stringValue ?? text
      let payloads = profile.transitPayloads(ofQueueText: renamed) ?? []
      if profile.queue == .navigation {
        // A page of the dialect returns its queue only when the native side asks for it: the
        // queue signal, then the return navigation from inside the native side's fetch call.
        let urls = JSONValue.array(payloads.map { .string(profile.queueReturnURL + $0) })
        return "\(helper).returnOnFetch(\(pageTexts.value(urls)), \(configuration.transport.rawValue.jsonLiteral));"
      }
      let signal = profile.signal(configuration.transport) ?? SignalMechanism(kind: configuration.transport)
      var members: JSONObject = [
        "kind": .string(signal.kind.rawValue), "url": .string(signal.url), "name": .string(signal.name),
        "method": .string(signal.method), "marker": .string(signal.marker),
        "object": .bool(profile.encoding == .object),
      ]
      if signal.kind == .hostObject, let calls = signal.hostCalls {
        // Played as the page's host calls carry a message: its parts as arguments.
        members["hostCalls"] = [
          "answerMethod": .string(calls.answerMethod), "generic": .bool(calls.genericMethod),
          "handlerMethods": .bool(calls.handlerMethods), "fields": profile.fields.json,
          "profile": .string(profile.name),
        ]
      }
      let spec = JSONValue.object(members)
      return payloads.map { "\(helper).signalWith(\(pageTexts.value(spec)), \(pageTexts.string($0)));" }
        .joined(separator: "\n")
    case .pageRequestInjection:
      return NeutralPageSteps.requestInjection(profile: configuration.profile)
    case .pageSignal:
      return "\(helper).signal(\(configuration.transport.rawValue.jsonLiteral));"
    case .pageInit(let named):
      guard let named else { return "\(helper).initBridge(null, null);" }
      return "\(helper).initBridge(\(named.name.jsonLiteral), \(pageTexts.value(behaviourJSON(named.behaviour))));"
    case .queueToNative(let result, let signal):
      let transport = configuration.transport.rawValue.jsonLiteral
      let url = signal.map(\.jsonLiteral) ?? "null"
      let value =
        configuration.profile.queued(result).map(pageTexts.value)
        ?? "undefined"
      return "\(helper).queueToNative(\(result != nil), \(value), \(transport), \(url));"
    default:
      return nil
    }
  }

  private func behaviourJSON(_ behaviour: Behaviour) -> JSONValue {
    HarnessPageScript.json(behaviour)
  }

  private func settle() {
    let start = webView.now
    let limit = start.advanced(by: runner.options.maxVirtualMillisecondsPerSettle)
    check(webView.runUntilIdle(maxTasks: taskAllowance, maxTime: limit, shouldStop: pastDeadline), settledFrom: start)
  }

  /// The tasks the next settle or advance may run: what is left of the
  /// scenario's budget, and at most the budget of one settle.
  private var taskAllowance: Int {
    let options = runner.options
    return min(options.maxTasksPerSettle, max(0, options.maxTasksPerScenario - webView.tasksRun))
  }

  /// Turns the outcome of a settle (begun at `start`) or an advance into
  /// the scenario's end, when it is not idle.
  private func check(_ outcome: SettleOutcome, settledFrom start: VirtualTime? = nil) {
    let options = runner.options
    switch outcome {
    case .idle: return
    case .taskBudgetExhausted:
      let scenarioBudget = webView.tasksRun >= options.maxTasksPerScenario
      let limit = scenarioBudget ? options.maxTasksPerScenario : options.maxTasksPerSettle
      abort = neverIdle(
        "more were pending past the \(limit) tasks \(scenarioBudget ? "a scenario" : "one settle") may run "
          + "(a timer, interval or message loop that keeps the page busy?)", check: CheckID.taskBudget)
    case .timeBudgetExhausted:
      // A real engine may end a settle sooner than the virtual time given it (its own bound in real time).
      let length = start.map { webView.now.milliseconds - $0.milliseconds } ?? options.maxVirtualMillisecondsPerSettle
      abort = neverIdle(
        "tasks were still pending after \(min(length, options.maxVirtualMillisecondsPerSettle)) ms of \(timeKind) in one "
          + "settle, the most a settle may take (a timer or interval that keeps the page busy?)",
        check: CheckID.virtualTime)
    case .interrupted where pageCPUExhausted:
      abort = neverIdle(
        "the page used \(options.scenarioCPULimit.millisecondsText) of CPU time, the most a scenario may use "
          + "(tasks that are each short but never stop?)", check: CheckID.cpuBudget)
    case .interrupted:
      var verdict = Verdict.error(
        "the scenario ran past its wall-clock limit of \(runner.options.scenarioTimeLimit)", check: CheckID.wallClock)
      verdict.hitWallClockLimit = true
      abort = verdict
    }
    webView.trace.record(.harness, TraceEventName.budgetExhausted, ["reason": .string(abort?.message ?? "")])
  }

  /// The error of a page that never went idle, with what it ran: `N tasks
  /// in M ms of virtual time`, then `detail` (which bound it reached).
  private func neverIdle(_ detail: String, check: String) -> Verdict {
    let tasks = runner.engine.name == PageEngine.simulated.name ? "tasks" : "host tasks"
    return .error(
      "the page never went idle: \(webView.tasksRun) \(tasks) in \(webView.now.milliseconds) ms of \(timeKind); \(detail)",
      check: check)
  }

  /// What the page's clock is: virtual time, or a real engine's real time.
  private var timeKind: String { runner.engine.name == PageEngine.simulated.name ? "virtual time" : "real time" }

  /// Set when the page used up the scenario's CPU time.
  private var pageCPUExhausted = false

  /// Stops the run: past the wall-clock deadline, once the page passed one
  /// of its limits (the scenario is an error whatever happens next), or
  /// once it used the CPU time a scenario may use.
  private func pastDeadline() -> Bool {
    if webView.limitViolation != nil || ContinuousClock.now > deadline { return true }
    if webView.pageCPUTimeExceeds(runner.options.scenarioCPULimit) {
      pageCPUExhausted = true
      return true
    }
    return false
  }

  /// The error for a page that passed one of its limits, if it did.
  private func limitVerdict() -> Verdict? {
    guard let violation = webView.limitViolation else { return nil }
    let event =
      webView.trace.events.indices.contains(violation.sequence) ? webView.trace.events[violation.sequence] : nil
    let page =
      runner.engine.name == PageEngine.simulated.name ? "the simulated page" : "the page in \(runner.engine.name)"
    return .error(
      "the page bridge passed a limit of \(page): \(violation.message)",
      detail: FailureDetail(
        expectation: "the page stays within the limits of \(page) (\(violation.limit))", pointer: nil,
        closest: event, focus: violation.sequence),
      check: CheckID.pageLimit(violation.limit))
  }

  private func guarded(_ body: () throws(ImplementationError) -> Void) {
    guard abort == nil else { return }
    do {
      try body()
    } catch {
      abort = .implementationFailure(error)
    }
  }

  private func callbackID(_ label: String) -> Int {
    if let id = labelIDs[label] { return id }
    let id = labelIDs.count + 1
    labelIDs[label] = id
    idLabels[id] = label
    return id
  }

  /// Registers a scripted native handler; one that answers at once, with
  /// nothing before its answer, goes with its answer (an adapter gives it
  /// inside the handler, without a `respond` round trip). Not under an
  /// explored schedule that may delay answers: there every answer's latency
  /// is a choice. The default gate's schedules never delay an answer.
  private func registerNativeHandler(_ named: NamedBehaviour) {
    nativeBehaviours[named.name] = named.behaviour
    let behaviour = named.behaviour
    var answer: ImmediateAnswer?
    let answersUndelayed = webView.chooser?.alwaysDefault(at: .answerLatency) ?? true
    if answersUndelayed, behaviour.call == nil, behaviour.delay == 0, behaviour.times > 0,
      let response = behaviour.respond
    {
      switch response {
      case .echo: answer = ImmediateAnswer(value: .echo, times: behaviour.times)
      case .value(let value): answer = ImmediateAnswer(value: .fixed(value), times: behaviour.times)
      }
    }
    guarded { () throws(ImplementationError) in try session?.registerHandler(named.name, answeringAtOnce: answer) }
  }

  // MARK: - What the page reports

  private func recordFromPage(_ arguments: [JSONValue?]) {
    guard let name = arguments.first??.stringValue else { return }
    let fields = (arguments.count > 1 ? arguments[1]?.objectValue : nil) ?? [:]
    let harnessEvents = [
      "harness-error", HarnessPageScript.builtInsReplacedEvent, HarnessPageScript.inexpressibleEvent,
    ]
    let source: TraceSource = harnessEvents.contains(name) ? .harness : .page
    webView.trace.record(source, name, fields)
  }

  // MARK: - NativeSessionEvents

  func handlerInvoked(_ handler: String, data: JSONValue?, invocation: Int, canRespond: Bool, answered: Bool) {
    var fields: JSONObject = ["handler": .string(handler)]
    if let data { fields["data"] = data }
    webView.trace.record(.native, "native-handler-invoked", fields)
    // The session gave the registered answer already, inside the handler.
    guard !answered, let behaviour = nativeBehaviours[handler] else { return }
    if let call = behaviour.call {
      guarded { () throws(ImplementationError) in
        try session?.callHandler(call.handler, data: call.data, callback: call.callbackLabel.map(callbackID))
      }
    }
    guard canRespond, let response = behaviour.respond else { return }
    let value: JSONValue?
    switch response {
    case .echo: value = data
    case .value(let fixed): value = fixed
    }
    let answer = { [unowned self] in
      for _ in 0..<behaviour.times {
        self.guarded { () throws(ImplementationError) in try self.session?.respond(invocation: invocation, data: value)
        }
      }
    }
    let latency = webView.chooser?.delay(.answerLatency, source: "answers", now: webView.now) ?? 0
    if behaviour.delay + latency > 0 {
      webView.scheduleHostTask(after: behaviour.delay + latency, label: "native handler \(handler) answers") {
        answer()
      }
    } else {
      answer()
    }
  }

  func callbackInvoked(callback: Int, data: JSONValue?) {
    var fields: JSONObject = ["label": .string(idLabels[callback] ?? "#\(callback)")]
    if let data { fields["data"] = data }
    webView.trace.record(.native, "native-callback-invoked", fields)
  }

  func log(level: String, code: String, message: String) {
    webView.trace.record(
      .native, "native-log", ["level": .string(level), "code": .string(code), "message": .string(message)])
  }

  /// FNV-1a, so that each fixture's seed depends on its id only (not on the
  /// order, sharding or parallelism of a run).
  static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

extension String {
  /// The string as a JSON (and JavaScript) string literal.
  var jsonLiteral: String { JSONValue.string(self).serialized() }
}

extension Step {
  /// The action name as written in fixtures.
  var actionName: String {
    switch self {
    case .pageCall: return "page.call"
    case .nativeCall: return "native.call"
    case .pageRegister: return "page.register"
    case .nativeRegister: return "native.register"
    case .nativeRemove: return "native.remove"
    case .nativeReset: return "native.reset"
    case .nativeDisableSafetyTimeout: return "native.disableSafetyTimeout"
    case .pageDisableSafetyTimeout: return "page.disableSafetyTimeout"
    case .reload: return "reload"
    case .navigate: return "navigate"
    case .advance: return "advance"
    case .settle: return "settle"
    case .pageScript: return "page.script"
    case .deliverToPage: return "wire.toPage"
    case .queueToNative: return "wire.toNative"
    case .pageRequestInjection: return "page.requestInjection"
    case .pageSignal: return "page.signal"
    case .pageInit: return "page.init"
    }
  }
}
