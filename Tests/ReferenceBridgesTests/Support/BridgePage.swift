import Dialects
import JSONModel
import JSRuntime
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

/// One combination of transport and injection mode.
struct BridgeSetup: Sendable, Hashable, CustomTestStringConvertible {
  var transport: NativeBridgeOptions.Transport
  var injection: NativeBridgeOptions.Injection

  /// The upstream profile: iframe signalling, injection on `__bridge_loaded__`.
  static let classic = BridgeSetup(transport: .iframe, injection: .onBridgeLoaded)
  /// Every combination, for parameterized tests.
  static let all: [BridgeSetup] = [
    .classic,
    BridgeSetup(transport: .iframe, injection: .atDocumentStart),
    BridgeSetup(transport: .messageHandlers(), injection: .onBridgeLoaded),
    BridgeSetup(transport: .messageHandlers(name: "custom\u{2028}Handler's \"name\""), injection: .atDocumentStart),
  ]

  var testDescription: String {
    let transportName: String
    switch transport {
    case .iframe: transportName = "iframe"
    case .messageHandlers(let name): transportName = "messageHandlers(\(name.debugDescription))"
    default: transportName = transport.pageOptionName
    }
    return "\(transportName), \(injection.rawValue)"
  }
}

/// The page script every test page starts with: registers page handlers
/// that report what they receive through the host function `record`, and
/// keeps the bridge in `window.bridge`.
///
/// Page handlers: `echo` (answers its data), `silent` (answers nothing),
/// `answerUndefined` (calls the callback with no argument), `answerTwice`,
/// `deferredEcho` (answers from a timer).
let standardPageScript = """
  setupWebViewJavascriptBridge(function (bridge) {
    window.bridge = bridge;
    record('setup');
    bridge.registerHandler('echo', function (data, respond) {
      record('echo', data);
      record('echo-has-callback', typeof respond === 'function');
      if (respond) respond(data);
    });
    bridge.registerHandler('silent', function (data, respond) {
      record('silent', data);
    });
    bridge.registerHandler('answerUndefined', function (data, respond) {
      record('answerUndefined', data);
      respond();
    });
    bridge.registerHandler('answerTwice', function (data, respond) {
      respond('first');
      respond('second');
    });
    bridge.registerHandler('deferredEcho', function (data, respond) {
      setTimeout(function () { respond(data); }, 25);
    });
  });
  """

/// A simulated page with both reference bridges: the native bridge under
/// test installed on a `SimulatedWebView`, the reference page bridge injected
/// by it, the page's setup snippet and a test page script.
///
/// The page reports through a host function `record(label, value)`; an
/// `undefined` value is recorded as nil, `null` as `.null`.
final class BridgePage {
  let webView: SimulatedWebView
  let bridge: NativeBridge
  /// What the page passed to `record`, in order.
  private(set) var records: [(label: String, value: JSONValue?)] = []
  /// Every log entry of the native bridge, in order (also in the trace).
  private(set) var logs: [NativeBridgeLog] = []
  /// Navigations the app's own policy was asked about.
  private(set) var appPolicyURLs: [String] = []

  init(
    _ setup: BridgeSetup = .classic,
    answerMissingHandler: Bool = false,
    pageBridgeScript: String = ReferenceScripts.pageBridge,
    configuration: PageConfiguration = PageConfiguration(),
    faults: Set<NativeBridgeFault> = [],
    profile: BridgeProfile = .classic,
    appPolicy: @escaping (NavigationAction) -> NavigationPolicy = { _ in .allow }
  ) {
    let webView = SimulatedWebView(configuration: configuration)
    self.webView = webView
    ScriptTextCheck.register(webView)
    webView.navigationPolicy = appPolicy
    var options = NativeBridgeOptions(
      transport: setup.transport, injection: setup.injection, answerMissingHandler: answerMissingHandler,
      pageBridgeScript: pageBridgeScript)
    options.faults = faults  // mutation testing only (NativeBridge+Faults.swift)
    options.profile = profile
    bridge = NativeBridge(webView: webView, options: options)
    let previous = bridge.appNavigationPolicy
    bridge.appNavigationPolicy = { [unowned self] action in
      self.appPolicyURLs.append(action.url)
      return previous(action)
    }
    let recorder = bridge.logHandler
    bridge.logHandler = { [unowned self] log in
      self.logs.append(log)
      recorder(log)
    }
    webView.addHostFunction(named: "record") { [unowned self] arguments in
      let label = arguments.first.flatMap { $0?.stringValue } ?? "?"
      self.records.append((label, arguments.count > 1 ? arguments[1] : nil))
      return nil
    }
  }

  /// Loads a page made of the setup snippet and `script`, and runs until idle.
  @discardableResult
  func load(_ script: String = standardPageScript, url: String = "https://app.bridgecheck.test/index.html") -> Self {
    webView.load(
      PageSource(
        url: url,
        scripts: [
          PageScript(name: "setup-snippet.js", source: ReferenceScripts.setupSnippet),
          PageScript(name: "test-page.js", source: script),
        ]))
    webView.runUntilIdle()
    return self
  }

  /// Evaluates `script` in the page (a test-only evaluation), runs until
  /// idle and returns the result.
  @discardableResult
  func run(_ script: String) -> Result<JSONValue?, EvaluationError> {
    var outcome: Result<JSONValue?, EvaluationError>?
    webView.evaluateJavaScript(script) { outcome = $0 }
    webView.runUntilIdle()
    return outcome ?? .failure(EvaluationError(kind: .exception, message: "no completion"))
  }

  /// Runs the scheduler until idle.
  func settle() { webView.runUntilIdle() }

  /// The values recorded under `label`, in order (nil = `undefined`).
  func recorded(_ label: String) -> [JSONValue?] {
    records.filter { $0.label == label }.map(\.value)
  }

  /// The labels recorded, in order.
  var recordedLabels: [String] { records.map(\.label) }

  /// Forgets what was recorded so far.
  func clearRecords() { records.removeAll() }

  /// The native log entries with `code`.
  func logs(_ code: NativeBridgeLog.Code) -> [NativeBridgeLog] { logs.filter { $0.code == code } }

  /// The codes of the native log entries at warning level or above.
  var problemCodes: [NativeBridgeLog.Code] { logs.filter { $0.level >= .warning }.map(\.code) }

  /// Uncaught page errors recorded in the trace.
  var uncaughtErrors: [TraceEvent] { webView.trace.events(named: TraceEventName.uncaughtException) }

  /// Scripts the host evaluated, in order.
  var evaluatedScripts: [String] {
    webView.trace.events(named: TraceEventName.evaluate).compactMap { $0["script"]?.stringValue }
  }

  /// The delivery scripts (`_handleMessageFromObjC`) evaluated, in order.
  var deliveryScripts: [String] {
    evaluatedScripts.filter { $0.hasPrefix(ScriptTextCheck.deliveryPrefix) }
  }

  /// Decisions of the host's policy, as (url, policy).
  var navigationDecisions: [(url: String, policy: String)] {
    webView.trace.events(named: TraceEventName.navigationDecided).map {
      ($0["url"]?.stringValue ?? "", $0["policy"]?.stringValue ?? "")
    }
  }

  /// A page-side JavaScript string literal for `text` (test-only scripts).
  static func literal(_ text: String) -> String { "'\(javaScriptStringLiteralBody(text))'" }
}
