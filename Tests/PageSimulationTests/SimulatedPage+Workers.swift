import JSONModel
import Testing
import WebViewHosting

@testable import PageSimulation

/// Dedicated workers in the simulated page, each expectation as WebKitGTK
/// 2.50 behaves (the same scripts run in both engines in
/// `Tests/WebKitEngineTests/WebKitHost+WorkerFidelity.swift`).
@Suite("Page: dedicated workers")
struct SimulatedPageWorkerTests {
  /// `worker(source)`: a page function that starts a worker from a blob URL.
  static let helpers = """
    var seen = [];
    function worker(source, options) {
      return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), options);
    }
    """

  private func page(_ script: String, configuration: PageConfiguration = PageConfiguration()) -> SimulatedWebView {
    loadedPage(Self.helpers + script, configuration: configuration)
  }

  @Test func messagesGoBothWaysAsMessageEvents() {
    let page = page(
      """
      var w = worker("self.onmessage = function (e) { postMessage({ echo: e.data, kind: Object.prototype.toString.call(e), origin: e.origin }); };");
      w.onmessage = function (e) {
        seen.push(JSON.stringify(e.data), Object.prototype.toString.call(e), e.constructor === MessageEvent, e.origin === '',
          e.source === null, e.ports.length, e.target === w, e.isTrusted);
      };
      w.postMessage({ a: 1, list: [1, 'two'] });
      """)
    #expect(
      page.value("seen.join(' ')")
        == #"{"echo":{"a":1,"list":[1,"two"]},"kind":"[object MessageEvent]","origin":""} [object MessageEvent] true true true 0 true true"#
    )
    #expect(page.trace.events(named: TraceEventName.workerCreated).count == 1)
  }

  /// Messages the page posts before the worker's script ran wait for it, and
  /// every message keeps its order both ways.
  @Test func messagesPostedBeforeTheWorkerStartsArriveInOrder() {
    let page = page(
      """
      var w = worker("var got = []; self.onmessage = function (e) { got.push(e.data); if (got.length === 5) postMessage(got.join(',')); }; for (var i = 0; i < 3; i++) postMessage('hello ' + i);");
      w.addEventListener('message', function (e) { seen.push(e.data); });
      for (var i = 0; i < 5; i++) w.postMessage(i);
      """)
    #expect(page.value("seen.join('|')") == "hello 0|hello 1|hello 2|0,1,2,3,4")
  }

  @Test func theCloneKeepsWhatJSONLoses() {
    let page = page(
      """
      var w = worker(`self.onmessage = function (e) {
        var d = e.data;
        postMessage([d.u === undefined && 'u' in d, d.n !== d.n, Object.is(d.z, -0), d.inf, d.date instanceof Date && d.date.getTime(),
          d.re instanceof RegExp && d.re.source + d.re.flags, d.map instanceof Map && d.map.get('k'), d.set instanceof Set && d.set.has(2),
          d.bytes instanceof Uint8Array && d.bytes[1], d.view.buffer === d.bytes.buffer, d.cycle.self === d.cycle, d.big === 10n,
          Object.keys(d.proto).join(','), Object.getPrototypeOf(d.proto) === Object.prototype, d.instance.constructor === Object,
          d.getter, d.error instanceof TypeError && d.error.message, d.sparse.length, 1 in d.sparse, d.boxed instanceof String]);
      };`);
      w.onmessage = function (e) { seen = e.data; };
      var cycle = {}; cycle.self = cycle;
      var buffer = new Uint8Array([5, 6, 7]);
      function Kind() { this.x = 1; }
      w.postMessage({ u: undefined, n: NaN, z: -0, inf: -Infinity, date: new Date(5), re: /a+b/gi, map: new Map([['k', 'v']]),
        set: new Set([2]), bytes: buffer, view: new DataView(buffer.buffer), cycle: cycle, big: 10n,
        proto: JSON.parse('{"__proto__": {"polluted": true}, "plain": 1}'), instance: new Kind(),
        getter: { get g() { return 5; } }.g, error: new TypeError('bad'), sparse: [1, , 3], boxed: new String('s') });
      """)
    #expect(
      page.value("JSON.stringify(seen)")
        == #"[true,true,true,null,5,"a+bgi","v",true,6,true,true,true,"__proto__,plain",true,true,5,"bad",3,false,true]"#
    )
  }

  @Test(arguments: [
    ("function () {}", "function"), ("Symbol('s')", "symbol"), ("document.body", "an element"),
    ("window", "the window"),
    ("{ w: w }", "a worker inside an object"), ("new Event('x')", "an event"),
  ])
  func whatCannotBeClonedThrowsADataCloneError(value: String, what: String) {
    let page = page(
      """
      var w = worker('');
      try { w.postMessage(\(value)); seen.push('posted'); } catch (e) { seen.push(e.name, e.message, e.code); }
      """)
    #expect(page.value("seen.join('|')") == "DataCloneError|The object can not be cloned.|25", "\(what)")
  }

  @Test func aTransferListDetachesItsBuffers() {
    let page = page(
      """
      var w = worker("self.onmessage = function (e) { postMessage(e.data.byteLength); };");
      w.onmessage = function (e) { seen.push('worker saw ' + e.data); };
      var buffer = new ArrayBuffer(8);
      w.postMessage(buffer, [buffer]);
      seen.push('page has ' + buffer.byteLength);
      try { w.postMessage(1, [buffer]); } catch (e) { seen.push(e.name); }
      var other = new ArrayBuffer(2);
      try { w.postMessage(1, [other, other]); } catch (e) { seen.push(e.message); }
      try { w.postMessage(1, [1]); } catch (e) { seen.push(e.name); }
      """)
    #expect(
      page.value("seen.join('|')")
        == "page has 0|DataCloneError|Duplicate transferable for structured clone|TypeError|worker saw 8")
  }

  /// An exception the worker leaves uncaught reaches, in order, the worker's
  /// `onerror` (five arguments), its `error` listeners, the worker object's
  /// `onerror` (an ErrorEvent with no error object), and the window: then it
  /// is an uncaught exception of the page.
  @Test func anUncaughtErrorGoesUpLevelByLevel() {
    let page = page(
      """
      window.onerror = function (message, source, line, column, error) {
        seen.push('window.onerror: ' + message + ' @' + line + ' ' + error + ' ' + (source === url));
      };
      var url = URL.createObjectURL(new Blob(["self.onerror = function (m, s, l, c, e) { postMessage('self.onerror: ' + m + ' @' + l + ' ' + (e instanceof TypeError)); };\\nself.addEventListener('error', function (e) { postMessage('listener: ' + e.constructor.name + ' ' + e.cancelable); });\\nself.onmessage = function () { throw new TypeError('boom'); };"]));
      var w = new Worker(url);
      w.onmessage = function (e) { seen.push(e.data); };
      w.onerror = function (e) {
        seen.push('worker.onerror: ' + e.constructor.name + ' ' + e.message + ' @' + e.lineno + ' ' + e.error + ' ' + e.cancelable);
      };
      w.postMessage(1);
      """)
    #expect(
      page.value("seen.join('|')")
        == "self.onerror: TypeError: boom @3 true|listener: ErrorEvent true|worker.onerror: ErrorEvent TypeError: boom @3 null true|window.onerror: TypeError: boom @3 null true"
    )
    let uncaught = page.trace.events(named: TraceEventName.uncaughtException)
    #expect(uncaught.count == 1)
    #expect(uncaught.first?["worker"] == 1)
    #expect(uncaught.first?["message"] == "boom")
    #expect(page.trace.events(named: TraceEventName.workerError).count == 1)
  }

  @Test(arguments: [
    ("self.onerror = function () { return true; };", "the worker's onerror returns true"),
    ("self.addEventListener('error', function (e) { e.preventDefault(); });", "a worker listener cancels it"),
    ("", "the worker object's onerror cancels it"),
  ])
  func aHandledWorkerErrorStopsWhereItIsHandled(handler: String, how: String) {
    let page = page(
      """
      window.onerror = function () { seen.push('window'); };
      var w = worker("\(handler) self.onmessage = function () { throw new Error('x'); };");
      w.onerror = function (e) { seen.push('worker object'); if (\(handler.isEmpty)) e.preventDefault(); };
      w.postMessage(1);
      """)
    #expect(page.value("seen.join('|')") == (handler.isEmpty ? "worker object" : ""), "\(how)")
    #expect(page.trace.events(named: TraceEventName.uncaughtException).isEmpty, "\(how)")
  }

  /// A script that does not parse, or throws as it loads, is reported at
  /// the worker object (a syntax error at column 0, as WebKit says; the
  /// column of a throw differs between the engines, as for page errors:
  /// WebKit gives the end of the throw's expression, the simulated page
  /// the error's own `column`).
  @Test func aWorkerScriptThatFailsToLoadIsReported() {
    let page = page(
      """
      var bad = worker("syntax error here (");
      bad.onerror = function (e) { seen.push(e.message + ' @' + e.lineno + ':' + e.colno); e.preventDefault(); };
      var throwing = worker("throw new Error('at load');");
      throwing.onerror = function (e) { seen.push(e.message + ' @' + e.lineno); e.preventDefault(); };
      """)
    #expect(page.value("seen.join('|')") == "SyntaxError: Unexpected identifier 'error' @1:0|Error: at load @1")
  }

  @Test func terminateStopsTheWorkerAndDropsWhatItPosted() {
    let page = page(
      """
      var w = worker("postMessage('hello'); postMessage('posted with it'); setTimeout(function () { postMessage('later'); }, 0); self.onmessage = function () { postMessage('got'); };");
      w.onmessage = function (e) { seen.push(e.data); if (e.data === 'hello') { w.terminate(); w.postMessage('after'); } };
      """)
    #expect(page.value("seen.join('|')") == "hello")
    #expect(page.trace.events(named: TraceEventName.workerEnded).first?["reason"] == "terminated")
  }

  /// `close()`: what the worker posted in that task still arrives; its
  /// timers and later messages do not run.
  @Test func closeEndsTheWorkerAfterItsTask() {
    let page = page(
      """
      var w = worker("self.onmessage = function (e) { postMessage('before ' + e.data); close(); postMessage('after close'); setTimeout(function () { postMessage('timer'); }, 0); };");
      w.onmessage = function (e) { seen.push(e.data); };
      w.postMessage(1);
      w.postMessage(2);
      """)
    #expect(page.value("seen.join('|')") == "before 1|after close")
  }

  @Test func importScriptsLoadsBlobAndDataScriptsOfAJavaScriptType() {
    let page = page(
      """
      var lib = URL.createObjectURL(new Blob(['var fromBlob = 42;'], { type: 'text/javascript' }));
      var untyped = URL.createObjectURL(new Blob(['var untyped = 1;']));
      var w = worker(`self.onmessage = function (e) {
        var out = [];
        function attempt(what, f) { try { f(); out.push(what + ' ok'); } catch (x) { out.push(what + ' ' + x.name + ': ' + x.message); } }
        attempt('blob', function () { importScripts(e.data.lib); out.push(fromBlob); });
        attempt('untyped', function () { importScripts(e.data.untyped); });
        attempt('data', function () { importScripts('data:text/javascript,var fromData%20=%207'); out.push(fromData); });
        attempt('relative', function () { importScripts('lib.js'); });
        attempt('nothing', function () { importScripts(); });
        attempt('throwing', function () { importScripts('data:text/javascript,throw new RangeError("inside")'); });
        postMessage(out);
      };`);
      w.onmessage = function (e) { seen = e.data; };
      w.postMessage({ lib: lib, untyped: untyped });
      """)
    #expect(
      page.value("seen.join('|')")
        == "42|blob ok|untyped NetworkError: Load failed|7|data ok|relative SyntaxError: The string did not match the expected pattern.|nothing ok|throwing RangeError: inside"
    )
  }

  @Test func workerURLsAreCheckedAsWebKitChecksThem() {
    let page = page(
      """
      function attempt(url, options) {
        try { var w = new Worker(url, options); w.onerror = function (e) { seen.push(url + ' -> ' + e.constructor.name); }; }
        catch (e) { seen.push(url + ' threw ' + e.name + ': ' + e.message); }
      }
      attempt('https://other.example/w.js');
      attempt('wvjbscheme://x');
      attempt('http://[');
      var revoked = URL.createObjectURL(new Blob(['postMessage(1)']));
      URL.revokeObjectURL(revoked);
      attempt(revoked);
      attempt('x', { type: 'bogus' });
      var data = new Worker('data:text/javascript,postMessage(location.href.slice(0, 5) + typeof document)');
      data.onmessage = function (e) { seen.push('data worker ' + e.data); };
      """)
    let seen = page.value("seen.join('|')")?.stringValue ?? ""
    #expect(seen.contains("https://other.example/w.js threw SecurityError: The operation is insecure."), "\(seen)")
    #expect(seen.contains("wvjbscheme://x threw SecurityError"), "\(seen)")
    #expect(seen.contains("http://[ threw SyntaxError: The string did not match the expected pattern."), "\(seen)")
    #expect(seen.contains("x threw TypeError: Type error"), "\(seen)")
    #expect(seen.contains("blob:https://app.test/"), "\(seen)")
    #expect(seen.contains("-> Event"), "\(seen)")
    #expect(seen.contains("data worker data:undefined"), "\(seen)")
    #expect(page.limitViolation == nil)
  }

  /// A script from a file cannot be served by the simulated page: the
  /// scenario cannot be judged, and the limit says why and what works.
  @Test func aWorkerScriptFromAFileIsALimitOfThePage() {
    let page = page("var w = new Worker('bridge-worker.js');")
    #expect(page.limitViolation?.limit == "unavailable-feature")
    let message = page.limitViolation?.message ?? ""
    #expect(message.contains("https://app.test/bridge-worker.js"), "\(message)")
    #expect(message.contains("blob: URLs"), "\(message)")
  }

  @Test func aModuleWorkerIsALimitOfThePage() {
    let page = page("var w = worker('postMessage(1)', { type: 'module' });")
    #expect(page.limitViolation?.limit == "unavailable-feature")
    #expect(page.limitViolation?.message.contains("--engine webkitgtk") == true)
  }

  @Test func theWorkerScopeHasWhatAWebKitWorkerHas() {
    let page = page(
      """
      var w = worker(`postMessage([typeof self, self === globalThis, name, location.href.slice(0, 5), location.origin,
        typeof importScripts, typeof setTimeout, typeof Blob, typeof URL, typeof document, typeof window, typeof alert,
        typeof close, typeof console.log, typeof queueMicrotask, typeof Event, typeof MessageEvent, typeof addEventListener,
        Object.prototype.toString.call(self), typeof navigator.userAgent, Date.now() === e0]);`.replace('e0', String(Date.now())), { name: 'bridge' });
      w.onmessage = function (e) { seen = e.data; };
      """)
    #expect(
      page.value("JSON.stringify(seen)")
        == #"["object",true,"bridge","blob:","https://app.test","function","function","function","function","undefined","undefined","undefined","function","function","function","function","function","function","[object DedicatedWorkerGlobalScope]","string",true]"#
    )
  }

  @Test func workerTimersRunOnTheVirtualClock() {
    let page = page(
      """
      var w = worker("var start = Date.now(); setTimeout(function () { postMessage(Date.now() - start); }, 250); var n = 0; var i = setInterval(function () { if (++n === 3) { clearInterval(i); postMessage('interval ' + n); } }, 10);");
      w.onmessage = function (e) { seen.push(e.data); };
      """)
    #expect(page.value("seen.join('|')") == "interval 3|250")
    #expect(page.scheduler.now.milliseconds == 250)
  }

  @Test func aWorkersConsoleLinesAreThePagesSayingWhichWorker() {
    let page = page("worker(\"console.log('from the worker', 1)\");")
    let line = page.trace.events(named: TraceEventName.console).first
    #expect(line?["text"] == "from the worker 1")
    #expect(line?["worker"] == 1)
  }

  @Test func anUnhandledRejectionInAWorkerStaysInTheWorker() {
    let page = page("worker('Promise.reject(new Error(\"nobody\"));');")
    #expect(page.trace.events(named: TraceEventName.unhandledRejection).isEmpty)
    #expect(page.trace.events(named: TraceEventName.workerError).first?["kind"] == "unhandled-rejection")
  }

  /// When the page goes away (another page loads), its workers go with it.
  @Test func aNewPageEndsTheOldPagesWorkers() {
    let page = SimulatedWebView()
    let script = Self.helpers + "var w = worker('setInterval(function () {}, 10);');"
    page.load(PageSource(url: "https://app.test/", scripts: [PageScript(name: "page.js", source: script)]))
    page.advance(by: 100)
    page.load(PageSource(url: "https://app.test/next", scripts: []))
    page.advance(by: 100)
    let late = page.trace.events(named: TraceEventName.task).filter {
      $0.time.milliseconds > 100 && ($0["label"]?.stringValue?.hasPrefix("worker ") ?? false)
    }
    #expect(late.isEmpty)
    #expect(page.trace.events(named: TraceEventName.task).filter { $0["label"] == "worker 1 interval 1" }.count >= 9)
  }

}
