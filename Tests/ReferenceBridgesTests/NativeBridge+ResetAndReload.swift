import JSONModel
import Testing

@testable import ReferenceBridges

@Suite("Native bridge: reset and reload", .checksEvaluatedScripts)
struct NativeBridgeResetReloadTests {
  @Test(arguments: BridgeSetup.all)
  func resetDropsPendingCallbacksAndKeepsHandlers(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var nativeHandlerCalls = 0
    page.bridge.registerHandler("nativeEcho") { data, respond in
      nativeHandlerCalls += 1
      respond?(data)
    }
    var stale: [JSONValue?] = []
    page.bridge.callHandler("silent", data: 1) { stale.append($0) }
    page.bridge.callHandler("deferredEcho", data: 2) { stale.append($0) }
    page.webView.advance(by: 1)  // both requests are in the page; the answer comes at 25 ms
    #expect(page.bridge.pendingCallbackCount == 2)

    page.bridge.reset()
    #expect(page.bridge.pendingCallbackCount == 0)
    #expect(page.bridge.isHoldingStartupMessages)
    page.bridge.callHandler("echo", data: "held until the next injection")
    page.settle()
    #expect(stale.isEmpty, "dropped callbacks are never called")
    #expect(page.logs(.unknownResponseID).count == 1, "the late answer to objc_cb_2 is unknown now")
    #expect(!page.recorded("echo").contains("held until the next injection"))

    // The next injection (a new page load) sends the held message; ids restart.
    page.webView.reload()
    page.settle()
    #expect(page.recorded("echo").last == "held until the next injection")
    var answer: JSONValue??
    page.bridge.callHandler("echo", data: "fresh") { answer = .some($0) }
    page.settle()
    #expect(answer == .some("fresh"))
    #expect(deliveredMessages(page).last?["callbackId"] == "objc_cb_1", "the id counter restarted")
    page.run("bridge.callHandler('nativeEcho', 'handlers kept', function (a) { record('answer', a); });")
    #expect(nativeHandlerCalls == 1)
    #expect(page.recorded("answer") == ["handlers kept"])
  }

  @Test func resetInTheSamePageWaitsForAnotherBridgeLoaded() {
    let page = BridgePage().load()
    page.bridge.reset()
    page.bridge.callHandler("echo", data: "after reset")
    page.settle()
    #expect(page.recorded("echo").isEmpty)
    page.run(
      """
      var again = document.createElement('iframe');
      again.src = 'https://__bridge_loaded__';
      document.documentElement.appendChild(again);
      """)
    #expect(page.recorded("echo") == ["after reset"])
    #expect(page.recorded("setup").count == 1, "the page kept its first bridge")
  }

  @Test func resetDropsUnsentStartupMessages() {
    let page = BridgePage()
    page.bridge.callHandler("echo", data: "dropped")
    page.bridge.reset()
    page.bridge.callHandler("echo", data: "kept")
    page.load()
    #expect(page.recorded("echo") == ["kept"])
  }

  @Test(arguments: BridgeSetup.all)
  func reloadWhileANativeCallAwaitsItsAnswer(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("deferredEcho", data: "lost with the page") { answers.append($0) }
    page.webView.advance(by: 5)
    page.webView.reload()
    page.settle()
    #expect(answers.isEmpty, "the old page died before answering")
    #expect(page.bridge.pendingCallbackCount == 1, "without reset() the callback just stays pending")
    #expect(page.bridge.injectionCount == 2, "the new page was injected again")
    page.bridge.callHandler("echo", data: "new page") { answers.append($0) }
    page.settle()
    #expect(answers == ["new page"])
    #expect(page.uncaughtErrors.isEmpty)
  }

  @Test func messagesSentWhileThePageIsGoneAreLoggedNotFatal() {
    let page = BridgePage().load()
    page.webView.reload()
    // Evaluated before the new page's bridge exists (classic behaviour: lost).
    page.bridge.callHandler("echo", data: "into the void") { _ in }
    page.settle()
    #expect(page.logs(.sendFailed).count == 1)
    #expect(page.recorded("echo").isEmpty)
    page.bridge.callHandler("echo", data: "works again")
    page.settle()
    #expect(page.recorded("echo") == ["works again"])
  }

  @Test func fetchAfterThePageWentAwayIsAWarning() {
    let page = BridgePage().load()
    page.run("bridge.callHandler('nobody');")
    // A queue signal whose fetch runs after the page lost its bridge.
    page.run(
      "delete window.WebViewJavascriptBridge; var f = document.createElement('iframe'); f.src = 'https://__wvjb_queue_message__'; document.documentElement.appendChild(f);"
    )
    #expect(page.logs(.fetchFailed).count == 1)
    #expect(page.logs(.fetchFailed).first?.level == .warning)
  }
}
