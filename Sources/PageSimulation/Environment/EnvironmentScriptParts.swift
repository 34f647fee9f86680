import WebViewHosting

/// The JavaScript that the page's environment (``PageEnvironmentScript``) and
/// a dedicated worker's (``WorkerEnvironmentScript``) have in common: the
/// captured intrinsics, virtual time, the console, error reporting and timers.
///
/// Each part is a piece of the body of the installing function, which has
/// `host` (the host's native functions) in scope. A part may use what an
/// earlier part defines, and the functions the including script defines
/// (function declarations are hoisted): `eventParent(target)` (the next
/// target on an event's path), `listenerErrorUnhandled(message, source,
/// line, column)` (a listener's exception that no error handler handled:
/// a worker hands it to its page) and the variable `globalLabel` (`window`
/// or `self`, for messages).
enum EnvironmentScriptParts {
  /// The intrinsics every later part uses, captured before any page code runs.
  static let prelude = #"""
      'use strict';
      var global = globalThis;
      var RealDate = Date;
      var stringify = JSON.stringify;
      var ObjectCreate = Object.create;
      var defineProperty = Object.defineProperty;
      var ownDescriptor = Object.getOwnPropertyDescriptor;
      var arraySlice = Array.prototype.slice;
      var indirectEval = eval;
      // fn.call(receiver, …) that a page replacing Function.prototype.call cannot change.
      var uncurry = Function.prototype.bind.bind(Function.prototype.call);

