import BridgecheckAdapter
import Foundation
import JSONModel
import WebKit

/// One scenario: a bridge on its web view, and the web view's side of the
/// conversation (every call it makes becomes an event for the harness,
/// every command the harness sends reaches the bridge through WebKit's
/// handlers, delegates and completion handlers).
@MainActor
final class NativeKitSession: WKWebViewHost {
  let webView: WKWebView
  private(set) var registrations = BridgeRegistrations()
  private var bridge: (any NativeBridgeUnderTest)?
  private let pageScript: String
  private let minorVersion: Int
  /// Nil once the session has ended: nothing is sent for it any more.
  private var output: AdapterOutput?
  private var evaluations: [Int: (Any?, (any Error)?) -> Void] = [:]
  private var nextEvaluation = 0
  /// The handler calls the page made, numbered, with their response callbacks.
  private var invocations = HandlerInvocations<Any?>()
  /// Whether the harness's page exists: from the first command after
  /// `start` (the harness builds the page while the bridge is made).
  private var pageLoaded = false

  /// The URL of the page the harness loads for every scenario
  /// (ScenarioExecution's `webView.load`).
  static let pageURL = URL(string: "https://app.bridgecheck.test/index.html")

  init(bridgeType: any NativeBridgeUnderTest.Type, pageScript: String, minorVersion: Int, output: AdapterOutput) {
    self.pageScript = pageScript
    self.minorVersion = minorVersion
    self.output = output
    webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    webView.host = self
    bridge = bridgeType.init(webView: webView)
  }

  /// Ends the session: the bridge is released, and what it still does
  /// reaches no one.
  func end() {
    output = nil
    bridge = nil
    evaluations.removeAll()
    invocations.removeAll()
  }

  private var pipelines: Bool { minorVersion >= AdapterProtocol.Pipelining.minorVersion }

  private func emit(_ event: AdapterProtocol.Event, _ fields: JSONObject, block: String? = nil) {
    output?.emit(event, fields, block: block)
  }

  /// An `error` event: the scenario ends with `message`.
  private func fail(_ message: String) {
    emit(.error, ["message": .string(message)])
  }

  /// The JSON form of what the bridge gave, or nil after an `error` event
  /// naming `what` when it has none.
  private func json(_ value: Any?, _ what: @autoclosure () -> String) -> Result<
    JSONValue?, FoundationJSON.Unconvertible
  > {
    do throws(FoundationJSON.Unconvertible) {
      return .success(try FoundationJSON.json(value))
    } catch {
      fail(
        "\(what()) is a \(error.typeName), which has no JSON form (give NSNumber, String, Array, Dictionary or NSNull)")
      return .failure(error)
    }
  }

  // MARK: - Commands

  func perform(_ type: AdapterProtocol.Command, _ command: JSONObject, conversation: AdapterConversation)
    throws(AdapterProtocolError)
  {
    guard let bridge else { throw AdapterProtocolError("\(type.rawValue) after the session ended") }
    pageLoaded = true
    func name() throws(AdapterProtocolError) -> String { try AdapterConversation.name(of: command, type) }
    switch type {
    case .registerHandler:
      let handlerName = try name()
      let answer = conversation.immediateAnswer(of: command)
      bridge.register(handlerName) { [weak self] data, respond in
        self?.handlerInvoked(handlerName, data: data, respond: respond, answer: answer)
      }
    case .removeHandler:
      bridge.remove(try name())
    case .callHandler:
      let handlerName = try name()
      var callback: ((Any?) -> Void)?
      if let id = command[.callback], id != .null {
        callback = { [weak self] value in self?.callbackInvoked(id, value: value) }
      }
      bridge.call(handlerName, data: FoundationJSON.foundation(command[.data]), callback: callback)
    case .respond:
      try invocations.respond(command) { FoundationJSON.foundation($0) }
    case .reset:
      bridge.reset()
    case .disableSafetyTimeout:
      throw AdapterProtocolError(
        "disableSafetyTimeout: NativeBridgeUnderTest has no safety-timeout switch (a WKWebView bridge dispatches synchronously)"
      )
    case .navigation:
      let (id, url) = try AdapterConversation.navigation(of: command)
      let policy = try decidePolicy(url: url, mainFrame: command[.frame]?.stringValue != "iframe")
      emit(.policy, ["id": id, "policy": .string(policy == .cancel ? "cancel" : "allow")])
    case .scriptMessage:
      deliver(try name(), body: command[.body])
    case .evaluationResult:
      let id = try conversation.evaluation(of: command)
      guard let completion = evaluations.removeValue(forKey: id) else { return }
      if command[.ok]?.boolValue == true {
        completion(FoundationJSON.foundation(command[.result]), nil)
      } else {
        completion(nil, Self.wkError(command[.error]))
      }
    case .loadFinished:
      webView.navigationDelegate?.webView(webView, didFinish: WKNavigation())
    case .dialog:
      try answerDialog(command)
    case .interfaceCall:
      throw AdapterProtocolError(
        "interfaceCall: a WKWebView has no JavaScript interfaces (that is Android's addJavascriptInterface)")
    case .hello, .start, .stop, .exit:
      // Performed by the server, not by a session.
      break
    }
  }

