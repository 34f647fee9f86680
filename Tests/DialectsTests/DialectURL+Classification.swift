import Dialects
import Testing

@Suite("Dialect URL classification")
struct DialectURLClassificationTests {
  let jsBridge = BridgeProfile(
    name: "jsbridge-1", signals: [SignalMechanism(kind: .iframe, url: "yy://__QUEUE_MESSAGE__/")], queue: .navigation,
    queueReturnURL: "yy://return/_fetchQueue/", encoding: .uriJSON)

  @Test func aCustomSchemeIsInterceptedNotAllowed() {
    #expect(jsBridge.classify(navigation: "yy://__QUEUE_MESSAGE__/") == .signal(payload: nil))
    #expect(jsBridge.classify(navigation: "YY://__queue_message__/") == .signal(payload: nil))
    #expect(jsBridge.classify(navigation: "yy://return/_fetchQueue/%5B%5D") == .returnedQueue("%5B%5D"))
    #expect(jsBridge.classify(navigation: "yy://something-else") == .unknown)
    #expect(jsBridge.classify(navigation: "https://example.com/") == .notBridge)
    #expect(jsBridge.classify(navigation: "about:blank") == .notBridge)
  }

  @Test func classicURLsAreReadByHost() {
    let classic = BridgeProfile.classic
    #expect(classic.classify(navigation: "HTTPS://__WVJB_QUEUE_MESSAGE__/") == .signal(payload: nil))
    #expect(classic.classify(navigation: "https://__bridge_loaded__") == .bridgeLoaded)
    #expect(classic.classify(navigation: "https://__wvjb_queue_message__.example.com/") == .notBridge)
  }

  @Test func aMessageInTheURLIsItsPayload() {
    let mushao = BridgeProfile(
      name: "mushao", signals: [SignalMechanism(kind: .iframe, url: "mushao://message/")], queue: .perMessage)
    #expect(
      mushao.classify(navigation: #"mushao://message/{"handlerName":"a"}"#) == .signal(payload: #"{"handlerName":"a"}"#)
    )
    #expect(mushao.queueText(fromTransit: #"{"handlerName":"a"}"#) == #"[{"handlerName":"a"}]"#)
  }

  @Test func transitTextRoundTripsThroughEncodingAndEnvelope() {
    let wrapped = BridgeProfile(
      name: "rn", signals: [SignalMechanism(kind: .channel, name: "ReactNativeWebView")], queue: .inSignal,
      encoding: .uriJSON,
      envelope: Envelope(payloadKey: "messages", constants: ["url": "https://__wvjb_queue_message__"]))
    let text = wrapped.transitText(of: [["handlerName": "a", "data": "x y"]])
    #expect(!text.contains(" "))
    #expect(wrapped.queueText(fromTransit: text) == #"[{"handlerName":"a","data":"x y"}]"#)
  }
}
