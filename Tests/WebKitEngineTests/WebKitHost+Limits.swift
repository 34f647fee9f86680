import BridgeImplementations
import Foundation
import JSONModel
import JSRuntime
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// The limits the WebKit host keeps on a page it does not trust, measured
  /// against WebKitGTK: a page stuck in a script is ended at the script time
  /// limit of its web process's CPU time, a page that keeps itself busy
  /// without a timer is not idle, the console's total is capped, and a
  /// value too large to leave the page is refused.
  @Suite("The WebKit host holds a page to its limits", .serialized)
  struct WebKitHostLimitTests {
    static let url = "https://app.bridgecheck.test/index.html"

    static func loaded(_ source: String, limits: PageLimits = PageLimits()) throws -> WebKitWebViewHost {
      var configuration = PageConfiguration()
      configuration.limits = limits
      let host = try #require(WebKitWebViewHost(configuration: configuration))
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: source)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 5_000), shouldStop: { false })
      return host
    }

    /// An evaluation that never ends: the web process spends the script
    /// limit of CPU time (a page's default, 1 s) while the host waits, and is ended.
    @Test func aScriptThatNeverEndsEndsItsWebProcessAtTheScriptLimit() throws {
      let host = try Self.loaded("window.ready = true;")
      defer { host.close() }
      #expect(host.limitViolation == nil)
      let started = ContinuousClock.now
      host.evaluateJavaScript("for (;;) {}", completion: nil)
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 10_000), shouldStop: { false })
      let violation = try #require(host.limitViolation)
      #expect(violation.limit == "script-time", "\(violation)")
      #expect(violation.message.contains("a script ran past the time limit of 1 s"), "\(violation)")
      #expect(violation.message.contains("while the host waited for an evaluation to complete"), "\(violation)")
      #expect(ContinuousClock.now - started < .seconds(8))
      #expect(host.trace.events.contains { $0.name == TraceEventName.scriptTerminated })
    }

    /// A page that posts a message to itself on every message never goes
    /// idle (no timer shows it); the same page without the loop does.
    @Test func aMessagePingPongIsNotIdle() throws {
      let quiet = try Self.loaded("window.ready = true;")
      #expect(
        quiet.runUntilIdle(maxTasks: 10_000, maxTime: quiet.now.advanced(by: 2_000), shouldStop: { false }) == .idle)
      quiet.close()
      let busy = try Self.loaded(
        """
        var channel = window.pingPong = new MessageChannel(), turns = 0;
        channel.port1.onmessage = function () { turns++; channel.port2.postMessage(0); };
        channel.port2.postMessage(0);
        """)
      defer { busy.close() }
      let cpu = busy.pageCPUTime
      let outcome = busy.runUntilIdle(maxTasks: 10_000, maxTime: busy.now.advanced(by: 1_500), shouldStop: { false })
      #expect(outcome == .timeBudgetExhausted)
      #expect(busy.pageCPUTime - cpu > .milliseconds(20), "the web process ran the loop: \(busy.pageCPUTime - cpu)")
    }

    /// Console lines are cut in the page and their total is capped: the
    /// page passes the console limit, and no line longer than the line
    /// limit (plus its note) reaches the host.
    @Test func aConsoleFloodPassesTheConsoleLimit() throws {
      let host = try Self.loaded(
        "var line = 'x'.repeat(200000); for (var i = 0; i < 100; i++) console.log(line);",
        limits: PageLimits(consoleLineLength: 1_000, consoleTotalBytes: 20_000))
      defer { host.close() }
      let violation = try #require(host.limitViolation)
      #expect(violation.limit == "console-output", "\(violation)")
      let lines = host.trace.events.filter { $0.name == TraceEventName.console }.compactMap { $0["text"]?.stringValue }
      #expect(!lines.isEmpty)
      #expect(lines.count < 100, "the page stopped forwarding lines past the total: \(lines.count)")
      #expect(lines.allSatisfy { $0.utf16.count < 1_100 })
      #expect(lines.first?.hasSuffix("more characters cut by bridgecheck]") == true)
    }

    /// A value larger than a value may be is refused before it is
    /// converted: the page passed a limit (the scenario stops there, so the
    /// evaluation's completion never gets the value).
    @Test func aValueTooLargeToLeaveThePageIsRefused() throws {
      let host = try Self.loaded("window.ready = true;")
      defer { host.close() }
      let outcome = Outcome()
      host.evaluateJavaScript("'x'.repeat(70 * 1024 * 1024)") { outcome.result = $0 }
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 10_000), shouldStop: { false })
      let violation = try #require(host.limitViolation)
      #expect(violation.limit == "value-size", "\(violation)")
      #expect(violation.message.contains("is too large to leave the page"), "\(violation)")
      if case .success? = outcome.result { Issue.record("the value reached the completion") }
      #expect(!host.trace.events.contains { $0.name == TraceEventName.evaluateResult && $0["ok"] == true })
    }
  }

  /// An evaluation's outcome, set in its completion.
  final class Outcome: @unchecked Sendable {
    var result: Result<JSONValue?, EvaluationError>?
  }
#endif
