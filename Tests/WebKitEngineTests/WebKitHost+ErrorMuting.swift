import JSONModel
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// What a page's `window.onerror` sees of an exception thrown by code that
  /// came from a user script, against code of the page's own `<script>`
  /// (measured for docs/webkit-engine.md: the handler-throws fixtures).
  @Suite("Errors of user-script code in WebKitGTK", .serialized)
  struct WebKitHostErrorMutingTests {
    /// The messages `window.onerror` received, throwing from each origin in a timer of its own.
    static func onerrorMessages() throws -> [String] {
      let host = try #require(WebKitWebViewHost())
      defer { host.close() }
      var seen: [String] = []
      host.addHostFunction(named: "seen") { arguments in
        seen.append(arguments.first??.stringValue ?? "?")
        return nil
      }
      host.addUserScript(
        PageScript(
          name: "user.js", source: "window.userThrower = function () { throw new Error('from user script'); };"),
        injectionTime: .atDocumentStart)
      let page = """
        window.pageThrower = function () { throw new Error('from page script'); };
        window.onerror = function (message) { seen(String(message)); return true; };
        setTimeout(function () { userThrower(); }, 0);
        setTimeout(function () { pageThrower(); }, 0);
        """
      host.load(
        PageSource(url: "https://app.bridgecheck.test/index.html", scripts: [PageScript(name: "page.js", source: page)])
      )
      host.runUntilIdle(maxTasks: 1000, maxTime: nil, shouldStop: { false })
      // Code a native side evaluated (as a bridge injected on __bridge_loaded__ is).
      host.evaluateJavaScript(
        "window.evalThrower = function () { throw new Error('from evaluated script'); }; setTimeout(function () { evalThrower(); }, 0); 1",
        completion: nil)
      host.runUntilIdle(maxTasks: 1000, maxTime: nil, shouldStop: { false })
      return seen
    }

    /// Measured in WebKitGTK 2.50: an exception thrown by a user script's
    /// code reaches `window.onerror` muted (`Script error.`, as a
    /// cross-origin script's would), one thrown by the page's own script or
    /// by evaluated code with its message. The simulated page gives the
    /// message in all three cases.
    @Test func userScriptErrorsReachOnerrorMuted() throws {
      let seen = try Self.onerrorMessages()
      print("ONERROR \(seen)")
      #expect(seen.count == 3)
      #expect(seen.contains { $0.contains("from page script") })
      #expect(seen.contains("Script error."))
      #expect(!seen.contains { $0.contains("from user script") })
      #expect(seen.contains { $0.contains("from evaluated script") }, "\(seen)")
    }
  }
#endif
