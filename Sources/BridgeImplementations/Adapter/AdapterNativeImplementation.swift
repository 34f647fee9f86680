import AdapterHosting
import BridgecheckAdapter
import Dialects
import JSONModel
import ProcessSupport
import Synchronization
import WebViewHosting

/// A native bridge in another process, driven over the adapter protocol
/// (`docs/adapter-protocol.md`): `bridgecheck run --native 'COMMAND …'`.
///
/// ## Processes
/// Adapter processes are pooled: a scenario takes an idle process (or starts
/// one and shakes hands), sends `start`, and at the end sends `stop` and
/// gives the process back, so a run keeps at most one process per worker
/// thread. A process that misbehaved in any way (crashed, exited, hung past
/// ``AdapterLimits/commandTimeout``, printed something that is not an event,
/// answered out of sequence, flooded its output) ends its scenario as
/// `error`, is killed, and the next scenario starts a fresh one. Processes
/// run in process groups of their own; ``shutdown()`` ends them, and an
/// `atexit` handler kills whatever is left, so none outlives the harness.
///
/// ## Start-up
/// `init` starts one process at once to learn the adapter's name,
/// transports, injections and features from its `hello`. When that fails,
/// the implementation still exists (named after the command, supporting
/// everything) and every scenario ends as `error` with the reason, which
/// ``startupFailure`` also holds; after three failed starts in a row the
/// adapter is not started again for the rest of the run.
package struct AdapterNativeImplementation: NativeImplementation {
  /// The adapter's command line.
  package let command: [String]
  /// What the adapter said in its `hello` (a stand-in when that failed).
  package let info: AdapterInfo
  /// Why the first start failed, if it did.
  package let startupFailure: ImplementationError?
  private let pool: AdapterPool

  /// Starts the adapter `command` (the program and its arguments) and shakes
  /// hands with it.
  ///
  /// - Parameters:
  ///   - protocolMinorVersion: the minor version offered in `hello` (the
  ///     conversation uses the lower of it and the adapter's): lower it to
  ///     check an adapter the way an older bridgecheck talks to it.
  ///   - shouldStop: polled while waiting for the adapter (Ctrl-C): when it
  ///     returns true the adapter is killed and the scenario ends.
  ///   - sharedCPU: a CPU for the adapter processes and the thread that
  ///     talks to them (for a process with one scenario thread, such as a
  ///     worker): the thread that starts a session is pinned to it for good
  ///     (``CPUAffinity``), before any process is started, so the adapter
  ///     processes inherit it. They take turns with that thread, and a
  ///     round trip then costs no wake-up of another CPU. Nil (the default)
  ///     leaves placement to the system.
  package init(
    command: [String], limits: AdapterLimits = AdapterLimits(),
    protocolMinorVersion: Int = AdapterProtocol.minorVersion,
    sharedCPU: Int? = nil, shouldStop: @escaping @Sendable () -> Bool = { false }
  ) {
    self.command = command
    pool = AdapterPool(
      command: command, limits: limits, offeredMinorVersion: protocolMinorVersion, sharedCPU: sharedCPU,
      shouldStop: shouldStop)
    do {
      let connection = try pool.checkout()
      info = connection.info ?? AdapterInfo(name: Self.fallbackName(command))
      startupFailure = nil
      pool.checkin(connection)
    } catch {
      info = AdapterInfo(name: Self.fallbackName(command))
      startupFailure = error
    }
  }

  package var name: String { info.name }
  package var version: String? { info.version }
  package var transports: [Transport] { info.transports }
  package var injections: [Injection] { info.injections }
  package var features: Set<String> { info.features }
  /// The minor version of the conversation: the lower of the adapter's and
  /// the one offered (0 when the handshake failed).
  package var protocolMinorVersion: Int {
    startupFailure == nil ? min(info.minorVersion, pool.offeredMinorVersion) : 0
  }

  package func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession {
    let connection = try pool.checkout()
    let session = AdapterNativeSession(pool: pool, connection: connection, webView: webView, events: events)
    try session.begin(configuration: configuration, pageScript: pageScript, startWritten: false)
    return session
  }

  /// From 1.3 on, writes `start` at once, without waiting for its answer:
  /// the adapter sets its bridge up while the harness builds the page, and
  /// the answer is read when the session starts.
  package func prepareSession(configuration: SessionConfiguration, pageScript: String) -> (any PreparedNativeSession)? {
    let connection: AdapterConnection
    do {
      connection = try pool.checkout()
    } catch {
      return AdapterPreparedSession(pool: pool, failure: error)
    }
    guard connection.speaks13 else {
      pool.checkin(connection)
      return nil
    }
    do {
      try AdapterNativeSession.writeStart(on: connection, configuration: configuration, pageScript: pageScript)
    } catch {
      pool.checkin(connection)
      return AdapterPreparedSession(pool: pool, failure: error)
    }
    return AdapterPreparedSession(pool: pool, connection: connection)
  }

  package func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents, prepared: (any PreparedNativeSession)?
  ) throws(ImplementationError) -> any NativeSession {
    guard let prepared = prepared as? AdapterPreparedSession, prepared.pool === pool else {
      return try startSession(webView: webView, configuration: configuration, pageScript: pageScript, events: events)
    }
    let session = AdapterNativeSession(pool: pool, connection: try prepared.take(), webView: webView, events: events)
    try session.begin(configuration: configuration, pageScript: pageScript, startWritten: true)
    return session
  }

  /// Ends every idle adapter process (`exit`, then SIGKILL after a grace
  /// period). Call it when the run is over; sessions still open give their
  /// process back later and it is then ended at once.
  package func shutdown() {
    pool.shutdown()
  }

  /// Makes SIGTERM and SIGHUP (which skip `atexit`) kill every adapter
  /// process before the harness dies of them; for command-line tools. Signals
  /// that already have a handler are left alone.
  package static func installTerminationHandlers() {
    ChildProcessRegistry.installTerminationHandlers()
  }

  /// The process ids of this implementation's idle adapter processes.
  package var idleProcessIDs: [Int32] { pool.idleProcessIDs }
  /// The process ids of every adapter process this implementation started.
  package var spawnedProcessIDs: [Int32] { pool.spawnedProcessIDs }

  /// The ids of the adapter processes alive in this process right now (all
  /// adapters, all implementations).
  package static var liveProcessIDs: Set<Int32> { ChildProcessRegistry.pids }

  static func fallbackName(_ command: [String]) -> String {
    let word = command.last(where: { !$0.hasPrefix("-") }) ?? command.first ?? "adapter"
    return word.split(separator: "/").last.map(String.init) ?? word
  }
}

