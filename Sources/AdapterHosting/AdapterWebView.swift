import BridgecheckAdapter
import JSONModel
import WebViewHosting

/// The web view an adapter's bridge drives: every call becomes an event for
/// the harness, which performs it on its simulated web view and reports back
/// (navigation requests, script messages, evaluation results).
package final class AdapterWebView: WebViewHost {
  /// The navigation policy; the server asks it on every `navigation`
  /// command. Default: allow (the harness then applies the app's policy).
  package var navigationPolicy: (NavigationAction) -> NavigationPolicy = { _ in .allow }
  /// A local trace (the harness keeps the real one); nothing reads it.
  package let trace: Trace
  /// The clock stays at 0: the harness's clock is on the other side.
  package var now: VirtualTime { .zero }

  /// Answers the page's dialogs; the server asks it on every `dialog`
  /// command. Default: dismiss.
  package var dialogHandler: (PageDialog) -> DialogAnswer = { _ in .dismiss } {
    didSet { server?.emit(.handleDialogs, [:]) }
  }
  /// Runs on every `loadFinished` command.
  package var loadFinishedHandler: (() -> Void)? {
    didSet { server?.emit(.observeLoads, [:]) }
  }

  weak var server: AdapterServer?
  private var messageHandlers: [String: (ScriptMessage) -> Void] = [:]
  private var interfaces: [String: (String, [JSONValue?]) -> JSONValue?] = [:]
  private var evaluations: [Int: ((Result<JSONValue?, EvaluationError>) -> Void)?] = [:]
  private var nextEvaluation = 0

  /// The scenario's page script: in 1.2 an `evaluate` or `addUserScript` of
  /// exactly this text names it instead of carrying it back.
  private let pageScript: String
  /// Whether the conversation speaks 1.2.
  private let pipelines: Bool

  init(server: AdapterServer, pageScript: String, pipelines: Bool) {
    self.server = server
    self.pageScript = pageScript
    self.pipelines = pipelines
    trace = Trace(clock: { .zero })
  }

  /// `script`, or in 1.2 `pageScript: true` when it is the page script.
  private func scriptFields(_ script: String, member: String) -> JSONObject {
    if pipelines, script.utf8.count == pageScript.utf8.count, script == pageScript {
      return [AdapterProtocol.Pipelining.pageScript: true]
    }
    return [member: .string(script)]
  }

  package func addScriptMessageHandler(named name: String, _ handler: @escaping (ScriptMessage) -> Void) {
    messageHandlers[name] = handler
    server?.emit(.addScriptMessageHandler, ["name": .string(name)])
  }

  package func addUserScript(_ script: PageScript, injectionTime: UserScriptInjectionTime) {
    let time = injectionTime == .atDocumentStart ? AdapterProtocol.documentStart : AdapterProtocol.documentEnd
    var fields = scriptFields(script.source, member: "source")
    fields[.injectionTime] = .string(time)
    fields[.name] = .string(script.name)
    server?.emit(.addUserScript, fields)
  }

  package func evaluateJavaScript(_ script: String, completion: ((Result<JSONValue?, EvaluationError>) -> Void)?) {
    evaluate(script, report: completion == nil ? .never : .always, completion: completion)
  }

  package func evaluateJavaScript(_ script: String, onFailure failure: @escaping (EvaluationError) -> Void) {
    evaluate(script, report: .failure) { result in
      if case .failure(let error) = result { failure(error) }
    }
  }

  /// The `evaluate` event; in 1.2 it says which outcomes to report.
  private func evaluate(
    _ script: String, report: AdapterProtocol.EvaluationReport,
    completion: ((Result<JSONValue?, EvaluationError>) -> Void)?
  ) {
    nextEvaluation += 1
    var fields = scriptFields(script, member: "script")
    fields[.id] = .number(Double(nextEvaluation))
    if pipelines && report != .always {
      fields[AdapterProtocol.Pipelining.report] = .string(report.rawValue)
    }
    // An outcome the harness will not report needs no entry (a success
    // reported as `failure` stays until the session ends: it is small).
    if report != .never || !pipelines { evaluations[nextEvaluation] = completion }
    // 1.4: a long script crosses as a text block after the line.
    if server?.speaks14 == true, case .string(let text)? = fields[.script],
      text.utf8.count >= AdapterProtocol.TextBlocks.minimumBytes
    {
      fields.removeValue(forKey: "script")
      fields[AdapterProtocol.TextBlocks.scriptBytes] = .number(Double(text.utf8.count))
      server?.emit(.evaluate, fields, block: text)
    } else {
      server?.emit(.evaluate, fields)
    }
  }

  package func addJavascriptInterface(
    named name: String, methods: [String], asynchronous: Bool, _ handler: @escaping (String, [JSONValue?]) -> JSONValue?
  ) {
    interfaces[name] = handler
    server?.emit(
      .addJavascriptInterface,
      ["name": .string(name), "methods": .array(methods.map(JSONValue.string)), "asynchronous": .bool(asynchronous)])
  }

  func callInterface(_ name: String, method: String, arguments: [JSONValue?]) -> JSONValue? {
    interfaces[name]?(method, arguments)
  }

  func deliver(_ message: ScriptMessage) {
    messageHandlers[message.name]?(message)
  }

  func complete(evaluation id: Int, with result: Result<JSONValue?, EvaluationError>) {
    guard let completion = evaluations.removeValue(forKey: id) else { return }
    completion?(result)
  }
}
