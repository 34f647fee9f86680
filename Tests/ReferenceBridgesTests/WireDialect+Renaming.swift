import JSONModel
import Testing

@testable import ReferenceBridges

@Suite("Wire dialects")
struct WireDialectTests {
  let port = WireDialect(
    globalName: "WKWebViewJavascriptBridge", handleMessageFunction: "_handleMessageFromiOS",
    queueMessageHost: "__QUEUE__", bridgeLoadedHost: "__loaded__",
    fields: MessageFieldNames(callbackId: "callbackID", responseId: "responseID"))

  @Test func messagesAreRenamedAtTheBoundaryOnly() {
    let request: JSONObject = ["handlerName": "h", "data": ["callbackId": 1], "callbackId": "cb_1"]
    let wire = port.toWire(request)
    #expect(Array(wire.keys) == ["handlerName", "data", "callbackID"], "order kept, nested data untouched")
    #expect(wire["data"] == ["callbackId": 1])
    #expect(port.fromWire(wire) == request)
    #expect(WireDialect.classic.toWire(request) == request)
  }

  @Test func aClassicNameTheDialectRenamesIsNotReadAsThatField() {
    let incoming: JSONObject = ["responseId": "cb_1", "responseData": 1, "extra": true]
    #expect(port.fromWire(incoming) == ["responseData": 1, "extra": true])
  }

  @Test func scriptsAndURLsUseTheDialectsNames() {
    #expect(port.fetchQueueScript == "WKWebViewJavascriptBridge._fetchQueue();")
    let script = BridgeMessageCodec.deliveryScript(for: ["responseId": "cb_1", "responseData": "x'"], dialect: port, faults: [])
    #expect(script == #"WKWebViewJavascriptBridge._handleMessageFromiOS('{\"responseID\":\"cb_1\",\"responseData\":\"x\'\"}');"#)
    #expect(BridgeURL("https://__queue__/", dialect: port, faults: []) == .queueMessage)
    #expect(BridgeURL("wvjbscheme://__LOADED__", dialect: port, faults: []) == .bridgeLoaded)
    #expect(BridgeURL("https://__wvjb_queue_message__", dialect: port, faults: []) == .notBridge)
    #expect(BridgeURL("https://__wvjb_queue_message__", dialect: .classic, faults: []) == .queueMessage)
  }
}