/// Idle adapter processes, shared by the workers of a run.
final class AdapterPool: Sendable {
  let command: [String]
  let limits: AdapterLimits
  let offeredMinorVersion: Int
  /// The CPU that the threads checking processes out share with the processes.
  let sharedCPU: Int?
  let shouldStop: @Sendable () -> Bool
  /// Starts that fail in a row before the adapter is given up on.
  static let maxFailedStarts = 3

  private struct State: Sendable {
    var idle: [AdapterConnection] = []
    var spawned: [Int32] = []
    var failedStarts = 0
    var lastStartFailure: ImplementationError?
    var closed = false
  }
  private let state = Mutex(State())

  init(
    command: [String], limits: AdapterLimits, offeredMinorVersion: Int, sharedCPU: Int?,
    shouldStop: @escaping @Sendable () -> Bool
  ) {
    self.command = command
    self.limits = limits
    self.offeredMinorVersion = offeredMinorVersion
    self.sharedCPU = sharedCPU
    self.shouldStop = shouldStop
  }

  /// An idle process, or a new one that has shaken hands; with a
  /// ``sharedCPU``, the calling thread is pinned to it first (a new process
  /// inherits it).
  func checkout() throws(ImplementationError) -> AdapterConnection {
    // A system that refuses (a CPU outside this cgroup) leaves placement to
    // itself: slower round trips, nothing else.
    if let sharedCPU { CPUAffinity.setThreadCPUs([sharedCPU]) }
    enum Next {
      case reuse(AdapterConnection)
      case start
      case refuse(ImplementationError)
    }
    let next = state.withLock { state -> Next in
      if let connection = state.idle.popLast() { return .reuse(connection) }
      if state.failedStarts >= Self.maxFailedStarts, let last = state.lastStartFailure {
        var error = last
        error.message += " (not restarted: the adapter failed to start \(state.failedStarts) times in a row)"
        return .refuse(error)
      }
      return .start
    }
    switch next {
    case .reuse(let connection):
      // 1.2: the last scenario's `stop` was not waited for. Its answer
      // concerns nobody; a process that cannot give it is replaced, and
      // this scenario goes on with a fresh one.
      guard connection.hasUnansweredCommands else { return connection }
      if (try? connection.settle()) != nil { return connection }
      connection.kill(reason: ImplementationError(code: "closed", message: "discarded"))
      return try checkout()
    case .refuse(let error): throw error
    case .start: break
    }
    do {
      let connection = try AdapterConnection(
        command: command, limits: limits, offeredMinorVersion: offeredMinorVersion, shouldStop: shouldStop)
      state.withLock { $0.spawned.append(connection.pid) }
      try connection.handshake()
      state.withLock { state in
        state.failedStarts = 0
        state.lastStartFailure = nil
      }
      return connection
    } catch {
      state.withLock { state in
        state.failedStarts += 1
        state.lastStartFailure = error
      }
      throw error
    }
  }

