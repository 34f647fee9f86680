import Dialects
import Foundation
import JSONModel
import PageSimulation
import TestSupport
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// In a dialect whose host methods may answer a page call with their return
/// value (JsBridge 2.x: `"returnAnswers": true`), that value is an answer
/// that crossed the wire: a native side that answers so is judged by what
/// the page got, as if a response message had come.
@Suite("Wire events of host calls that return answers")
struct WireEventsHostReturnTests {
  static func profile(_ name: String) throws -> BridgeProfile {
    try BridgeProfile.load(name, profilesFolder: packageRoot.appendingPathComponent("conformance/profiles").path).get()
  }

  func event(_ sequence: Int, _ name: String, _ fields: JSONObject) -> TraceEvent {
    TraceEvent(sequence: sequence, time: .zero, source: .page, name: name, fields: fields)
  }

  @Test func aReturnedStringAnswersTheRequestItsHostCallCarried() throws {
    let profile = try Self.profile("jsbridge-2")
    let trace = [
      event(
        0, TraceEventName.interfaceCalled,
        ["name": "WebViewJavascriptBridge", "method": "echo", "arguments": ["{\"n\":1}", "a"]]),
      event(
        1, TraceEventName.interfaceReturned,
        ["name": "WebViewJavascriptBridge", "method": "echo", "result": "{\"n\":1}"]),
      // No callback id: the returned text answers nothing.
      event(
        2, TraceEventName.interfaceCalled,
        ["name": "WebViewJavascriptBridge", "method": "echo", "arguments": ["2", ""]]),
      event(3, TraceEventName.interfaceReturned, ["name": "WebViewJavascriptBridge", "method": "echo", "result": "2"]),
      // Text that is not JSON is the answer as it is.
      event(
        4, TraceEventName.interfaceCalled,
        ["name": "WebViewJavascriptBridge", "method": "echo", "arguments": [.null, "b"]]),
      event(
        5, TraceEventName.interfaceReturned, ["name": "WebViewJavascriptBridge", "method": "echo", "result": "plain"]),
    ]
    let toPage = WireEvents.derive(from: trace, profile: profile).filter { $0.name == WireEvents.toPage }
    #expect(toPage.map { $0["responseId"] } == [.string("a"), .string("b")])
    #expect(toPage.map { $0["responseData"] } == [["n": 1], .string("plain")])
    #expect(toPage.map { $0["at"] } == [.number(1), .number(5)])
  }

  @Test func aDialectWhoseHostMethodsDoNotAnswerByValueGetsNoAnswerFromAReturn() throws {
    var profile = try Self.profile("jsbridge-2")
    let index = try #require(profile.signals.firstIndex { $0.hostCalls != nil })
    profile.signals[index].hostCalls?.returnAnswers = false
    let trace = [
      event(
        0, TraceEventName.interfaceCalled,
        ["name": "WebViewJavascriptBridge", "method": "echo", "arguments": ["1", "a"]]),
      event(1, TraceEventName.interfaceReturned, ["name": "WebViewJavascriptBridge", "method": "echo", "result": "1"]),
    ]
    #expect(WireEvents.derive(from: trace, profile: profile).allSatisfy { $0.name != WireEvents.toPage })
  }
}
