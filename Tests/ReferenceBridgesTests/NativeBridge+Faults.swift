import Foundation
import JSONModel
import PageSimulation
import TestSupport
import Testing

@testable import ReferenceBridges

/// The mutation-testing faults of the reference native bridge
/// (``NativeBridgeFault``): each test runs one scenario on a correct bridge
/// and on one with a single fault, and shows that they differ as the fault
/// says.
///
/// The faults in ``NativeBridgeFault/crashing`` (`unknown-response-crashes`,
/// `malformed-queue-crashes`, `empty-fetch-crashes`, …) trap by design and
/// are never run in this process (only behind the reference adapter, out of
/// process); their decision functions are tested without trapping.
@Suite("Native bridge: mutation-testing faults", .checksEvaluatedScripts)
struct NativeBridgeFaultTests {
  /// What `scenario` observes on a correct bridge and on a bridge with `fault`.
  ///
  /// `checked: false` is for faults whose whole point is a bad evaluated
  /// script (what ``ScriptTextCheck`` catches after each test): the pages are
  /// made outside the suite's check, and the test asserts the problems itself.
  static func observe<T>(
    _ fault: NativeBridgeFault, checked: Bool = true,
    page make: (Set<NativeBridgeFault>) -> BridgePage = { BridgePage(faults: $0) },
    _ scenario: (BridgePage) -> T
  ) -> (correct: T, faulty: T) {
    func run(_ faults: Set<NativeBridgeFault>) -> T {
      let page =
        checked
        ? make(faults) : ScriptTextCheck.Registry.$current.withValue(ScriptTextCheck.Registry()) { make(faults) }
      return scenario(page)
    }
    return (run([]), run([fault]))
  }

  // MARK: Data