  /// Gives a process back: kept when it is healthy, ended otherwise.
  func checkin(_ connection: AdapterConnection) {
    guard connection.isUsable else {
      connection.kill(reason: ImplementationError(code: "closed", message: "discarded"))
      return
    }
    let keep = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      state.idle.append(connection)
      return true
    }
    if !keep { connection.shutdown() }
  }

  var idleProcessIDs: [Int32] { state.withLock { $0.idle.map(\.pid) } }
  var spawnedProcessIDs: [Int32] { state.withLock { $0.spawned } }

  /// Ends every idle process; later check-ins end theirs at once.
  func shutdown() {
    let idle = state.withLock { state -> [AdapterConnection] in
      state.closed = true
      defer { state.idle.removeAll() }
      return state.idle
    }
    for connection in idle { connection.shutdown() }
  }

  deinit {
    shutdown()
  }
}

/// A `start` written before the page was built (1.3), or why it could not
/// be: the process, until the session takes it. Dropped unused, it stops
/// the bridge and gives the process back.
final class AdapterPreparedSession: PreparedNativeSession {
  let pool: AdapterPool
  private var connection: AdapterConnection?
  private let failure: ImplementationError?

  init(pool: AdapterPool, connection: AdapterConnection) {
    self.pool = pool
    self.connection = connection
    failure = nil
  }

  init(pool: AdapterPool, failure: ImplementationError) {
    self.pool = pool
    connection = nil
    self.failure = failure
  }

  /// The process whose `start` was written; throws why there is none.
  func take() throws(ImplementationError) -> AdapterConnection {
    if let failure { throw failure }
    guard let connection else {
      throw ImplementationError(code: "closed", message: "the prepared adapter session was already started")
    }
    self.connection = nil
    return connection
  }

  deinit {
    guard let connection else { return }
    if connection.isUsable { try? connection.post(.stop) }
    pool.checkin(connection)
  }
}

