import JSONModel
import Testing

@testable import ReferenceBridges

@Suite("Native bridge: calls both ways", .checksEvaluatedScripts)
struct NativeBridgeCallTests {
  // MARK: Native -> page

  @Test(arguments: BridgeSetup.all)
  func nativeCallsPageHandlerAndGetsTheAnswer(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("echo", data: ["a": 1, "b": [true, .null]]) { answers.append($0) }
    page.settle()
    #expect(answers.count == 1)
    #expect(answers.first??.isIdentical(to: ["a": 1, "b": [true, .null]]) == true)
    #expect(page.recorded("echo").first??.isIdentical(to: ["a": 1, "b": [true, .null]]) == true)
    #expect(page.recorded("echo-has-callback") == [true])
    #expect(page.bridge.pendingCallbackCount == 0)
    #expect(page.problemCodes.isEmpty)
    #expect(page.uncaughtErrors.isEmpty)
  }

  @Test(arguments: BridgeSetup.all)
  func nativeCallWithoutCallbackCarriesNoCallbackID(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    page.bridge.callHandler("echo", data: "fire and forget")
    page.settle()
    #expect(page.recorded("echo") == ["fire and forget"])
    #expect(page.recorded("echo-has-callback") == [false])
    let requests = deliveredMessages(page).filter { $0["handlerName"] == "echo" }
    #expect(requests.count == 1)
    #expect(requests.first?["callbackId"] == nil)
    #expect(page.logs(.received).isEmpty, "the page must not answer a request without callbackId")
  }

