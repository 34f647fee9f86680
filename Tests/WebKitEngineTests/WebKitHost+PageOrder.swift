import BridgeImplementations
import JSONModel
import ProcessSupport
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// What the WebKit host must not change in the page it drives, measured
  /// against WebKitGTK (docs/webkit-engine.md): the order of the page's
  /// timers around synchronous host calls, what an evaluation's exception
  /// does, what a recycled web view keeps, and what a structured-clone
  /// message body does with an own `__proto__` key.
  @Suite("The WebKit host leaves the page as it would be", .serialized)
  struct WebKitHostPageOrderTests {
    static let url = "https://app.bridgecheck.test/index.html"

    /// A host with a recorder `record` whose calls land in `seen`.
    static func host(_ seen: Box) throws -> WebKitWebViewHost {
      let host = try #require(WebKitWebViewHost())
      host.addHostRecorder(named: "record") { arguments in seen.values.append(arguments.first??.stringValue ?? "?") }
      host.addHostFunction(named: "ping") { _ in .string("pong") }
      return host
    }

    /// Measured with a C program on WebKitGTK 2.50: a `prompt` answered at
    /// once, called while 0 ms timers were pending, made them fire out of
    /// order (the modal dialog suspends the page's timers and resumes them
    /// in another order). The host's synchronous channel is a synchronous
    /// request instead, and must keep them in order.
    @Test func synchronousHostCallsKeepThePagesTimersInOrder() throws {
      let seen = Box()
      let host = try Self.host(seen)
      defer { host.close() }
      let page = """
        for (var i = 0; i < 30; i++) {
          (function (n) { setTimeout(function () { record('t' + n); }, 0); })(i);
          if (ping() !== 'pong') record('bad answer');
        }
        """
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: page)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(seen.values == (0..<30).map { "t\($0)" })
    }

    /// Measured: WebKit hands the exception of an evaluated script to the
    /// page's `error` listeners too. The host records it once, as the
    /// evaluation's failure, not as an uncaught exception of page code.
    @Test func anEvaluationsExceptionReachesTheListenersButIsNotAPageException() throws {
      let seen = Box()
      let host = try Self.host(seen)
      defer { host.close() }
      let page = "window.addEventListener('error', function (event) { record(String(event.message)); });"
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: page)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      host.evaluateJavaScript("missingFunction();", completion: nil)
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(seen.values.count == 1)
      #expect(seen.values.first?.contains("missingFunction") == true)
      let events = host.trace.events
      #expect(!events.contains { $0.name == TraceEventName.uncaughtException })
      #expect(events.contains { $0.name == TraceEventName.evaluateResult && $0["ok"] == false })
    }

    /// A recycled web view gives the next host a fresh page: no global, no
    /// window name, no message handler, no timer, no local storage and no
    /// cookie of the last one.
    @Test func aRecycledWebViewKeepsNothingOfTheLastPage() throws {
      let first = Box()
      let host = try Self.host(first)
      host.addScriptMessageHandler(named: "oldHandler") { _ in }
      let page = """
        window.leftOver = 1; window.name = 'kept?';
        try { localStorage.setItem('kept', 'stored'); record(localStorage.getItem('kept')); } catch (e) { record('storage: ' + e); }
        try { document.cookie = 'kept=baked; max-age=3600'; record(document.cookie); } catch (e) { record('cookie: ' + e); }
        setInterval(function () { record('old timer'); }, 5);
        """
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: page)]))
      host.advance(by: 300, maxTasks: 10_000, shouldStop: { false })
      #expect(
        Array(first.values.prefix(2)) == ["stored", "kept=baked"],
        "the page could store: the check below means something \(first.values)")
      host.close()
      let second = Box()
      let next = try Self.host(second)
      defer { next.close() }
      let probe = """
        record(typeof window.leftOver);
        record(JSON.stringify(window.name));
        record(String(!!(window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.oldHandler)));
        try { record(String(localStorage.getItem('kept'))); } catch (e) { record('storage: ' + e); }
        try { record(JSON.stringify(document.cookie)); } catch (e) { record('cookie: ' + e); }
        """
      next.load(PageSource(url: Self.url, scripts: [PageScript(name: "probe.js", source: probe)]))
      next.advance(by: 30, maxTasks: 10_000, shouldStop: { false })
      #expect(second.values == ["undefined", "\"\"", "false", "null", "\"\""])
    }

    /// Measured: a script message body is a structured clone, and an own
    /// `__proto__` key becomes the received object's prototype: the key is
    /// gone from the body the native side reads. The simulated page does
    /// the same.
    @Test func anOwnProtoKeyOfAMessageBodyDoesNotArrive() throws {
      let host = try Self.host(Box())
      defer { host.close() }
      var bodies: [JSONValue?] = []
      host.addScriptMessageHandler(named: "native") { message in bodies.append(message.body) }
      let page = """
        window.webkit.messageHandlers.native.postMessage(JSON.parse('{"__proto__": {"polluted": true}, "plain": 1, "inner": {"__proto__": 5, "x": 2}}'));
        """
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: page)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(bodies.count == 1)
      #expect(bodies.first??.serialized() == #"{"inner":{"x":2},"plain":1}"#)
    }

    /// Measured: an evaluation's result is a structured clone as well
    /// (WKWebView's completion round-trips it through SerializedScriptValue
    /// the same way): an own `__proto__` key does not arrive. The simulated
    /// page does the same.
    @Test func anOwnProtoKeyOfAnEvaluationResultDoesNotArrive() throws {
      let host = try Self.host(Box())
      defer { host.close() }
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: "")]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      var result: JSONValue?
      let script = #"JSON.parse('{"__proto__": {"polluted": true}, "plain": 1, "inner": [{"__proto__": 5}]}')"#
      host.evaluateJavaScript(script) { result = (try? $0.get()) ?? nil }
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(result?.withSortedKeys.serialized() == #"{"inner":[{}],"plain":1}"#)
    }

    /// A body that contains itself is copied by the structured clone: the
    /// post does not throw, no size limit is passed (the weighing counts an
    /// object once), the native side gets no JSON (nil) and later posts
    /// arrive. The simulated page does the same.
    @Test func aCyclicMessageBodyArrivesUnreadableWithinTheLimits() throws {
      let seen = Box()
      let host = try Self.host(seen)
      defer { host.close() }
      var bodies: [JSONValue?] = []
      host.addScriptMessageHandler(named: "native") { message in bodies.append(message.body) }
      let page = """
        var cyclic = {name: 'cyclic'}; cyclic.self = cyclic;
        try { window.webkit.messageHandlers.native.postMessage({params: cyclic}); record('posted'); }
        catch (error) { record('threw ' + error.name); }
        window.webkit.messageHandlers.native.postMessage('after');
        """
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: page)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(seen.values == ["posted"])
      #expect(bodies == [nil, .string("after")])
      #expect(host.trace.events(named: TraceEventName.scriptMessage).map { $0["cyclicBody"] } == [true, nil])
      #expect(host.limitViolation == nil)
    }

    /// The sweep that ends an adapter's orphans (a subreaper kills every
    /// child it did not start itself) leaves WebKit's helper processes
    /// alone once the run uses the real engine: they are children of this
    /// process, in its own process group. (Before, the sweep after each
    /// adapter killed the web process, and the next scenario lost its page.)
    @Test func theOrphanSweepSparesWebKitsProcesses() throws {
      let seen = Box()
      let host = try Self.host(seen)
      defer { host.close() }
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: "record('loaded');")]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(ProcessTree.becomeSubreaper())
      ProcessTree.spareOwnProcessGroup()
      #expect(ProcessTree.endOrphans() == 0)
      host.evaluateJavaScript("record('still here')", completion: { _ in })
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(seen.values == ["loaded", "still here"])
      #expect(host.limitViolation == nil)
    }

    /// A page whose web process ends (a crash, WebKit's memory limit) stops
    /// the settle at once with a limit violation, and the next host gets a
    /// working page.
    @Test func aWebProcessThatEndsIsALimitAndTheNextPageWorks() throws {
      let seen = Box()
      let host = try Self.host(seen)
      host.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: "record('loaded');")]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(seen.values == ["loaded"])
      host.endWebProcess()
      let start = ContinuousClock.now
      host.evaluateJavaScript("record('never')", completion: { _ in })
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(ContinuousClock.now - start < .seconds(5), "no wait for an evaluation that cannot finish")
      #expect(host.limitViolation?.limit == "web-process")
      #expect(host.limitViolation?.message == "the page's web process ended: it was ended by the host")
      #expect(host.trace.events.contains { $0.name == TraceEventName.pageLimitExceeded })
      host.close()
      let next = Box()
      let again = try Self.host(next)
      defer { again.close() }
      again.load(PageSource(url: Self.url, scripts: [PageScript(name: "page.js", source: "record('again');")]))
      again.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      #expect(next.values == ["again"] && again.limitViolation == nil)
    }
  }

  /// Values a host function saw (the tests run serialized, on the runner's thread).
  final class Box: @unchecked Sendable {
    var values: [String] = []
  }
#endif