/// One scenario's bridge in an adapter process: translates the runner's
/// calls into commands and the adapter's events into web view calls and
/// runner callbacks.
///
/// Events are dispatched after their command's `done`, in order, so a
/// dispatched event may issue new commands (a handler that answers at once)
/// without re-entering the adapter.
final class AdapterNativeSession: NativeSession {
  private let pool: AdapterPool
  private var connection: AdapterConnection?
  private let webView: any WebViewHost
  private weak var events: (any NativeSessionEvents)?
  private let appNavigationPolicy: (NavigationAction) -> NavigationPolicy
  private var storedFailure: ImplementationError?
  private var closed = false
  private var nextNavigationID = 0
  private var userScriptCount = 0
  /// The `dialogAnswer` or `interfaceResult` of the command being sent.
  private var answer: JSONObject?
  /// The scenario's page script (1.2 events may name it instead of carrying it).
  private var pageScript = ""
  /// The handlers registered with their answer (1.3): only their calls may
  /// come `answered`.
  private var handlersAnsweredAtOnce: Set<String> = []
  /// Whether the dialect's host object has a method per handler (JsBridge
  /// 2.x): then a registration may change the JavaScript interface the next
  /// page gets, and the harness waits for its answer instead of reading it
  /// later, after the page may already have loaded.
  private var interfacesFollowHandlers = false

  init(pool: AdapterPool, connection: AdapterConnection, webView: any WebViewHost, events: any NativeSessionEvents) {
    self.pool = pool
    self.connection = connection
    self.webView = webView
    self.events = events
    appNavigationPolicy = webView.navigationPolicy
  }

  deinit {
    close()
  }

  /// `start` (or, when `startWritten`, the answer of the `start` written
  /// before the page was built), then the web view hooks.
  func begin(configuration: SessionConfiguration, pageScript: String, startWritten: Bool) throws(ImplementationError) {
    self.pageScript = pageScript
    interfacesFollowHandlers = configuration.profile.hostObjectCalls?.calls.handlerMethods == true
    guard let connection else { return }
    do throws(ImplementationError) {
      if startWritten {
        do throws(ImplementationError) {
          try dispatch(connection.settle(), navigationID: nil)
        } catch {
          connection.forgetLastStart()
          if storedFailure == nil { storedFailure = error }
          throw error
        }
      } else {
        let fields = Self.startFields(on: connection, configuration: configuration, pageScript: pageScript)
        connection.forgetLastStart()
        try send(.start, fields)
        connection.rememberStart(pageScript: pageScript, configuration: configuration)
      }
    } catch {
      close()
      throw error
    }
    let appPolicy = appNavigationPolicy
    webView.navigationPolicy = { [weak self] action in
      guard let self else { return appPolicy(action) }
      return self.decidePolicy(for: action)
    }
  }

  /// The members of `start` on `connection` (1.2: the page script named
  /// when it is the last one sent; 1.3: the configuration too).
  static func startFields(on connection: AdapterConnection, configuration: SessionConfiguration, pageScript: String)
    -> JSONObject
  {
    var fields: JSONObject = [:]
    if connection.speaks13, connection.lastStartConfiguration == configuration {
      fields[AdapterProtocol.ImmediateAnswers.sameConfiguration] = true
    } else {
      fields[.configuration] = connection.configurationJSON(configuration)
    }
    if connection.pipelines && connection.lastPageScript == pageScript {
      fields[AdapterProtocol.Pipelining.samePageScript] = true
    } else {
      fields[.pageScript] = .string(pageScript)
    }
    return fields
  }

  /// Writes `start` without waiting for its answer (1.3).
  static func writeStart(on connection: AdapterConnection, configuration: SessionConfiguration, pageScript: String)
    throws(ImplementationError)
  {
    let fields = startFields(on: connection, configuration: configuration, pageScript: pageScript)
    connection.forgetLastStart()
    try connection.post(.start, fields)
    connection.rememberStart(pageScript: pageScript, configuration: configuration)
  }

  // MARK: - NativeSession

  func registerHandler(_ name: String) throws(ImplementationError) {
    try registerHandler(name, answeringAtOnce: nil)
  }