  private func handlerInvoked(
    _ handler: String, data: Any?, respond: @escaping (Any?) -> Void, answer: ImmediateAnswer?
  ) {
    guard case .success(let json) = json(data, "the data the bridge passed to handler \(JSONValue.string(handler))")
    else { return }
    emit(.handlerInvoked, invocations.invoked(handler: handler, data: json, respond: respond, answered: answer != nil))
    if let answer {
      let value = FoundationJSON.foundation(answer.data(answering: json))
      for _ in 0..<answer.times { respond(value) }
    }
  }

  private func callbackInvoked(_ id: JSONValue, value: Any?) {
    guard case .success(let json) = json(value, "the answer the bridge passed to a callback") else { return }
    var fields: JSONObject = ["callback": id]
    if let json { fields[.data] = json }
    emit(.callbackInvoked, fields)
  }

  private func frame(main: Bool, url: URL?) -> WKFrameInfo {
    WKFrameInfo(isMainFrame: main, request: URLRequest(url: url ?? URL(string: "about:blank")!), webView: webView)
  }

  private func decidePolicy(url text: String, mainFrame: Bool) throws(AdapterProtocolError) -> WKNavigationActionPolicy
  {
    guard let delegate = webView.navigationDelegate else { return .allow }
    guard let url = URL(string: text) else {
      throw AdapterProtocolError(
        "navigation: Foundation's URL cannot represent \(JSONValue.string(text)), which WebKit would give")
    }
    let action = WKNavigationAction(
      request: URLRequest(url: url), navigationType: .other, targetFrame: frame(main: mainFrame, url: url),
      sourceFrame: frame(main: true, url: nil))
    var decisions: [WKNavigationActionPolicy] = []
    delegate.webView(webView, decidePolicyFor: action) { decisions.append($0) }
    guard let policy = decisions.first else {
      throw AdapterProtocolError(
        "navigation: the navigation delegate returned without calling decisionHandler for \(text) (the kit needs the decision before the method returns)"
      )
    }
    guard decisions.count == 1 else {
      throw AdapterProtocolError(
        "navigation: the navigation delegate called decisionHandler \(decisions.count) times for \(text) (WebKit raises an exception at the second call)"
      )
    }
    return policy
  }

  private func deliver(_ name: String, body: JSONValue?) {
    let controller = webView.configuration.userContentController
    guard let handler = controller.scriptMessageHandlers[name] else { return }
    let message = WKScriptMessage(
      name: name, body: FoundationJSON.foundation(body) ?? NSNull(), webView: webView,
      frameInfo: frame(main: true, url: nil))
    switch handler {
    case .plain(let handler):
      handler.userContentController(controller, didReceive: message)
    case .withReply(let handler):
      handler.userContentController(controller, didReceive: message) { [weak self] reply, errorMessage in
        self?.replied(to: name, reply: reply, errorMessage: errorMessage)
      }
    }
  }

  /// A reply of a ``WebKit/WKScriptMessageHandlerWithReply``: bridgecheck's
  /// page gives `postMessage` no promise, so the reply cannot reach it; the
  /// trace records it as a warning of the native side.
  private func replied(to name: String, reply: Any?, errorMessage: String?) {
    let what: String
    if let errorMessage {
      what = "the error \(JSONValue.string(errorMessage))"
    } else {
      switch json(reply, "the reply of message handler \(JSONValue.string(name))") {
      case .success(let value): what = value.map { "the value \($0.serialized())" } ?? "no value"
      case .failure: return
      }
    }
    emit(
      AdapterProtocol.Event.log,
      [
        "level": "warning", "code": "reply-not-delivered",
        "message": .string(
          "message handler \(JSONValue.string(name)) replied with \(what), which does not reach the page: bridgecheck's page gives postMessage no promise to answer"
        ),
      ])
  }

  private func answerDialog(_ command: JSONObject) throws(AdapterProtocolError) {
    let message = command[.message]?.stringValue ?? ""
    let frame = frame(main: true, url: nil)
    var answer: JSONObject?
    let kind = command[.kind]?.stringValue ?? "alert"
    if let delegate = webView.uiDelegate {
      switch kind {
      case "confirm":
        delegate.webView(webView, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame) { confirmed in
          answer = confirmed ? ["answer": "confirm"] : ["answer": "dismiss"]
        }
      case "prompt":
        delegate.webView(
          webView, runJavaScriptTextInputPanelWithPrompt: message, defaultText: command[.defaultText]?.stringValue,
          initiatedByFrame: frame
        ) { text in
          answer = text.map { ["answer": "text", "text": .string($0)] } ?? ["answer": "dismiss"]
        }
      default:
        delegate.webView(webView, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) {
          answer = ["answer": "dismiss"]
        }
      }
    } else {
      answer = ["answer": "dismiss"]
    }
    guard let answer else {
      emit(.dialogAnswer, ["answer": "dismiss"])
      throw AdapterProtocolError(
        "dialog: the UI delegate returned without calling the completion handler of the \(kind) panel (the kit needs the answer before the method returns)"
      )
    }
    emit(.dialogAnswer, answer)
  }

