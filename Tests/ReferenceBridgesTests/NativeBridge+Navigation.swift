import JSONModel
import PageSimulation
import Testing
import WebViewHosting

@testable import ReferenceBridges

@Suite("Native bridge: URL recognition and the app's navigation policy", .checksEvaluatedScripts)
struct NativeBridgeNavigationTests {
  static let classified: [(String, BridgeURL)] = [
    ("https://__wvjb_queue_message__", .queueMessage),
    ("https://__wvjb_queue_message__/", .queueMessage),
    ("HTTPS://__WVJB_QUEUE_MESSAGE__/", .queueMessage),
    ("https://__wvjb_queue_message__:443/path?query#fragment", .queueMessage),
    ("https://user:pw@__wvjb_queue_message__/", .queueMessage),
    ("https:\\\\__wvjb_queue_message__\\", .queueMessage),
    ("wvjbscheme://__WVJB_QUEUE_MESSAGE__", .queueMessage),
    ("WvJbScHeMe://__wvjb_queue_message__/x", .queueMessage),
    ("https://__bridge_loaded__", .bridgeLoaded),
    ("https://__BRIDGE_LOADED__/", .bridgeLoaded),
    ("wvjbscheme://__bridge_loaded__", .bridgeLoaded),
    ("WVJBSCHEME://__BRIDGE_LOADED__?x=1", .bridgeLoaded),
    ("  https://__bridge_loaded__  ", .bridgeLoaded),
    ("wvjbscheme://something_else", .unknown),
    ("wvjbscheme:opaque", .unknown),
    ("wvjbscheme://", .unknown),
    ("wvjbscheme://__something_else__/", .unknown),
    // Only the legacy scheme has unknown bridge commands: any other https
    // host is an ordinary navigation, even one that looks like a bridge host.
    ("https://__unknown_command__/", .notBridge),
    ("https://__something_else__/", .notBridge),
    ("https://__wvjb_queue_message__x/", .notBridge),
    ("https://example.com/?next=https://__bridge_loaded__", .notBridge),
    ("https://example.com/__wvjb_queue_message__", .notBridge),
    ("https://app.bridgecheck.test/index.html", .notBridge),
    ("https://_single_underscore/", .notBridge),
    ("http://__wvjb_queue_message__", .notBridge),
    ("about:blank", .notBridge),
    ("", .notBridge),
    ("not a url", .notBridge),
    ("//__bridge_loaded__", .notBridge),
    ("https://[::1]/", .notBridge),
  ]

  @Test(arguments: classified)
  func classifiesURLs(url: String, expected: BridgeURL) {
    #expect(BridgeURL(url) == expected)
  }

  /// A page script that navigates iframes to `urls`, one task each.
  static func navigate(_ urls: [String]) -> String {
    let list = urls.map(BridgePage.literal).joined(separator: ", ")
    return """
      [\(list)].forEach(function (url, index) {
        setTimeout(function () {
          var frame = document.createElement('iframe');
          frame.src = url;
          document.documentElement.appendChild(frame);
        }, index);
      });
      """
  }

  @Test func legacySchemeAndUpperCaseBridgeURLsAreRecognisedInThePage() {
    let page = BridgePage().load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    // Each spelling signals once; the page's next fetch returns one message.
    for (index, url) in ["wvjbscheme://__WVJB_QUEUE_MESSAGE__", "HTTPS://__WVJB_QUEUE_MESSAGE__/"].enumerated() {
      page.run(
        """
        var previous = WebViewJavascriptBridge._fetchQueue;
        WebViewJavascriptBridge._fetchQueue = function () {
          WebViewJavascriptBridge._fetchQueue = previous;
          return '[{"handlerName":"nativeProbe","data":\(index)}]';
        };
        \(Self.navigate([url]))
        """)
      page.settle()
    }
    #expect(calls == [0, 1])
    let decisions = page.navigationDecisions.filter { $0.url.lowercased().contains("__wvjb_queue_message__") }
    #expect(decisions.allSatisfy { $0.policy == "cancel" })
    #expect(!page.appPolicyURLs.contains { $0.lowercased().contains("__") }, "bridge URLs never reach the app")
  }

  @Test func legacySchemeBridgeLoadedInjects() {
    let page = BridgePage()
    page.load(
      """
      window.WVJBCallbacks = [function (bridge) { window.bridge = bridge; record('setup'); }];
      var frame = document.createElement('iframe');
      frame.src = 'WVJBSCHEME://__BRIDGE_LOADED__';
      document.documentElement.appendChild(frame);
      """)
    #expect(page.bridge.injectionCount == 1)
    #expect(page.recorded("setup").count == 1)
    #expect(page.navigationDecisions.first { $0.url == "wvjbscheme://__BRIDGE_LOADED__" }?.policy == "cancel")
  }

  @Test func unknownBridgeURLsAreCancelledAndLogged() {
    let page = BridgePage().load()
    page.run(Self.navigate(["wvjbscheme://unknown_command", "WVJBSCHEME://__something__/else"]))
    #expect(page.logs(.unknownBridgeURL).count == 2)
    #expect(page.logs(.unknownBridgeURL).allSatisfy { $0.level == .warning })
    let decisions = page.navigationDecisions.filter {
      $0.url.contains("unknown_command") || $0.url.contains("__something__")
    }
    #expect(decisions.map(\.policy) == ["cancel", "cancel"])
    #expect(!page.appPolicyURLs.contains { $0.contains("unknown_command") || $0.contains("__something__") })
  }