  /// From 1.3 on the answer goes with the registration, and the adapter
  /// gives it inside the handler (no `respond` round trip).
  func registerHandler(_ name: String, answeringAtOnce answer: ImmediateAnswer?) throws(ImplementationError) {
    var fields: JSONObject = ["name": .string(name)]
    if let answer, answersAtOnce {
      fields[AdapterProtocol.ImmediateAnswers.answer] = AdapterProtocol.ImmediateAnswers.json(answer)
      handlersAnsweredAtOnce.insert(name)
    } else {
      handlersAnsweredAtOnce.remove(name)
    }
    try sendOrPost(.registerHandler, fields)
  }

  func removeHandler(_ name: String) throws(ImplementationError) {
    handlersAnsweredAtOnce.remove(name)
    try sendOrPost(.removeHandler, ["name": .string(name)])
  }

  func respond(invocation: Int, data: JSONValue?) throws(ImplementationError) {
    var fields: JSONObject = ["invocation": .number(Double(invocation))]
    if let data { fields[.data] = data }
    try send(.respond, fields)
  }

  func callHandler(_ name: String, data: JSONValue?, callback: Int?) throws(ImplementationError) {
    var fields: JSONObject = ["name": .string(name)]
    if let data { fields[.data] = data }
    if let callback { fields[.callback] = .number(Double(callback)) }
    try send(.callHandler, fields)
  }

  func reset() throws(ImplementationError) {
    try send(.reset)
  }

  func disableSafetyTimeout() throws(ImplementationError) {
    try send(.disableSafetyTimeout)
  }

  /// The failure that ends the scenario, if any. Reading it first reads the
  /// answers of the commands written without waiting (1.2), so that a
  /// failure among them is found before the scenario is judged.
  var failure: ImplementationError? {
    if storedFailure == nil, !closed, let connection, connection.hasUnansweredCommands {
      do {
        try dispatch(connection.settle(), navigationID: nil)
      } catch {
        if storedFailure == nil { storedFailure = error }
      }
    }
    return storedFailure
  }

  func close() {
    guard !closed else { return }
    closed = true
    webView.navigationPolicy = appNavigationPolicy
    guard let connection else { return }
    self.connection = nil
    if connection.isUsable {
      // `stop` ends the bridge; its events concern nobody any more. From
      // 1.2 on its answer is read when the process is next used.
      if connection.pipelines {
        try? connection.post(.stop)
      } else {
        _ = try? connection.exchange(.stop)
      }
    }
    pool.checkin(connection)
  }

  // MARK: - Web view hooks

  private func decidePolicy(for action: NavigationAction) -> NavigationPolicy {
    guard !closed, storedFailure == nil, connection != nil else { return appNavigationPolicy(action) }
    nextNavigationID += 1
    let id = nextNavigationID
    let fields: JSONObject = [
      "id": .number(Double(id)), "url": .string(action.url), "frame": .string(action.frame.rawValue),
    ]
    do {
      let policy = try send(.navigation, fields, navigationID: id)
      // `allow` means "not mine": the app's own policy decides (docs/adapter-protocol.md).
      return policy == .cancel ? .cancel : appNavigationPolicy(action)
    } catch {
      // The failure is recorded; the runner ends the scenario after this step.
      return .cancel
    }
  }

  private func evaluationFinished(id: JSONValue, result: Result<JSONValue?, EvaluationError>) {
    guard !closed, storedFailure == nil, connection != nil else { return }
    var fields: JSONObject = ["id": id]
    switch result {
    case .success(let value):
      fields[.ok] = true
      if let value { fields[.result] = value }
    case .failure(let error):
      fields[.ok] = false
      fields[.error] = AdapterProtocol.errorJSON(error)
    }
    _ = try? send(.evaluationResult, fields)
  }