  @Test func requestWireFormatHasFixedKeyOrder() {
    let page = BridgePage().load()
    page.bridge.callHandler("echo", data: ["z": 1, "a": 2]) { _ in }
    page.bridge.callHandler("echo")
    page.settle()
    let deliveries = page.deliveryScripts
    #expect(
      deliveries.first
        == #"WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"echo\",\"data\":{\"z\":1,\"a\":2},\"callbackId\":\"objc_cb_1\"}');"#
    )
    #expect(
      deliveries.dropFirst().first == #"WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"echo\"}');"#)
  }

  @Test func callbackIDsCountFromOneAndNeverRepeat() {
    let page = BridgePage().load()
    var answers: [Int] = []
    for index in 0..<5 {
      page.bridge.callHandler("echo", data: .number(Double(index))) { answers.append(Int($0?.numberValue ?? -1)) }
    }
    page.bridge.callHandler("echo", data: "no callback")
    page.bridge.callHandler("echo") { _ in }
    page.settle()
    let ids = deliveredMessages(page).compactMap { $0["callbackId"]?.stringValue }
    #expect(ids == ["objc_cb_1", "objc_cb_2", "objc_cb_3", "objc_cb_4", "objc_cb_5", "objc_cb_6"])
    #expect(answers == [0, 1, 2, 3, 4])
  }

  @Test(arguments: everyJSONType)
  func everyJSONTypeTravelsNativeToPageAndBack(value: JSONValue) {
    let page = BridgePage().load()
    var answer: JSONValue??
    page.bridge.callHandler("echo", data: value) { answer = .some($0) }
    page.settle()
    #expect(page.recorded("echo").count == 1)
    #expect(page.recorded("echo").first??.isIdentical(to: value) == true, "the page handler's data")
    #expect(answer??.isIdentical(to: value) == true, "the native callback's answer")
  }

  @Test func absentDataIsUndefinedAndNullIsNullOnThePage() {
    let page = BridgePage().load()
    page.bridge.callHandler("echo")
    page.bridge.callHandler("echo", data: .null)
    page.settle()
    let seen = page.recorded("echo")
    #expect(seen.count == 2)
    #expect(seen.first == .some(nil), "nil data: the page handler sees undefined")
    #expect(seen.last == .some(.null), "JSON null: the page handler sees null")
    let requests = deliveredMessages(page)
    #expect(requests.first?.keys == ["handlerName"])
    #expect(requests.last?.keys == ["handlerName", "data"])
  }

  @Test func pageAnswerUndefinedReachesNativeAsNil() {
    let page = BridgePage().load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("answerUndefined") { answers.append($0) }
    page.bridge.callHandler("echo", data: .null) { answers.append($0) }
    page.settle()
    #expect(answers.count == 2)
    #expect(answers.first == .some(nil), "respond() with no argument: no responseData key")
    #expect(answers.last == .some(.null), "respond(null)")
  }

  @Test func pageAnswerFromATimerIsDelivered() {
    let page = BridgePage().load()
    var answer: JSONValue??
    page.bridge.callHandler("deferredEcho", data: "later") { answer = .some($0) }
    page.webView.advance(by: 10)
    #expect(answer == nil)
    page.settle()
    #expect(answer == .some("later"))
  }

  // MARK: Page -> native

  @Test(arguments: BridgeSetup.all)
  func pageCallsNativeHandlerAndGetsTheAnswer(setup: BridgeSetup) {
    let page = BridgePage(setup).load()
    var received: [JSONValue?] = []
    page.bridge.registerHandler("nativeEcho") { data, respond in
      received.append(data)
      respond?(["echo": data ?? "undefined"])
    }
    page.run("bridge.callHandler('nativeEcho', {x: [1, 2]}, function (answer) { record('answer', answer); });")
    #expect(received == [["x": [1, 2]]])
    #expect(page.recorded("answer") == [["echo": ["x": [1, 2]]]])
    #expect(page.problemCodes.isEmpty)
  }

  @Test func pageCallWithoutCallbackGivesTheHandlerNoResponseCallback() {
    let page = BridgePage().load()
    var calls: [(JSONValue?, Bool)] = []
    page.bridge.registerHandler("nativeProbe") { data, respond in
      calls.append((data, respond != nil))
      respond?("must not be sent")
    }
    let deliveriesBefore = page.deliveryScripts.count
    page.run("bridge.callHandler('nativeProbe', 'no callback');")
    #expect(calls.count == 1)
    #expect(calls.first?.0 == "no callback")
    #expect(calls.first?.1 == false)
    #expect(page.deliveryScripts.count == deliveriesBefore, "nothing may be sent back")
  }

  @Test(arguments: everyJSONType)
  func everyJSONTypeTravelsPageToNativeAndBack(value: JSONValue) {
    let page = BridgePage().load()
    var received: [JSONValue?] = []
    page.bridge.registerHandler("nativeEcho") { data, respond in
      received.append(data)
      respond?(data)
    }
    let literal = BridgePage.literal(value.serialized())
    page.run(
      "bridge.callHandler('nativeEcho', JSON.parse(\(literal)), function (answer) { record('answer', answer); });")
    #expect(received.count == 1)
    #expect(received.first??.isIdentical(to: value) == true, "the native handler's data")
    #expect(page.recorded("answer").first??.isIdentical(to: value) == true, "the page callback's answer")
  }

  @Test func absentDataIsNilAndNullIsNullOnTheNativeSide() {
    let page = BridgePage().load()
    var received: [(data: JSONValue?, hasCallback: Bool)] = []
    page.bridge.registerHandler("nativeProbe") { data, respond in received.append((data, respond != nil)) }
    page.run(
      """
      bridge.callHandler('nativeProbe');
      bridge.callHandler('nativeProbe', null);
      bridge.callHandler('nativeProbe', function () {});
      bridge.callHandler('nativeProbe', undefined, function () {});
      """)
    #expect(received.count == 4)
    #expect(received.map(\.data) == [nil, .null, .null, nil])
    #expect(received.map(\.hasCallback) == [false, false, true, true])
  }

  @Test func nilNativeAnswerReachesThePageAsNull() {
    let page = BridgePage().load()
    page.bridge.registerHandler("nativeNil") { _, respond in respond?(nil) }
    page.run("bridge.callHandler('nativeNil', 1, function (answer) { record('answer', answer); });")
    #expect(page.recorded("answer") == [.null], "null, not undefined")
    let response = deliveredMessages(page).last
    #expect(response?.keys == ["responseId", "responseData"])
    #expect(response?["responseData"] == .null)
  }

  @Test func nativeHandlerMayAnswerLater() {
    let page = BridgePage().load()
    var pending: NativeBridge.ResponseCallback?
    page.bridge.registerHandler("nativeLater") { _, respond in pending = respond }
    page.run("bridge.callHandler('nativeLater', 1, function (answer) { record('answer', answer); });")
    #expect(page.recorded("answer").isEmpty)
    page.bridge.callHandler("echo", data: "meanwhile")
    page.settle()
    pending?("finally")
    page.settle()
    #expect(page.recorded("answer") == ["finally"])
    #expect(page.recorded("echo") == ["meanwhile"])
  }

  @Test func responseIDIsTheExactCallbackIDOfThePage() {
    let page = BridgePage().load()
    page.bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    page.run("bridge.callHandler('nativeEcho', 1, function () {});")
    let response = deliveredMessages(page).last
    let id = response?["responseId"]?.stringValue ?? ""
    #expect(id.hasPrefix("cb_1_"))
  }

  // MARK: Handlers

  @Test func handlerNamesMatchExactly() {
    let page = BridgePage().load()
    var hits: [String] = []
    page.bridge.registerHandler("caf\u{E9}") { _, _ in hits.append("precomposed") }
    page.bridge.registerHandler("quote's \"name\" \\ \u{2028} 😀") { _, _ in hits.append("tricky") }
    page.run(
      """
      bridge.callHandler('cafe\\u0301');
      bridge.callHandler('caf\\u00e9');
      bridge.callHandler('Caf\\u00e9');
      bridge.callHandler(\(BridgePage.literal("quote's \"name\" \\ \u{2028} 😀")));
      """)
    #expect(hits == ["precomposed", "tricky"])
    #expect(page.logs(.noHandler).count == 2)
  }

  @Test func pageHandlerNamesMatchExactly() {
    let page = BridgePage().load()
    let name = "page 'handler' \"with\" \\ \u{2028}\u{2029} \n 😀"
    page.run("bridge.registerHandler(\(BridgePage.literal(name)), function (data) { record('tricky', data); });")
    page.bridge.callHandler(name, data: "hit")
    page.bridge.callHandler("page 'handler'", data: "miss")
    page.settle()
    #expect(page.recorded("tricky") == ["hit"])
  }

  @Test func registeringAgainReplacesAndRemovingMakesItMissing() {
    let page = BridgePage().load()
    var hits: [String] = []
    page.bridge.registerHandler("h") { _, _ in hits.append("first") }
    page.bridge.registerHandler("h") { _, _ in hits.append("second") }
    page.run("bridge.callHandler('h');")
    page.bridge.removeHandler("h")
    page.run("bridge.callHandler('h');")
    #expect(hits == ["second"])
    #expect(page.logs(.noHandler).count == 1)
  }

  @Test func nativeHandlerMayCallIntoTheBridgeDuringABatch() {
    let page = BridgePage().load()
    var order: [String] = []
    page.bridge.registerHandler("first") { [unowned bridge = page.bridge] _, respond in
      order.append("first")
      bridge.callHandler("echo", data: "from inside the batch") { answer in
        order.append("inner answer \(answer?.stringValue ?? "?")")
      }
      bridge.registerHandler("registeredInside") { _, _ in order.append("registeredInside") }
      respond?("answered")
    }
    page.bridge.registerHandler("second") { _, _ in order.append("second") }
    page.run(
      """
      bridge.callHandler('first', null, function (answer) { record('answer', answer); });
      bridge.callHandler('second');
      bridge.callHandler('registeredInside');
      """)
    #expect(order == ["first", "second", "registeredInside", "inner answer from inside the batch"])
    #expect(page.recorded("answer") == ["answered"])
    #expect(page.recorded("echo") == ["from inside the batch"])
  }
}
