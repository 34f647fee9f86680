import Dialects
import JSONModel
import Testing

/// Message forms beyond classic messages: host-object calls that
/// carry a message's parts (JsBridge 2.x) and typed messages with one id
/// (Flutter wrappers).
@Suite("Host-object calls and typed messages")
struct HostCallsAndTypedMessagesTests {
  func problems(_ text: String) throws -> [ImplementationFileProblem] {
    switch BridgeProfile.decode(try JSONValue.parse(text), file: "p.json") {
    case .success: return []
    case .failure(let problems): return problems.problems
    }
  }

  static let hostSignal =
    #"{"kind": "host-object", "name": "WebViewJavascriptBridge", "method": "send", "handlerMethods": true, "answerMethod": "response", "returnAnswers": true}"#

  var jsBridge2: BridgeProfile {
    get throws {
      try BridgeProfile.decode(
        JSONValue.parse(#"{"name": "j", "signals": [\#(Self.hostSignal)], "queue": {"return": "per-message"}}"#),
        file: "p.json"
      ).get()
    }
  }

  var flutter: BridgeProfile {
    get throws {
      try BridgeProfile.decode(
        JSONValue.parse(
          #"{"name": "f", "signals": [{"kind": "channel", "name": "C"}], "queue": {"return": "per-message", "encoding": "uri-json"}, "delivery": "uri-json-string", "typedMessages": {"idField": "index", "typeField": "type", "request": "request", "response": "response", "error": "error", "ids": "counter"}}"#
        ), file: "p.json"
      ).get()
    }
  }

  // MARK: - Validation

  @Test func hostCallsNeedOneMessagePerCallAndTheirOwnAnswerMethod() throws {
    let fetched = try problems(#"{"name": "x", "signals": [\#(Self.hostSignal)]}"#)
    #expect(fetched.map(\.pointer.description) == ["/queue/return"], "\(fetched)")
    let same = try problems(
      #"{"name": "x", "signals": [{"kind": "host-object", "name": "H", "method": "send", "answerMethod": "send"}], "queue": {"return": "per-message"}}"#
    )
    #expect(same.map(\.pointer.description) == ["/signals/0/answerMethod"], "\(same)")
    let typo = try problems(
      #"{"name": "x", "signals": [{"kind": "host-object", "name": "H", "method": "send", "handlerMethods": "yes"}], "queue": {"return": "per-message"}}"#
    )
    #expect(
      Set(typo.map(\.pointer.description)) == ["/signals/0/handlerMethods", "/signals/0/answerMethod"], "\(typo)")
  }

  @Test func typedMessagesAreCheckedMemberByMember() throws {
    let found = try problems(
      #"{"name": "x", "fields": {"callbackId": "cid"}, "typedMessages": {"idField": "data", "typeField": "type", "request": "r", "response": "r", "ids": "uuid", "extra": 1}}"#
    )
    let pointers = Set(found.map(\.pointer.description))
    #expect(
      pointers.isSuperset(of: ["/typedMessages/extra", "/typedMessages/ids", "/fields/callbackId", "/typedMessages"]),
      "\(found)")
    #expect(found.allSatisfy { !$0.file.isEmpty })
  }

  @Test func uriDeliveryIsAKnownDelivery() throws {
    #expect(try problems(#"{"name": "x", "delivery": "uri-json-string"}"#).isEmpty)
    #expect(try problems(#"{"name": "x", "delivery": "uri"}"#).map(\.pointer.description) == ["/delivery"])
  }