  private func scriptMessageReceived(_ message: ScriptMessage) {
    guard !closed, storedFailure == nil, connection != nil else { return }
    var fields: JSONObject = ["name": .string(message.name)]
    if let body = message.body { fields[.body] = body }
    _ = try? send(.scriptMessage, fields)
  }

  private func dialogOpened(_ dialog: PageDialog) -> DialogAnswer {
    guard !closed, storedFailure == nil, connection != nil else { return .dismiss }
    var fields: JSONObject = ["kind": .string(dialog.kind.rawValue), "message": .string(dialog.message)]
    if let text = dialog.defaultText { fields[.defaultText] = .string(text) }
    answer = nil
    _ = try? send(.dialog, fields)
    defer { answer = nil }
    return answer.map(AdapterProtocol.answer(from:)) ?? .dismiss
  }

  private func interfaceCalled(_ name: String, method: String, arguments: [JSONValue?]) -> JSONValue? {
    guard !closed, storedFailure == nil, connection != nil else { return nil }
    answer = nil
    var fields: JSONObject = [
      "name": .string(name), "method": .string(method), "arguments": .array(arguments.map { $0 ?? .null }),
    ]
    let undefined = arguments.indices.filter { arguments[$0] == nil }
    if !undefined.isEmpty, connection?.speaks14 == true {
      fields[AdapterProtocol.UndefinedArguments.member] = .array(undefined.map { .number(Double($0)) })
    }
    _ = try? send(.interfaceCall, fields)
    defer { answer = nil }
    return answer?["value"]
  }

  private func loadFinished() {
    guard !closed, storedFailure == nil, connection != nil else { return }
    _ = try? send(.loadFinished)
  }

  // MARK: - Commands and events

  /// A command whose answer can wait (1.2's pipelined commands): written
  /// without waiting when the adapter speaks 1.2, sent and answered at once
  /// otherwise.
  private func sendOrPost(_ type: AdapterProtocol.Command, _ fields: JSONObject) throws(ImplementationError) {
    if let storedFailure { throw storedFailure }
    guard let connection, !closed else { return }
    let changesInterfaces =
      interfacesFollowHandlers
      && (type == .registerHandler || type == .removeHandler)
    guard connection.pipelines, AdapterProtocol.Pipelining.commands.contains(type), !changesInterfaces else {
      try send(type, fields)
      return
    }
    do {
      try connection.post(type, fields)
    } catch {
      storedFailure = error
      throw error
    }
  }

  /// Sends a command and dispatches its events (after those of commands
  /// written earlier without waiting). For `navigation`, returns the policy
  /// the adapter chose (`allow` defers to the app's policy).
  @discardableResult
  private func send(_ type: AdapterProtocol.Command, _ fields: JSONObject = [:], navigationID: Int? = nil)
    throws(ImplementationError)
    -> NavigationPolicy?
  {
    if let storedFailure { throw storedFailure }
    guard let connection, !closed else { return nil }
    let received: [AdapterAnswer]
    do {
      received = try connection.exchange(type, fields)
    } catch {
      storedFailure = error
      throw error
    }
    return try dispatch(received, navigationID: navigationID)
  }

