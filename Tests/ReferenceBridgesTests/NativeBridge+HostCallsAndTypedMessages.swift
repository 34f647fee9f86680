import Dialects
import JSONModel
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

/// Both reference bridges in dialects whose messages are not classic:
/// typed messages with one id (Flutter wrappers) and host-object calls
/// with a message's parts (JsBridge 2.x).
@Suite("Native bridge: host-object calls and typed messages")
struct NativeBridgeHostCallsAndTypedMessagesTests {
  /// A web view with the reference native bridge speaking `profile`, the
  /// reference page bridge configured for it, and a page that registers
  /// `echo` once the ready event fires and records through `record`.
  final class DialectPage {
    let webView = SimulatedWebView(configuration: PageConfiguration())
    let bridge: NativeBridge
    var records: [(String, JSONValue?)] = []

    init(_ profile: BridgeProfile, nativeHandlers: [String] = []) {
      var options = NativeBridgeOptions(
        transport: NativeBridgeOptions.Transport(profile.signals[0]), injection: .afterLoad)
      options.profile = profile
      options.configuresPageBridge = false
      bridge = NativeBridge(webView: webView, options: options)
      for name in nativeHandlers {
        bridge.registerHandler(name) { data, respond in respond?(data) }
      }
      let settings = JSONValue.object([
        "transport": .string(profile.signals[0].kind.rawValue), "dialect": profile.json,
      ])
      webView.addUserScript(
        PageScript(name: "options.js", source: "window.WVJBReferenceOptions = \(settings.serialized());"),
        injectionTime: .atDocumentStart)
      webView.addHostFunction(named: "record") { [unowned self] arguments in
        self.records.append((arguments.first??.stringValue ?? "?", arguments.count > 1 ? arguments[1] : nil))
        return nil
      }
      webView.load(
        PageSource(
          url: "https://app.bridgecheck.test/index.html",
          scripts: [
            PageScript(
              name: "page.js",
              source: """
                document.addEventListener('WebViewJavascriptBridgeReady', function (event) {
                  window.bridge = event.bridge;
                  event.bridge.registerHandler('echo', function (data, respond) { record('echo', data); respond(data); });
                });
                """)
          ]))
      webView.runUntilIdle()
    }

    func run(_ script: String) {
      webView.evaluateJavaScript(script) { _ in }
      webView.runUntilIdle()
    }

    func recorded(_ label: String) -> [JSONValue?] { records.filter { $0.0 == label }.map(\.1) }

    var evaluated: [String] {
      webView.trace.events(named: TraceEventName.evaluate).compactMap { $0["script"]?.stringValue }
    }

    var interfaceCalls: [String] {
      webView.trace.events(named: TraceEventName.interfaceCalled).compactMap { $0["method"]?.stringValue }
    }
  }

  static var flutter: BridgeProfile {
    var profile = BridgeProfile(
      name: "typed", signals: [SignalMechanism(kind: .channel, name: "Channel")], queue: .perMessage,
      encoding: .uriJSON,
      delivery: .uriJSONString, injectionModes: [.afterLoad], safetyTimeoutHandler: nil)
    profile.names = DialectNames(
      handleMessage: "nativeCall", callbacksArray: nil, readyEvent: "WebViewJavascriptBridgeReady", setupFunction: nil,
      disableSafetyTimeout: nil)
    profile.typedMessages = TypedMessages()
    return profile
  }

  static var jsBridge2: BridgeProfile {
    // The model's variant with a generic method (a fall-back to send); JsBridge 2.x has none.
    var signal = SignalMechanism(kind: .hostObject, name: "WebViewJavascriptBridge", method: "send")
    signal.hostCalls = HostObjectCalls(genericMethod: true)
    var profile = BridgeProfile(
      name: "host-calls", signals: [signal], queue: .perMessage, injectionModes: [.afterLoad], safetyTimeoutHandler: nil
    )
    profile.names = DialectNames(
      handleMessage: "_handleMessageFromNative", callbacksArray: nil, readyEvent: "WebViewJavascriptBridgeReady",
      setupFunction: nil, disableSafetyTimeout: nil)
    return profile
  }

