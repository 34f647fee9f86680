import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

@Suite("Iframe navigation requests")
struct IframeNavigationTests {
  static let frameInDocument = """
    var frame = document.createElement('iframe');
    frame.style.display = 'none';
    document.documentElement.appendChild(frame);
    """

  @Test func appendingAnIframeWithoutSourceRequestsAboutBlank() {
    let page = loadedPage(Self.frameInDocument)
    #expect(page.iframeRequests == ["about:blank"])
  }

  @Test func fiveSourceSetsInOneTaskGiveOneRequestForTheLastURL() {
    let page = loadedPage(Self.frameInDocument + "for (var i = 0; i < 5; i++) frame.src = 'https://signal/' + i;")
    #expect(page.iframeRequests == ["about:blank", "https://signal/4"])
    #expect(page.trace.events(named: TraceEventName.navigationReplaced).count == 4)
  }

  @Test func fiveZeroTimersScheduledTogetherGiveOneRequest() {
    for delay in [0, 10] {
      let page = loadedPage(
        Self.frameInDocument
          + "for (var i = 0; i < 5; i++) setTimeout(function (n) { frame.src = 'https://t/' + n; }, \(delay), i);")
      #expect(page.iframeRequests == ["about:blank", "https://t/4"], "delay \(delay)")
    }
  }

  @Test func chainedTimersGiveOneRequestEach() {
    let page = loadedPage(
      Self.frameInDocument
        + "var n = 0; (function next() { frame.src = 'https://c/' + n; if (++n < 5) setTimeout(next, 0); })();")
    #expect(page.iframeRequests == ["about:blank"] + (0..<5).map { "https://c/\($0)" })
  }

  @Test func sourceSetBeforeInsertionIsRequestedAtInsertion() {
    let page = loadedPage(
      """
      var frame = document.createElement('iframe');
      frame.src = 'https://__bridge_loaded__';
      console.log('before append');
      document.documentElement.appendChild(frame);
      console.log('after append');
      """)
    #expect(page.iframeRequests == ["https://__bridge_loaded__/"])
    let names = page.trace.events.map(\.name).filter { $0 == "console" || $0 == "navigation-requested" }
    #expect(names == ["console", "navigation-requested", "console"])
  }

  @Test func theSameURLInALaterTaskNavigatesAgain() {
    let page = loadedPage(
      Self.frameInDocument + "frame.src = 'https://same/'; setTimeout(function () { frame.src = 'https://same/'; }, 0);"
    )
    #expect(page.iframeRequests == ["about:blank", "https://same/", "https://same/"])
  }

  @Test func removalRightAfterInsertionStillRequests() {
    for removal in ["document.documentElement.removeChild(frame);", "setTimeout(function () { frame.remove(); }, 0);"] {
      let page = loadedPage(
        """
        var frame = document.createElement('iframe');
        frame.src = 'https://__bridge_loaded__';
        document.documentElement.appendChild(frame);
        \(removal)
        """)
      #expect(page.iframeRequests == ["https://__bridge_loaded__/"])
    }
  }

  @Test func everyRequestModeDeliversEverySourceSet() {
    let page = loadedPage(
      Self.frameInDocument + "for (var i = 0; i < 5; i++) frame.src = 'https://signal/' + i;",
      configuration: PageConfiguration(iframeNavigation: .everyRequest))
    #expect(page.iframeRequests == ["about:blank"] + (0..<5).map { "https://signal/\($0)" })
  }

  @Test func policySeesEveryRequestAndItsAnswerIsRecorded() {
    var seen: [NavigationAction] = []
    let page = loadedPage(
      Self.frameInDocument + "frame.src = 'https://__wvjb_queue_message__'; location.href = 'https://elsewhere.test/';"
    ) {
      $0.navigationPolicy = { action in
        seen.append(action)
        return action.url.contains("__wvjb") ? .cancel : .allow
      }
    }
    #expect(seen.map(\.url) == ["about:blank", "https://elsewhere.test/", "https://__wvjb_queue_message__/"])
    #expect(seen.map(\.frame) == [.iframe, .main, .iframe])
    let decisions = page.trace.events(named: TraceEventName.navigationDecided).compactMap { $0["policy"]?.stringValue }
    #expect(decisions == ["allow", "allow", "cancel"])
  }
}

@Suite("Script message handlers")
struct ScriptMessageTests {
  @Test func postMessageDeliversBodiesInOrderWithSortedKeys() {
    var received: [ScriptMessage] = []
    let page = loadedPage(
      """
      window.webkit.messageHandlers.bridge.postMessage({z: 1, a: [true, null]});
      window.webkit.messageHandlers.bridge.postMessage('text');
      window.webkit.messageHandlers.bridge.postMessage(undefined);
      """
    ) { web in web.addScriptMessageHandler(named: "bridge") { received.append($0) } }
    #expect(received.map(\.name) == ["bridge", "bridge", "bridge"])
    #expect(received[0].body == .object(JSONObject([("a", [true, .null]), ("z", 1)])))
    if case .object(let object)? = received[0].body { #expect(object.keys == ["a", "z"]) }
    #expect(received[1].body == "text")
    #expect(received[2].body == nil)
    #expect(page.trace.events(named: TraceEventName.scriptMessage).count == 3)
  }

  @Test func messagesArriveBeforeNavigationsOfTheSameTask() {
    var order: [String] = []
    _ = loadedPage(
      """
      var frame = document.createElement('iframe');
      frame.src = 'https://nav/';
      document.documentElement.appendChild(frame);
      window.webkit.messageHandlers.bridge.postMessage('message');
      """
    ) { web in
      web.addScriptMessageHandler(named: "bridge") { _ in order.append("message") }
      web.navigationPolicy = { action in
        order.append(action.url)
        return .allow
      }
    }
    #expect(order == ["message", "https://nav/"])
  }

  @Test func onlyRegisteredNamesExistAndPostMessageNeedsABody() {
    let page = loadedPage(
      """
      console.log(typeof window.webkit.messageHandlers.bridge, typeof window.webkit.messageHandlers.other);
      try { window.webkit.messageHandlers.bridge.postMessage(); } catch (e) { console.log(e.name); }
      """
    ) { $0.addScriptMessageHandler(named: "bridge") { _ in } }
    #expect(page.consoleLines == ["object undefined", "TypeError"])
  }

  @Test func handlersAddedAfterLoadAppearInThePage() {
    let page = loadedPage("")
    page.addScriptMessageHandler(named: "late") { _ in }
    #expect(page.value("typeof webkit.messageHandlers.late") == "object")
    page.removeScriptMessageHandler(named: "late")
    #expect(page.value("typeof webkit.messageHandlers.late") == "undefined")
  }
}
