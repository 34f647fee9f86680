import BridgeImplementations
import Dialects
import JSONModel
import Testing

@testable import ScenarioRunner

@Suite("Captures bind to the ids actually issued")
struct CapturesBindingTests {
  static let text = """
    {"id": "response-unknown/capture", "title": "t", "area": "response-unknown", "level": "must", "spec": "s", "subject": "page",
     "setup": {"pageHandlers": {"echo": "echo"}},
     "steps": [{"action": "settle"}, {"action": "native.call", "handler": "echo", "data": 1, "callback": "n1"}, {"action": "settle"}],
     "captures": [{"event": "wire-to-page", "handlerName": "echo", "data": 1, "callbackId": {"$capture": "id"}}],
     "expect": {"counts": [{"event": "wire-to-native", "handlerName": "echo", "responseId": {"$captured": "id"}, "responseData": 1, "$count": 1}]}}
    """

  @Test func aCaptureMatchesTheIdTheNativeSideIssued() throws {
    let result = referenceRunner.run(try fixture(Self.text))
    #expect(result.status == .pass, "\(result.message ?? "")")
  }

  @Test func aWrongExpectationAboutTheCapturedIdFails() throws {
    let wrong = Self.text.replacingOccurrences(
      of: #""responseData": 1, "$count": 1"#, with: #""responseData": 2, "$count": 1"#)
    let result = referenceRunner.run(try fixture(wrong))
    #expect(result.status == .fail)
  }

  @Test func undefinedCapturesAreRefusedAtLoad() throws {
    let broken = Self.text.replacingOccurrences(of: #"{"$captured": "id"}"#, with: #"{"$captured": "other"}"#)
    #expect(throws: FixtureLoadFailure.self) { try fixture(broken) }
    let outside = Self.text.replacingOccurrences(of: #"{"$captured": "id"}"#, with: #"{"$capture": "x"}"#)
    #expect(throws: FixtureLoadFailure.self) { try fixture(outside) }
  }

  @Test func deliveryScriptsReadBackInTheDialect() {
    var port = BridgeProfile(name: "port")
    port.names.global = "WKWebViewJavascriptBridge"
    port.names.handleMessage = "_handleMessageFromiOS"
    port.fields = MessageFieldNames(callbackId: "callbackID")
    let script =
      #"WKWebViewJavascriptBridge._handleMessageFromiOS('{\"handlerName\":\"h\",\"data\":\"it\'s\\n\",\"callbackID\":\"x1\"}');"#
    #expect(port.decodeDelivery(script) == ["handlerName": "h", "data": "it's\n", "callbackId": "x1"])
    #expect(port.decodeDelivery("WebViewJavascriptBridge._handleMessageFromObjC('{}');") == nil)
  }
}
