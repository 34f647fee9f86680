import JSONModel
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

@Suite("Native bridge: page dispatch mode, logging, demo page", .checksEvaluatedScripts)
struct NativeBridgeDispatchLoggingTests {
  /// The label of the task in which each `console.log(marker)` ran.
  static func tasks(runningConsole marker: String, in trace: Trace) -> [String] {
    var current = ""
    var labels: [String] = []
    for event in trace.events {
      if event.name == TraceEventName.task { current = event["label"]?.stringValue ?? "" }
      if event.name == TraceEventName.console, event["text"]?.stringValue == marker { labels.append(current) }
    }
    return labels
  }

  static let markerPage =
    standardPageScript + """

      setupWebViewJavascriptBridge(function (bridge) {
        bridge.registerHandler('marker', function () { console.log('marker ran'); });
      });
      """

  @Test(arguments: BridgeSetup.all)
  func safetyTimeoutDispatchesInATimerUntilDisabled(setup: BridgeSetup) {
    let page = BridgePage(setup).load(Self.markerPage)
    page.bridge.callHandler("marker")
    page.settle()
    page.bridge.disableJavascriptAlertBoxSafetyTimeout()
    page.settle()
    page.bridge.callHandler("marker")
    page.settle()
    let labels = Self.tasks(runningConsole: "marker ran", in: page.webView.trace)
    #expect(labels.count == 2)
    #expect(labels.first?.hasPrefix("timer") == true, "default: dispatched from setTimeout(…, 0)")
    #expect(labels.last == "evaluate", "after disabling: inside the delivering evaluation")
  }

  @Test func disablingTheSafetyTimeoutSendsABareRequest() {
    let page = BridgePage().load()
    page.bridge.disableJavascriptAlertBoxSafetyTimeout()
    page.settle()
    #expect(deliveredMessages(page).last == ["handlerName": "_disableJavascriptAlertBoxSafetyTimeout"])
    #expect(deliveredMessages(page).last?.keys == ["handlerName"])
  }

  @Test func defaultLogHandlerRecordsIntoTheTrace() throws {
    let webView = SimulatedWebView()
    ScriptTextCheck.register(webView)
    let bridge = NativeBridge(webView: webView)
    bridge.processQueue("[1]")
    let events = webView.trace.events(named: NativeBridgeLog.traceEventName)
    let event = try #require(events.last)
    #expect(event.source == .native)
    #expect(event.name == "native-log")
    #expect(event["level"] == "warning")
    #expect(event["code"] == "non-object-message")
    #expect(event["message"]?.stringValue?.isEmpty == false)
    #expect(event.fields.keys == ["level", "code", "message"])
  }

  @Test func minimumLogLevelFiltersAndCustomHandlersReceiveEntries() {
    let page = BridgePage()
    var seen: [NativeBridgeLog] = []
    page.bridge.logHandler = { seen.append($0) }
    page.bridge.minimumLogLevel = .warning
    page.load()
    page.bridge.callHandler("echo", data: 1)
    page.settle()
    #expect(seen.isEmpty, "debug and info entries are filtered out")
    page.bridge.processQueue("[true]")
    #expect(seen.map(\.code) == [.nonObjectMessage])
    #expect(seen.first?.description.hasPrefix("warning non-object-message: ") == true)
  }

  @Test func trafficIsLoggedAtDebugLevel() {
    let page = BridgePage().load()
    page.bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    page.bridge.callHandler("echo", data: 1) { _ in }
    page.run("bridge.callHandler('nativeEcho', 2, function () {});")
    #expect(page.logs(.sent).count == 2)
    #expect(page.logs(.received).count == 2)
    #expect(page.logs(.sent).allSatisfy { $0.level == .debug })
    #expect(page.logs(.injected).first?.level == .info)
  }

  @Test(arguments: BridgeSetup.all)
  func demoPageFlow(setup: BridgeSetup) {
    let page = BridgePage(setup)
    var greetings: [JSONValue?] = []
    page.bridge.registerHandler("nativeGreeting") { data, respond in
      greetings.append(data)
      respond?(["greeting": "hello from native", "to": data?["from"] ?? .null])
    }
    var echo: JSONValue??
    page.bridge.callHandler("pageEcho", data: ["from": "native", "n": [1, 2, 3]]) { echo = .some($0) }
    page.load(ReferenceScripts.demoPage)
    #expect(greetings == [["from": "page"]])
    #expect(echo == .some(["echo": ["from": "native", "n": [1, 2, 3]]]))
    let lines = page.webView.trace.events(named: TraceEventName.console).compactMap { $0["text"]?.stringValue }
    #expect(lines == [#"nativeGreeting answered: {"greeting":"hello from native","to":"page"}"#])
    #expect(page.problemCodes.isEmpty)
    #expect(page.uncaughtErrors.isEmpty)
  }
}
