import Foundation
import JSONModel
import PageSimulation
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// The same page scripts in the simulated page and in WebKitGTK, for the
  /// APIs the simulated page has for bridges that WebKit has too (dedicated
  /// workers, structured clone, `Blob`, `URL`, the DOM look-ups): each
  /// script records what it sees with `seen(…)`, and both engines must see
  /// the same, line for line. (A difference found here is fixed in the
  /// simulated page, or written down as one in `docs/webkit-engine.md`.)
  @Suite("Workers and DOM look-ups: simulated page against WebKitGTK", .serialized)
  struct WebKitHostWorkerFidelityTests {
    /// Page helpers every probe has: `worker(source)` starts a worker from a
    /// blob URL; `show(value)` writes a value on one line the same way in
    /// both engines.
    static let helpers = """
      function worker(source, options) {
        return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), options);
      }
      function show(value) { try { return typeof value === 'string' ? value : JSON.stringify(value); } catch (e) { return String(value); } }
      """

    /// One probe: what the page does; it calls `seen('done')` at the end.
    struct Probe: CustomStringConvertible, Sendable {
      var name: String
      var script: String
      var description: String { name }
    }

    static let probes: [Probe] = [
      Probe(
        name: "messages both ways",
        script: """
          var w = worker("self.onmessage = function (e) { postMessage({ echo: e.data, kind: Object.prototype.toString.call(e), origin: e.origin, ports: e.ports.length }); };");
          w.onmessage = function (e) {
            seen(show(e.data), Object.prototype.toString.call(e), e.origin === '', e.source === null, e.ports.length, e.target === w, e.isTrusted);
            seen('done');
          };
          w.postMessage({ a: 1, list: [1, 'two', null] });
          """),
      Probe(
        name: "order, and messages posted before the worker starts",
        script: """
          var w = worker("var got = []; self.onmessage = function (e) { got.push(e.data); if (got.length === 5) postMessage(got.join(',')); }; for (var i = 0; i < 3; i++) postMessage('hello ' + i);");
          w.addEventListener('message', function (e) { seen(e.data); if (e.data.length > 8) seen('done'); });
          for (var i = 0; i < 5; i++) w.postMessage(i);
          """),
      Probe(
        name: "structured clone",
        script: """
          var w = worker(`self.onmessage = function (e) {
            var d = e.data;
            postMessage([d.u === undefined && 'u' in d, d.n !== d.n, Object.is(d.z, -0), d.inf === -Infinity, d.date instanceof Date && d.date.getTime(),
              d.re instanceof RegExp && d.re.source + d.re.flags + d.re.lastIndex, d.map instanceof Map && d.map.get('k'), d.set instanceof Set && d.set.has(2),
              d.bytes instanceof Uint8Array && d.bytes[1], d.view instanceof DataView && d.view.buffer === d.bytes.buffer, d.cycle.self === d.cycle,
              d.big === 10n, Object.keys(d.proto).join(','), Object.getPrototypeOf(d.proto) === Object.prototype, d.proto.polluted,
              d.instance.constructor === Object, JSON.stringify(Object.getOwnPropertyDescriptor(d.getter, 'g')),
              d.error instanceof TypeError && d.error.name + ': ' + d.error.message, typeof d.error.stack, d.sparse.length, 1 in d.sparse,
              d.boxed instanceof String && d.boxed.valueOf(), Object.getOwnPropertyNames(d.hidden).join(','), d.arrayExtra.extra,
              d.blob instanceof Blob && d.blob.size + ' ' + d.blob.type, d.nested[0][0] === d.nested[1]]);
          };`);
          w.onmessage = function (e) { seen(show(e.data)); seen('done'); };
          var cycle = {}; cycle.self = cycle;
          var bytes = new Uint8Array([5, 6, 7]);
          function Kind() { this.x = 1; }
          var hidden = { visible: 1 }; Object.defineProperty(hidden, 'secret', { value: 2, enumerable: false }); hidden[Symbol('s')] = 3;
          var arrayExtra = [1, 2]; arrayExtra.extra = 'x';
          var shared = { s: 1 };
          w.postMessage({ u: undefined, n: NaN, z: -0, inf: -Infinity, date: new Date(5), re: /a+b/gi, map: new Map([['k', 'v']]),
            set: new Set([2]), bytes: bytes, view: new DataView(bytes.buffer), cycle: cycle, big: 10n,
            proto: JSON.parse('{"__proto__": {"polluted": true}, "plain": 1}'), instance: new Kind(),
            getter: { get g() { return 5; } }, error: new TypeError('bad'), sparse: [1, , 3], boxed: new String('s'),
            hidden: hidden, arrayExtra: arrayExtra, blob: new Blob(['héllo'], { type: 'Text/Plain' }), nested: [[shared], shared] });
          """),
      Probe(
        name: "what cannot be cloned",
        script: """
          var w = worker('');
          [function () {}, Symbol('s'), document.body, window, { w: w }, new Event('x'), [document]].forEach(function (value, index) {
            try { w.postMessage(value); seen(index + ' posted'); } catch (e) { seen(index + ' ' + e.name + ' ' + e.message + ' ' + e.code); }
          });
          try { w.postMessage(); } catch (e) { seen('no argument: ' + e.name + ' ' + e.message); }
          seen('done');
          """),
      Probe(
        name: "transfer lists",
        script: """
          var w = worker("self.onmessage = function (e) { postMessage(e.data === 1 ? 'one' : e.data.byteLength); };");
          var buffer = new ArrayBuffer(8);
          w.postMessage(buffer, [buffer]);
          seen('page has ' + buffer.byteLength);
          try { w.postMessage(1, [buffer]); } catch (e) { seen(e.name + ' ' + e.message); }
          var other = new ArrayBuffer(2);
          try { w.postMessage(1, [other, other]); } catch (e) { seen(e.name + ' ' + e.message); }
          try { w.postMessage(1, [1]); } catch (e) { seen(e.name + ' ' + e.message); }
          try { w.postMessage(1, { transfer: [] }); seen('options object ok'); } catch (e) { seen(e.name); }
          var answers = 0;
          w.onmessage = function (e) { seen('worker saw ' + e.data); if (++answers === 2) seen('done'); };
          """),
      Probe(
        name: "an uncaught worker error goes up level by level",
        script: """
          var url = URL.createObjectURL(new Blob(["self.onerror = function (m, s, l, c, e) { postMessage('self.onerror: ' + m + ' @' + l + ' ' + (e instanceof TypeError) + ' ' + (s === location.href)); };\\nself.addEventListener('error', function (e) { postMessage('listener: ' + e.constructor.name + ' ' + e.cancelable + ' ' + e.bubbles); });\\nself.onmessage = function () { throw new TypeError('boom'); };"]));
          window.onerror = function (message, source, line, column, error) {
            seen('window.onerror: ' + message + ' @' + line + ' ' + error + ' ' + (source === url));
            seen('done');
            return true;
          };
          var w = new Worker(url);
          w.onmessage = function (e) { seen(e.data); };
          w.onerror = function (e) {
            seen('worker.onerror: ' + e.constructor.name + ' ' + e.message + ' @' + e.lineno + ' ' + e.error + ' ' + e.cancelable + ' ' + (e.filename === url));
          };
          w.postMessage(1);
          """),
      Probe(
        name: "handled worker errors stop where they are handled",
        script: """
          // Workers run side by side in WebKit: what they cause is sorted before it is shown.
          var out = [];
          window.onerror = function (m) { out.push('window: ' + m); return true; };
          var a = worker("self.onerror = function () { return true; }; self.onmessage = function () { throw new Error('a'); };");
          a.onerror = function () { out.push('a reached the page (should not)'); };
          var b = worker("self.addEventListener('error', function (e) { e.preventDefault(); }); self.onmessage = function () { throw new Error('b'); };");
          b.onerror = function () { out.push('b reached the page (should not)'); };
          var c = worker("self.onmessage = function () { throw new Error('c'); };");
          c.onerror = function (e) { out.push('c at the worker object'); e.preventDefault(); };
          var d = worker("self.onmessage = function () { throw new Error('d'); };");
          d.onerror = function (e) { out.push('d at the worker object, returning false'); return false; };
          [a, b, c, d].forEach(function (w) { w.postMessage(1); });
          setTimeout(function () { out.sort().forEach(function (line) { seen(line); }); seen('done'); }, 1000);
          """),
      Probe(
        name: "worker scripts that fail to load",
        script: """
          window.onerror = function (m) { seen('window: ' + m); return true; };
          var bad = worker("syntax error here (");
          bad.onerror = function (e) { seen(e.constructor.name + ' ' + e.message + ' @' + e.lineno + ':' + e.colno); e.preventDefault(); };
          setTimeout(function () {
            var throwing = worker("throw new Error('at load');");
            throwing.onerror = function (e) { seen(e.constructor.name + ' ' + e.message + ' @' + e.lineno); };
          }, 100);
          setTimeout(function () { seen('done'); }, 1000);
          """),
      Probe(
        name: "terminate drops what the worker posted",
        script: """
          var w = worker("postMessage('hello'); postMessage('posted with it'); setTimeout(function () { postMessage('later'); }, 0); self.onmessage = function () { postMessage('got'); };");
          w.onmessage = function (e) { seen(e.data); if (e.data === 'hello') { w.terminate(); w.postMessage('after'); w.terminate(); } };
          setTimeout(function () { seen('done'); }, 1000);
          """),
      Probe(
        name: "close",
        script: """
          var w = worker("self.onmessage = function (e) { postMessage('before ' + e.data); close(); postMessage('after close'); setTimeout(function () { postMessage('timer'); }, 0); };");
          w.onmessage = function (e) { seen(e.data); };
          w.postMessage(1);
          w.postMessage(2);
          setTimeout(function () { seen('done'); }, 1000);
          """),
      Probe(
        name: "importScripts",
        script: """
          var lib = URL.createObjectURL(new Blob(['var fromBlob = 42;'], { type: 'text/javascript' }));
          var untyped = URL.createObjectURL(new Blob(['var untyped = 1;']));
          var w = worker(`self.onmessage = function (e) {
            var out = [];
            function attempt(what, f) { try { f(); out.push(what + ' ok'); } catch (x) { out.push(what + ' ' + x.name + ': ' + x.message); } }
            attempt('blob', function () { importScripts(e.data.lib); out.push(fromBlob); });
            attempt('untyped', function () { importScripts(e.data.untyped); });
            attempt('data', function () { importScripts('data:text/javascript,var fromData%20=%207'); out.push(fromData); });
            attempt('data as text', function () { importScripts('data:,var plain = 1'); });
            attempt('relative', function () { importScripts('lib.js'); });
            attempt('nothing', function () { importScripts(); });
            attempt('throwing', function () { importScripts('data:text/javascript,throw new RangeError("inside")'); });
            attempt('syntax', function () { importScripts('data:text/javascript,syntax error ('); });
            postMessage(out);
          };`);
          w.onmessage = function (e) { e.data.forEach(function (line) { seen(line); }); seen('done'); };
          w.postMessage({ lib: lib, untyped: untyped });
          """),
      Probe(
        name: "worker URLs",
        script: """
          // What arrives from workers is sorted before it is shown (they run side by side in WebKit).
          var later = [];
          function attempt(url, options) {
            try { var w = new Worker(url, options); w.onerror = function (e) { later.push(url.slice(0, 12) + ' -> ' + e.constructor.name + ' ' + e.cancelable); }; }
            catch (e) { seen(url.slice(0, 30) + ' threw ' + e.name + ': ' + e.message); }
          }
          attempt('https://other.example/w.js');
          attempt('wvjbscheme://x');
          attempt('javascript:1');
          attempt('http://[');
          var revoked = URL.createObjectURL(new Blob(['postMessage(1)']));
          URL.revokeObjectURL(revoked);
          attempt(revoked);
          attempt('x', { type: 'bogus' });
          try { Worker('x'); } catch (e) { seen('called: ' + e.name + ' ' + e.message); }
          try { new Worker(); } catch (e) { seen('no url: ' + e.name + ' ' + e.message); }
          var data = new Worker('data:text/javascript,postMessage(location.href.slice(0, 5) + " " + typeof document + " " + location.origin)');
          data.onmessage = function (e) { later.push('data worker ' + e.data); };
          var plain = new Worker('data:,postMessage("plain data worker ran")');
          plain.onmessage = function (e) { later.push(e.data); };
          plain.onerror = function (e) { later.push('plain data worker: ' + e.constructor.name); };
          setTimeout(function () { later.sort().forEach(function (line) { seen(line); }); seen('done'); }, 1000);
          """),
      Probe(
        name: "the worker's global scope",
        script: """
          var w = worker(`postMessage([typeof self, self === globalThis, name, location.href.slice(0, 5), location.origin, location.protocol,
            typeof importScripts, typeof setTimeout, typeof setInterval, typeof clearTimeout, typeof Blob, typeof URL,
            typeof URL.createObjectURL, typeof document, typeof window, typeof alert, typeof close, typeof console.log,
            typeof queueMicrotask, typeof Event, typeof MessageEvent, typeof ErrorEvent, typeof CustomEvent, typeof addEventListener,
            typeof removeEventListener, typeof dispatchEvent, Object.prototype.toString.call(self), typeof navigator.userAgent,
            self.onmessage, self.onerror, typeof performance.now]);`, { name: 'bridge' });
          w.onmessage = function (e) { seen(show(e.data)); seen('done'); };
          """),
      Probe(
        name: "DOM look-ups",
        script: """
          var frames = document.getElementsByTagName('IFRAME');
          var before = frames.length;
          var f = document.createElement('iframe'); document.body.appendChild(f);
          seen(before, frames.length, frames[0] === f, frames.item(0) === f, frames.item(5), Object.prototype.toString.call(frames),
            Array.isArray(frames), Object.keys(frames).join(','), 'length' in frames, 0 in frames, 5 in frames, typeof frames.forEach,
            typeof frames.namedItem, [].slice.call(frames).length);
          var all = document.getElementsByTagName('*'); var names = [];
          for (var i = 0; i < all.length; i++) names.push(all[i].tagName);
          seen(names.join(' '));
          var d = document.createElement('div'); d.className = 'a b'; d.id = 'x'; document.body.appendChild(d);
          var s = document.createElement('span'); s.setAttribute('class', 'b'); d.appendChild(s);
          var detached = document.createElement('p'); detached.id = 'gone';
          seen(document.getElementsByClassName('b').length, document.getElementsByClassName('a b').length,
            document.getElementsByClassName('').length, document.getElementsByClassName(' b  a ').length, d.className, s.className);
          seen(d.getElementsByTagName('span').length, d.getElementsByTagName('div').length,
            document.documentElement.getElementsByTagName('*').length, String(document.getElementById('gone')),
            document.getElementsByTagName('p').length, document.getElementById('x') === d, document.getElementsByTagName(null).length);
          seen(document.querySelector('[class="b"]') === s, document.querySelector('[class]') === d, document.querySelector('DIV') === d,
            document.querySelector('span.b') === s, document.querySelector('*') === document.documentElement,
            document.querySelector('#x > .b') === s, d.querySelector('div'), d.querySelector('div span') === s,
            document.querySelectorAll('.b').length, document.querySelectorAll('div .b').length,
            document.querySelectorAll('div > span, #x').length, document.querySelector('body > iframe') === f);
          var list = document.querySelectorAll('span');
          seen(Object.prototype.toString.call(list), typeof list.forEach, typeof list.item, list.length, Array.isArray(list), typeof list.namedItem);
          try { document.querySelector('##'); } catch (e) { seen(e.name + ' ' + e.message); }
          try { document.getElementsByTagName(); } catch (e) { seen(e.name + ' ' + e.message); }
          seen('done');
          """),
      Probe(
        name: "Blob and URL",
        script: """
          var b = new Blob(['héllo', new Uint8Array([65, 66])], { type: 'Text/Plain' });
          seen(b.size, b.type, Object.prototype.toString.call(b), new Blob(['a'], { type: 'a\\u00e9' }).type === '', new Blob(['\\ud800']).size,
            new Blob().size, b.slice(1, 3).size, b.slice(-2).size);
          try { new Blob('x'); } catch (e) { seen('string parts: ' + e.name + ' ' + e.message); }
          try { Blob([]); } catch (e) { seen('called: ' + e.name + ' ' + e.message); }
          var u = new URL('https://A.example:443/p/q?x=1#h');
          seen(u.href, u.origin, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.protocol, String(u), JSON.stringify({ u: u }));
          var r = new URL('../up?y', 'https://app.bridgecheck.test/a/b/c');
          seen(r.href, new URL('https://x.test:8080').port, new URL('https://x.test:8080').host);
          try { new URL('nope'); } catch (e) { seen(e.name + ' ' + e.message); }
          try { URL('x'); } catch (e) { seen(e.name + ' ' + e.message); }
          var blobURL = URL.createObjectURL(b);
          var parsed = new URL(blobURL);
          seen(blobURL.length, /^blob:https:\\/\\/app\\.bridgecheck\\.test\\/[0-9a-f-]{36}$/.test(blobURL), parsed.origin, parsed.protocol,
            parsed.host === '', URL.revokeObjectURL(blobURL), typeof URL.revokeObjectURL('junk'));
          try { URL.createObjectURL('x'); } catch (e) { seen(e.name + ' ' + e.message); }
          b.text().then(function (text) { seen('text ' + text + ' ' + text.length); return b.arrayBuffer(); })
            .then(function (buffer) { seen('bytes ' + buffer.byteLength); seen('done'); });
          """),
    ]

    /// What `probe` saw in an engine, one line per `seen(…)` call.
    static func lines(of probe: Probe, in host: any HarnessWebViewHost) -> [String] {
      var seen: [String] = []
      host.addHostRecorder(named: "seen") { arguments in
        seen.append(
          arguments.map { argument in
            guard let argument else { return "undefined" }
            if case .string(let text) = argument { return text }
            return argument.serialized()
          }.joined(separator: " "))
      }
      let script = PageScript(name: "probe.js", source: helpers + probe.script)
      host.load(PageSource(url: "https://app.bridgecheck.test/index.html", scripts: [script]))
      // Probes that wait for workers end after a second; a busy machine gets four.
      for _ in 0..<80 where !seen.contains("done") {
        host.advance(by: 50, maxTasks: 10_000, shouldStop: { false })
      }
      host.close()
      return seen
    }

    /// The WebKit host's settle waits for a worker's answer: the worker runs
    /// on a thread of its own, out of sight of the page's timers. (Before it
    /// did, a settle could end first, and the worker-dispatch calibration
    /// bridge lost dispatches in 2 of 4 runs of the suite.)
    @Test func aSettleWaitsForAWorkersAnswer() throws {
      let host = try #require(WebKitWebViewHost())
      defer { host.close() }
      var seen: [String] = []
      host.addHostRecorder(named: "seen") { seen.append($0.first??.stringValue ?? "?") }
      let script =
        Self.helpers + """
          var w = worker("self.onmessage = function (e) { var until = Date.now() + 150; while (Date.now() < until) {} postMessage('answer ' + e.data); };");
          w.onmessage = function (e) { seen(e.data); };
          setTimeout(function () { w.postMessage(1); }, 0);
          """
      host.load(
        PageSource(
          url: "https://app.bridgecheck.test/index.html", scripts: [PageScript(name: "page.js", source: script)]))
      host.runUntilIdle(maxTasks: 10_000, maxTime: nil, shouldStop: { false })
      let settled = seen
      // Let a late answer arrive before the view closes (closing a page whose worker is busy is not this test's matter).
      host.advance(by: 500, maxTasks: 10_000, shouldStop: { false })
      #expect(settled == ["answer 1"], "after the whole run: \(seen)")
    }

    @Test(arguments: probes)
    func bothEnginesSeeTheSame(probe: Probe) throws {
      let simulated = Self.lines(of: probe, in: SimulatedWebView())
      let host = try #require(WebKitWebViewHost())
      let real = Self.lines(of: probe, in: host)
      if ProcessInfo.processInfo.environment["BRIDGECHECK_PRINT_PROBES"] == "1" {
        print("PROBE \(probe.name)\n  simulated: \(simulated)\n  webkitgtk: \(real)")
      }
      #expect(simulated.contains("done"), "\(probe.name): the simulated page did not finish: \(simulated)")
      #expect(real.contains("done"), "\(probe.name): WebKit did not finish: \(real)")
      #expect(
        simulated == real,
        "\(probe.name)\nsimulated: \(simulated.joined(separator: "\n           "))\nwebkitgtk: \(real.joined(separator: "\n           "))"
      )
    }
  }
#endif
