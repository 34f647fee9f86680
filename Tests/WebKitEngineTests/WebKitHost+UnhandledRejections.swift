import JSONModel
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// A promise rejection nobody handles is recorded in WebKitGTK as the
  /// simulated page records it (`unhandled-rejection` with its reason), so the
  /// built-in invariant `no-unhandled-rejection` judges both engines alike.
  @Suite("Unhandled rejections in WebKitGTK", .serialized)
  struct WebKitHostUnhandledRejectionTests {
    @Test func anUnhandledRejectionIsRecordedAndAHandledOneIsNot() throws {
      let host = try #require(WebKitWebViewHost())
      defer { host.close() }
      let page = """
        Promise.reject(new TypeError('nobody catches this'));
        Promise.reject(new Error('caught')).catch(function () {});
        new Promise(function (resolve) { setTimeout(resolve, 0); }).then(function () { throw new Error('later'); });
        """
      host.load(
        PageSource(url: "https://app.bridgecheck.test/index.html", scripts: [PageScript(name: "page.js", source: page)])
      )
      host.runUntilIdle(maxTasks: 1000, maxTime: nil, shouldStop: { false })
      let reasons = host.trace.events(named: TraceEventName.unhandledRejection).compactMap { $0["reason"]?.stringValue }
      #expect(reasons.count == 2, "\(reasons)")
      #expect(reasons.contains { $0.contains("nobody catches this") }, "\(reasons)")
      #expect(reasons.contains { $0.contains("later") }, "\(reasons)")
      #expect(!reasons.contains { $0.contains("caught") && !$0.contains("catches") }, "\(reasons)")
    }
  }
#endif
