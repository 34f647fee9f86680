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
    open.call(request, 'POST', $callURL$, false);
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
      var event = new Custom($callEventName$, {detail: pending[first], cancelable: true});
      if (dispatch.call(channelDocument, event)) return;
      pending[first++] = undefined;
    }
  }
  listen.call(channelDocument, $readyEventName$, flush);
  function send(name, args) {
    pending[pending.length] = stringify([name, encode(args)]);
    flush();
  }
  $hostFunctionNames$.forEach(function (name) {
    define(globalThis, name, {value: function () { return call(name, slice.call(arguments)); }, enumerable: false});
  });
  $recorderNames$.forEach(function (name) {
    define(globalThis, name, {value: function () { send(name, slice.call(arguments)); }, enumerable: false});
  });
  $interfaceDefinitions$
  var makeElement = Document.prototype.createElement, append = Node.prototype.appendChild;
  var removeChild = Node.prototype.removeChild;
  define(globalThis, $runAsPageFunction$, {
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
  // answer), and an answer as a timer that just ran; a worker made
  // that has sent nothing yet counts as pending for at most 5 s (a
  // loaded machine may take seconds to start its thread; once it runs
  // the host sees the thread itself).
  var workers = 0, lastPost = -Infinity, starting = 0, lastMade = -Infinity, NativeWorker = window.Worker;
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
      var shown = false;
      var started = function () { if (!shown) { shown = true; starting--; } };
      listen.call(worker, 'message', started);
      listen.call(worker, 'error', started);
      starting++;
      lastMade = now();
      return worker;
    };
    Worker.prototype = NativeWorker.prototype;
    define(NativeWorker.prototype, 'constructor', { value: Worker, writable: true, configurable: true, enumerable: false });
    define(window, 'Worker', { value: Worker, writable: true, configurable: true, enumerable: false });
  }
  // Work WebKit queues on a timer of its own is out of sight too: an
  // iframe whose `src` changed navigates from a zero-delay timer of the
  // page, which a loaded machine may run after this probe (whose
  // message can come first). So nothing is pending only once a marker
  // timer set by an earlier probe has run: a timer queued before it
  // has run too, and what it sent the host (a navigation's decision)
  // reaches the host before this probe's answer.
  // A marker is armed by the first probe of a round that finds
  // nothing pending, and counts only once it ran (markers run in order).
  var markersSet = 0, markerRan = 0, armed = false;
  define(globalThis, $pendingTimersFunction$, {
    // A timer that ran less than `quiet` ms ago counts as pending: what
    // it started (an iframe navigation, a post) may not have reached
    // the host yet. -1: nothing pending, ask again. `fresh` begins a
    // round; with `caughtUpOnly` (the end of an advance), only the
    // marker counts.
    value: function (quiet, fresh, caughtUpOnly) {
      if (fresh) armed = false;
      if (!caughtUpOnly) {
        var pending = keys(live).length + (workers > 0 && now() - lastPost < 1000 ? 1 : 0)
          + (starting > 0 && now() - lastMade < 5000 ? 1 : 0);
        if (postedSinceAsked > 0) pending += 1;
        postedSinceAsked = 0;
        if (pending === 0 && now() - lastDone < quiet) pending = 1;
        if (pending > 0) { armed = false; return pending; }
      }
      if (!armed) {
        armed = true;
        var marker = ++markersSet;
        setT.call(window, function () { markerRan = marker; }, 0);
        return -1;
      }
      if (markerRan !== markersSet) return -1;
      armed = false;
      return 0;
    }, enumerable: false
  });
  // WebKit reports an exception that leaves user-script code as
  // "Script error."; the harness names its scripted throws first, and
  // the next muted report is taken for the last of them.
  var scripted = null;
  define(globalThis, $scriptedThrowHook$, {
    value: function (message) { scripted = String(message); }, enumerable: false
  });
  window.addEventListener('error', function (event) {
    var message = String(event.message);
    if (message.length > $errorMessageLength$) {
      message = message.slice(0, $errorMessageLength$) + '… [' + (message.length - $errorMessageLength$) + ' more characters cut]';
    }
    if (message === 'Script error.' && event.error == null && scripted !== null) {
      message = 'Script error. (muted by WebKit: the scripted throw before it was "' + scripted + '")';
    }
    scripted = null;
    try {
      send($pageEventFunction$, ['uncaught-exception', {message: message}]);
    } catch (ignored) {}
  });
  // A rejection nobody handles becomes an `unhandled-rejection` event, as
  // the simulated page records it (its engine's rejection callback); past
  // the limit the rest are not forwarded (a flood costs the page, not the
  // channel).
  var rejections = 0;
  listen.call(window, 'unhandledrejection', function (event) {
    if (rejections++ >= $rejectionEventLimit$) return;
    try {
      send($pageEventFunction$, [$unhandledRejectionEvent$, {reason: describe(event.reason)}]);
    } catch (ignored) {}
  });
  // Console lines become `console` events, written as the simulated
  // page writes them (PageEnvironmentScript), then go to the real console.
  $describe$
  // Each line is cut at the line limit before it leaves the page, and
  // once the lines passed the total limit none leaves it (nor reaches
  // the real console): the host is told once.
  var realConsole = window.console, consoleUnits = 0, consoleOver = false;
  var lineLimit = $consoleLineLength$, totalLimit = $consoleTotalBytes$;
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
        send($pageEventFunction$, [$consoleEvent$, {level: level, text: text}]);
        if (consoleUnits > totalLimit) {
          consoleOver = true;
          send($pageEventFunction$, [$consoleLimitEvent$, {}]);
          return undefined;
        }
      } catch (ignored) {}
      return original.call(realConsole, text);
    };
  });
})();
