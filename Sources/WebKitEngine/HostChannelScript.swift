import JSONModel
import WebViewHosting

/// The page side of the WebKit host (see `docs/webkit-engine.md`): a
/// document-start script, run before every other user script, that gives
/// the harness's host functions a synchronous channel (a synchronous
/// `XMLHttpRequest` to ``scheme``, which the host answers) and its recorders an asynchronous
/// one (a DOM event to a script of the channel's own world, which posts it
/// to a script message handler), defines the JavaScript interfaces on top
/// of the first, counts the page's pending timers (for "idle"), reports
/// uncaught exceptions and console lines, and runs the harness's page
/// helpers as the page's own code.
enum HostChannelScript {
  /// The custom URI scheme of the synchronous channel: a page's host
  /// function call is a synchronous `XMLHttpRequest` whose body is
  /// `[name, arguments]` as JSON, answered by the host. Unlike a modal
  /// `prompt`, which suspends the page's timers and resumes them in another
  /// order (measured: `WebKitHost+PageOrder.swift`), it leaves the page's
  /// order of events as it was.
  static let scheme = "bridgecheck-host"
  /// The URL host function calls are sent to.
  static let callURL = scheme + "://call"
  /// The global function answering how many timers the page has pending
  /// (its argument: milliseconds after a timer ran during which it still
  /// counts, for what it started on its way to the host).
  static let pendingTimersFunction = "__bridgecheckPendingTimers"
  /// The host function through which the page side of the host reports events.
  static let pageEventFunction = "__bridgecheckPageEvent"
  /// The host function an evaluation calls first, with its number: the
  /// moment it starts running in the page, where the trace records it.
  static let evaluatingFunction = "__bridgecheckEvaluating"
  /// The global function that runs a source as the page's own code.
  static let runAsPageFunction = "__bridgecheckRunAsPage"
  /// A user script that runs `source` as the page's own code (an inline
  /// `<script>` inserted into the document and removed at once: it runs
  /// synchronously, and what it throws is not muted).
  static func runAsPage(_ source: String) -> String {
    "\(runAsPageFunction)(\(JSONValue.string(source).serialized()));"
  }
  /// The script message handler, in the channel's own script world, that
  /// carries the page's asynchronous host calls (recorders: nothing waits).
  static let channelHandlerName = "bridgecheckHostChannel"
  /// The script world of ``channelHandlerName``: the page's own world has no
  /// `window.webkit` unless the native side registers a handler.
  static let channelWorldName = "bridgecheck-host-channel"
  /// The DOM event by which the page's world hands an asynchronous call to the channel's world.
  static let callEventName = "bridgecheck-host-call"
  /// The DOM event the channel's world sends once it listens.
  static let readyEventName = "bridgecheck-host-channel-ready"

  /// The script, in the channel's own world, that passes each asynchronous
  /// call (a DOM event from the page's world, which it cancels to say it
  /// took it) to ``channelHandlerName``. DOM events cross worlds and run
  /// their listeners at once, so the calls keep the page's order.
  static var worldSource: String {
    """
    (function () {
      var handler = window.webkit.messageHandlers[\(JSONValue.string(channelHandlerName).serialized())];
      document.addEventListener(\(JSONValue.string(callEventName).serialized()), function (event) {
        event.preventDefault();
        handler.postMessage(String(event.detail));
      }, true);
      document.dispatchEvent(new CustomEvent(\(JSONValue.string(readyEventName).serialized())));
    })();
    """
  }

  /// The page event the channel sends once the page's console output
  /// passed its limit (it forwards no console line after it).
  static let consoleLimitEvent = "console-limit"
  /// The longest message of an uncaught exception the channel forwards, in
  /// UTF-16 units (as the simulated page cuts an error's message).
  static let errorMessageLength = 16_384