  @Test func falsyDataDroppedPageToNative() {
    let seen = Self.observe(.falsyDataDropped) { page -> [JSONValue?] in
      page.load()
      var received: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in received.append(data) }
      page.run("[0, false, '', null, 'x', 1].forEach(function (v) { bridge.callHandler('nativeProbe', v); });")
      return received
    }
    #expect(seen.correct == [0, false, "", .null, "x", 1])
    #expect(seen.faulty == [nil, nil, nil, nil, "x", 1])
  }

  @Test func falsyDataDroppedNativeToPage() {
    let seen = Self.observe(.falsyDataDropped) {
      page -> (page: [JSONValue?], answers: [JSONValue?], keys: [[String]]) in
      page.load()
      var answers: [JSONValue?] = []
      for value: JSONValue in [0, false, "", .null, "x"] {
        page.bridge.callHandler("echo", data: value) { answers.append($0) }
      }
      page.settle()
      return (page.recorded("echo"), answers, deliveredMessages(page).map(\.keys))
    }
    #expect(seen.correct.page == [0, false, "", .null, "x"])
    #expect(seen.correct.answers == [0, false, "", .null, "x"])
    #expect(
      seen.faulty.page == [nil, nil, nil, nil, "x"], "falsy data is sent with no data key: the page sees undefined")
    #expect(seen.faulty.answers == [nil, nil, nil, nil, "x"])
    #expect(seen.faulty.keys.prefix(4).allSatisfy { $0 == ["handlerName", "callbackId"] })
  }

  @Test func falsyDataDroppedInNativeAnswers() {
    let seen = Self.observe(.falsyDataDropped) { page -> [JSONValue?] in
      page.load()
      page.bridge.registerHandler("nativeZero") { _, respond in respond?(0) }
      page.run("bridge.callHandler('nativeZero', 'x', function (answer) { record('answer', answer); });")
      return page.recorded("answer")
    }
    #expect(seen.correct == [0])
    #expect(seen.faulty == [.null], "a falsy answer is sent as no answer")
  }

  @Test func dataCastToDictionary() {
    let seen = Self.observe(.dataCastToDictionary) { page -> (requests: [JSONValue?], answers: [JSONValue?]) in
      page.load()
      var received: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in received.append(data) }
      page.run(
        "[[1, 2], 'text', 7, true, null, {a: 1}].forEach(function (v) { bridge.callHandler('nativeProbe', v); });")
      var answers: [JSONValue?] = []
      for value: JSONValue in [[1], "s", ["k": "v"]] {
        page.bridge.callHandler("echo", data: value) { answers.append($0) }
      }
      page.settle()
      return (received, answers)
    }
    #expect(seen.correct.requests == [[1, 2], "text", 7, true, .null, ["a": 1]])
    #expect(seen.faulty.requests == [nil, nil, nil, nil, nil, ["a": 1]])
    #expect(seen.correct.answers == [[1], "s", ["k": "v"]])
    #expect(seen.faulty.answers == [nil, nil, ["k": "v"]], "response data that is not an object is dropped too")
  }

  @Test func nilResponseOmitted() {
    let seen = Self.observe(.nilResponseOmitted) { page -> (answers: [JSONValue?], keys: [[String]]) in
      page.load()
      page.bridge.registerHandler("answersNil") { _, respond in respond?(nil) }
      page.run("bridge.callHandler('answersNil', 1, function (answer) { record('answer', answer); });")
      return (page.recorded("answer"), deliveredMessages(page).filter { $0["responseId"] != nil }.map(\.keys))
    }
    #expect(seen.correct.answers == [.null] && seen.correct.keys == [["responseId", "responseData"]])
    #expect(seen.faulty.answers == [nil], "the page callback gets undefined")
    #expect(seen.faulty.keys == [["responseId"]])
  }

  @Test func nilResponseNotSent() {
    let seen = Self.observe(.nilResponseNotSent) { page -> (nil: [JSONValue?], value: [JSONValue?]) in
      page.load()
      page.bridge.registerHandler("answersNil") { _, respond in respond?(nil) }
      page.bridge.registerHandler("answersOne") { _, respond in respond?(1) }
      page.run(
        """
        bridge.callHandler('answersNil', 1, function (answer) { record('nil', answer); });
        bridge.callHandler('answersOne', 1, function (answer) { record('value', answer); });
        """)
      return (page.recorded("nil"), page.recorded("value"))
    }
    #expect(seen.correct.nil == [.null] && seen.correct.value == [1])
    #expect(seen.faulty.nil.isEmpty, "the page callback is never settled")
    #expect(seen.faulty.value == [1], "other answers are sent")
  }

  @Test func numbersLosePrecision() {
    let seen = Self.observe(.numbersLosePrecision) { page -> [JSONValue?] in
      page.load()
      page.bridge.callHandler("echo", data: [123456789.125, 0.1, 9_007_199_254_740_991, -1.5, 0])
      page.settle()
      return page.recorded("echo")
    }
    #expect(seen.correct == [[123456789.125, 0.1, 9_007_199_254_740_991, -1.5, 0]])
    #expect(seen.faulty == [[123_457_000, 0.1, 9.0072e15, -1.5, 0]], "six significant digits")
    #expect(BridgeMessageCodec.sixDigitNumbersJSON(["k\"": [1e21, "s"]]) == #"{"k\"":[1e+21,"s"]}"#)
  }

  // MARK: Start-up queue

  @Test(arguments: BridgeSetup.all)
  func startupQueueDropped(setup: BridgeSetup) {
    let seen = Self.observe(.startupQueueDropped, page: { BridgePage(setup, faults: $0) }) { page -> [JSONValue?] in
      for index in 1...3 { page.bridge.callHandler("echo", data: .number(Double(index))) }
      page.load()
      page.bridge.callHandler("echo", data: "after injection")
      page.settle()
      return page.recorded("echo")
    }
    #expect(seen.correct == [1, 2, 3, "after injection"])
    #expect(seen.faulty == ["after injection"])
  }

  @Test(arguments: BridgeSetup.all)
  func startupQueueReversed(setup: BridgeSetup) {
    let seen = Self.observe(.startupQueueReversed, page: { BridgePage(setup, faults: $0) }) { page -> [JSONValue?] in
      for index in 1...3 { page.bridge.callHandler("echo", data: .number(Double(index))) }
      page.load()
      return page.recorded("echo")
    }
    #expect(seen.correct == [1, 2, 3])
    #expect(seen.faulty == [3, 2, 1])
  }

  @Test func injectsOnlyOnce() {
    let seen = Self.observe(.injectsOnlyOnce) {
      page -> (injections: Int, setups: Int, answers: [JSONValue?], failures: Int) in
      page.load()
      page.webView.reload()
      page.settle()
      var answers: [JSONValue?] = []
      page.bridge.callHandler("echo", data: "after reload") { answers.append($0) }
      page.settle()
      return (page.bridge.injectionCount, page.recorded("setup").count, answers, page.logs(.sendFailed).count)
    }
    #expect(seen.correct.injections == 2 && seen.correct.setups == 2)
    #expect(seen.correct.answers == ["after reload"] && seen.correct.failures == 0)
    #expect(seen.faulty.injections == 1 && seen.faulty.setups == 1, "the reloaded page never gets a bridge")
    #expect(seen.faulty.answers.isEmpty && seen.faulty.failures == 1)
  }

  @Test func startupQueueReplayed() {
    let seen = Self.observe(.startupQueueReplayed) { page -> (echo: [JSONValue?], answers: Int) in
      var answers = 0
      page.bridge.callHandler("echo", data: "early") { _ in answers += 1 }
      page.load()
      page.run(NativeBridgeNavigationTests.navigate(["https://__bridge_loaded__", "https://__bridge_loaded__"]))
      page.settle()
      page.bridge.callHandler("echo", data: "later")
      page.settle()
      return (page.recorded("echo"), answers)
    }
    #expect(seen.correct.echo == ["early", "later"] && seen.correct.answers == 1)
    #expect(seen.faulty.echo == ["early", "early", "early", "later"], "sent again on every __bridge_loaded__")
    #expect(seen.faulty.answers == 1, "the repeated answers find the callback gone")
  }

  // MARK: Escaping

  @Test func lineSeparatorsNotEscaped() {
    let seen = Self.observe(.lineSeparatorsNotEscaped, checked: false) {
      page -> (echo: [JSONValue?], problems: [String]) in
      page.load()
      page.bridge.callHandler("echo", data: "a\u{2028}b\u{2029}c")
      page.settle()
      return (page.recorded("echo"), ScriptTextCheck.problems(in: page.webView.trace))
    }
    #expect(seen.correct.problems.isEmpty)
    #expect(seen.correct.echo == ["a\u{2028}b\u{2029}c"])
    // The simulated engine is ES2019 and still runs it; older engines would not.
    #expect(seen.faulty.echo == ["a\u{2028}b\u{2029}c"])
    #expect(seen.faulty.problems.count == 2)
    #expect(seen.faulty.problems.allSatisfy { $0.contains("raw U+2028") || $0.contains("raw U+2029") })
  }

  @Test func singleQuoteNotEscaped() {
    let seen = Self.observe(.singleQuoteNotEscaped, checked: false) {
      page -> (echo: [JSONValue?], failures: Int, problems: [String]) in
      page.load()
      page.bridge.callHandler("echo", data: "it's")
      page.bridge.callHandler("echo", data: "no quote")
      page.settle()
      return (page.recorded("echo"), page.logs(.sendFailed).count, ScriptTextCheck.problems(in: page.webView.trace))
    }
    #expect(seen.correct.echo == ["it's", "no quote"] && seen.correct.failures == 0 && seen.correct.problems.isEmpty)
    #expect(seen.faulty.echo == ["no quote"], "the quote ends the literal: a SyntaxError, the message is lost")
    #expect(seen.faulty.failures == 1)
    #expect(seen.faulty.problems.count == 1 && seen.faulty.problems.first?.contains("unescaped single quote") == true)
  }

  @Test func dataStringsNotEscaped() {
    let seen = Self.observe(.dataStringsNotEscaped, checked: false) {
      page -> (echo: [JSONValue?], problems: [String]) in
      page.load()
      for text in ["plain", "say \"hi\"", "back\\slash", "line\nfeed"] {
        page.bridge.callHandler("echo", data: .string(text))
      }
      page.settle()
      return (page.recorded("echo"), ScriptTextCheck.problems(in: page.webView.trace))
    }
    #expect(seen.correct.echo == ["plain", "say \"hi\"", "back\\slash", "line\nfeed"] && seen.correct.problems.isEmpty)
    #expect(seen.faulty.echo == ["plain"], "the page cannot parse the others")
    #expect(seen.faulty.problems.count == 3)
    #expect(seen.faulty.problems.allSatisfy { $0.contains("not the JSON text of an object") })
  }

  @Test func controlsNotEscaped() {
    let text = "del\u{7F} nel\u{85} csi\u{9B} apc\u{9F}"
    let seen = Self.observe(.controlsNotEscaped, checked: false) { page -> (echo: [JSONValue?], problems: [String]) in
      page.load()
      page.bridge.callHandler("echo", data: .string(text))
      page.bridge.callHandler("echo", data: "tab\t")
      page.settle()
      return (page.recorded("echo"), ScriptTextCheck.problems(in: page.webView.trace))
    }
    #expect(seen.correct.echo == [.string(text), "tab\t"] && seen.correct.problems.isEmpty)
    // A modern engine runs the script; the raw characters are in its text.
    #expect(seen.faulty.echo == [.string(text), "tab\t"])
    #expect(
      seen.faulty.problems.count == 1 && seen.faulty.problems.first?.contains("raw control character U+7F") == true)
    // The JSON serializer escapes C0 controls in strings; raw ones are copied raw too.
    #expect(
      JavaScriptStringEscaping.singleQuotedLiteralBody("\u{1}\t\n\u{85}", faults: [.controlsNotEscaped])
        == "\u{1}\t\\n\u{85}")
    #expect(JavaScriptStringEscaping.singleQuotedLiteralBody("\u{1}\t\n\u{85}", faults: []) == #"\u0001\u0009\n\u0085"#)
  }

  @Test func faultFreeSlowEscapingEqualsTheFastPath() {
    var random = TestRandom(seed: 2028)
    let samples = trickyStrings + (0..<200).map { _ in random.trickyString(length: random.below(40)) }
    for text in samples {
      let fast = JavaScriptStringEscaping.singleQuotedLiteralBody(text)
      #expect(JavaScriptStringEscaping.singleQuotedLiteralBody(text, faults: []).isIdentical(to: fast))
      // Other faults do not touch the escaping.
      #expect(JavaScriptStringEscaping.singleQuotedLiteralBody(text, faults: [.falsyDataDropped]).isIdentical(to: fast))
    }
    let message: JSONObject = ["handlerName": "h", "data": .string(trickyStrings.joined())]
    #expect(
      BridgeMessageCodec.deliveryScript(for: message, faults: []) == BridgeMessageCodec.deliveryScript(for: message))
    #expect(
      JavaScriptStringEscaping.singleQuotedLiteralBody("'\u{2028}", faults: JavaScriptStringEscaping.escapingFaults)
        .isIdentical(to: "'\u{2028}"))
  }

  // MARK: Responses and callbacks

  @Test func responsesDeliveredTwice() {
    let seen = Self.observe(.responsesDeliveredTwice) { page -> (responses: Int, duplicates: Int) in
      page.load()
      page.bridge.registerHandler("twice") { _, respond in
        respond?("first")
        respond?("second")
      }
      page.run("bridge.callHandler('twice', null, function (a) { record('answer', a); });")
      return (deliveredMessages(page).filter { $0["responseId"] != nil }.count, page.logs(.duplicateResponse).count)
    }
    #expect(seen.correct.responses == 1 && seen.correct.duplicates == 1)
    #expect(seen.faulty.responses == 2 && seen.faulty.duplicates == 0)
  }

  @Test func callbacksNeverForgotten() {
    let seen = Self.observe(.callbacksNeverForgotten) { page -> (answers: [JSONValue?], pending: Int) in
      page.load()
      var answers: [JSONValue?] = []
      page.bridge.callHandler("silent") { answers.append($0) }
      page.settle()
      page.bridge.processQueue(
        #"[{"responseId":"objc_cb_1","responseData":"first"},{"responseId":"objc_cb_1","responseData":"second"}]"#)
      return (answers, page.bridge.pendingCallbackCount)
    }
    #expect(seen.correct.answers == ["first"] && seen.correct.pending == 0)
    #expect(seen.faulty.answers == ["first", "second"] && seen.faulty.pending == 1)
  }

  @Test func responseIDTruthiness() {
    let seen = Self.observe(.responseIDTruthiness) { page -> (calls: [JSONValue?], unknown: Int) in
      page.load()
      var calls: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
      page.bridge.processQueue(
        #"[{"handlerName":"nativeProbe","responseId":"","responseData":1},"#
          + #"{"handlerName":"nativeProbe","responseId":0,"responseData":2},"#
          + #"{"handlerName":"nativeProbe","responseId":"x","responseData":3}]"#)
      return (calls, page.logs(.unknownResponseID).count)
    }
    #expect(seen.correct.calls.isEmpty && seen.correct.unknown == 3)
    #expect(seen.faulty.calls == [nil, nil], "\"\" and 0 are taken for requests to nativeProbe")
    #expect(seen.faulty.unknown == 1)
  }

  @Test func callbackIDTruthiness() {
    let seen = Self.observe(.callbackIDTruthiness) { page -> (callable: [Bool], responseIDs: [JSONValue?]) in
      page.load()
      var callable: [Bool] = []
      page.bridge.registerHandler("nativeEcho") { data, respond in
        callable.append(respond != nil)
        respond?(data)
      }
      page.bridge.processQueue(
        #"[{"handlerName":"nativeEcho","data":1,"callbackId":""},{"handlerName":"nativeEcho","data":2,"callbackId":0},"#
          + #"{"handlerName":"nativeEcho","data":3,"callbackId":"cb_9"}]"#)
      page.settle()
      return (callable, deliveredMessages(page).compactMap { $0["responseId"] })
    }
    #expect(seen.correct.callable == [true, true, true] && seen.correct.responseIDs == ["", 0, "cb_9"])
    #expect(seen.faulty.callable == [false, false, true] && seen.faulty.responseIDs == ["cb_9"])
  }

  @Test func responseWithoutDataIgnored() {
    let seen = Self.observe(.responseWithoutDataIgnored) { page -> (answers: [JSONValue?], pending: Int) in
      page.load()
      var answers: [JSONValue?] = []
      page.bridge.callHandler("silent") { answers.append($0) }
      page.bridge.callHandler("silent") { answers.append($0) }
      page.settle()
      page.bridge.processQueue(
        #"[{"handlerName":"silent","responseId":"objc_cb_1"},{"responseId":"objc_cb_2","responseData":null}]"#)
      return (answers, page.bridge.pendingCallbackCount)
    }
    #expect(seen.correct.answers == [nil, .null] && seen.correct.pending == 0)
    #expect(seen.faulty.answers == [.null] && seen.faulty.pending == 1, "the answer without responseData never arrives")
  }

  @Test func unknownResponseHandledAsRequest() {
    let seen = Self.observe(.unknownResponseHandledAsRequest) { page -> (calls: [JSONValue?], unknown: Int) in
      page.load()
      var calls: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
      page.bridge.processQueue(
        #"[{"handlerName":"nativeProbe","responseId":"cb_1_1700000000000","responseData":"x"},"#
          + #"{"handlerName":"nativeProbe","data":"request"}]"#)
      return (calls, page.logs(.unknownResponseID).count)
    }
    #expect(seen.correct.calls == ["request"] && seen.correct.unknown == 1)
    #expect(seen.faulty.calls == [nil, "request"], "the echoed handlerName runs as a request")
    #expect(seen.faulty.unknown == 0)
  }

  @Test func deferredResponseDropped() {
    let seen = Self.observe(.deferredResponseDropped) { page -> [JSONValue?] in
      page.load()
      var later: NativeBridge.ResponseCallback?
      page.bridge.registerHandler("now") { data, respond in respond?(data) }
      page.bridge.registerHandler("later") { _, respond in later = respond }
      page.run(
        """
        bridge.callHandler('later', 1, function (answer) { record('answer', answer); });
        bridge.callHandler('now', 'at once', function (answer) { record('answer', answer); });
        """)
      later?("afterwards")
      page.settle()
      return page.recorded("answer")
    }
    #expect(seen.correct == ["at once", "afterwards"])
    #expect(seen.faulty == ["at once"], "the answer given after the handler returned is lost")
  }

  @Test func responseSentWithoutCallback() {
    let seen = Self.observe(.responseSentWithoutCallback, page: { BridgePage(answerMissingHandler: true, faults: $0) })
    {
      page -> (callable: [Bool], responses: [JSONObject], unknown: Int) in
      page.load()
      var callable: [Bool] = []
      page.bridge.registerHandler("nativeEcho") { data, respond in
        callable.append(respond != nil)
        respond?(data)
      }
      page.run("bridge.callHandler('nativeEcho', 'fire and forget'); bridge.callHandler('nowhere', 'no callback');")
      return (callable, deliveredMessages(page).filter { $0["responseId"] != nil }, page.uncaughtErrors.count)
    }
    #expect(seen.correct.callable == [false] && seen.correct.responses.isEmpty)
    #expect(seen.faulty.callable == [true])
    #expect(
      seen.faulty.responses == [
        ["responseId": .null, "responseData": "fire and forget"],
        ["responseId": .null, "responseData": ["error": "no-handler", "handlerName": "nowhere"]],
      ])
    #expect(seen.faulty.unknown == 0, "the reference page ignores them as unknown responses")
  }

  @Test func resetKeepsCallbacks() {
    let seen = Self.observe(.resetKeepsCallbacks) { page -> (answers: [JSONValue?], unknown: Int) in
      page.load()
      var answers: [JSONValue?] = []
      page.bridge.callHandler("deferredEcho", data: "late") { answers.append($0) }
      page.webView.advance(by: 1)  // the request is in the page; its answer comes at 25 ms
      page.bridge.reset()
      page.settle()
      return (answers, page.logs(.unknownResponseID).count)
    }
    #expect(seen.correct.answers.isEmpty && seen.correct.unknown == 1)
    #expect(
      seen.faulty.answers == ["late"] && seen.faulty.unknown == 0, "the late answer runs a callback reset dropped")
  }

  @Test func timestampCallbackIDs() {
    let seen = Self.observe(.timestampCallbackIDs) { page -> (answers: [String], ids: [String]) in
      page.load()
      var answers: [String] = []
      page.bridge.callHandler("echo", data: 1) { answers.append("first: \($0?.serialized() ?? "undefined")") }
      page.bridge.callHandler("echo", data: 2) { answers.append("second: \($0?.serialized() ?? "undefined")") }
      page.settle()
      return (answers, deliveredMessages(page).compactMap { $0["callbackId"]?.stringValue })
    }
    #expect(seen.correct.answers == ["first: 1", "second: 2"])
    #expect(seen.correct.ids == ["objc_cb_1", "objc_cb_2"])
    #expect(seen.faulty.ids.count == 2 && Set(seen.faulty.ids).count == 1, "same millisecond, same id")
    #expect(seen.faulty.answers == ["second: 1"], "the first answer reaches the second callback; the first never runs")
  }

  @Test func missingHandlerErrorIgnored() {
    let seen = Self.observe(.missingHandlerErrorIgnored, page: { BridgePage(answerMissingHandler: true, faults: $0) }) {
      page -> [JSONValue?] in
      page.load()
      page.run("bridge.callHandler('nowhere', 1, function (answer) { record('answer', answer); });")
      return page.recorded("answer")
    }
    #expect(seen.correct == [["error": "no-handler", "handlerName": "nowhere"]])
    #expect(seen.faulty.isEmpty, "the caller is left waiting")
  }

  @Test func safetyTimeoutNeverDisabled() {
    let seen = Self.observe(.safetyTimeoutNeverDisabled) { page -> [JSONValue?] in
      page.load()
      page.bridge.disableJavascriptAlertBoxSafetyTimeout()
      page.settle()
      return deliveredMessages(page).map { $0["handlerName"] }
    }
    #expect(seen.correct == ["_disableJavascriptAlertBoxSafetyTimeout"])
    #expect(seen.faulty.isEmpty)
  }

  @Test func removeHandlerIgnored() {
    let seen = Self.observe(.removeHandlerIgnored) { page -> (calls: [JSONValue?], missing: Int) in
      page.load()
      var calls: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
      page.run("bridge.callHandler('nativeProbe', 'before');")
      page.bridge.removeHandler("nativeProbe")
      page.run("bridge.callHandler('nativeProbe', 'removed');")
      return (calls, page.logs(.noHandler).count)
    }
    #expect(seen.correct.calls == ["before"] && seen.correct.missing == 1)
    #expect(seen.faulty.calls == ["before", "removed"] && seen.faulty.missing == 0)
  }

  // MARK: Transport

  @Test func emptyFetchSilent() {
    let seen = Self.observe(.emptyFetchSilent) { page -> [NativeBridgeLog.Code] in
      page.load()
      page.bridge.processFetchResult(nil)
      page.bridge.processFetchResult("")
      page.bridge.processFetchResult(7)
      page.bridge.processFetchResult("[]")
      return page.problemCodes
    }
    #expect(seen.correct == [.emptyQueue, .emptyQueue, .emptyQueue])
    #expect(seen.faulty.isEmpty)
  }

  @Test func batchStopsAtBadEntry() {
    let seen = Self.observe(.batchStopsAtBadEntry) { page -> [JSONValue?] in
      page.load()
      var calls: [JSONValue?] = []
      page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
      page.bridge.processQueue(
        #"[{"handlerName":"nativeProbe","data":"a"}, 1, {"handlerName":"nativeProbe","data":"b"}]"#)
      return calls
    }
    #expect(seen.correct == ["a", "b"])
    #expect(seen.faulty == ["a"])
  }

  @Test func signalDroppedWhileFetching() {
    // With the messageHandlers transport the signal reaches the native side
    // at once: the first call's fetch is scheduled, the timer runs right
    // after that fetch took the queue and before its result came back, so
    // the second call's signal arrives while the fetch is in flight.
    let setup = BridgeSetup(transport: .messageHandlers(), injection: .onBridgeLoaded)
    let seen = Self.observe(.signalDroppedWhileFetching, page: { BridgePage(setup, faults: $0) }) {
      page -> [JSONValue?] in
      page.load()
      var received: [JSONValue?] = []
      page.bridge.registerHandler("collect") { data, _ in received.append(data) }
      page.run(
        """
        bridge.callHandler('collect', 1);
        setTimeout(function () { bridge.callHandler('collect', 2); }, 0);
        """)
      return received
    }
    #expect(seen.correct == [1, 2])
    #expect(seen.faulty == [1], "the second message waits in the page queue for a signal that never comes")
  }

  /// A web view lowers the host of an https URL before the bridge sees it
  /// (`https://__BRIDGE_LOADED__` arrives as `https://__bridge_loaded__/`),
  /// so the fault shows only with a non-special scheme, whose host keeps
  /// its case.
  @Test func hostCaseSensitive() {
    func injections(after url: String) -> (correct: Int, faulty: Int) {
      Self.observe(.hostCaseSensitive) { page -> Int in
        page.load(
          """
          window.WVJBCallbacks = [function (bridge) { record('setup'); }];
          var frame = document.createElement('iframe');
          frame.src = '\(url)';
          document.documentElement.appendChild(frame);
          """)
        return page.bridge.injectionCount
      }
    }
    let legacy = injections(after: "wvjbscheme://__BRIDGE_LOADED__")
    #expect(legacy.correct == 1 && legacy.faulty == 0, "an unknown bridge command")
    let https = injections(after: "https://__BRIDGE_LOADED__")
    #expect(https.correct == 1 && https.faulty == 1, "the web view lowered the host")
    #expect(BridgeURL("HTTPS://__WVJB_QUEUE_MESSAGE__/", faults: [.hostCaseSensitive]) == .notBridge)
    #expect(BridgeURL("wvjbscheme://__WVJB_QUEUE_MESSAGE__", faults: [.hostCaseSensitive]) == .unknown)
    #expect(BridgeURL("HTTPS://__wvjb_queue_message__/", faults: [.hostCaseSensitive]) == .queueMessage)
  }

  @Test func legacySchemeIgnored() {
    let seen = Self.observe(.legacySchemeIgnored) { page -> (injections: Int, appSaw: [String]) in
      page.load(
        """
        window.WVJBCallbacks = [function (bridge) { record('setup'); }];
        var frame = document.createElement('iframe');
        frame.src = 'wvjbscheme://__bridge_loaded__';
        document.documentElement.appendChild(frame);
        """)
      return (page.bridge.injectionCount, page.appPolicyURLs)
    }
    #expect(seen.correct.injections == 1 && seen.correct.appSaw.isEmpty)
    #expect(seen.faulty.injections == 0 && seen.faulty.appSaw == ["wvjbscheme://__bridge_loaded__"])
  }

  @Test func unknownBridgeURLPassedOn() {
    let seen = Self.observe(.unknownBridgeURLPassedOn) { page -> (appSaw: [String], policies: [String], logged: Int) in
      page.load()
      page.run(NativeBridgeNavigationTests.navigate(["wvjbscheme://unknown_command"]))
      let policies = page.navigationDecisions.filter { $0.url.contains("unknown_command") }.map(\.policy)
      return (page.appPolicyURLs, policies, page.logs(.unknownBridgeURL).count)
    }
    #expect(seen.correct.appSaw.isEmpty && seen.correct.policies == ["cancel"] && seen.correct.logged == 1)
    #expect(seen.faulty.appSaw == ["wvjbscheme://unknown_command"] && seen.faulty.policies == ["allow"])
    #expect(seen.faulty.logged == 0)
  }

  @Test func bridgeURLSubstringMatch() {
    let url = "https://example.com/__wvjb_queue_message__?next=https://__bridge_loaded__"
    let seen = Self.observe(.bridgeURLSubstringMatch) { page -> (appSaw: [String], policies: [String], fetches: Int) in
      page.load()
      let fetches = page.evaluatedScripts.filter { $0 == BridgeMessageCodec.fetchQueueScript }.count
      page.run(NativeBridgeNavigationTests.navigate([url]))
      let policies = page.navigationDecisions.filter { $0.url == url }.map(\.policy)
      return (
        page.appPolicyURLs, policies,
        page.evaluatedScripts.filter { $0 == BridgeMessageCodec.fetchQueueScript }.count - fetches
      )
    }
    #expect(seen.correct.appSaw == [url] && seen.correct.policies == ["allow"] && seen.correct.fetches == 0)
    #expect(seen.faulty.appSaw.isEmpty && seen.faulty.policies == ["cancel"], "swallowed as a queue signal")
    #expect(seen.faulty.fetches == 1)
    #expect(BridgeURL("https://a.test/?x=__BRIDGE_LOADED__", faults: [.bridgeURLSubstringMatch]) == .bridgeLoaded)
    #expect(BridgeURL("https://a.test/?x=__BRIDGE_LOADED__", faults: []) == .notBridge)
  }

  @Test func httpsUnderscoreHostCancelled() {
    let seen = Self.observe(.httpsUnderscoreHostCancelled) {
      page -> (appSaw: [String], policies: [String], logged: Int) in
      page.load()
      page.run(NativeBridgeNavigationTests.navigate(["https://__something_else__/"]))
      let policies = page.navigationDecisions.filter { $0.url.contains("__something_else__") }.map(\.policy)
      return (page.appPolicyURLs, policies, page.logs(.unknownBridgeURL).count)
    }
    #expect(seen.correct.appSaw == ["https://__something_else__/"] && seen.correct.policies == ["allow"])
    #expect(seen.correct.logged == 0)
    #expect(seen.faulty.appSaw.isEmpty && seen.faulty.policies == ["cancel"] && seen.faulty.logged == 1)
  }

  @Test func aboutBlankCancelled() {
    let seen = Self.observe(.aboutBlankCancelled) { page -> (appSaw: [String], policies: [String]) in
      page.load()
      page.run("document.documentElement.appendChild(document.createElement('iframe'));")
      return (page.appPolicyURLs, page.navigationDecisions.filter { $0.url == "about:blank" }.map(\.policy))
    }
    #expect(seen.correct.appSaw == ["about:blank"] && seen.correct.policies == ["allow"])
    #expect(seen.faulty.appSaw.isEmpty && seen.faulty.policies == ["cancel"])
  }

  @Test func appPolicyIgnored() {
    let blocking: (Set<NativeBridgeFault>) -> BridgePage = { faults in
      BridgePage(faults: faults, appPolicy: { $0.url.contains("blocked") ? .cancel : .allow })
    }
    let seen = Self.observe(.appPolicyIgnored, page: blocking) { page -> (appSaw: [String], policies: [String]) in
      page.load()
      page.run(NativeBridgeNavigationTests.navigate(["https://blocked.example/", "https://fine.example/"]))
      return (page.appPolicyURLs, page.navigationDecisions.filter { $0.url.hasSuffix(".example/") }.map(\.policy))
    }
    #expect(seen.correct.appSaw == ["https://blocked.example/", "https://fine.example/"])
    #expect(seen.correct.policies == ["cancel", "allow"])
    #expect(
      seen.faulty.appSaw.isEmpty && seen.faulty.policies == ["allow", "allow"], "the app's cancel is never asked for")
  }

  @Test func appPolicyAskedFirst() {
    // An app whose policy allows only its own site.
    let allowList: (Set<NativeBridgeFault>) -> BridgePage = { faults in
      BridgePage(faults: faults, appPolicy: { $0.url.hasPrefix("https://app.bridgecheck.test/") ? .allow : .cancel })
    }
    let seen = Self.observe(.appPolicyAskedFirst, page: allowList) {
      page -> (injections: Int, setups: Int, appSawBridgeURLs: Bool) in
      page.load()
      return (
        page.bridge.injectionCount, page.recorded("setup").count, page.appPolicyURLs.contains { $0.contains("__") }
      )
    }
    #expect(seen.correct.injections == 1 && seen.correct.setups == 1 && !seen.correct.appSawBridgeURLs)
    #expect(
      seen.faulty.injections == 0 && seen.faulty.setups == 0,
      "the app cancels __bridge_loaded__ before the bridge sees it")
    #expect(seen.faulty.appSawBridgeURLs)
  }

  @Test(arguments: NativeBridgeNavigationTests.classified)
  func faultFreeURLClassificationIsTheCorrectOne(url: String, expected: BridgeURL) {
    #expect(BridgeURL(url, faults: []) == expected)
    #expect(BridgeURL(url, faults: [.unknownBridgeURLPassedOn, .falsyDataDropped]) == expected)
  }

  // MARK: Faults that crash (never run in process)

  /// `unknown-response-crashes` and `malformed-queue-crashes` call
  /// `fatalError`, so they are only run out of process (behind the reference
  /// adapter). Here only the hooks' decisions are checked.
  @Test func crashingFaultsDecideToTrapOnlyWhenOn() {
    let others = Set(NativeBridgeFault.allCases).subtracting(NativeBridgeFault.crashing)
    #expect(NativeBridgeFaults([]).crashMessage(at: .unknownResponse("objc_cb_9")) == nil)
    #expect(NativeBridgeFaults(others).crashMessage(at: .unknownResponse("objc_cb_9")) == nil)
    #expect(NativeBridgeFaults([.unknownResponseCrashes]).crashMessage(at: .unknownResponse("objc_cb_9")) != nil)
    #expect(NativeBridgeFaults([]).crashMessage(at: .malformedQueue("[{")) == nil)
    #expect(NativeBridgeFaults(others).crashMessage(at: .malformedQueue("[{")) == nil)
    #expect(NativeBridgeFaults([.malformedQueueCrashes]).crashMessage(at: .malformedQueue("[{")) != nil)
  }

  @Test func emptyFetchCrashesDecidesToTrapOnlyOnAnEmptyFetch() {
    let others = Set(NativeBridgeFault.allCases).subtracting(NativeBridgeFault.crashing)
    let fault: Set<NativeBridgeFault> = [.emptyFetchCrashes]
    for value: JSONValue? in [nil, "", 0, .null, ["a"]] {
      #expect(NativeBridgeFaults([]).crashMessage(at: .emptyFetch(value)) == nil)
      #expect(NativeBridgeFaults(others).crashMessage(at: .emptyFetch(value)) == nil)
      #expect(NativeBridgeFaults(fault).crashMessage(at: .emptyFetch(value)) != nil, "\(String(describing: value))")
    }
    #expect(
      NativeBridgeFaults(fault).crashMessage(at: .emptyFetch("[]")) == nil, "a real queue string is unwrapped fine")
    #expect(NativeBridgeFaults(fault).crashMessage(at: .emptyFetch(nil))?.contains("undefined") == true)
  }

  @Test func nonArrayQueueCrashesDecidesToTrapOnlyOnANonArray() {
    let others = Set(NativeBridgeFault.allCases).subtracting(NativeBridgeFault.crashing)
    let fault: Set<NativeBridgeFault> = [.nonArrayQueueCrashes]
    for batch: JSONValue in [[:], "text", 1, .null] {
      #expect(NativeBridgeFaults([]).crashMessage(at: .nonArrayQueue(batch)) == nil)
      #expect(NativeBridgeFaults(others).crashMessage(at: .nonArrayQueue(batch)) == nil)
      #expect(NativeBridgeFaults(fault).crashMessage(at: .nonArrayQueue(batch)) != nil)
    }
    #expect(NativeBridgeFaults(fault).crashMessage(at: .nonArrayQueue([])) == nil)
  }

  @Test func nonObjectEntryCrashesDecidesToTrapOnlyOnANonObject() {
    let others = Set(NativeBridgeFault.allCases).subtracting(NativeBridgeFault.crashing)
    let fault: Set<NativeBridgeFault> = [.nonObjectEntryCrashes]
    for entry: JSONValue in [1, "three", .null, [4], true] {
      #expect(NativeBridgeFaults([]).crashMessage(at: .nonObjectEntry(entry, index: 1)) == nil)
      #expect(NativeBridgeFaults(others).crashMessage(at: .nonObjectEntry(entry, index: 1)) == nil)
      #expect(NativeBridgeFaults(fault).crashMessage(at: .nonObjectEntry(entry, index: 1)) != nil)
    }
    #expect(NativeBridgeFaults(fault).crashMessage(at: .nonObjectEntry(["handlerName": "h"], index: 0)) == nil)
  }

  @Test func missingHandlerCrashesDecidesToTrapWhenOn() {
    let others = Set(NativeBridgeFault.allCases).subtracting(NativeBridgeFault.crashing)
    for name: JSONValue? in ["nope", nil, 7] {
      #expect(NativeBridgeFaults([]).crashMessage(at: .missingHandler(name)) == nil)
      #expect(NativeBridgeFaults(others).crashMessage(at: .missingHandler(name)) == nil)
      #expect(NativeBridgeFaults([.missingHandlerCrashes]).crashMessage(at: .missingHandler(name)) != nil)
    }
  }

  // MARK: Mutant definitions

  @Test func everyFaultHasANativeMutantDefinition() throws {
    let folder =
      packageRoot
      .appendingPathComponent("conformance/mutants/native")
    for fault in NativeBridgeFault.allCases {
      let file = folder.appendingPathComponent("\(fault.rawValue).json")
      guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record("no mutant definition \(file.lastPathComponent) for the fault \(fault.rawValue)")
        continue
      }
      let definition = try JSONValue.parse(utf8: [UInt8](data))
      #expect(definition["name"] == .string("native-\(fault.rawValue)"))
      #expect(definition["fault"] == .string(fault.rawValue))
      let crashes = NativeBridgeFault.crashing.contains(fault)
      #expect((definition["crashes"]?.boolValue ?? false) == crashes, "\(fault.rawValue)")
    }
  }
}
