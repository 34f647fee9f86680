import JSONModel
import Testing
import WebKitEngine

#if WebKitGTK
  /// The real engine's page with the host shape a native bridge sees; these
  /// tests need a display (`xvfb-run -a swift test --traits WebKitGTK`).
  @Suite("A WebKitGTK page seen from the host", .serialized)
  struct WebKitPageHostTests {
    static let page = """
      <!doctype html><html><body><script>
      window.loaded = 'yes';
      </script></body></html>
      """

    @Test func evaluationsReturnTheirValueAsJSON() throws {
      let page = try WebKitPage()
      defer { page.close() }
      try page.load(html: Self.page, baseURL: "https://bridgecheck.test/")
      #expect(try page.evaluate("window.loaded") == "yes")
      #expect(try page.evaluate("({a: [1, 'two', null], b: true})") == ["a": [1, "two", .null], "b": true])
      #expect(try page.evaluate("undefined") == nil)
      #expect(throws: WebKitError.self) { try page.evaluate("throw new Error('boom')") }
    }

    @Test func postsReachTheirScriptMessageHandler() throws {
      let page = try WebKitPage(messageHandlers: ["bridge"])
      defer { page.close() }
      try page.load(html: Self.page, baseURL: "https://bridgecheck.test/")
      try page.evaluate("window.webkit.messageHandlers.bridge.postMessage({n: 1}); true")
      page.settle(seconds: 0.2)
      let messages = page.scriptMessages
      #expect(messages.count == 1)
      #expect(messages.first?.handler == "bridge")
      #expect(messages.first?.body == ["n": 1])
    }

    @Test func iframeSignalsAreNavigationRequestsTheHostCancels() throws {
      let page = try WebKitPage()
      defer { page.close() }
      try page.load(html: Self.page, baseURL: "https://bridgecheck.test/")
      try page.evaluate(
        """
        var frame = document.createElement('iframe');
        frame.style.display = 'none';
        frame.src = 'https://__wvjb_queue_message__';
        document.documentElement.appendChild(frame);
        true
        """)
      page.settle(seconds: 0.3)
      #expect(page.navigationRequests.contains("https://__wvjb_queue_message__/"))
      // Cancelled: the page is still the page.
      #expect(try page.evaluate("window.loaded") == "yes")
    }

    /// What a native side sees of the URLs a page sets: WebKit parses and
    /// serializes them (WHATWG URL): http(s) hosts in lower case and an
    /// empty path as "/"; other schemes keep their host as written.
    @Test func navigationURLsArriveParsedAndSerialized() throws {
      let page = try WebKitPage()
      defer { page.close() }
      try page.load(html: Self.page, baseURL: "https://bridgecheck.test/")
      for url in [
        "https://__BRIDGE_LOADED__", "wvjbscheme://__BRIDGE_LOADED__", "yy://__QUEUE_MESSAGE__/",
        "https://__wvjb_queue_message__/?a=%E2%80%A8",
      ] {
        try page.evaluate(
          """
          var frame = document.createElement('iframe');
          frame.src = \(JSONValue.string(url).serialized());
          document.documentElement.appendChild(frame);
          true
          """)
      }
      page.settle(seconds: 0.3)
      #expect(
        page.navigationRequests == [
          "https://__bridge_loaded__/", "wvjbscheme://__BRIDGE_LOADED__", "yy://__QUEUE_MESSAGE__/",
          "https://__wvjb_queue_message__/?a=%E2%80%A8",
        ])
    }
  }
#else
  @Suite("The real engine without the WebKitGTK trait")
  struct WebKitEngineAbsentTests {
    @Test func theDefaultBuildHasNoRealEngine() {
      #expect(!WebKitEngine.isBuilt)
    }
  }
#endif
