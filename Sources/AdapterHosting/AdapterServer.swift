import BridgecheckAdapter
import Dialects
import JSONModel
import WebViewHosting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A native bridge as the adapter server drives it: the native WVJB API,
/// with handlers and callbacks as closures. A Swift port is checked by
/// writing a small class that forwards these five calls to it, and a
/// factory that builds it on the ``AdapterWebView`` of each scenario:
///
/// ```swift
/// let server = AdapterServer(info: AdapterInfo(name: "my-port")) { context in
///   MyPortGlue(webView: context.webView, pageScript: context.pageScript)
/// }
/// exit(server.run())
/// ```
package protocol AdapterBridge: AnyObject {
  /// Registers (or replaces) a native handler.
  func registerHandler(_ name: String, handler: @escaping AdapterBridgeHandler)
  /// Removes a native handler.
  func removeHandler(_ name: String)
  /// Calls a page handler; `data == nil` sends no data, a callback asks for an answer.
  func callHandler(_ name: String, data: JSONValue?, responseCallback: ((JSONValue?) -> Void)?)
  /// `reset()`: a fresh start-up queue, pending callbacks dropped, handlers kept.
  func reset()
  /// Asks the page to dispatch synchronously.
  func disableSafetyTimeout()
}

/// A native handler: the request's data (nil when absent) and, when the page
/// asked for an answer, the function that sends it.
package typealias AdapterBridgeHandler = (_ data: JSONValue?, _ respond: ((JSONValue?) -> Void)?) -> Void

/// What a bridge is built from at each `start`.
package struct AdapterContext {
  /// The web view to drive (a proxy of the harness's simulated web view).
  package let webView: AdapterWebView
  /// The scenario's transport, injection, options and page dialect.
  package let configuration: SessionConfiguration
  /// The page bridge to inject, exactly as given by the harness.
  package let pageScript: String
  /// Sends a log line to the harness (`level`: debug, info, warning, error;
  /// `code`: a stable kebab-case identifier).
  package let log: (_ level: String, _ code: String, _ message: String) -> Void
}