  /// The ``WKError`` of a failed evaluation.
  private static func wkError(_ value: JSONValue?) -> WKError {
    let object = value?.objectValue ?? [:]
    let kind = object["kind"]?.stringValue ?? "exception"
    var userInfo: [String: Any] = [
      NSLocalizedDescriptionKey: kind == "exception" || kind == "syntax"
        ? "A JavaScript exception occurred" : "An unknown error occurred"
    ]
    if let message = object["message"]?.stringValue { userInfo[WKJavaScriptExceptionMessageErrorKey] = message }
    if let line = object.integer("line") { userInfo[WKJavaScriptExceptionLineNumberErrorKey] = NSNumber(value: line) }
    if let column = object.integer("column") {
      userInfo[WKJavaScriptExceptionColumnNumberErrorKey] = NSNumber(value: column)
    }
    if let source = object["sourceURL"]?.stringValue, let url = URL(string: source) {
      userInfo[WKJavaScriptExceptionSourceURLErrorKey] = url
    }
    return WKError(
      kind == "exception" || kind == "syntax" ? .javaScriptExceptionOccurred : .unknown, userInfo: userInfo)
  }

  // MARK: - WKWebViewHost

  var pageURL: URL? { pageLoaded ? Self.pageURL : nil }

  /// `async` evaluations whose result is on its way back to the awaiting task.
  private(set) var asyncEvaluationsResuming = 0

  func asyncEvaluationResuming() { asyncEvaluationsResuming += 1 }

  func asyncEvaluationResumed() { asyncEvaluationsResuming = max(0, asyncEvaluationsResuming - 1) }

  func loadRequested(_ what: String) {
    fail(
      "the bridge called WKWebView.\(what): bridgecheck's page cannot be replaced by a load (the adapter protocol has no command for one), so the kit cannot show the bridge the new page"
    )
  }

  func evaluate(_ script: String, completion: ((Any?, (any Error)?) -> Void)?) {
    guard output != nil else {
      completion?(nil, WKError(.webViewInvalidated))
      return
    }
    nextEvaluation += 1
    var fields: JSONObject = [:]
    var block: String?
    if pipelines, script.utf8.count == pageScript.utf8.count, script == pageScript {
      fields[AdapterProtocol.Pipelining.pageScript] = true
    } else if minorVersion >= AdapterProtocol.TextBlocks.minorVersion,
      script.utf8.count >= AdapterProtocol.TextBlocks.minimumBytes
    {
      fields[AdapterProtocol.TextBlocks.scriptBytes] = .number(Double(script.utf8.count))
      block = script
    } else {
      fields[.script] = .string(script)
    }
    fields[.id] = .number(Double(nextEvaluation))
    if let completion {
      evaluations[nextEvaluation] = completion
    } else if pipelines {
      fields[AdapterProtocol.Pipelining.report] = "never"
    }
    emit(.evaluate, fields, block: block)
  }

  func scriptMessageHandlerAdded(name: String) {
    registrations.messageHandlers.append(name)
    emit(.addScriptMessageHandler, ["name": .string(name)])
  }

  func scriptMessageHandlerRemoved(name: String) {
    // The harness keeps the page's handler object; posts to it reach no one.
  }

  func userScriptAdded(_ script: WKUserScript) {
    registrations.userScriptTimes.insert(script.injectionTime)
    var fields: JSONObject
    if pipelines, script.source == pageScript {
      fields = [AdapterProtocol.Pipelining.pageScript: true]
    } else {
      fields = ["source": .string(script.source)]
    }
    fields[.injectionTime] = .string(
      script.injectionTime == .atDocumentStart ? AdapterProtocol.documentStart : AdapterProtocol.documentEnd)
    emit(.addUserScript, fields)
  }

  func userScriptsRemoved() {
    // The harness runs user scripts in pages loaded later; none are loaded
    // during a scenario, so removing them changes nothing it can see.
  }

  func navigationDelegateChanged(isSet: Bool) {
    registrations.interceptsNavigation = isSet || registrations.interceptsNavigation
    if isSet && minorVersion >= 1 { emit(.observeLoads, [:]) }
  }

  func uiDelegateChanged(isSet: Bool) {
    registrations.showsPanels = isSet || registrations.showsPanels
    if isSet && minorVersion >= 1 { emit(.handleDialogs, [:]) }
  }
}
