import JSONModel
import JSRuntime
import Testing
import WebViewHosting

@testable import PageSimulation

@Suite("Host: evaluation, reload, errors, dialogs, determinism")
struct SimulatedWebViewHostTests {
  @Test func evaluationCompletesInALaterHostTask() throws {
    let page = loadedPage("var answer = 42;")
    var result: Result<JSONValue?, EvaluationError>?
    page.evaluateJavaScript("answer") { result = $0 }
    #expect(result == nil)
    page.runUntilIdle()
    #expect(try result?.get() == .number(42))
    let labels = page.trace.events(named: TraceEventName.task).compactMap { $0["label"]?.stringValue }.suffix(2)
    #expect(Array(labels) == ["evaluate", "evaluate completion"])
  }

  /// As WebKit does (measured in WebKitGTK 2.50, `WebKitHost+PageOrder.swift`):
  /// the completion gets the failure, and the page's error listeners see it
  /// too; it is not an uncaught exception of the page's own code.
  @Test func evaluationErrorsGoToTheCompletionAndToOnerrorButAreNoPageException() {
    let page = loadedPage("window.onerror = function (message) { console.log('onerror: ' + message); };")
    let result = page.evaluateNow("\n\nundefinedFunction()")
    guard case .failure(let error) = result else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.name == "ReferenceError")
    #expect(error.line == 3)
    #expect(page.consoleLines.count == 1)
    #expect(page.consoleLines.first?.hasPrefix("onerror: ReferenceError") == true)
    #expect(page.trace.events(named: TraceEventName.uncaughtException).isEmpty)
    #expect(page.evaluateNow("'script\u{2028}text'") == .success("script\u{2028}text"))
  }

  @Test func evaluationWithoutAPageFails() {
    let web = SimulatedWebView()
    var failed = false
    web.evaluateJavaScript("1") { if case .failure = $0 { failed = true } }
    web.runUntilIdle()
    #expect(failed)
  }

  @Test func reloadDestroysPageStateButKeepsTheHost() {
    var messages = 0
    let page = loadedPage("var state = 'old'; setTimeout(function () { console.log('stale timer'); }, 1000);") {
      $0.addScriptMessageHandler(named: "bridge") { _ in messages += 1 }
    }
    #expect(page.pageGeneration == 1)
    page.evaluateJavaScript("state = 'changed'; window.extra = 1;")
    page.reload()
    page.runUntilIdle()
    #expect(page.pageGeneration == 2)
    #expect(page.value("typeof extra") == "undefined")
    #expect(page.value("state") == "old")
    _ = page.evaluateNow("webkit.messageHandlers.bridge.postMessage(1)")
    #expect(messages == 1)
    // One timer per page world: the first fired before the reload (the page
    // ran until idle), the reloaded page armed and fired its own.
    #expect(page.consoleLines == ["stale timer", "stale timer"])
    #expect(page.trace.events(named: TraceEventName.pageUnloaded).count == 1)
  }

  @Test func reloadDropsPendingTimersOfTheOldPage() {
    let web = SimulatedWebView()
    web.load(
      PageSource(
        url: "https://a.test/",
        scripts: [PageScript(name: "p", source: "setTimeout(function () { console.log('fired'); }, 100);")]))
    web.advance(by: 50)
    web.reload()
    web.advance(by: 60)
    #expect(web.consoleLines.isEmpty)
    web.runUntilIdle()
    #expect(web.consoleLines == ["fired"])
    #expect(web.scheduler.now.milliseconds == 150)
  }

  @Test func uncaughtExceptionsAreRecordedAndReachOnerror() {
    let page = loadedPage(
      """
      window.onerror = function (message, source, line, column, error) {
        console.log('onerror', message, source, String(line), String(error instanceof RangeError));
      };
      setTimeout(function () { throw new RangeError('late'); }, 5);
      setTimeout(function () { console.log('still running'); }, 6);
      Promise.reject(new Error('rejected'));
      """)
    let uncaught = page.trace.events(named: TraceEventName.uncaughtException)
    #expect(uncaught.count == 1)
    #expect(uncaught.first?["message"] == "late")
    #expect(uncaught.first?["task"] == "timer 1")
    #expect(page.consoleLines == ["onerror RangeError: late page.js 4 true", "still running"])
    #expect(page.trace.events(named: TraceEventName.unhandledRejection).first?["reason"] == "Error: rejected")
  }

  @Test func aScriptThatLoopsForeverIsTerminatedAndThePageGoesOn() {
    let page = loadedPage(
      """
      setTimeout(function () { for (;;) {} }, 0);
      setTimeout(function () { console.log('after the loop'); }, 1);
      """,
      configuration: PageConfiguration(scriptTimeLimit: .milliseconds(50)))
    let terminated = page.trace.events(named: TraceEventName.scriptTerminated)
    #expect(terminated.first?["reason"] == "time-limit")
    #expect(page.consoleLines == ["after the loop"])
  }

  @Test func dialogsAreCapturedAndAnsweredByTheHost() {
    let page = loadedPage(
      """
      alert('hello');
      console.log(String(confirm('sure?')), String(prompt('name?', 'anon')), String(prompt('other?')));
      """
    ) { web in
      web.dialogHandler = { dialog in
        switch dialog.kind {
        case .alert: return .dismiss
        case .confirm: return .confirm
        case .prompt: return dialog.message == "name?" ? .text("Ada") : .dismiss
        }
      }
    }
    #expect(page.consoleLines == ["true Ada null"])
    let kinds = page.trace.events(named: TraceEventName.dialog).compactMap { $0["kind"]?.stringValue }
    #expect(kinds == ["alert", "confirm", "prompt", "prompt"])
  }

  @Test func userScriptsRunAtDocumentStartAndEnd() {
    let page = loadedPage("console.log('page sees ' + typeof early);") { web in
      web.addUserScript(
        PageScript(name: "start.js", source: "var early = 1; console.log('start');"), injectionTime: .atDocumentStart)
      web.addUserScript(
        PageScript(name: "end.js", source: "console.log('end ' + document.readyState);"), injectionTime: .atDocumentEnd)
    }
    #expect(page.consoleLines == ["start", "page sees number", "end loading"])
    #expect(page.value("document.readyState") == "complete")
  }

  @Test func loadEventsFireAfterPageScripts() {
    let page = loadedPage(
      """
      document.addEventListener('DOMContentLoaded', function () { console.log('dom ready'); });
      window.addEventListener('load', function () { console.log('loaded'); });
      console.log('script');
      """)
    #expect(page.consoleLines == ["script", "dom ready", "loaded"])
  }

  @Test func consoleFormatsValuesLikeABrowser() {
    let page = loadedPage("console.warn('text', 1, {a: [1]}, null, undefined, new Error('e'));")
    #expect(page.trace.events(named: TraceEventName.console).first?["level"] == "warn")
    #expect(page.consoleLines == [#"text 1 {"a":[1]} null undefined Error: e"#])
  }

  @Test func twoRunsOfTheSameScriptRecordIdenticalTraces() {
    let script = """
      var frame = document.createElement('iframe');
      document.documentElement.appendChild(frame);
      for (var i = 0; i < 3; i++) setTimeout(function () { frame.src = 'https://x/' + Math.random(); console.log(Date.now()); }, i * 7);
      webkit.messageHandlers.bridge.postMessage({n: Math.random()});
      setTimeout(function () { throw new Error('e'); }, 3);
      """
    func run() -> String {
      let page = loadedPage(script) { $0.addScriptMessageHandler(named: "bridge") { _ in } }
      page.evaluateJavaScript("document.documentElement.childNodes.length")
      page.runUntilIdle()
      return page.trace.text
    }
    let first = run()
    #expect(first == run())
    #expect(first.contains("navigation-requested"))
  }
}