  /// The script for these host functions (synchronous: a request to ``scheme``), recorders
  /// (asynchronous: ``worldSource``) and interfaces. Console lines are cut at
  /// `limits.consoleLineLength` before they leave the page, and none leaves
  /// it once their total passed `limits.consoleTotalBytes`.
  static func source(
    hostFunctions: [String], recorders: [String], interfaces: [(name: String, methods: [String])],
    limits: PageLimits = PageLimits()
  ) -> String {
    let names = JSONValue.array(hostFunctions.map(JSONValue.string)).serialized()
    let recorderNames = JSONValue.array((recorders + [pageEventFunction, evaluatingFunction]).map(JSONValue.string))
      .serialized()
    let definitions = JavascriptInterfaceCalls.definitions(interfaces, slice: "slice")
    return """
      (function () {
        // A recycled web view keeps its browsing context's name; a new one has none.
        window.name = '';
        var stringify = JSON.stringify, parse = JSON.parse;
        var slice = Array.prototype.slice, define = Object.defineProperty, keys = Object.keys;
        var Request = XMLHttpRequest, open = Request.prototype.open, sendRequest = Request.prototype.send;
        var responseText = Object.getOwnPropertyDescriptor(Request.prototype, 'responseText').get;
        function encode(args) {
          var encoded = [];
          for (var i = 0; i < args.length; i++) encoded[encoded.length] = args[i] === undefined ? null : [args[i]];
          return encoded;
        }
        function call(name, args) {
          var request = new Request();
          open.call(request, 'POST', \(JSONValue.string(callURL).serialized()), false);
          sendRequest.call(request, stringify([name, encode(args)]));
          var reply = parse(responseText.call(request));
          if (reply.error !== undefined) throw new Error(reply.error);
          return reply.value === undefined ? undefined : reply.value[0];
        }
        var Custom = CustomEvent, dispatch = EventTarget.prototype.dispatchEvent;
        var listen = EventTarget.prototype.addEventListener, channelDocument = document;
        var pending = [], first = 0;
        function flush() {
          while (first < pending.length) {
            var event = new Custom(\(JSONValue.string(callEventName).serialized()), {detail: pending[first], cancelable: true});
            if (dispatch.call(channelDocument, event)) return;
            pending[first++] = undefined;
          }
        }
        listen.call(channelDocument, \(JSONValue.string(readyEventName).serialized()), flush);
        function send(name, args) {
          pending[pending.length] = stringify([name, encode(args)]);
          flush();
        }
        \(names).forEach(function (name) {
          define(globalThis, name, {value: function () { return call(name, slice.call(arguments)); }, enumerable: false});
        });
        \(recorderNames).forEach(function (name) {
          define(globalThis, name, {value: function () { send(name, slice.call(arguments)); }, enumerable: false});
        });
        \(definitions.joined(separator: "\n  "))
        var makeElement = Document.prototype.createElement, append = Node.prototype.appendChild;
        var removeChild = Node.prototype.removeChild;
        define(globalThis, \(JSONValue.string(runAsPageFunction).serialized()), {
          value: function (source) {
            var element = makeElement.call(document, 'script'), parent = document.documentElement || document;
            element.text = source;
            append.call(parent, element);
            removeChild.call(parent, element);
          }, enumerable: false
        });
        var live = {};
        var setT = window.setTimeout, clearT = window.clearTimeout;
        var setI = window.setInterval, clearI = window.clearInterval;
        // The page's callback runs as the timer itself (an exception it throws
        // escapes from page code, not from this script, so it is not muted);
        // a companion timer of the same delay, due right after it, counts it
        // done and notes when. An interval is pending until cleared.
        var lastDone = -Infinity, now = Date.now;
        window.setTimeout = function () {
          var id = setT.apply(window, arguments);
          live[id] = setT.call(window, function () { delete live[id]; lastDone = now(); }, arguments[1]);
          return id;
        };
        window.setInterval = function () { var id = setI.apply(window, arguments); live[id] = true; return id; };
        function clear(native) {
          return function (id) {
            var companion = live[id];
            delete live[id];
            if (typeof companion === 'number') clearT.call(window, companion);
            return native.call(window, id);
          };
        }
        window.clearTimeout = clear(clearT);
        window.clearInterval = clear(clearI);
        // Work the page hands itself without a timer (a message posted to
        // itself or over a MessageChannel, an animation frame): a page that
        // did so since the host last asked is not idle either (a ping-pong
        // of such messages never is; WebKit delivers a port's messages in
        // bursts, so the time of the last one says less than their number).
        var postedSinceAsked = 0;
        function noting(original) {
          return function () { postedSinceAsked++; return original.apply(this, arguments); };
        }
        if (typeof MessagePort === 'function') MessagePort.prototype.postMessage = noting(MessagePort.prototype.postMessage);
        window.postMessage = noting(window.postMessage);
        if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame = noting(window.requestAnimationFrame);
        // A dedicated worker runs on a thread of its own, out of sight of the
        // timers above: a message posted to a worker that has not answered
        // since counts as pending (for at most a second: a worker need not
        // answer), and an answer as a timer that just ran.
        var workers = 0, lastPost = -Infinity, NativeWorker = window.Worker;
        if (typeof NativeWorker === 'function') {
          var post = NativeWorker.prototype.postMessage;
          var listen = EventTarget.prototype.addEventListener;
          var answered = function () { if (workers > 0) workers--; lastDone = now(); };
          NativeWorker.prototype.postMessage = function () {
            workers++;
            lastPost = now();
            return post.apply(this, arguments);
          };
          var Worker = function Worker() {
            if (!new.target) return NativeWorker.apply(this, arguments);
            var worker = Reflect.construct(NativeWorker, arguments, new.target === Worker ? NativeWorker : new.target);
            listen.call(worker, 'message', answered);
            listen.call(worker, 'error', answered);
            return worker;
          };
          Worker.prototype = NativeWorker.prototype;
          define(NativeWorker.prototype, 'constructor', { value: Worker, writable: true, configurable: true, enumerable: false });
          define(window, 'Worker', { value: Worker, writable: true, configurable: true, enumerable: false });
        }
        define(globalThis, \(JSONValue.string(pendingTimersFunction).serialized()), {
          // A timer that ran less than `quiet` ms ago counts as pending: what
          // it started (an iframe navigation, a post) may not have reached
          // the host yet.
          value: function (quiet) {
            var pending = keys(live).length + (workers > 0 && now() - lastPost < 1000 ? 1 : 0);
            if (postedSinceAsked > 0) pending += 1;
            postedSinceAsked = 0;
            return pending === 0 && now() - lastDone < quiet ? 1 : pending;
          }, enumerable: false
        });
        // WebKit reports an exception that leaves user-script code as
        // "Script error."; the harness names its scripted throws first, and
        // the next muted report is taken for the last of them.
        var scripted = null;
        define(globalThis, \(JSONValue.string(PageHooks.scriptedThrow).serialized()), {
          value: function (message) { scripted = String(message); }, enumerable: false
        });
        window.addEventListener('error', function (event) {
          var message = String(event.message);
          if (message.length > \(errorMessageLength)) {
            message = message.slice(0, \(errorMessageLength)) + '… [' + (message.length - \(errorMessageLength)) + ' more characters cut]';
          }
          if (message === 'Script error.' && event.error == null && scripted !== null) {
            message = 'Script error. (muted by WebKit: the scripted throw before it was "' + scripted + '")';
          }
          scripted = null;
          try {
            send(\(JSONValue.string(pageEventFunction).serialized()), ['uncaught-exception', {message: message}]);
          } catch (ignored) {}
        });
        // Console lines become `console` events, written as the simulated
        // page writes them (PageEnvironmentScript), then go to the real console.
        \(ConsoleLineText.describeFunction)
        // Each line is cut at the line limit before it leaves the page, and
        // once the lines passed the total limit none leaves it (nor reaches
        // the real console): the host is told once.
        var realConsole = window.console, consoleUnits = 0, consoleOver = false;
        var lineLimit = \(limits.consoleLineLength), totalLimit = \(limits.consoleTotalBytes);
        ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
          var original = realConsole[level];
          realConsole[level] = function () {
            if (consoleOver) return undefined;
            var parts = [], length = 0;
            for (var i = 0; i < arguments.length && length <= lineLimit; i++) {
              var part = describe(arguments[i]);
              parts.push(part);
              length += part.length + 1;
            }
            var text = parts.join(' ');
            if (text.length > lineLimit) {
              text = text.slice(0, lineLimit) + '… [' + (text.length - lineLimit) + ' more characters cut by bridgecheck]';
            }
            consoleUnits += text.length;
            try {
              send(\(JSONValue.string(pageEventFunction).serialized()), [\(JSONValue.string(TraceEventName.console).serialized()), {level: level, text: text}]);
              if (consoleUnits > totalLimit) {
                consoleOver = true;
                send(\(JSONValue.string(pageEventFunction).serialized()), [\(JSONValue.string(consoleLimitEvent).serialized()), {}]);
                return undefined;
              }
            } catch (ignored) {}
            return original.call(realConsole, text);
          };
        });
      })();
      """
  }

  /// The reply the page's `call` parses: the value (`undefined` for nil) or an error.
  static func reply(_ result: Result<JSONValue?, any Error>) -> String {
    switch result {
    case .success(nil): return "{}"
    case .success(let value?): return JSONValue.object(["value": .array([value])]).serialized()
    case .failure(let error): return JSONValue.object(["error": .string(String(describing: error))]).serialized()
    }
  }

  /// The name and arguments of a call sent as `[name, arguments]` JSON text.
  static func decodedCall(_ text: String) -> (name: String, arguments: [JSONValue?])? {
    guard let value = try? JSONValue.parse(text), case .array(let parts) = value, parts.count == 2,
      let name = parts[0].stringValue, case .array(let encoded) = parts[1]
    else { return nil }
    return (name, encoded.map { $0.arrayValue?.first })
  }
}
