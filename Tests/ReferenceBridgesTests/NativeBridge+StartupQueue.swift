import JSONModel
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

extension BridgePage {
  /// Loads the page and runs tasks only until the native bridge has sent
  /// its start-up queue (the injection point), leaving the rest pending.
  func loadUntilInjected(_ script: String = standardPageScript) {
    webView.load(
      PageSource(
        url: "https://app.bridgecheck.test/index.html",
        scripts: [
          PageScript(name: "setup-snippet.js", source: ReferenceScripts.setupSnippet),
          PageScript(name: "test-page.js", source: script),
        ]))
    while bridge.isHoldingStartupMessages {
      if webView.scheduler.runNextDueTask() { continue }
      guard let due = webView.scheduler.nextDueTime else { break }
      webView.advance(by: max(1, due.milliseconds - webView.scheduler.now.milliseconds))
    }
  }
}

@Suite("Native bridge: start-up queue and injection", .checksEvaluatedScripts)
struct NativeBridgeStartupTests {
  @Test(arguments: BridgeSetup.all)
  func messagesSentBeforeInjectionArriveFirstAndInOrder(setup: BridgeSetup) {
    let page = BridgePage(setup)
    var answers: [JSONValue?] = []
    page.bridge.callHandler("echo", data: 1) { answers.append($0) }
    page.bridge.callHandler("echo", data: 2)
    page.bridge.callHandler("echo", data: 3) { answers.append($0) }
    #expect(page.bridge.startupQueueCount == 3)
    #expect(page.evaluatedScripts.isEmpty, "nothing is evaluated before injection")
    page.loadUntilInjected()
    #expect(!page.bridge.isHoldingStartupMessages)
    // Sent right after the injection, before the start-up messages were dispatched.
    page.bridge.callHandler("echo", data: 4) { answers.append($0) }
    page.bridge.callHandler("echo", data: 5)
    page.settle()
    #expect(page.recorded("echo") == [1, 2, 3, 4, 5])
    #expect(answers == [1, 3, 4])
    #expect(page.recordedLabels.first == "setup", "the page's setup callback ran before any start-up message")
    #expect(page.problemCodes.isEmpty)
    #expect(page.uncaughtErrors.isEmpty)
  }

  @Test(arguments: BridgeSetup.all)
  func startupMessagesReachHandlersEvenWithSynchronousDispatch(setup: BridgeSetup) {
    let page = BridgePage(setup)
    page.bridge.disableJavascriptAlertBoxSafetyTimeout()
    page.bridge.callHandler("echo", data: "first")
    page.bridge.callHandler("echo", data: "second")
    page.load()
    page.bridge.callHandler("echo", data: "third")
    page.settle()
    #expect(page.recorded("echo") == ["first", "second", "third"])
    let warnings = page.webView.trace.events(named: TraceEventName.console).filter { $0["level"] == "warn" }
    #expect(warnings.isEmpty, "no page-side 'no handler' warnings: \(warnings)")
  }

  @Test(arguments: BridgeSetup.all)
  func injectionSequenceIsInjectThenStartupMessages(setup: BridgeSetup) {
    let page = BridgePage(setup)
    page.bridge.callHandler("echo", data: "queued")
    page.load()
    let scripts = page.evaluatedScripts
    let firstDelivery = scripts.firstIndex { $0.hasPrefix(ScriptTextCheck.deliveryPrefix) }
    switch setup.injection {
    case .onBridgeLoaded:
      let injection = scripts.firstIndex { $0.hasPrefix("window.WVJBReferenceOptions = ") }
      #expect(injection != nil)
      #expect(injection.map { i in firstDelivery.map { i < $0 } ?? false } == true)
    case .atDocumentStart:
      #expect(!scripts.contains { $0.contains("WVJBReferenceOptions") }, "a user script, never evaluated")
      let ran = page.webView.trace.events(named: TraceEventName.scriptRun).compactMap { $0["name"]?.stringValue }
      #expect(ran.first == PageInjection.userScriptName)
      #expect(ran.last == PageInjection.announceScriptName)
      // The setup snippet found the bridge present and asked for nothing; the
      // only __bridge_loaded__ request is the iframe announcement.
      let requests = page.webView.trace.events(named: TraceEventName.navigationRequested)
        .filter { $0["url"] == "https://__bridge_loaded__/" }
      #expect(requests.count == (setup.transport == .iframe ? 1 : 0))
    default:
      Issue.record("not a setup of BridgeSetup.all")
    }
    #expect(page.bridge.injectionCount == 1)
    #expect(page.logs(.injected).count == 1)
    #expect(page.logs(.startupFlushed).count == 1)
    #expect(page.recorded("echo") == ["queued"])
  }