  /// Dispatches the events of `answers` in order; `navigationID` is that of
  /// the last answer when it answers a `navigation`.
  @discardableResult
  private func dispatch(_ answers: [AdapterAnswer], navigationID: Int?) throws(ImplementationError) -> NavigationPolicy?
  {
    var policy: NavigationPolicy?
    for (index, answer) in answers.enumerated() {
      let type = answer.command.rawValue
      let navigationID = index == answers.count - 1 ? navigationID : nil
      for event in answer.events {
        // A command issued while dispatching (an answer from a handler) may
        // have failed; the rest of this batch is then moot.
        if let storedFailure { throw storedFailure }
        if closed { break }
        // (Every event read has a known type: the connection checks it.)
        guard let eventType = AdapterProtocol.Event(of: event) else {
          throw violation("sent an event of no known type in answer to `\(type)`")
        }
        if eventType == .policy {
          guard let navigationID else {
            throw violation("sent a policy event in answer to `\(type)`; policy answers `navigation` only")
          }
          guard event.integer(.id) == navigationID else {
            throw violation(
              "sent a policy event for navigation \(event[.id] ?? .null) while navigation \(navigationID) was pending")
          }
          guard policy == nil else { throw violation("sent two policy events for navigation \(navigationID)") }
          switch event[.policy]?.stringValue {
          case "allow": policy = .allow
          case "cancel": policy = .cancel
          default:
            throw violation(
              "sent a policy event whose `policy` is neither \"allow\" nor \"cancel\": \(event[.policy] ?? .null)")
          }
          continue
        }
        try dispatch(event, type: eventType, command: answer.command)
      }
    }
    if let storedFailure { throw storedFailure }
    if let navigationID {
      guard let policy else {
        throw violation(
          "answered navigation \(navigationID) without a policy event (it must say allow or cancel before done)")
      }
      return policy
    }
    return nil
  }

  private func dispatch(_ event: JSONObject, type: AdapterProtocol.Event, command: AdapterProtocol.Command)
    throws(ImplementationError)
  {
    switch type {
    case .evaluate:
      guard let id = event[.id], let script = script(of: event, member: "script") else {
        throw violation(
          "sent an evaluate event without an `id` and a string `script`\(pipelining(or: "or `pageScript`: true"))")
      }
      let report: AdapterProtocol.EvaluationReport
      switch event[AdapterProtocol.Pipelining.report] {
      case nil: report = .always
      case .string(let name)? where pipelines:
        guard let known = AdapterProtocol.EvaluationReport(rawValue: name) else {
          throw violation(
            "sent an evaluate event whose `report` is none of \"always\", \"failure\", \"never\": \(JSONValue.string(name))"
          )
        }
        report = known
      default: report = .always  // before 1.2 an unknown member, ignored
      }
      switch report {
      case .always:
        webView.evaluateJavaScript(script) { [weak self] result in
          self?.evaluationFinished(id: id, result: result)
        }
      case .failure:
        webView.evaluateJavaScript(script) { [weak self] result in
          guard case .failure = result else { return }
          self?.evaluationFinished(id: id, result: result)
        }
      case .never:
        webView.evaluateJavaScript(script, completion: nil)
      }

    case .addUserScript:
      guard let source = script(of: event, member: "source") else {
        throw violation(
          "sent an addUserScript event without a string `source`\(pipelining(or: "or `pageScript`: true"))")
      }
      let time: UserScriptInjectionTime
      switch event[.injectionTime]?.stringValue {
      case AdapterProtocol.documentStart: time = .atDocumentStart
      case AdapterProtocol.documentEnd: time = .atDocumentEnd
      default:
        throw violation(
          "sent an addUserScript event whose `injectionTime` is neither \"document-start\" nor \"document-end\"")
      }
      userScriptCount += 1
      let name = event[.name]?.stringValue ?? "adapter-user-script-\(userScriptCount).js"
      webView.addUserScript(PageScript(name: name, source: source), injectionTime: time)

    case .addScriptMessageHandler:
      guard let name = event[.name]?.stringValue else {
        throw violation("sent an addScriptMessageHandler event without a string `name`")
      }
      webView.addScriptMessageHandler(named: name) { [weak self] message in
        self?.scriptMessageReceived(message)
      }

    case .handlerInvoked:
      guard let handler = event[.handler]?.stringValue, let invocation = event.integer(.invocation),
        let canRespond = event[.canRespond]?.boolValue
      else {
        throw violation(
          "sent a handlerInvoked event without a string `handler`, an integer `invocation` and a boolean `canRespond`")
      }
      var answered = false
      if answersAtOnce, let member = event[AdapterProtocol.ImmediateAnswers.answered] {
        guard member.boolValue != nil else {
          throw violation("sent a handlerInvoked event whose `answered` is not a boolean: \(member)")
        }
        answered = member.boolValue == true
        if answered && !(canRespond && handlersAnsweredAtOnce.contains(handler)) {
          throw violation(
            canRespond
              ? "answered a call of handler \(JSONValue.string(handler)) itself (`answered`: true), but it was registered without an `answer`"
              : "answered a call of handler \(JSONValue.string(handler)) that has no callback (`answered`: true with `canRespond`: false)"
          )
        }
      }
      events?.handlerInvoked(
        handler, data: event[.data], invocation: invocation, canRespond: canRespond, answered: answered)

    case .callbackInvoked:
      guard let callback = event.integer(.callback) else {
        throw violation("sent a callbackInvoked event without an integer `callback`")
      }
      events?.callbackInvoked(callback: callback, data: event[.data])

    case .log:
      guard let level = event[.level]?.stringValue, Self.logLevels.contains(level),
        let code = event[.code]?.stringValue, let message = event[.message]?.stringValue
      else {
        throw violation(
          "sent a log event without `level` (debug, info, warning or error), a string `code` and a string `message`")
      }
      events?.log(level: level, code: code, message: message)

    case .addJavascriptInterface:
      guard let name = event[.name]?.stringValue, let methods = event[.methods]?.arrayValue?.compactMap(\.stringValue)
      else {
        throw violation("sent an addJavascriptInterface event without a string `name` and an array `methods`")
      }
      let asynchronous = event[.asynchronous]?.boolValue ?? false
      webView.addJavascriptInterface(named: name, methods: methods, asynchronous: asynchronous) {
        [weak self] method, arguments in
        self?.interfaceCalled(name, method: method, arguments: arguments)
      }

    case .handleDialogs:
      webView.dialogHandler = { [weak self] dialog in self?.dialogOpened(dialog) ?? .dismiss }

    case .observeLoads:
      webView.loadFinishedHandler = { [weak self] in self?.loadFinished() }

    case .dialogAnswer where command == .dialog, .interfaceResult where command == .interfaceCall:
      answer = event

    case .error:
      let message = event[.message]?.stringValue ?? "(no message)"
      throw stop(
        ImplementationError(
          code: "adapter-error",
          message: "the adapter reported an error while handling `\(command.rawValue)`: \(message)"))

    default:
      throw violation("sent a \(type.rawValue) event in answer to `\(command.rawValue)`")
    }
  }