  @Test func typedRequestsAreCountedFromZeroAndAnswersEchoTheIndex() {
    let page = DialectPage(Self.flutter, nativeHandlers: ["echo"])
    var answers: [JSONValue?] = []
    page.bridge.callHandler("echo", data: "hi") { answers.append($0) }
    page.bridge.callHandler("echo", data: "no callback")
    page.webView.runUntilIdle()
    #expect(page.recorded("echo") == [.string("hi"), .string("no callback")])
    #expect(answers == [.string("hi")])
    let deliveries = page.evaluated.filter { $0.hasPrefix("WebViewJavascriptBridge.nativeCall('") }
    #expect(deliveries.count == 2)
    #expect(deliveries.first?.contains("%22index%22%3A0%2C%22type%22%3A%22request%22") == true)
    #expect(deliveries.last?.contains("%22index%22%3A1%2C") == true)
    #expect(page.bridge.pendingCallbackCount == 0)
    // The page's own requests count from 0 too, and reach the native handler.
    page.run("bridge.callHandler('echo', {n: 1}, function (answer) { record('answer', answer); });")
    #expect(page.recorded("answer") == [.object(["n": 1])])
  }

  @Test func aMissingHandlerIsAnsweredWithTheErrorTypeAndReleasesTheCallback() {
    let page = DialectPage(Self.flutter)
    var called = false
    page.bridge.callHandler("nowhere", data: 1) { _ in called = true }
    page.webView.runUntilIdle()
    #expect(!called)
    #expect(page.bridge.pendingCallbackCount == 0)
    let posted = page.webView.trace.events(named: TraceEventName.interfaceCalled)
      .compactMap { $0["arguments"]?.arrayValue?.first?.stringValue?.removingPercentEncoding }
    #expect(posted.contains { $0.contains(#""type":"error""#) && $0.contains(#""index":0"#) })
    // The native side answers the page's request for a missing handler the same way.
    page.run("bridge.callHandler('absent', 2, function () { record('called'); });")
    #expect(page.recorded("called").isEmpty)
    #expect(page.evaluated.contains { $0.contains("%22type%22%3A%22error%22") })
  }

  /// JsBridge 2.x: no generic method. A handler without a method of its own
  /// on the host object cannot be reached, and the page bridge releases
  /// its callback instead of calling a method that does not exist.
  @Test func withoutAGenericMethodOnlyHandlerMethodsAreCalled() {
    var profile = Self.jsBridge2
    profile.signals[0].method = ""
    profile.signals[0].hostCalls?.genericMethod = false
    let page = DialectPage(profile, nativeHandlers: ["submit"])
    page.run(
      """
      bridge.callHandler('submit', {a: 1}, function (answer) { record('submitted', answer); });
      bridge.callHandler('it\\'s', 'x', function (answer) { record('other', answer); });
      """)
    #expect(page.interfaceCalls == ["submit"])
    #expect(page.recorded("submitted") == [.object(["a": 1])])
    #expect(page.recorded("other").isEmpty)
    #expect(page.webView.trace.events(named: TraceEventName.uncaughtException).isEmpty)
  }

  @Test func hostCallsGoToTheMethodNamedAfterTheHandlerElseToSend() {
    let page = DialectPage(Self.jsBridge2, nativeHandlers: ["submit"])
    page.run(
      """
      bridge.callHandler('submit', {a: 1}, function (answer) { record('submitted', answer); });
      bridge.callHandler('toString', 'x', function (answer) { record('other', answer); });
      """)
    #expect(page.interfaceCalls == ["submit", "send"])
    #expect(page.recorded("submitted") == [.object(["a": 1])])
    #expect(page.recorded("other").isEmpty)  // no native handler: no answer
    // A native request is answered through the answer method.
    var answers: [JSONValue?] = []
    page.bridge.callHandler("echo", data: [1, "two"]) { answers.append($0) }
    page.webView.runUntilIdle()
    #expect(answers == [.array([1, "two"])])
    #expect(page.interfaceCalls.last == "response")
  }
}