  @Test func optionsPrefixCarriesTheOptions() {
    let plain = PageInjection.optionsPrefix(for: NativeBridgeOptions())
    #expect(plain == "window.WVJBReferenceOptions = {transport: 'iframe', answerMissingHandler: false};")
    let custom = PageInjection.optionsPrefix(
      for: NativeBridgeOptions(transport: .messageHandlers(name: "it's\u{2028}x"), answerMissingHandler: true))
    #expect(
      custom
        == "window.WVJBReferenceOptions = {transport: 'messageHandlers', messageHandlerName: 'it\\'s\\u2028x', answerMissingHandler: true};"
    )
  }

  @Test func secondBridgeLoadedEvaluatesAgainButSendsNothingTwice() {
    let page = BridgePage()
    page.bridge.callHandler("echo", data: "once")
    page.load()
    page.run(
      """
      var again = document.createElement('iframe');
      again.src = 'https://__bridge_loaded__';
      document.documentElement.appendChild(again);
      """)
    let injections = page.evaluatedScripts.filter { $0.hasPrefix("window.WVJBReferenceOptions = ") }
    #expect(injections.count == 2, "evaluated again, like upstream")
    #expect(page.bridge.injectionCount == 2)
    #expect(page.recorded("echo") == ["once"], "the start-up message is not sent twice")
    #expect(page.logs(.startupFlushed).count == 1)
    // The page kept its bridge and handlers.
    page.bridge.callHandler("echo", data: "still works")
    page.settle()
    #expect(page.recorded("echo") == ["once", "still works"])
    #expect(page.recorded("setup").count == 1)
    #expect(page.uncaughtErrors.isEmpty)
  }

  @Test(arguments: BridgeSetup.all.filter { $0.injection == .atDocumentStart })
  func documentStartHoldsAnswersToPageCallsMadeBeforeTheAnnouncement(setup: BridgeSetup) {
    let page = BridgePage(setup)
    page.bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    page.bridge.callHandler("echo", data: "start-up request")
    page.load(
      standardPageScript + """

        bridge.callHandler('nativeEcho', 'asked during page load', function (answer) { record('answer', answer); });
        """)
    #expect(page.recorded("answer") == ["asked during page load"])
    #expect(page.recorded("echo") == ["start-up request"])
    #expect(!page.logs(.startupQueued).isEmpty)
  }

  @Test(arguments: BridgeSetup.all)
  func eachPageLoadInjectsAgainAndTheBridgeKeepsWorking(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    page.webView.reload()
    page.settle()
    #expect(page.bridge.injectionCount == 2)
    #expect(page.recorded("setup").count == 2)
    var answer: JSONValue??
    page.bridge.callHandler("echo", data: "after reload") { answer = .some($0) }
    page.settle()
    #expect(answer == .some("after reload"))
    #expect(page.logs(.startupFlushed).count == 1, "the start-up queue is sent once, at the first injection")
  }

  @Test func documentStartBridgeCreatedAfterALoadWaitsForTheNextLoad() {
    let webView = SimulatedWebView()
    ScriptTextCheck.register(webView)
    webView.load(PageSource(url: "https://app.test/", scripts: []))
    webView.runUntilIdle()
    let bridge = NativeBridge(webView: webView, options: NativeBridgeOptions(injection: .atDocumentStart))
    bridge.callHandler("anything")
    webView.runUntilIdle()
    #expect(bridge.isHoldingStartupMessages)
    #expect(webView.trace.events(named: TraceEventName.evaluate).isEmpty)
    webView.reload()
    webView.runUntilIdle()
    #expect(!bridge.isHoldingStartupMessages)
    let deliveries = webView.trace.events(named: TraceEventName.evaluate)
      .filter { $0["script"]?.stringValue?.hasPrefix(ScriptTextCheck.deliveryPrefix) == true }
    #expect(deliveries.count == 1)
  }

  @Test func aMessageSentFromALogHandlerDuringTheFlushJoinsTheEndOfTheQueue() {
    let page = BridgePage()
    page.bridge.callHandler("echo", data: 1)
    page.bridge.callHandler("echo", data: 2)
    let recorder = page.bridge.logHandler
    var sentOnce = false
    page.bridge.logHandler = { [unowned bridge = page.bridge] log in
      recorder(log)
      if log.code == .sent, !sentOnce {
        sentOnce = true
        bridge.callHandler("echo", data: "from the log handler")
      }
    }
    page.load()
    page.bridge.callHandler("echo", data: 3)
    page.settle()
    #expect(page.recorded("echo") == [1, 2, "from the log handler", 3])
  }
}