      function hidden(target, name, value) {
        defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
      }
      // An exception named like WebKit's DOMException of that name (`code` as WebKit sets it).
      function domError(name, message, code) {
        var error = new Error(message);
        error.name = name;
        if (code !== undefined) error.code = code;
        return error;
      }
    """#

  /// `Date` on the virtual clock, `performance.now`, seeded `Math.random`,
  /// and no `WebAssembly` (the engine's watchdog cannot interrupt it).
  static let time = #"""
      function VirtualDate() {
        if (!new.target) return new RealDate(host.now()).toString();
        var args = arguments.length === 0 ? [host.now()] : arraySlice.call(arguments);
        return Reflect.construct(RealDate, args, new.target);
      }
      VirtualDate.prototype = RealDate.prototype;
      VirtualDate.now = function now() { return host.now(); };
      VirtualDate.parse = RealDate.parse;
      VirtualDate.UTC = RealDate.UTC;
      hidden(RealDate.prototype, 'constructor', VirtualDate);
      hidden(global, 'Date', VirtualDate);
      hidden(global, 'performance', { now: function now() { return host.pageTime(); } });
      hidden(Math, 'random', function random() { return host.random(); });
      defineProperty(global, 'WebAssembly', {
        configurable: true, enumerable: false,
        get: function () { host.unavailable('WebAssembly'); return undefined; },
        set: function () {}
      });
    """#

  /// `console.log` and its levels, cut to the line limit.
  static let console = #"""
    \#(ConsoleLineText.describeFunction)
      // A line is cut here, before it leaves the engine (the host cuts again
      // at the same length, in case this is ever bypassed).
      var consoleLineLength = host.consoleLineLength;
      function format(args) {
        var parts = [];
        var length = 0;
        for (var i = 0; i < args.length && length <= consoleLineLength; i++) {
          var part = describe(args[i]);
          parts.push(part);
          length += part.length + 1;
        }
        return parts.join(' ');
      }
      var consoleObject = {};
      ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
        consoleObject[level] = function () { host.console(level, format(arguments)); };
      });
      hidden(global, 'console', consoleObject);
    """#

  /// `reportError(error, message, source, line, column)`: the global's
  /// `onerror` and `error` listeners see an uncaught exception; it returns
  /// whether nothing handled it (`onerror` returned `true` or a listener
  /// called `preventDefault`). A listener's own exception is reported the same way.
  static let errors = #"""
      var reportingError = false;
      function reportError(error, message, source, line, column) {
        if (message === undefined) message = describe(error);
        var handled = false;
        var handler = global.onerror;
        if (typeof handler === 'function') {
          try {
            handled = handler.call(global, message, source, line, column, error) === true;
          } catch (failure) {
            host.console('error', globalLabel + '.onerror threw: ' + describe(failure));
          }
        }
        reportingError = true;
        var notCanceled = true;
        try {
          notCanceled = fire(global, 'error', false, true,
            { message: message, filename: source, lineno: line, colno: column, error: error }, ErrorEventConstructor);
        } finally {
          reportingError = false;
        }
        return !handled && notCanceled;
      }
      // A listener's exception is reported (the trace records it as uncaught,
      // onerror and error listeners get it) and the dispatch goes on, as in a
      // browser; one thrown by an error listener only reaches the console.
      function listenerFailed(error) {
        if (reportingError) {
          host.console('error', 'an error event listener threw: ' + describe(error));
          return;
        }
        var where = { name: undefined, message: undefined, source: undefined, line: undefined, column: undefined };
        try {
          if (error instanceof Error) {
            where = { name: String(error.name), message: String(error.message), source: error.sourceURL,
              line: error.line, column: error.column };
          }
        } catch (unreadable) {}
        host.uncaught(where.name, where.message === undefined ? describe(error) : where.message,
          where.source, where.line, where.column);
        if (reportError(error, undefined, where.source, where.line, where.column)) {
          listenerErrorUnhandled(describe(error), where.source, where.line, where.column);
        }
      }
    """#

  /// Timers, `queueMicrotask`, and the checks that stop microtask loops and
  /// rejection floods; `fireTimer(id)` is for the host.
  static let timers = #"""
      var timers = ObjectCreate(null);
      var nextTimerId = 1;
      function toDelay(delay) {
        var number = Number(delay);
        return number > 0 && number < 2147483648 ? Math.floor(number) : 0;
      }
      function addTimer(handler, delay, extra, repeat) {
        var id = nextTimerId++;
        timers[id] = { handler: handler, args: extra, repeat: repeat };
        host.setTimer(id, toDelay(delay), repeat);
        return id;
      }
      function clearTimer(id) {
        id = Number(id);
        if (timers[id]) {
          delete timers[id];
          host.clearTimer(id);
        }
      }
      hidden(global, 'setTimeout', function setTimeout(handler, delay) {
        return addTimer(handler, delay, arraySlice.call(arguments, 2), false);
      });
      hidden(global, 'setInterval', function setInterval(handler, delay) {
        return addTimer(handler, delay, arraySlice.call(arguments, 2), true);
      });
      hidden(global, 'clearTimeout', function clearTimeout(id) { clearTimer(id); });
      hidden(global, 'clearInterval', function clearInterval(id) { clearTimer(id); });
      // Every microtask is a fresh entry for the engine's watchdog, so a loop of
      // microtasks never reaches it: each promise reaction and queueMicrotask
      // callback first asks the host, which stops them at the task's time limit.
      // (A loop of bare `await`s does not go through `then` and is not caught.)
      var PromiseThen = Promise.prototype.then;
      var microtaskCheckpoint = host.microtask;
      function checked(callback) {
        if (typeof callback !== 'function') return callback;
        return function (value) {
          microtaskCheckpoint();
          return callback(value);
        };
      }
      hidden(Promise.prototype, 'then', {
        then: function (onFulfilled, onRejected) {
          return PromiseThen.call(this, checked(onFulfilled), checked(onRejected));
        }
      }.then);
      // A flood of rejections is stopped where it starts: the engine reports
      // each unhandled one to the host separately, long after the loop ran.
      var PromiseReject = Promise.reject;
      var promiseRejected = host.promiseRejected;
      hidden(Promise, 'reject', {
        reject(reason) {
          promiseRejected();
          return PromiseReject.call(this, reason);
        }
      }.reject);
      var resolvedPromise = Promise.resolve();
      hidden(global, 'queueMicrotask', function queueMicrotask(callback) {
        PromiseThen.call(resolvedPromise, function () { microtaskCheckpoint(); callback(); });
      });
      function fireTimer(id) {
        var timer = timers[id];
        if (!timer) return false;
        if (!timer.repeat) delete timers[id];
        if (typeof timer.handler === 'function') {
          timer.handler.apply(global, timer.args);
        } else {
          indirectEval(String(timer.handler));
        }
        return !!timers[id];
      }
    """#
}
