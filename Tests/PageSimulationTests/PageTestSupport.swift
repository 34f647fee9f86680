import JSONModel
import JSRuntime
import PageSimulation
import WebViewHosting

/// Loads `script` as the only page script and runs until idle.
func loadedPage(
  _ script: String, configuration: PageConfiguration = PageConfiguration(),
  prepare: (SimulatedWebView) -> Void = { _ in }
) -> SimulatedWebView {
  let webView = SimulatedWebView(configuration: configuration)
  prepare(webView)
  webView.load(PageSource(url: "https://app.test/", scripts: [PageScript(name: "page.js", source: script)]))
  webView.runUntilIdle()
  return webView
}

extension SimulatedWebView {
  /// URLs of iframe navigation requests, in order.
  var iframeRequests: [String] {
    trace.events(named: TraceEventName.navigationRequested)
      .filter { $0["frame"] == "iframe" }
      .compactMap { $0["url"]?.stringValue }
  }

  /// Texts of console lines, in order.
  var consoleLines: [String] {
    trace.events(named: TraceEventName.console).compactMap { $0["text"]?.stringValue }
  }

  /// Evaluates `script` now and returns its JSON result (runs until idle).
  func evaluateNow(_ script: String) -> Result<JSONValue?, EvaluationError> {
    var outcome: Result<JSONValue?, EvaluationError>?
    evaluateJavaScript(script) { outcome = $0 }
    runUntilIdle()
    return outcome ?? .failure(EvaluationError(kind: .exception, message: "no completion"))
  }

  /// The JSON value of `expression`, or nil on failure.
  func value(_ expression: String) -> JSONValue? {
    (try? evaluateNow(expression).get()) ?? nil
  }
}
