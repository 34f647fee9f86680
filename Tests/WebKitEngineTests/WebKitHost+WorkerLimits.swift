import Foundation
import JSONModel
import PageSimulation
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// What the WebKit host sees of a page's dedicated workers, which run on
  /// threads of the web process of their own: a worker stuck in a script is
  /// held to the script time limit, as in the simulated page, and a worker in
  /// the middle of a script keeps the page from being idle; a worker that
  /// answers and waits does not.
  @Suite("The WebKit host holds a page's workers to its limits", .serialized)
  struct WebKitHostWorkerLimitTests {
    /// A page that starts a worker from a blob URL with `source`.
    static func page(worker source: String) -> String {
      """
      window.worker = new Worker(URL.createObjectURL(new Blob([\(JSONValue.string(source).serialized())], { type: 'text/javascript' })));
      window.worker.onmessage = function (e) { window.answer = e.data; };
      """
    }

    static func limits(scriptTime: Duration) -> PageConfiguration {
      var configuration = PageConfiguration()
      configuration.scriptTimeLimit = scriptTime
      return configuration
    }

    static func loaded(_ source: String, scriptTime: Duration = .milliseconds(500)) throws -> WebKitWebViewHost {
      let host = try #require(WebKitWebViewHost(configuration: limits(scriptTime: scriptTime)))
      host.load(PageSource(url: WebKitHostLimitTests.url, scripts: [PageScript(name: "page.js", source: source)]))
      return host
    }

    /// A worker whose script loops for ever: its thread spends the script
    /// limit of CPU time without waiting, the page passes the script time
    /// limit and its web process is ended (the settle does not end idle
    /// while the worker runs, however soon the page itself is idle).
    @Test func aWorkerThatLoopsPassesTheScriptTimeLimit() throws {
      let host = try Self.loaded(Self.page(worker: "for (;;) {}"))
      defer { host.close() }
      let outcome = host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 14_000), shouldStop: { false })
      let violation = try #require(
        host.limitViolation, "\(outcome), page CPU \(host.pageCPUTime), \(host.trace.events.map(\.name))")
      #expect(violation.limit == "script-time", "\(violation)")
      #expect(violation.message.contains("a script ran past the time limit of 500 ms"), "\(violation)")
      #expect(violation.message.contains("a dedicated worker of the page"), "\(violation)")
      #expect(host.pageCPUTime >= .milliseconds(500), "the worker's CPU time counts as the page's: \(host.pageCPUTime)")
    }

    /// A worker that sets timers until it is stopped never returns to its
    /// event loop (it waits a moment for each garbage collection, which is
    /// not waiting for a task): the page is never idle, and ends at the
    /// script limit or at the settle's bound, never idle.
    @Test func aWorkerTimerFloodIsNeverIdle() throws {
      let host = try Self.loaded(
        Self.page(worker: "for (var i = 0; ; i++) { try { setTimeout(function () {}, 100000 + i); } catch (e) {} }"))
      defer { host.close() }
      let outcome = host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 4_000), shouldStop: { false })
      #expect(
        outcome == .timeBudgetExhausted || host.limitViolation?.limit == "script-time",
        "\(outcome), \(String(describing: host.limitViolation))")
    }

    /// A worker that answers a message and waits for the next is idle: no
    /// limit, and the settle ends idle.
    @Test func aWorkerThatAnswersAndWaitsIsIdle() throws {
      let host = try Self.loaded(
        Self.page(
          worker:
            "var sink = 0; self.onmessage = function (e) { for (var i = 0; i < 1e6; i++) sink += i; postMessage(e.data + 1); };"
        )
          + "window.worker.postMessage(1);")
      defer { host.close() }
      let outcome = host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 10_000), shouldStop: { false })
      #expect(outcome == .idle)
      #expect(host.limitViolation == nil, "\(String(describing: host.limitViolation))")
      let answer = Outcome()
      host.evaluateJavaScript("window.answer") { answer.result = $0 }
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 15_000), shouldStop: { false })
      #expect(try answer.result?.get() == .number(2))
    }
  }

  /// The WebKit host's own timing does not decide what a scenario sees: an
  /// advance ends once the page answered what the host asked within it.
  @Suite("The WebKit host waits for the page's answers, not for the machine", .serialized)
  struct WebKitHostAnswerTests {
    /// An evaluation that takes longer than the advance it was asked in
    /// (as every evaluation may on a loaded machine) completes within it;
    /// a host timer due after the advance does not run.
    @Test func anAdvanceEndsOnceThePageAnswered() throws {
      let host = try #require(WebKitWebViewHost())
      defer { host.close() }
      host.load(
        PageSource(url: WebKitHostLimitTests.url, scripts: [PageScript(name: "page.js", source: "window.ready = 1;")]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 15_000), shouldStop: { false })
      let answer = Outcome()
      host.evaluateJavaScript("var t = Date.now(); while (Date.now() - t < 200) {} 7") { answer.result = $0 }
      let timer = Outcome()
      host.scheduleHostTask(after: 400, label: "later") { timer.result = .success(.bool(true)) }
      host.advance(by: 20, maxTasks: 10_000, shouldStop: { false })
      #expect(try answer.result?.get() == .number(7), "the evaluation completed within the advance")
      #expect(timer.result == nil, "a timer due after the advance did not run")
    }

    /// The page's probe of its pending work answers "nothing pending" only
    /// once a timer it set at an earlier probe of the round has run (work
    /// WebKit queued on a timer of its own before it, an iframe's
    /// navigation, has then run): two probes in one task both say "ask
    /// again"; the host's rounds of probes still find a quiet page idle, and
    /// a page that navigates an iframe from a timer has its navigation seen
    /// within the settle.
    @Test func nothingPendingIsConfirmedAfterTheMarkerTimer() throws {
      let host = try #require(WebKitWebViewHost())
      defer { host.close() }
      host.load(
        PageSource(
          url: WebKitHostLimitTests.url,
          scripts: [
            PageScript(
              name: "page.js",
              source: """
                window.ready = 1;
                window.navigateLater = function () {
                  var frame = document.createElement('iframe');
                  document.body.appendChild(frame);
                  setTimeout(function () { frame.src = 'https://signal.bridgecheck.test/'; }, 0);
                };
                """)
          ]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 15_000), shouldStop: { false })
      let probes = Outcome()
      host.evaluateJavaScript(
        "[__bridgecheckPendingTimers(0, true), __bridgecheckPendingTimers(0, false)]"
      ) {
        probes.result = $0
      }
      #expect(
        host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 15_000), shouldStop: { false }) == .idle)
      #expect(try probes.result?.get() == .array([.number(-1), .number(-1)]), "\(String(describing: probes.result))")
      host.navigationPolicy = { _ in .cancel }
      host.evaluateJavaScript("navigateLater()", completion: nil)
      #expect(
        host.runUntilIdle(maxTasks: 10_000, maxTime: host.now.advanced(by: 15_000), shouldStop: { false }) == .idle)
      #expect(
        host.trace.events.contains {
          $0.name == TraceEventName.navigationRequested && $0["url"]?.stringValue == "https://signal.bridgecheck.test/"
        })
    }
  }
#endif