/// The adapter side of the adapter protocol: reads commands from stdin,
/// drives an ``AdapterBridge`` through a proxy web view, and writes the
/// answers (events and `done`) of every command it has read in one write
/// before it waits for more input. It speaks protocol 1.2 when the harness
/// does: the page script of the last `start` is kept, named instead of sent
/// back, and message deliveries ask to hear only of failures.
///
/// Runs on the calling thread; everything a bridge does happens inside the
/// command that caused it (evaluations complete when the harness sends
/// `evaluationResult`).
package final class AdapterServer: AdapterCommandPerformer {
  /// What the `hello` event says.
  package let info: AdapterInfo
  private let makeBridge: (AdapterContext) throws -> any AdapterBridge
  private var session: ServerSession?
  /// Where the events of the command being answered go.
  private let output = AdapterOutput()
  /// The minor version both sides speak, and the page script of the last `start`.
  private var conversation: AdapterConversation

  /// Whether this conversation speaks 1.2: both sides said so in `hello`.
  var pipelines: Bool { conversation.pipelines }
  /// Whether this conversation speaks 1.4: long texts cross as blocks, and
  /// `undefined` interface arguments are named.
  var speaks14: Bool { conversation.readsTextBlocks }
  /// Set by `exit`.
  package private(set) var exitRequested = false

  /// Creates a server for bridges built by `makeBridge` (called at every `start`).
  package init(info: AdapterInfo, makeBridge: @escaping (AdapterContext) throws -> any AdapterBridge) {
    self.info = info
    self.makeBridge = makeBridge
    conversation = AdapterConversation(adapterMinorVersion: info.minorVersion)
  }

  /// Serves commands from `input` until `exit` or end of file; returns the
  /// exit status (0, or 1 when the output cannot be written).
  package func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
    loop.run(input: input, output: output)
  }

  /// Handles one command line; returns the bytes to write (its events and
  /// `done`, one per line).
  package func handle(line: ArraySlice<UInt8>) -> [UInt8] {
    loop.handle(line: line)
  }

  /// The framing: lines and blocks in, answers out (``AdapterCommandLoop``).
  private var loop: AdapterCommandLoop<AdapterServer> {
    AdapterCommandLoop(performer: self, output: output)
  }

  /// Whether 1.4 text blocks are read (``AdapterCommandPerformer``).
  package var readsTextBlocks: Bool { speaks14 }

  /// Performs one command (``AdapterCommandPerformer``); the loop adds `done`.
  package func perform(_ command: JSONObject, output: AdapterOutput) throws(AdapterProtocolError) {
    try perform(command)
  }

  // MARK: - Commands

  private func perform(_ command: JSONObject) throws(AdapterProtocolError) {
    let type = try AdapterConversation.type(of: command)
    switch type {
    case .hello:
      conversation.heardHello(command)
      emit(.hello, info.helloFields)
    case .start:
      session = nil
      let configuration = try configuration(of: command)
      let pageScript = try conversation.pageScript(of: command)
      let webView = AdapterWebView(server: self, pageScript: pageScript, pipelines: pipelines)
      let context = AdapterContext(
        webView: webView, configuration: configuration, pageScript: pageScript,
        log: { [unowned self] level, code, message in
          self.emit(.log, ["level": .string(level), "code": .string(code), "message": .string(message)])
        })
      do {
        session = ServerSession(bridge: try makeBridge(context), webView: webView)
      } catch {
        throw AdapterProtocolError("start: the bridge could not be created: \(error)")
      }
    case .stop:
      session?.webView.server = nil
      session = nil
    case .exit:
      session = nil
      exitRequested = true
    default:
      guard let session else { throw AdapterProtocolError("\(type.rawValue) before start") }
      try perform(type, command, in: session)
    }
  }

  private func perform(_ type: AdapterProtocol.Command, _ command: JSONObject, in session: ServerSession)
    throws(AdapterProtocolError)
  {
    func name() throws(AdapterProtocolError) -> String { try AdapterConversation.name(of: command, type) }
    switch type {
    case .registerHandler:
      let handlerName = try name()
      // 1.3: the answer, when the harness gives it in advance, is given
      // here, inside the handler.
      let answer = conversation.immediateAnswer(of: command)
      session.bridge.registerHandler(handlerName) { [weak self, weak session] data, respond in
        guard let self, let session else { return }
        let answers = respond != nil ? answer : nil
        self.emit(
          .handlerInvoked,
          session.invocations.invoked(handler: handlerName, data: data, respond: respond, answered: answers != nil))
        if let answer = answers, let respond {
          let value = answer.data(answering: data)
          for _ in 0..<answer.times { respond(value) }
        }
      }
    case .removeHandler:
      session.bridge.removeHandler(try name())
    case .callHandler:
      let handlerName = try name()
      var callback: ((JSONValue?) -> Void)?
      if let id = command[.callback], id != .null {
        callback = { [weak self] value in
          var fields: JSONObject = ["callback": id]
          if let value { fields[.data] = value }
          self?.emit(.callbackInvoked, fields)
        }
      }
      session.bridge.callHandler(handlerName, data: command[.data], responseCallback: callback)
    case .respond:
      try session.invocations.respond(command) { $0 }
    case .reset:
      session.bridge.reset()
    case .disableSafetyTimeout:
      session.bridge.disableSafetyTimeout()
    case .navigation:
      let (id, url) = try AdapterConversation.navigation(of: command)
      let frame = FrameKind(rawValue: command[.frame]?.stringValue ?? "") ?? .main
      let policy = session.webView.navigationPolicy(NavigationAction(url: url, frame: frame))
      emit(.policy, ["id": id, "policy": .string(policy.rawValue)])
    case .scriptMessage:
      let handlerName = try name()
      session.webView.deliver(ScriptMessage(name: handlerName, body: command[.body]))
    case .evaluationResult:
      let id = try conversation.evaluation(of: command)
      let result: Result<JSONValue?, EvaluationError>
      if command[.ok]?.boolValue == true {
        result = .success(command[.result])
      } else {
        result = .failure(AdapterProtocol.evaluationError(from: command[.error]))
      }
      session.webView.complete(evaluation: id, with: result)
    case .loadFinished:
      session.webView.loadFinishedHandler?()
    case .dialog:
      let kind = PageDialog.Kind(rawValue: command[.kind]?.stringValue ?? "") ?? .alert
      let dialog = PageDialog(
        kind: kind, message: command[.message]?.stringValue ?? "", defaultText: command[.defaultText]?.stringValue)
      emit(.dialogAnswer, AdapterProtocol.answerJSON(session.webView.dialogHandler(dialog)))
    case .interfaceCall:
      guard let method = command[.method]?.stringValue else {
        throw AdapterProtocolError("interfaceCall: `method` must be a string")
      }
      var arguments: [JSONValue?] = (command[.arguments]?.arrayValue ?? []).map { $0 }
      // 1.4: the arguments the page passed as `undefined` (null in `arguments`).
      if speaks14, let undefined = command[AdapterProtocol.UndefinedArguments.member]?.arrayValue {
        for position in undefined {
          guard let index = position.numberValue.flatMap({ Int(exactly: $0) }), arguments.indices.contains(index) else {
            throw AdapterProtocolError("interfaceCall: `undefinedArguments` must list positions in `arguments`")
          }
          arguments[index] = nil
        }
      }
      let value = session.webView.callInterface(try name(), method: method, arguments: arguments)
      emit(.interfaceResult, value.map { ["value": $0] } ?? [:])
    case .hello, .start, .stop, .exit:
      // Performed before a session is needed (`perform(_:)`).
      break
    }
  }

  /// The configuration of a `start`; decoded once for as long as it stays
  /// the same (a run sends the same one for most scenarios, and decoding a
  /// dialect checks all of it).
  private func configuration(of command: JSONObject) throws(AdapterProtocolError) -> SessionConfiguration {
    if conversation.answersAtOnce, command[AdapterProtocol.ImmediateAnswers.sameConfiguration]?.boolValue == true {
      guard let cached = lastConfiguration else {
        throw AdapterProtocolError(
          "start: `sameConfiguration` in the first start of this process (there is no previous configuration)")
      }
      return cached.decoded
    }
    let value = command[.configuration]
    if let cached = lastConfiguration, cached.json == value { return cached.decoded }
    let decoded = try AdapterProtocol.configuration(from: value)
    if let value { lastConfiguration = (value, decoded) }
    return decoded
  }

  private var lastConfiguration: (json: JSONValue, decoded: SessionConfiguration)?

  // MARK: - Output

  func emit(_ event: AdapterProtocol.Event, _ fields: JSONObject, block: String? = nil) {
    output.emit(event, fields, block: block)
  }
}

/// One scenario's bridge inside the server.
private final class ServerSession {
  let bridge: any AdapterBridge
  let webView: AdapterWebView
  /// The handler calls the page made, numbered, with their response callbacks.
  var invocations = HandlerInvocations<JSONValue?>()

  init(bridge: any AdapterBridge, webView: AdapterWebView) {
    self.bridge = bridge
    self.webView = webView
  }
}