  private static let logLevels: Set<String> = ["debug", "info", "warning", "error"]

  /// Whether the conversation speaks 1.2.
  private var pipelines: Bool { connection?.pipelines ?? false }
  /// Whether the conversation speaks 1.3 (answers given by the adapter).
  private var answersAtOnce: Bool { connection?.speaks13 ?? false }

  /// The script an `evaluate` (`script`) or `addUserScript` (`source`)
  /// carries, or, from 1.2 on, the page script it names with `pageScript`.
  private func script(of event: JSONObject, member: String) -> String? {
    if let text = event[member]?.stringValue { return text }
    if pipelines, event[AdapterProtocol.Pipelining.pageScript]?.boolValue == true { return pageScript }
    return nil
  }

  /// The alternative 1.2 offers, for messages.
  private func pipelining(or alternative: String) -> String {
    pipelines ? " " + alternative : ""
  }

  private func violation(_ message: String) -> ImplementationError {
    let command = connection.map { AdapterConnection.describe($0.command) } ?? "adapter"
    return stop(ImplementationError(code: "protocol-violation", message: "adapter \(command) \(message)"))
  }

  /// Records `error` as the session's failure and kills the process.
  private func stop(_ error: ImplementationError) -> ImplementationError {
    var error = error
    if let connection {
      if error.stderrTail == nil { error.stderrTail = connection.stderrText }
      connection.kill(reason: error)
    }
    if storedFailure == nil { storedFailure = error }
    return storedFailure ?? error
  }
}