  @Test func httpsURLsWithBridgeLikeHostsAreOrdinaryNavigations() {
    let page = BridgePage(appPolicy: { action in action.url.contains("blocked") ? .cancel : .allow })
    page.load()
    let urls = [
      "https://__something_else__/", "https://__blocked__/",
      "https://example.test/__bridge_loaded__?q=__wvjb_queue_message__",
    ]
    page.run(Self.navigate(urls))
    page.settle()
    #expect(page.appPolicyURLs == urls, "the app decides every one of them")
    let decided = Dictionary(page.navigationDecisions.map { ($0.url, $0.policy) }, uniquingKeysWith: { $1 })
    #expect(urls.map { decided[$0] } == ["allow", "cancel", "allow"])
    #expect(page.logs(.unknownBridgeURL).isEmpty)
    #expect(page.bridge.injectionCount == 1)
  }

  @Test func ordinaryNavigationsGoToTheAppPolicyAndItsDecisionIsHonoured() {
    let page = BridgePage(appPolicy: { action in action.url.contains("blocked") ? .cancel : .allow })
    page.load()
    page.run(
      Self.navigate(["https://example.test/allowed", "https://example.test/blocked", "about:blank"])
        + "\nsetTimeout(function () { location.href = 'https://example.test/main-frame'; }, 10);")
    page.settle()
    #expect(
      page.appPolicyURLs == [
        "https://example.test/allowed", "https://example.test/blocked", "about:blank",
        "https://example.test/main-frame",
      ])
    let decided = Dictionary(page.navigationDecisions.map { ($0.url, $0.policy) }, uniquingKeysWith: { $1 })
    #expect(decided["https://example.test/allowed"] == "allow")
    #expect(decided["https://example.test/blocked"] == "cancel")
    #expect(decided["about:blank"] == "allow")
    #expect(decided["https://example.test/main-frame"] == "allow")
    #expect(page.problemCodes.isEmpty)
  }

  @Test func appPolicyCanBeReplacedAfterInstallation() {
    let page = BridgePage().load()
    page.bridge.appNavigationPolicy = { _ in .cancel }
    page.run(Self.navigate(["https://example.test/"]))
    #expect(page.navigationDecisions.last?.policy == "cancel")
  }

  @Test func aReleasedBridgeLeavesTheAppPolicyInCharge() {
    let webView = SimulatedWebView()
    ScriptTextCheck.register(webView)
    var appSaw: [String] = []
    webView.navigationPolicy = { action in
      appSaw.append(action.url)
      return .allow
    }
    do {
      let bridge = NativeBridge(webView: webView)
      _ = bridge
    }
    webView.load(
      PageSource(
        url: "https://app.test/",
        scripts: [PageScript(name: "p.js", source: Self.navigate(["https://__bridge_loaded__"]))]))
    webView.runUntilIdle()
    #expect(appSaw == ["https://__bridge_loaded__/"])
    #expect(webView.trace.events(named: TraceEventName.navigationDecided).last?["policy"] == "allow")
  }
}

@Suite("Native bridge: transports and injected scripts", .checksEvaluatedScripts)
struct NativeBridgeTransportTests {
  @Test func anyScriptMessageBodyIsAQueueSignal() {
    let setup = BridgeSetup(transport: .messageHandlers(), injection: .onBridgeLoaded)
    let page = BridgePage(setup).load()
    var calls: [JSONValue?] = []
    page.bridge.registerHandler("nativeProbe") { data, _ in calls.append(data) }
    // A fork that posts null (or an object) instead of the reference signal string.
    page.run(
      """
      var previous = WebViewJavascriptBridge._fetchQueue;
      WebViewJavascriptBridge._fetchQueue = function () {
        WebViewJavascriptBridge._fetchQueue = previous;
        return '[{"handlerName":"nativeProbe","data":"via null post"}]';
      };
      window.webkit.messageHandlers.WebViewJavascriptBridge.postMessage(null);
      window.webkit.messageHandlers.WebViewJavascriptBridge.postMessage({any: 'body'});
      """)
    #expect(calls == ["via null post"])
    #expect(page.problemCodes.isEmpty, "the second fetch finds an empty queue, which is normal")
  }

  @Test func messageHandlersTransportSignalsWithoutIframes() {
    let page = BridgePage(BridgeSetup(transport: .messageHandlers(), injection: .atDocumentStart)).load()
    page.bridge.registerHandler("nativeEcho") { data, respond in respond?(data) }
    page.run("bridge.callHandler('nativeEcho', 1, function (a) { record('answer', a); });")
    #expect(page.recorded("answer") == [1])
    let iframeRequests = page.webView.trace.events(named: TraceEventName.navigationRequested)
    #expect(iframeRequests.isEmpty)
    let posts = page.webView.trace.events(named: TraceEventName.scriptMessage).compactMap { $0["body"] }
    #expect(posts.first == "__bridge_loaded__", "the document-end announcement")
    #expect(posts.dropFirst().allSatisfy { $0 == "__wvjb_queue_message__" })
  }

  @Test(arguments: [NativeBridgeOptions.Injection.onBridgeLoaded, .atDocumentStart])
  func theConfiguredPageBridgeScriptIsTheOneInjected(injection: NativeBridgeOptions.Injection) {
    let custom =
      "window.customBridgeInjections = (window.customBridgeInjections || 0) + 1;\n" + ReferenceScripts.pageBridge
    let page = BridgePage(BridgeSetup(transport: .iframe, injection: injection), pageBridgeScript: custom).load()
    #expect(page.run("window.customBridgeInjections") == .success(1))
    var answer: JSONValue??
    page.bridge.callHandler("echo", data: "custom") { answer = .some($0) }
    page.settle()
    #expect(answer == .some("custom"))
  }
}