  @Test func theConventionsReadBackFromTheirOwnJSON() throws {
    let host = try jsBridge2
    #expect(try BridgeProfile.decode(host.json, file: "p.json").get() == host)
    #expect(
      host.hostObjectCalls?.calls
        == HostObjectCalls(handlerMethods: true, answerMethod: "response", returnAnswers: true, genericMethod: true))
    let typed = try flutter
    #expect(try BridgeProfile.decode(typed.json, file: "p.json").get() == typed)
    #expect(typed.typedMessages == TypedMessages())
  }

  // MARK: - Host-object calls

  @Test func aHandlerMethodCallIsARequestAndTheAnswerMethodAResponse() throws {
    let profile = try jsBridge2
    #expect(
      profile.hostCallContent(method: "submit", arguments: [.string(#"{"a":1}"#), .string("cb_1")])
        == .message(["handlerName": "submit", "data": ["a": 1], "callbackId": "cb_1"]))
    #expect(
      profile.hostCallContent(method: "submit", arguments: [nil, .string("")]) == .message(["handlerName": "submit"]))
    #expect(
      profile.hostCallContent(
        method: "send", arguments: [.string(#"{"handlerName":"h","data":null}"#), .string("cb_2")])
        == .message(["handlerName": "h", "data": .null, "callbackId": "cb_2"]))
    #expect(
      profile.hostCallContent(method: "response", arguments: [.string("false"), .string("JAVA_CB_1")])
        == .message(["responseId": "JAVA_CB_1", "responseData": false]))
    if case .message = profile.hostCallContent(method: "send", arguments: [.string("[1]")]) {
      Issue.record("a send without a message object must be malformed")
    }
    if case .message = profile.hostCallContent(method: "submit", arguments: [.string("{nope")]) {
      Issue.record("data that is not JSON must be malformed")
    }
  }

  @Test func theHostObjectHasAMethodPerHandlerThatCanBeOne() throws {
    let methods = try jsBridge2.hostObjectMethods(handlers: [
      "zeta", "alpha", "send", "not a name", "response", "alpha",
    ])
    #expect(methods == ["send", "response", "alpha", "zeta"])
  }

  // MARK: - Typed messages

  @Test func requestsAndAnswersShareOneIDTellingThemApartByType() throws {
    let profile = try flutter
    let request: JSONObject = ["handlerName": "h", "data": "x", "callbackId": 3]
    #expect(profile.toWire(request) == ["index": 3, "type": "request", "handlerName": "h", "data": "x"])
    #expect(profile.fromWire(profile.toWire(request)) == request)
    let response: JSONObject = ["responseId": 3, "responseData": ["ok": true]]
    #expect(profile.toWire(response) == ["index": 3, "type": "response", "data": ["ok": true]])
    #expect(profile.fromWire(profile.toWire(response)) == response)
    let noHandler = TypedMessages.noHandlerResponse(id: 4, handlerName: "gone")
    #expect(profile.toWire(noHandler) == ["index": 4, "type": "error", "handlerName": "gone"])
    #expect(profile.fromWire(["index": 4, "type": "error", "handlerName": "gone"]) == noHandler)
    // A message of no known type stays as it came, for the native side to report.
    #expect(profile.fromWire(["index": 1, "type": "queue"]) == ["index": 1, "type": "queue"])
  }

  @Test func aDeliveryIsURIEncodedAndReadsBack() throws {
    let profile = try flutter
    let raw = #"{"handlerName":"it's","data":"a\u2028b"}"#
    let delivered = try #require(profile.deliverable(raw))
    #expect(!delivered.contains("{") && !delivered.contains("\u{2028}"))
    let decodedText = try #require(delivered.removingPercentEncoding)
    let decoded = try #require(try JSONValue.parse(decodedText).objectValue)
    // A played request without an id gets one that no side counts to.
    #expect(decoded["index"] == .number(Double(TypedMessages.playedIDBase)))
    #expect(decoded["type"] == "request")
    let script =
      "WebViewJavascriptBridge._handleMessageFromObjC('\(delivered.replacingOccurrences(of: "'", with: "\\'"))');"
    #expect(profile.decodeDelivery(script)?["handlerName"] == "it's")
  }

  @Test func aPlayedIDWrittenAsTheTextOfACounterIsThatCounter() throws {
    let profile = try flutter
    let queue = profile.queued(.string(#"[{"responseId":"0","responseData":1},{"responseId":"01","responseData":2}]"#))
    let text = try #require(queue?.stringValue)
    let entries = try JSONValue.parse(text).arrayValue ?? []
    #expect(entries.first?["index"] == .number(0))
    #expect(entries.last?["index"] == .string("01"))
  }
}