@Suite("Host functions")
struct HostFunctionTests {
  @Test func pagesCallSwiftThroughHostFunctions() {
    var calls: [[JSONValue?]] = []
    let page = loadedPage(
      """
      var answer = __record('x', undefined, {a: [1]});
      console.log(JSON.stringify(answer), String(Object.keys(window).indexOf('__record')));
      try { __record(function () {}, Symbol('s')); __fail(); } catch (e) { console.log(e.message); }
      """
    ) { web in
      web.addHostFunction(named: "__record") { arguments in
        calls.append(arguments)
        return .object(["ok": true])
      }
      web.addHostFunction(named: "__fail") { _ in throw NativeFunctionError("refused") }
    }
    #expect(calls.count == 2)
    #expect(calls.first! == ["x", nil, .object(["a": [1]])])
    #expect(calls.last! == [nil, nil])
    #expect(page.consoleLines == [#"{"ok":true} -1"#, "refused"])
  }

  @Test func addingAnInterfaceAgainReplacesItForTheNextPage() {
    var called: [String] = []
    let page = loadedPage(
      "console.log(Object.keys(Host).join(','), String(Host.answer('{}', 'id')));"
    ) { web in
      web.addJavascriptInterface(named: "Host", methods: ["send"]) { method, _ in
        called.append("old " + method)
        return nil
      }
      web.addJavascriptInterface(named: "Host", methods: ["send", "answer"]) { method, _ in
        called.append("new " + method)
        return .string("ok")
      }
    }
    #expect(page.consoleLines == ["send,answer ok"])
    #expect(called == ["new answer"])
    #expect(page.trace.events(named: TraceEventName.scriptTerminated).isEmpty)
  }

