import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing

@Suite("Calling convention")
struct CallingConventionTests {
  func problems(_ text: String) throws -> [ImplementationFileProblem] {
    switch BridgeProfile.decode(try JSONValue.parse(text), file: "p.json") {
    case .success: return []
    case .failure(let problems): return problems.problems
    }
  }

  func shipped(_ name: String) throws -> BridgeProfile {
    try BridgeProfile.load(name, profilesFolder: "\(packageRoot.path)/conformance/profiles").get()
  }

  @Test func badConventionsAreReportedWithPointerAndHint() throws {
    let found = try problems(
      #"{"name": "x", "convention": {"pageCall": {"kind": "smoke"}, "answers": {"kind": "function-call", "function": "a..b"}, "nativeCalls": "none", "extra": 1}}"#
    )
    let pointers = Set(found.map(\.pointer.description))
    #expect(
      pointers == [
        "/convention/extra", "/convention/pageCall/kind", "/convention/answers/function", "/convention/pageRegister",
      ],
      "\(found)")
    #expect(found.allSatisfy { $0.hint != nil })
  }

  @Test func aHandlerNameInTheURLNeedsNavigationSignalsOfOneMessage() throws {
    let found = try problems(#"{"name": "x", "convention": {"handlerName": {"kind": "url-path", "separator": "://"}}}"#)
    #expect(found.map(\.pointer.description) == ["/convention/handlerName"])
  }

  @Test func anObjectBodyNeedsScriptMessages() throws {
    let found = try problems(#"{"name": "x", "queue": {"return": "per-message", "encoding": "object"}}"#)
    #expect(found.map(\.pointer.description) == ["/queue/encoding"])
  }

  @Test func aPromisePageAPIGoesWithTypedMessagesAndAnythingElseThatLaysMessagesOutDoesNot() throws {
    let typed =
      #""typedMessages": {"idField": "index", "typeField": "type", "request": "request", "response": "response", "error": "error", "ids": "counter"}"#
    #expect(
      try problems(
        #"{"name": "x", \#(typed), "convention": {"pageCall": {"kind": "promise"}, "pageRegister": "awaited"}}"#
      ).isEmpty)
    #expect(try problems(#"{"name": "x", "convention": {"pageCall": "promise", "pageRegister": "awaited"}}"#).isEmpty)
    let laidOut = try problems(
      #"{"name": "x", \#(typed), "convention": {"pageCall": "promise", "answers": {"kind": "function-call", "function": "f"}}}"#
    )
    #expect(laidOut.map(\.pointer.description) == ["/convention"], "\(laidOut)")
    #expect(laidOut.first?.hint?.contains("keep only \"pageCall\" and \"pageRegister\"") == true)
    // An awaited answer is an answer message: not the value of a native function call.
    let awaitedCall = try problems(
      #"{"name": "x", "convention": {"pageRegister": "awaited", "nativeCalls": {"kind": "function-call", "function": "f"}}}"#
    )
    #expect(awaitedCall.map(\.pointer.description) == ["/convention/pageRegister"], "\(awaitedCall)")
    let profile = try shipped("flutter-es7")
    #expect(profile.convention.pageCall == .promise && profile.convention.pageRegister == .awaited)
    #expect(profile.typedMessages != nil && !profile.twoArgumentCall)
    #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
  }

  @Test func theShippedProfilesReadBackFromTheirJSON() throws {
    for name in ["mushao", "module-action"] {
      let profile = try shipped(name)
      #expect(profile.convention != .classic)
      #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile)
    }
  }

  @Test func mushaoCarriesTheNameInTheURLAndTheCallbackIdInTheData() throws {
    let profile = try shipped("mushao")
    let classic: JSONObject = ["handlerName": "say hi/ok", "data": ["a": 1], "callbackId": "cb_1"]
    let payloads = try #require(
      profile.transitPayloads(ofQueueText: JSONValue.array([.object(profile.toWire(classic))]).serialized()))
    #expect(payloads == ["say%20hi%2Fok://" + BridgeProfile.encodeURIComponent(#"{"a":1,"callBackId":"cb_1"}"#)])
    guard case .signal(let payload?) = profile.classify(navigation: "mushao://" + payloads[0]) else {
      Issue.record("not a signal")
      return
    }
    let queue = try JSONValue.parse(profile.queueText(fromTransit: payload))
    #expect(queue.arrayValue?.compactMap(\.objectValue).map(profile.fromWire) == [classic])
    // A call without data has nothing after the name: the data is absent.
    let bare = try JSONValue.parse(profile.queueText(fromTransit: "ping://"))
    #expect(bare.arrayValue?.compactMap(\.objectValue).map(profile.fromWire) == [["handlerName": "ping"]])
    // What a web view reports: the name is the URL's host and the ':' of its
    // empty port is dropped (mushao://say%20hi%2Fok//…, measured in WebKitGTK).
    let serialized = payload.replacingOccurrences(of: "://", with: "//")
    #expect(serialized != payload)
    let parsed = try JSONValue.parse(profile.queueText(fromTransit: serialized))
    #expect(parsed.arrayValue?.compactMap(\.objectValue).map(profile.fromWire) == [classic])
    let bareSerialized = try JSONValue.parse(profile.queueText(fromTransit: "ping//"))
    #expect(bareSerialized.arrayValue?.compactMap(\.objectValue).map(profile.fromWire) == [["handlerName": "ping"]])
  }

  @Test func answersAndNativeCallsAreFunctionCallsThatReadBack() throws {
    let mushao = try shipped("mushao")
    let answer: JSONObject = ["responseId": "cb_1", "responseData": ["text": "a\u{2028}b"]]
    let script = try #require(mushao.conventionDeliveryScript(for: answer))
    #expect(script == #"MSF_JsBridge.nativeCallBackToJs("cb_1", {"text":"a\u2028b"});"#)
    #expect(mushao.decodeDelivery(script) == answer)

    let moduleAction = try shipped("module-action")
    // The answer goes to the function the request named.
    let named: JSONObject = ["responseId": "cb_2", "responseData": .null, "callbackFunction": "window.Other.done"]
    #expect(moduleAction.conventionDeliveryScript(for: named) == #"window.Other.done("cb_2", null);"#)
    let call: JSONObject = ["handlerName": "ui.toast", "data": ["n": 1]]
    let callScript = try #require(moduleAction.conventionDeliveryScript(for: call))
    #expect(callScript == #"window.nativeCallDispatcher("ui.toast", "{\"n\":1}");"#)
    #expect(moduleAction.decodeDelivery(callScript) == call)
    #expect(moduleAction.answersByCompletionValue(call))
  }

  @Test func moduleActionSplitsTheHandlerNameAtItsFirstDot() throws {
    let profile = try shipped("module-action")
    let wire = profile.toWire(["handlerName": "ui.toast.long", "data": 1, "callbackId": "c"])
    #expect(
      wire["module"] == "ui" && wire["action"] == "toast.long" && wire["params"] == 1 && wire["handlerName"] == nil)
    #expect(profile.fromWire(wire) == ["handlerName": "ui.toast.long", "data": 1, "callbackId": "c"])
    let bare = profile.toWire(["handlerName": "probe"])
    #expect(bare["module"] == nil && bare["action"] == "probe")
    #expect(profile.fromWire(bare) == ["handlerName": "probe"])
  }
}
