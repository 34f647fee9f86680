#if WebKitGTK
  import CWebKitGTK
  import Foundation
  import JSONModel
  import JSRuntime
  import WebViewHosting

  /// A ``HarnessWebViewHost`` on a real WebKitGTK web view (a prototype of
  /// `--engine webkitgtk`; see `docs/webkit-engine.md`).
  ///
  /// Whatever the engine reports (navigation requests, script messages,
  /// dialogs, prompts of the host channel, evaluation results, load
  /// finished) waits in a queue and runs as a host task, one at a time, only
  /// inside ``runUntilIdle(maxTasks:maxTime:shouldStop:)`` and
  /// ``advance(by:maxTasks:shouldStop:)``: between two calls of the runner
  /// nothing it owns changes. Virtual milliseconds are real ones times
  /// ``scale``. Host functions are synchronous for the page: it waits in a
  /// `prompt` until its call has run.
  ///
  /// The page's limits, as far as a real engine allows (``limitViolation``):
  /// a page whose web process spends the script time limit of CPU time
  /// while the host waits for it (an evaluation, its load) is stuck in a
  /// script, and its web process is ended; console output and uncaught
  /// exceptions are cut in the page, and the console's total is capped; the
  /// trace's event limit; values too large to leave the page; and the web
  /// process's end (a crash, or WebKit's own memory limit); a dedicated
  /// worker whose thread spends the script time limit of CPU time without
  /// waiting for its next task is stuck in a script too (``WorkerThreadWatch``),
  /// and a worker in the middle of a script keeps the page from being idle.
  /// ``pageCPUTime`` is the CPU time of the web process's main thread and of
  /// its workers, which bounds a page that never goes idle.
  ///
  /// Not done: schedule exploration (``chooser`` is nil), `script-run`
  /// events for the page's own scripts, and telling a main-frame navigation
  /// from an iframe's (WebKitGTK's `decide-policy` does not say: every
  /// request is reported as an iframe's).
  package final class WebKitWebViewHost: HarnessWebViewHost {
    /// The navigation policy, asked in a host task for every request but the page's own load.
    package var navigationPolicy: (NavigationAction) -> NavigationPolicy = { _ in .allow }
    /// Answers the page's `alert`, `confirm` and `prompt`. Default: dismiss.
    package var dialogHandler: (PageDialog) -> DialogAnswer = { _ in .dismiss }
    /// Called in a host task once a page has finished loading; nil for none.
    package var loadFinishedHandler: (() -> Void)?
    /// What happened so far.
    package let trace: Trace
    /// Real milliseconds per virtual millisecond.
    package let scale: Double
    /// The longest a settle may wait, in real seconds, whatever virtual time it was given.
    package let maxSettleSeconds: Double
    /// How long, in real milliseconds, nothing may arrive before the page
    /// counts as idle (an iframe the page just added asks its navigation a
    /// moment later, and nothing in the page says it will); then the page is
    /// asked for its pending timers, a round trip through its process, and a
    /// page timer that ran less than this ago still counts as pending.
    /// Every settle waits it at least once, so it is most of what a scenario
    /// costs in real time. Default ``defaultQuietMilliseconds``, or
    /// `BRIDGECHECK_WEBKIT_QUIET_MS` (the suite passed with 2 here; a slower
    /// machine may need more).
    package var quietMilliseconds: Double =
      Double(ProcessInfo.processInfo.environment["BRIDGECHECK_WEBKIT_QUIET_MS"] ?? "") ?? defaultQuietMilliseconds

    /// The default quiet period, 10 ms: nothing pending is confirmed after
    /// it by the probes' marker timer (see ``probePendingTimers()``), which
    /// work WebKit queued on timers of its own ran before, so the period
    /// covers only IPC in flight and the page's own timers that just ran.
    package static let defaultQuietMilliseconds: Double = 10
    /// The settings the page was asked for (the user agent is honoured; the
    /// seed, epoch and limits belong to the simulated page).
    package let configuration: PageConfiguration

    private let engine: EngineThread
    private let origin: UInt64
    /// A load was started and has not finished.
    private var loading = false
    private var view: WebKitHostView?
    private var hostFunctions: [String: HostFunction] = [:]
    private var hostFunctionNames: [String] = []
    private var recorders: [String: ([JSONValue?]) -> Void] = [:]
    private var interfaces: [(name: String, methods: [String])] = []
    /// User scripts in order; `asPageCode` for the harness's page helpers.
    private var userScripts: [(script: PageScript, time: UserScriptInjectionTime, asPageCode: Bool)] = []
    private var messageHandlers: [String: (ScriptMessage) -> Void] = [:]
    private var completions: [Int: ((Result<JSONValue?, EvaluationError>) -> Void)?] = [:]
    /// Scripts of evaluations not started in the page yet, by their number.
    private var unstarted: [Int: String] = [:]
    /// The evaluation number of each engine evaluation.
    private var evaluationNumbers: [Int: Int] = [:]
    private var nextEvaluation = 0
    /// The evaluation running in the page (its start seen, its completion
    /// not yet), and the page's error events seen meanwhile: WebKit hands an
    /// evaluation's own exception to the page's `error` listeners too, which
    /// is not an exception of page code (see ``complete(evaluation:_:)``).
    private var runningEvaluation: Int?
    private var errorsDuringEvaluation: [JSONObject] = []
    /// Evaluations and page steps waiting for a load to be committed (or to run), in order.
    private var pageWork: [() -> Void] = []
    /// A load ran and its document is not committed yet.
    private var awaitingCommit = false
    private var pageRuns: [Int: String] = [:]
    private var abandonedProbes: Set<Int> = []
    /// Work the harness asked for (loads), run first.
    private var hostTasks: [(label: String, body: () -> Void)] = []
    private var timers: [(due: Int64, label: String, body: () -> Void)] = []
    private var inbox: [EngineEvent] = []
    private var source: PageSource?
    private var generation = 0
    /// The tasks run so far.
    package private(set) var tasksRun = 0
    /// The CPU time of this process's web processes (where the page runs).
    private let webProcesses = WebProcessUsage()
    /// Their CPU time when this host was made, and when last measured.
    private var createdCPUTime: Duration = .zero
    private var lastCPUTime: Duration = .zero
    private var lastCPUSample: ContinuousClock.Instant?
    /// The web processes' CPU time when the page last answered (or when the
    /// host last had nothing to wait for).
    private var cpuAtLastAnswer: Duration = .zero
    /// ``pageCPUTime`` when the current quiet period of a settle began.
    private var cpuAtQuietStart: Duration = .zero
    /// The share of a quiet period the web process may spend on CPU and
    /// still count as idle: a page with nothing pending uses next to none,
    /// and one that passes messages to itself without end (a `MessageChannel`
    /// ping-pong, which no timer shows) about half.
    static let busyShare = 0.2
    private var limitsPassed: Set<String> = []
    /// Console text the page wrote so far, in UTF-8 bytes.
    private var consoleBytes = 0

    /// Creates a web view with no page loaded; nil when GTK cannot start (no display).
    package init?(
      configuration: PageConfiguration = PageConfiguration(), scale: Double = 1, maxSettleSeconds: Double = 15
    ) {
      guard let engine = EngineThread.shared else { return nil }
      self.engine = engine
      self.configuration = configuration
      self.scale = scale
      self.maxSettleSeconds = maxSettleSeconds
      let origin = DispatchTime.now().uptimeNanoseconds
      self.origin = origin
      trace = Trace(clock: { VirtualTime(milliseconds: Self.milliseconds(since: origin, scale: scale)) })
      trace.capacity = configuration.limits.maxTraceEvents
      let userAgent = configuration.userAgent
      view = engine.run { WebKitHostView.make(userAgent: userAgent) }
      EngineThread.endProcessBeforeWebKitTeardown()
      createdCPUTime = webProcesses.cpuTime()
      lastCPUTime = createdCPUTime
      cpuAtLastAnswer = createdCPUTime
      trace.onFull = { [unowned self] capacity in
        self.passLimit(
          "trace-events",
          "the page passed the limit of \(capacity) trace events in one scenario (a flood of console lines, "
            + "navigations, messages or tasks?)")
      }
    }

    deinit { close() }

    private static func milliseconds(since origin: UInt64, scale: Double) -> Int64 {
      Int64(Double(DispatchTime.now().uptimeNanoseconds - origin) / 1_000_000 / scale)
    }

    /// Real time since creation, in virtual milliseconds.
    package var now: VirtualTime { VirtualTime(milliseconds: Self.milliseconds(since: origin, scale: scale)) }
    /// Always nil: latencies are the engine's.
    package var chooser: ScheduleChooser? { nil }
    /// The first limit the page passed (see the type's documentation), or
    /// nil: the scenario cannot be judged.
    package private(set) var limitViolation: PageLimitViolation?

    /// Records that the page passed `limit` (the first one wins; each kind
    /// is recorded once).
    private func passLimit(_ limit: String, _ message: String) {
      guard limitsPassed.insert(limit).inserted else { return }
      let violation = PageLimitViolation.record(limit: limit, message: message, in: trace)
      if limitViolation == nil { limitViolation = violation }
    }

    /// The CPU time the page used since this host was made: its web
    /// process's main thread and its dedicated workers' threads, measured
    /// at most every 10 ms.
    package var pageCPUTime: Duration { mainThreadCPUTime + webProcesses.workers.cpuTime }

    /// The CPU time of the main thread of the page's web process since
    /// this host was made, measured (with the workers) at most every 10 ms.
    private var mainThreadCPUTime: Duration {
      let now = ContinuousClock.now
      if lastCPUSample.map({ now - $0 >= .milliseconds(10) }) ?? true {
        lastCPUSample = now
        lastCPUTime = webProcesses.cpuTime()
      }
      return max(.zero, lastCPUTime - createdCPUTime)
    }

    /// ``pageCPUTime`` measured at most 2 ms ago, where a quiet period of a
    /// settle starts: a sample up to 10 ms old would count the CPU time the
    /// page spent on the task that just ran (answering the host) as the
    /// quiet period's, and a short quiet period would seldom be quiet.
    private var freshPageCPUTime: Duration {
      let now = ContinuousClock.now
      if lastCPUSample.map({ now - $0 >= .milliseconds(2) }) ?? true {
        lastCPUSample = now
        lastCPUTime = webProcesses.cpuTime()
      }
      return pageCPUTime
    }

    /// Measures again now, with the web processes listed again (so that a
    /// worker the page just started is seen).
    private func measureNow() {
      lastCPUSample = ContinuousClock.now
      lastCPUTime = webProcesses.cpuTime(rescan: true)
    }
    /// The user scripts added so far, in the order they run.
    package var installedUserScripts: [PageScript] { userScripts.map(\.script) }

    // MARK: - Content

    /// Adds a user script to every page loaded from now on.
    package func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime) {
      addScript(script, injectionTime: injectionTime, asPageCode: false)
    }

    /// Adds a document-start script that runs as the page's own code: a
    /// `<script>` element the channel inserts and removes at document start,
    /// so that what the harness's helpers throw reaches `window.onerror`
    /// with its message (WebKit mutes a user script's exceptions). Recorded
    /// as a user script, as in the simulated page.
    package func addPageHelperScript(_ script: PageScript) {
      addScript(script, injectionTime: .atDocumentStart, asPageCode: true)
    }

    private func addScript(_ script: PageScript, injectionTime: UserScriptInjectionTime, asPageCode: Bool) {
      userScripts.append((script, injectionTime, asPageCode))
      trace.record(
        .host, TraceEventName.userScriptAdded,
        [
          "name": .string(script.name),
          "injectionTime": .string(injectionTime == .atDocumentStart ? "document-start" : "document-end"),
          "length": .number(Double(script.source.utf16.count)),
        ])
    }

    /// Registers `window.webkit.messageHandlers[name]` now and for every later page.
    package func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void) {
      messageHandlers[name] = handler
      engine.perform { self.view?.registerMessageHandler(name) }
    }

    /// Installs a host function (through the synchronous channel) in every page loaded from now on.
    package func addHostFunction(named name: String, _ body: @escaping HostFunction) {
      if hostFunctions[name] == nil { hostFunctionNames.append(name) }
      hostFunctions[name] = body
    }

    /// Installs a recorder: a call reaches the host asynchronously (a
    /// script message of the channel's own world), in order with the
    /// page's other events, without stopping the page.
    package func addHostRecorder(named name: String, _ body: @escaping ([JSONValue?]) -> Void) {
      recorders[name] = body
    }

    /// Adds a JavaScript interface, built on a host function, to every page loaded from now on.
    package func addJavascriptInterface(
      named name: String, methods: [String], asynchronous: Bool,
      _ handler: @escaping (String, [JSONValue?]) -> JSONValue?
    ) {
      interfaces.removeAll { $0.name == name }
      interfaces.append((name, methods))
      let function = JavascriptInterfaceCalls.hostFunction(
        name: name, asynchronous: asynchronous, trace: trace, handler: handler,
        later: { [unowned self] label, task in self.scheduleHostTask(after: 0, label: label, task) })
      let functionName = JavascriptInterfaceCalls.hostFunctionName(name)
      if asynchronous {
        // A channel returns nothing: its calls cross as recorders, without stopping the page.
        hostFunctionNames.removeAll { $0 == functionName }
        hostFunctions[functionName] = nil
        addHostRecorder(named: functionName) { arguments in _ = try? function(arguments) }
      } else {
        recorders[functionName] = nil
        addHostFunction(named: functionName, function)
      }
    }

    // MARK: - Loading and evaluating

    /// Loads `page` in a host task: its scripts become `<script>` elements of their own.
    package func load(_ page: PageSource) {
      hostTasks.append(("load \(page.url)", { [unowned self] in self.performLoad(page) }))
    }

    /// Loads the current page again in a host task.
    package func reload() {
      hostTasks.append(("reload", { [unowned self] in if let source = self.source { self.performLoad(source) } }))
    }

    private func performLoad(_ page: PageSource) {
      if generation > 0, let source {
        trace.record(
          .host, TraceEventName.pageUnloaded, ["url": .string(source.url), "generation": .number(Double(generation))])
      }
      source = page
      generation += 1
      trace.record(
        .host, TraceEventName.pageLoaded, ["url": .string(page.url), "generation": .number(Double(generation))])
      let channel = HostChannelScript.source(
        hostFunctions: hostFunctionNames, recorders: recorders.keys.sorted(), interfaces: interfaces,
        limits: configuration.limits)
      let scripts = userScripts.map { entry in
        (
          entry.asPageCode ? HostChannelScript.runAsPage(entry.script.source) : entry.script.source,
          entry.time == .atDocumentStart
        )
      }
      let html = Self.html(for: page)
      loading = true
      awaitingCommit = true
      view?.setUserScripts(channel: channel, scripts)
      view?.load(html: html, url: page.url)
    }

    /// The document of a page: its scripts as inline `<script>` elements, in
    /// order, which WebKit runs in the one parsing task, as the simulated page
    /// runs them before any host task (microtasks run between two scripts in
    /// both). `</script` in a source is written `<\/script`, the same in
    /// every JavaScript context it can appear in (string, template, regular
    /// expression, comment); a source containing `<!--`, which changes how
    /// HTML reads the rest of an inline script, is loaded from a `data:` URL
    /// instead (a network task of its own: host tasks can run before it).
    static func html(for page: PageSource) -> String {
      let scripts = page.scripts.map { script -> String in
        if script.source.contains("<!--") {
          return
            "<script src=\"data:text/javascript;charset=utf-8;base64,\(Data(script.source.utf8).base64EncodedString())\"></script>"
        }
        let escaped = script.source.replacing(#/<\/(?=[sS][cC][rR][iI][pP][tT])/#, with: "<\\/")
        return "<script>" + escaped + "\n</script>"
      }
      return "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>\n"
        + scripts.joined(separator: "\n") + "\n</body></html>"
    }

    /// Evaluates `script` in the page; `completion` runs in a host task with its value as JSON.
    /// The `evaluate` event is recorded when the script starts running in
    /// the page (it first calls the host), as in the simulated page.
    package func evaluateJavaScript(_ script: String, completion: ((Result<JSONValue?, EvaluationError>) -> Void)?) {
      nextEvaluation += 1
      let number = nextEvaluation
      unstarted[number] = script
      let wrapped = "\(HostChannelScript.evaluatingFunction)(\(number));\n" + script
      submit { [unowned self] in
        let id = self.view?.evaluate(wrapped) ?? 0
        self.evaluationNumbers[id] = number
        self.completions[id] = completion
      }
    }

    /// Runs `work` (which starts an evaluation) now, or once the pending
    /// load has run and its document is committed.
    private func submit(_ work: @escaping () -> Void) {
      if awaitingCommit || !hostTasks.isEmpty || !pageWork.isEmpty {
        pageWork.append(work)
      } else {
        engine.perform(work)
      }
    }

    /// Runs `script` as the page's own code (not recorded as an evaluation;
    /// a failure is an uncaught exception).
    package func runInPage(_ script: PageScript) {
      trace.record(.page, TraceEventName.task, ["label": .string("page \(script.name)"), "kind": "page"])
      trace.record(.page, TraceEventName.scriptRun, ["name": .string(script.name), "phase": "page-task"])
      submit { [unowned self] in
        let id = self.view?.evaluate(script.source + "\n;undefined") ?? 0
        self.pageRuns[id] = script.name
      }
    }

    /// Runs `body` as a host task once `milliseconds` of virtual time have passed.
    package func scheduleHostTask(after milliseconds: Int64, label: String, _ body: @escaping () -> Void) {
      timers.append((now.milliseconds + max(0, milliseconds), label, body))
    }

    /// Ends the page's web process as a crash would: the scenario then ends
    /// as an error with ``limitViolation`` (what a test of the host uses).
    package func endWebProcess() {
      guard let view else { return }
      engine.perform { view.terminateWebProcess() }
    }

    /// Destroys the web view; open decisions are cancelled, open dialogs dismissed.
    package func close() {
      guard let view else { return }
      self.view = nil
      engine.perform { view.recycle() }
      hostTasks.removeAll()
      timers.removeAll()
    }

    // MARK: - Running

    /// Runs host tasks as the engine reports them until the page is idle
    /// (nothing queued, no evaluation outstanding, no page timer pending,
    /// and a quiet moment), or a budget runs out (`maxTime` as real time,
    /// at most ``maxSettleSeconds``).
    @discardableResult
    package func runUntilIdle(maxTasks: Int = 100_000, maxTime: VirtualTime? = nil, shouldStop: () -> Bool = { false })
      -> SettleOutcome
    {
      let limit = now.milliseconds + Int64(maxSettleSeconds * 1000 / scale)
      let until = min(maxTime?.milliseconds ?? limit, limit)
      return onEngine(shouldStop) { stop in
        self.drive(until: until, stopsWhenIdle: true, maxTasks: maxTasks, shouldStop: stop)
      }
    }

    /// Lets `milliseconds` of virtual time pass in real time, running host tasks as they come.
    @discardableResult
    package func advance(by milliseconds: Int64, maxTasks: Int = 100_000, shouldStop: () -> Bool = { false })
      -> SettleOutcome
    {
      let until = now.milliseconds + max(0, milliseconds)
      return onEngine(shouldStop) { stop in
        self.drive(until: until, stopsWhenIdle: false, maxTasks: maxTasks, shouldStop: stop)
      }
    }

    /// Runs `body` on the engine thread with `shouldStop`, which must not
    /// escape: the engine thread may hold the closure it ran a moment after
    /// the caller resumes, so it holds `shouldStop` only through a box that
    /// is emptied before this returns.
    private func onEngine(_ shouldStop: () -> Bool, _ body: @escaping (() -> Bool) -> SettleOutcome) -> SettleOutcome {
      withoutActuallyEscaping(shouldStop) { stop in
        let box = StopBox(stop)
        defer { box.check = nil }
        return engine.perform { body { box.check?() ?? true } }
      }
    }

    /// The loop of both (engine thread).
    private func drive(until: Int64, stopsWhenIdle: Bool, maxTasks: Int, shouldStop: () -> Bool) -> SettleOutcome {
      var ran = 0
      var catchUp = CatchUp.notOwed
      var quietSince = now.milliseconds
      cpuAtQuietStart = freshPageCPUTime
      while true {
        if shouldStop() { return .interrupted }
        if let view {
          let arrived = view.takeEvents()
          if !arrived.isEmpty { cpuAtLastAnswer = mainThreadCPUTime + createdCPUTime }
          inbox += arrived
        }
        if pageIsStuck() {
          endStuckPage()
          return .idle
        }
        if workerIsStuck() {
          endStuckWorker()
          return .idle
        }
        if !awaitingCommit, hostTasks.isEmpty, !pageWork.isEmpty {
          let work = pageWork
          pageWork.removeAll()
          for item in work { item() }
        }
        // A page that keeps the host busy ends at the time bound too, not
        // only one that leaves it waiting. An advance ends there once the
        // page has answered what the host asked of it (see ``owesAnswer``).
        if now.milliseconds >= until {
          if stopsWhenIdle { return .timeBudgetExhausted }
          if advanceEnds(until: until, catchUp: &catchUp) { return .idle }
        }
        if let task = nextTask(timersDueBy: min(now.milliseconds, until)) {
          if ran >= maxTasks { return .taskBudgetExhausted }
          ran += 1
          tasksRun += 1
          task()
          quietSince = now.milliseconds
          cpuAtQuietStart = freshPageCPUTime
          // A page whose web process ended answers nothing more.
          if limitViolation != nil { return .idle }
          continue
        }
        let time = now.milliseconds
        if time >= until {
          if stopsWhenIdle { return .timeBudgetExhausted }
          if advanceEnds(until: until, catchUp: &catchUp) { return .idle }
        }
        if stopsWhenIdle, !loading, timers.isEmpty, pageWork.isEmpty,
          (view?.outstandingEvaluations ?? 0) == abandonedProbes.count,
          Double(time - quietSince) * scale >= quietMilliseconds
        {
          // Idle: nothing pending, the web process not busy running
          // something no timer shows (a message ping-pong), and no worker
          // in the middle of a script.
          measureNow()
          let cpu = pageCPUTime
          let busy =
            cpu - cpuAtQuietStart > .milliseconds(Double(time - quietSince) * scale * Self.busyShare)
            || webProcesses.workers.aWorkerIsRunning
          if !busy, generation == 0 || probePendingTimers() == 0 { return .idle }
          quietSince = now.milliseconds
          cpuAtQuietStart = freshPageCPUTime
        }
        if g_main_context_iteration(nil, 0) == 0 { usleep(300) }
      }
    }

    /// Whether an advance whose time is up (`until`) ends now: once the
    /// page owes the host no answer, or at the settle bound past its end.
    /// When it still owed one at the end, it must also have caught up once
    /// (a marker timer set then has run: the zero-delay timers the answers
    /// set, and the work WebKit queued on timers of its own, ran before it,
    /// and what they sent the host arrived and ran). Page timers are not
    /// waited for otherwise: a page that stalls past the end of an advance
    /// runs its timers due within it, and those due after it, when it
    /// resumes, and the host cannot tell them apart. Engine thread.
    private func advanceEnds(until: Int64, catchUp: inout CatchUp) -> Bool {
      if now.milliseconds >= until + Int64(maxSettleSeconds * 1000 / scale) { return true }
      if owesAnswer {
        if catchUp == .notOwed { catchUp = .owed }
        return false
      }
      if catchUp == .notOwed || catchUp == .caughtUp || generation == 0 || view == nil { return true }
      // One marker for the whole advance: probes after the first wait for the same one.
      let caughtUp = probeCaughtUp(fresh: catchUp == .owed)
      catchUp = caughtUp ? .caughtUp : .asked
      return caughtUp && inbox.isEmpty
    }

    /// Where an advance past its end is in catching up with the page.
    private enum CatchUp {
      /// The page owed no answer at the end.
      case notOwed
      /// It did; no marker is set yet.
      case owed
      /// A marker is set and has not run yet.
      case asked
      /// The marker ran.
      case caughtUp
    }

    /// Whether the page has run the marker timer of the round (a new one
    /// when `fresh`), asked again until it has (false when something else
    /// arrived first, or it did not).
    private func probeCaughtUp(fresh: Bool) -> Bool {
      for probe in 0..<Self.maxProbes {
        let answer = probeOnce(caughtUpOnly: true, fresh: fresh && probe == 0)
        if answer != -1 { return answer == 0 }
      }
      return false
    }

    /// Whether the page owes the host an answer: a load, or an evaluation
    /// asked and not answered (a probe the host gave up on aside), or an
    /// event it sent that the host has not run yet. In the simulated page an
    /// evaluation runs in the task that asks for it, in no virtual time; in
    /// WebKit it takes real time, which a loaded machine stretches (50 ms
    /// was seen to pass between a fetch asked and its start in the page, at
    /// load 25), so an advance does not end while the page owes one: what
    /// happens within an advance must not depend on the machine's load.
    private var owesAnswer: Bool {
      loading || awaitingCommit || !pageWork.isEmpty || !hostTasks.isEmpty || !inbox.isEmpty
        || (view?.outstandingEvaluations ?? 0) > abandonedProbes.count
    }

    /// The next host task: the harness's own work, then what the engine
    /// reported, then timers due by `timersDueBy` (an advance that waits
    /// for the page's answers past its end runs no timer due after it).
    private func nextTask(timersDueBy: Int64) -> (() -> Void)? {
      if !hostTasks.isEmpty {
        let task = hostTasks.removeFirst()
        return { [unowned self] in
          self.recordTask(task.label)
          task.body()
        }
      }
      while !inbox.isEmpty {
        let event = inbox.removeFirst()
        if let task = task(for: event) { return task }
      }
      if let index = timers.indices.min(by: { timers[$0].due < timers[$1].due }), timers[index].due <= timersDueBy {
        let timer = timers.remove(at: index)
        return { [unowned self] in
          self.recordTask(timer.label)
          timer.body()
        }
      }
      return nil
    }

    private func recordTask(_ label: String) {
      trace.record(.host, TraceEventName.task, ["label": .string(label), "kind": "host"])
    }

    /// The host task for one engine event (nil for one that needs none).
    private func task(for event: EngineEvent) -> (() -> Void)? {
      switch event {
      case .navigation(let decision, let url):
        return { [unowned self] in self.decide(decision, url: url) }
      case .message(HostChannelScript.channelHandlerName, let body, _):
        guard let text = body?.stringValue, let call = HostChannelScript.decodedCall(text) else { return nil }
        return { [unowned self] in self.runRecorder(call.name, arguments: call.arguments) }
      case .message(let name, let body, let unreadable):
        return { [unowned self] in
          var fields: JSONObject = ["name": .string(name)]
          let sorted = body.map(\.withSortedKeys)
          if let sorted { fields["body"] = sorted }
          if unreadable { fields["cyclicBody"] = true }
          self.trace.record(.page, TraceEventName.scriptMessage, fields)
          self.messageHandlers[name]?(ScriptMessage(name: name, body: sorted))
        }
      case .hostCall(let request, let name, let arguments):
        return { [unowned self] in self.answerHostCall(request, name: name, arguments: arguments) }
      case .dialog(let dialog, let kind, let message, let defaultText):
        return { [unowned self] in self.answerDialog(dialog, kind: kind, message: message, defaultText: defaultText) }
      case .evaluated(let id, let result):
        if abandonedProbes.remove(id) != nil { return nil }
        if let name = pageRuns.removeValue(forKey: id) {
          guard case .failure(let error) = result else { return nil }
          return { [unowned self] in
            self.trace.record(
              .page, TraceEventName.uncaughtException, ["message": .string(error.message), "task": .string(name)])
          }
        }
        return { [unowned self] in self.complete(evaluation: id, result) }
      case .loadCommitted:
        awaitingCommit = false
        return nil
      case .webProcessEnded(let reason):
        return { [unowned self] in self.passLimit("web-process", "the page's web process ended: \(reason)") }
      case .limitPassed(let limit, let message):
        return { [unowned self] in self.passLimit(limit, message) }
      case .loadFinished:
        loading = false
        guard loadFinishedHandler != nil else { return nil }
        return { [unowned self] in
          self.recordTask("did finish load")
          self.loadFinishedHandler?()
        }
      }
    }

    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, url: String) {
      var fields: JSONObject = ["url": .string(url), "frame": .string(FrameKind.iframe.rawValue)]
      trace.record(.page, TraceEventName.navigationRequested, fields)
      recordTask("decide navigation \(url)")
      let policy = navigationPolicy(NavigationAction(url: url, frame: .iframe))
      fields["policy"] = .string(policy.rawValue)
      trace.record(.host, TraceEventName.navigationDecided, fields)
      view?.answer(decision, allow: policy == .allow)
    }

    /// An asynchronous call of the page: the host's own (an evaluation
    /// started, a page event) or a recorder.
    private func runRecorder(_ name: String, arguments: [JSONValue?]) {
      if name == HostChannelScript.evaluatingFunction {
        if let number = arguments.first??.numberValue, let script = unstarted.removeValue(forKey: Int(number)) {
          trace.record(.host, TraceEventName.evaluate, ["script": .string(script)])
          runningEvaluation = Int(number)
        }
      } else if name == HostChannelScript.pageEventFunction {
        let event = arguments.first??.stringValue ?? "page-event"
        let fields = (arguments.count > 1 ? arguments[1]?.objectValue : nil) ?? [:]
        if event == TraceEventName.uncaughtException, runningEvaluation != nil {
          errorsDuringEvaluation.append(fields)
          return
        }
        if event == HostChannelScript.consoleLimitEvent {
          passConsoleLimit()
          return
        }
        trace.record(.page, event, fields)
        if event == TraceEventName.console {
          consoleBytes += fields["text"]?.stringValue?.utf8.count ?? 0
          if consoleBytes > configuration.limits.consoleTotalBytes { passConsoleLimit() }
        }
      } else {
        recorders[name]?(arguments)
      }
    }

    private func answerHostCall(
      _ request: UnsafeMutablePointer<WebKitURISchemeRequest>, name: String, arguments: [JSONValue?]
    ) {
      let result: Result<JSONValue?, any Error>
      if let body = hostFunctions[name] {
        result = Result { try body(arguments) }
      } else {
        result = .failure(WebKitError("no host function \(name)"))
      }
      WebKitHostView.answer(request, HostChannelScript.reply(result))
    }

    private func answerDialog(_ dialog: OpaquePointer, kind rawKind: String, message: String, defaultText: String?) {
      let kind = PageDialog.Kind(rawValue: rawKind) ?? .alert
      let answer = dialogHandler(PageDialog(kind: kind, message: message, defaultText: defaultText))
      var fields: JSONObject = ["kind": .string(kind.rawValue), "message": .string(message)]
      if let defaultText { fields["default"] = .string(defaultText) }
      var text: String?
      var confirmed = false
      switch (kind, answer) {
      case (.confirm, .confirm), (.confirm, .text):
        fields["answer"] = true
        confirmed = true
      case (.prompt, .text(let written)):
        fields["answer"] = .string(written)
        text = written
      case (.prompt, .confirm):
        fields["answer"] = .string(defaultText ?? "")
        text = defaultText ?? ""
      case (.confirm, .dismiss):
        fields["answer"] = false
      case (.prompt, .dismiss):
        fields["answer"] = .null
      case (.alert, _):
        break
      }
      trace.record(.page, TraceEventName.dialog, fields)
      view?.answer(dialog: dialog, text: text, confirmed: confirmed)
    }

    private func complete(evaluation id: Int, _ outcome: Result<String?, WebKitError>) {
      let result: Result<JSONValue?, EvaluationError>
      switch outcome {
      case .success(nil): result = .success(nil)
      case .success(let text?):
        result =
          (try? JSONValue.parse(text)).map { .success($0) }
          ?? .failure(EvaluationError(kind: .exception, message: "the result is not JSON"))
      case .failure(let error): result = .failure(EvaluationError(kind: .exception, message: error.message))
      }
      let number = evaluationNumbers.removeValue(forKey: id)
      if let number, let script = unstarted.removeValue(forKey: number) {
        // It never started (no page, or a syntax error): recorded as it ends.
        trace.record(.host, TraceEventName.evaluate, ["script": .string(script)])
      }
      if let number, number == runningEvaluation {
        // The page's error event for the evaluation's own exception is not
        // recorded; one for anything else (a listener the script triggered) is.
        let failure: String? = if case .failure(let error) = result { error.message } else { nil }
        for fields in errorsDuringEvaluation {
          let message = fields["message"]?.stringValue ?? ""
          if let failure, !message.isEmpty, failure.hasSuffix(message) { continue }
          trace.record(.page, TraceEventName.uncaughtException, fields)
        }
        errorsDuringEvaluation.removeAll()
        runningEvaluation = nil
      }
      switch result {
      case .success(let value):
        var fields: JSONObject = ["ok": true]
        if let value { fields["result"] = value }
        trace.record(.host, TraceEventName.evaluateResult, fields)
      case .failure(let error):
        trace.record(.host, TraceEventName.evaluateResult, ["ok": false, "error": ["message": .string(error.message)]])
      }
      guard let completion = completions.removeValue(forKey: id), let completion else { return }
      recordTask("evaluate completion")
      completion(result)
    }

    private func passConsoleLimit() {
      passLimit(
        "console-output",
        "the page wrote console output over \(ByteCount(configuration.limits.consoleTotalBytes)) in one scenario "
          + "(a console flood?)")
    }

    /// Whether the page is stuck in a script: the host waits for it (its
    /// load, an evaluation, a probe) and its web process spent more than the
    /// script time limit of CPU time since it last answered. Engine thread.
    private func pageIsStuck() -> Bool {
      let cpu = mainThreadCPUTime + createdCPUTime
      guard loading || (view?.outstandingEvaluations ?? 0) > 0 else {
        cpuAtLastAnswer = cpu
        return false
      }
      return cpu - cpuAtLastAnswer > configuration.scriptTimeLimit
    }

    /// Ends the web process of a page stuck in a script: the page passed
    /// the script time limit (its view is closed, not recycled). Engine thread.
    private func endStuckPage() {
      let spent = (mainThreadCPUTime + createdCPUTime - cpuAtLastAnswer).millisecondsText
      let waiting = loading ? "its load to finish" : "an evaluation to complete"
      trace.record(.page, TraceEventName.scriptTerminated, ["reason": "time-limit", "task": .string(waiting)])
      passLimit(
        "script-time",
        "a script ran past the time limit of \(configuration.scriptTimeLimit.millisecondsText) and was stopped: the "
          + "page's web process spent \(spent) of CPU time while the host waited for \(waiting), and bridgecheck "
          + "ended it: the bridge hangs")
      view?.terminateWebProcess()
    }

    /// Whether a dedicated worker of the page is stuck in a script: its
    /// thread spent more than the script time limit of CPU time without
    /// once waiting for its next task. Engine thread.
    private func workerIsStuck() -> Bool {
      _ = mainThreadCPUTime
      return webProcesses.workers.longestScript > configuration.scriptTimeLimit
    }

    /// Ends the web process of a page whose worker is stuck in a script:
    /// the page passed the script time limit, as in the simulated page,
    /// where a worker's script is held to it too. Engine thread.
    private func endStuckWorker() {
      let spent = webProcesses.workers.longestScript.millisecondsText
      trace.record(
        .page, TraceEventName.scriptTerminated, ["reason": "time-limit", "task": "a dedicated worker's script"])
      passLimit(
        "script-time",
        "a script ran past the time limit of \(configuration.scriptTimeLimit.millisecondsText) and was stopped: a "
          + "dedicated worker of the page (its thread in the web process) spent \(spent) of CPU time without once "
          + "waiting for its next task, and bridgecheck ended the web process: the bridge hangs (a loop or a timer "
          + "flood in a worker?)")
      view?.terminateWebProcess()
    }

    /// How many timers the page has pending; a large number when the page
    /// is busy (it called the host while being asked). Nothing pending is
    /// confirmed by a second probe once a timer the first one set has run
    /// in the page (see the channel's `pendingTimersFunction`).
    private func probePendingTimers() -> Int {
      for probe in 0..<Self.maxProbes {
        let pending = probeOnce(fresh: probe == 0)
        if pending != -1 { return pending }
      }
      return Int.max
    }

    /// The most probes one idle check may send before it counts the page as busy.
    static let maxProbes = 20

    /// One probe (`fresh`: the first of a round): the count (with
    /// `caughtUpOnly`, 0 once the page ran the round's marker timer), -1 to
    /// ask again, or a large number.
    private func probeOnce(caughtUpOnly: Bool = false, fresh: Bool) -> Int {
      guard let view else { return 0 }
      let id = view.evaluate(
        "\(HostChannelScript.pendingTimersFunction)(\(Int(quietMilliseconds.rounded(.up))), \(fresh), \(caughtUpOnly))")
      let deadline = now.milliseconds + Int64(2000 / scale)
      while now.milliseconds < deadline {
        let arrived = view.takeEvents()
        if !arrived.isEmpty { cpuAtLastAnswer = mainThreadCPUTime + createdCPUTime }
        inbox += arrived
        if let index = inbox.firstIndex(where: { if case .evaluated(id, _) = $0 { true } else { false } }) {
          guard case .evaluated(_, .success(let text?)) = inbox.remove(at: index) else { return 0 }
          return Int(text) ?? 0
        }
        if !inbox.isEmpty || pageIsStuck() || workerIsStuck() { break }
        if g_main_context_iteration(nil, 0) == 0 { usleep(300) }
      }
      abandonedProbes.insert(id)
      return Int.max
    }
  }

  /// Holds a non-escaping `shouldStop` for the duration of one settle.
  private final class StopBox {
    var check: (() -> Bool)?
    init(_ check: @escaping () -> Bool) { self.check = check }
  }

  extension PageEngine {
    /// The real engine: a WebKitGTK web view per scenario (`scale` real
    /// milliseconds per virtual one); with `webProcessMemoryLimit` (bytes),
    /// WebKit ends a web process that stays over it. Throws when GTK cannot
    /// start (no display). The memory limit is taken from the first call, which
    /// also makes the first web view (and so the first web process).
    package static func webKitGTK(scale: Double = 1, webProcessMemoryLimit: Int? = nil) throws(WebKitError)
      -> PageEngine
    {
      if EngineThread.webProcessMemoryLimit == nil { EngineThread.webProcessMemoryLimit = webProcessMemoryLimit }
      guard let thread = EngineThread.shared else {
        throw WebKitError("GTK could not start: no display (run under xvfb-run, or set DISPLAY)")
      }
      // The first web view and its web process start now, not in the first scenario.
      thread.run { WebKitHostView.warmUp() }
      return PageEngine(name: "webkitgtk") { configuration, _ in
        WebKitWebViewHost(configuration: configuration, scale: scale)!
      }
    }
  }
#endif