  /// As WebKit's structured clone does (measured: `WebKitHost+PageOrder.swift`):
  /// an own `__proto__` key of a posted body becomes the prototype, so the
  /// native side does not get it, at any depth; other keys arrive.
  @Test func anOwnProtoKeyOfAPostedBodyDoesNotArrive() {
    var bodies: [JSONValue?] = []
    let page = loadedPage(
      """
      webkit.messageHandlers.bridge.postMessage(JSON.parse('{"__proto__": {"polluted": true}, "plain": 1, "inner": [{"__proto__": 5, "x": 2}]}'));
      webkit.messageHandlers.bridge.postMessage(JSON.stringify(JSON.parse('{"__proto__": 1}')));
      """,
      prepare: { $0.addScriptMessageHandler(named: "bridge") { bodies.append($0.body) } })
    page.runUntilIdle()
    #expect(bodies.map { $0?.serialized() } == [#"{"inner":[{"x":2}],"plain":1}"#, #""{\"__proto__\":1}""#])
  }

  /// WebKit hands an evaluation's result over as a structured clone too
  /// (WKWebView's completion and WebKitGTK's alike round-trip it through
  /// SerializedScriptValue): an own `__proto__` key does not arrive.
  @Test func anOwnProtoKeyOfAnEvaluationResultDoesNotArrive() {
    let page = loadedPage("")
    let result = page.value(
      #"JSON.parse('{"__proto__": {"polluted": true}, "plain": 1, "inner": [{"__proto__": 5}]}')"#)
    #expect(result?.serialized() == #"{"plain":1,"inner":[{}]}"#)
    #expect(page.value(#"JSON.parse('{"k": "__proto__"}')"#) == .object(["k": "__proto__"]))
  }

  /// WebKit's structured clone copies a cycle: the post succeeds (no
  /// exception in the page), the native side gets a body with no JSON form
  /// (nil, the trace says why), and later posts arrive as usual.
  @Test func aCyclicBodyIsPostedAndArrivesUnreadable() {
    var bodies: [JSONValue?] = []
    let page = loadedPage(
      """
      var cyclic = {name: 'cyclic'}; cyclic.self = cyclic;
      try { webkit.messageHandlers.bridge.postMessage({params: cyclic}); console.log('posted'); }
      catch (error) { console.log('threw ' + error.name); }
      webkit.messageHandlers.bridge.postMessage('after');
      """,
      prepare: { $0.addScriptMessageHandler(named: "bridge") { bodies.append($0.body) } })
    page.runUntilIdle()
    #expect(page.consoleLines == ["posted"])
    #expect(bodies == [nil, .string("after")])
    let posted = page.trace.events(named: TraceEventName.scriptMessage)
    #expect(posted.map { $0["cyclicBody"] } == [true, nil])
    #expect(page.limitViolation == nil)
  }
}
