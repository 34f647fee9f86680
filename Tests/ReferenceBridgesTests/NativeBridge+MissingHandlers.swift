import JSONModel
import Testing
import WebViewHosting

@testable import ReferenceBridges

@Suite("Native bridge: missing handlers both ways", .checksEvaluatedScripts)
struct NativeBridgeMissingHandlerTests {
  @Test(arguments: BridgeSetup.all)
  func pageCallToAMissingNativeHandlerIsLoggedAndTheBatchGoesOn(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.run(
      """
      bridge.callHandler('nope', 1, function (answer) { record('answer', answer); });
      bridge.callHandler('nativeProbe', 'next in the same batch');
      """)
    #expect(calls == ["next in the same batch"])
    #expect(page.logs(.noHandler).count == 1)
    #expect(page.logs(.noHandler).first?.level == .warning)
    #expect(page.logs(.noHandler).first?.message.contains("\"nope\"") == true)
    #expect(page.recorded("answer").isEmpty, "no answer by default, like upstream")
  }

  @Test(arguments: BridgeSetup.all)
  func pageCallToAMissingNativeHandlerIsAnsweredWhenConfigured(setup: BridgeSetup) {
    let page = BridgePage(setup, answerMissingHandler: true).load()
    page.run(
      """
      bridge.callHandler('nope', 1, function (answer) { record('answer', answer); });
      bridge.callHandler('nope without callback', 2);
      """)
    #expect(page.recorded("answer") == [["error": "no-handler", "handlerName": "nope"]])
    #expect(page.logs(.noHandler).count == 2)
    #expect(deliveredMessages(page).filter { $0["responseId"] != nil }.count == 1, "no answer without a callbackId")
  }

  @Test func missingHandlerAnswerEchoesANonStringNameAndOmitsAnAbsentOne() {
    let page = BridgePage(answerMissingHandler: true).load()
    page.bridge.processQueue(#"[{"handlerName":5,"callbackId":"a"},{"callbackId":"b"}]"#)
    page.settle()
    let answers = deliveredMessages(page).filter { $0["responseId"] != nil }.map { $0["responseData"] }
    #expect(answers == [["error": "no-handler", "handlerName": 5], ["error": "no-handler"]])
  }

  @Test(arguments: BridgeSetup.all)
  func nativeCallToAMissingPageHandlerIsNotAnsweredByDefault(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("nope", data: 1) { answers.append($0) }
    page.bridge.callHandler("echo", data: "next")
    page.settle()
    #expect(answers.isEmpty)
    #expect(page.bridge.pendingCallbackCount == 1)
    #expect(page.recorded("echo") == ["next"])
    let warnings = page.webView.trace.events(named: TraceEventName.console).compactMap { $0["text"]?.stringValue }
    #expect(warnings.contains { $0.contains("no handler registered for \"nope\"") })
  }

  @Test(arguments: BridgeSetup.all)
  func nativeCallToAMissingPageHandlerIsAnsweredWhenConfigured(setup: BridgeSetup) {
    let page = BridgePage(setup, answerMissingHandler: true).load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("nope", data: 1) { answers.append($0) }
    page.settle()
    #expect(answers == [["error": "no-handler", "handlerName": "nope"]])
    #expect(page.bridge.pendingCallbackCount == 0)
  }

  @Test func inheritedPropertyNamesAreOrdinaryMissingHandlers() {
    let page = BridgePage().load()
    page.run(
      """
      bridge.callHandler('constructor');
      bridge.callHandler('__proto__');
      bridge.callHandler('toString');
      bridge.callHandler('');
      """)
    #expect(page.logs(.noHandler).count == 4)
    var hits: [String] = []
    page.bridge.registerHandler("__proto__") { _, _ in hits.append("__proto__") }
    page.bridge.registerHandler("") { _, _ in hits.append("empty") }
    page.run("bridge.callHandler('__proto__'); bridge.callHandler('');")
    #expect(hits == ["__proto__", "empty"])
  }
}
