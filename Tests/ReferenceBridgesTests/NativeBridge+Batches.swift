import JSONModel
import Testing
import WebViewHosting

@testable import ReferenceBridges

@Suite("Native bridge: fetched batches, unknown and duplicate responses", .checksEvaluatedScripts)
struct NativeBridgeBatchTests {
  /// Makes the page's next `_fetchQueue()` return `forged` entries (a JS
  /// array expression) before the real queue.
  static func forgeNextFetch(_ forged: String) -> String {
    """
    (function () {
      var bridge = window.WebViewJavascriptBridge;
      var original = bridge._fetchQueue;
      bridge._fetchQueue = function () {
        bridge._fetchQueue = original;
        return JSON.stringify(\(forged).concat(JSON.parse(original())));
      };
    })();
    """
  }

  @Test func emptyOrMissingFetchResultsAreWarnings() {
    let page = BridgePage().load()
    for result: JSONValue? in [nil, "", 7, .null, ["[]"]] {
      page.bridge.processFetchResult(result)
    }
    #expect(page.problemCodes == Array(repeating: .emptyQueue, count: 5))
    #expect(page.logs(.emptyQueue).allSatisfy { $0.level == .warning })
    page.bridge.processFetchResult("[]")
    #expect(page.problemCodes.count == 5, "an empty array is normal")
  }

  @Test func malformedQueuesAreDroppedAndLaterBatchesWork() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.bridge.processQueue("[{")
    page.bridge.processQueue("{}")
    page.bridge.processQueue("\"[]\"")
    page.bridge.processQueue("not json at all")
    #expect(page.problemCodes == [.malformedQueue, .queueNotArray, .queueNotArray, .malformedQueue])
    page.bridge.processQueue(#"[{"handlerName":"nativeProbe","data":"fine"}]"#)
    #expect(calls == ["fine"])
  }

  @Test func nonObjectEntriesAreSkippedAndTheRestIsProcessedInOrder() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.bridge.processQueue(
      #"[1, {"handlerName":"nativeProbe","data":"a"}, "x", null, [], {"handlerName":"nativeProbe","data":"b"}, true]"#)
    #expect(calls == ["a", "b"])
    #expect(page.problemCodes == Array(repeating: .nonObjectMessage, count: 5))
  }

  @Test func forgedUnknownResponseFromThePageIsIgnored() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.run(Self.forgeNextFetch("[{responseId: 'objc_cb_999', responseData: 'forged'}]"))
    page.run("bridge.callHandler('nativeProbe', 'after the forged entry');")
    #expect(page.logs(.unknownResponseID).count == 1)
    #expect(calls == ["after the forged entry"])
  }

  @Test func responsesAreRecognisedByPresenceOfResponseID() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.bridge.processQueue(
      #"""
      [{"handlerName":"nativeProbe","responseId":"","data":1},
       {"handlerName":"nativeProbe","responseId":0,"data":2},
       {"handlerName":"nativeProbe","responseId":null,"data":3},
       {"handlerName":"nativeProbe","responseId":false,"data":4},
       {"handlerName":"nativeProbe","responseId":1,"data":5},
       {"handlerName":"nativeProbe","data":6}]
      """#)
    #expect(calls == [6], "a message with responseId is never a request")
    #expect(page.logs(.unknownResponseID).count == 5)
  }

  @Test func aResponseSettlesItsCallbackOnceAndADuplicateIsUnknown() {
    let page = BridgePage().load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("silent") { answers.append($0) }
    page.settle()
    page.bridge.processQueue(
      #"[{"responseId":"objc_cb_1","responseData":"first"},{"responseId":"objc_cb_1","responseData":"second"}]"#)
    #expect(answers == ["first"])
    #expect(page.logs(.unknownResponseID).count == 1)
  }

  @Test func pageHandlerAnsweringTwiceSettlesTheNativeCallbackOnce() {
    let page = BridgePage().load()
    var answers: [JSONValue?] = []
    page.bridge.callHandler("answerTwice") { answers.append($0) }
    page.settle()
    #expect(answers == ["first"])
    #expect(page.problemCodes.isEmpty, "the reference page bridge never sends the duplicate")
  }

  @Test func nativeHandlerAnsweringTwiceSendsOneResponse() {
    let page = BridgePage().load()
    page.bridge.registerHandler("twice") { _, respond in
      respond?("first")
      respond?("second")
      respond?(nil)
    }
    page.run("bridge.callHandler('twice', null, function (a) { record('answer', a); });")
    #expect(page.recorded("answer") == ["first"])
    #expect(page.logs(.duplicateResponse).count == 2)
    #expect(deliveredMessages(page).filter { $0["responseId"] != nil }.count == 1)
    let consoleWarnings = page.webView.trace.events(named: TraceEventName.console).filter { $0["level"] == "warn" }
    #expect(consoleWarnings.isEmpty, "the page never saw an unknown response")
  }

  @Test func callbackIDsOfAnyJSONTypeAreEchoedExactly() {
    let page = BridgePage().load()
    page.bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    page.bridge.processQueue(
      #"[{"handlerName":"nativeEcho","data":1,"callbackId":0},{"handlerName":"nativeEcho","data":2,"callbackId":""},{"handlerName":"nativeEcho","data":3,"callbackId":{"odd":[1]}}]"#
    )
    page.settle()
    let responses = deliveredMessages(page).filter { $0["responseId"] != nil }
    #expect(responses.map { $0["responseId"] } == [0, "", ["odd": [1]]])
    #expect(responses.map { $0["responseData"] } == [1, 2, 3])
  }

  @Test func aPeerCallbackIDEqualToOurPendingIDIsStillARequest() {
    let page = BridgePage().load()
    var ours: [JSONValue?] = []
    page.bridge.callHandler("silent") { ours.append($0) }
    page.settle()
    var handled: [JSONValue?] = []
    page.bridge.registerHandler("nativeEcho") { data, respond in
      handled.append(data)
      respond?("to the peer")
    }
    page.bridge.processQueue(#"[{"handlerName":"nativeEcho","data":"x","callbackId":"objc_cb_1"}]"#)
    #expect(handled == ["x"])
    #expect(ours.isEmpty, "our own pending objc_cb_1 is not settled by the peer's request")
    #expect(page.bridge.pendingCallbackCount == 1)
  }

  @Test func pageCallbackIDsAreUnknownToTheNativeSide() {
    let page = BridgePage().load()
    page.bridge.processQueue(#"[{"handlerName":"x","responseId":"cb_1_1767225600000","responseData":1}]"#)
    #expect(page.logs(.unknownResponseID).count == 1)
  }

  @Test func unknownKeysAreIgnored() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    page.bridge.processQueue(#"[{"handlerName":"nativeProbe","data":1,"extra":"ignored","priority":9}]"#)
    #expect(calls == [1])
    #expect(page.problemCodes.isEmpty)
  }
}
