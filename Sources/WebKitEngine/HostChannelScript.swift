import JSONModel
import PageSimulation

/// The page side of the WebKit host (see `docs/webkit-engine.md`): a
/// document-start script, run before every other user script, that gives
/// the harness's host functions a synchronous channel (a captured `prompt`
/// the host answers in `script-dialog`), defines the JavaScript interfaces
/// on top of it, counts the page's pending timers (for "idle") and reports
/// uncaught exceptions.
enum HostChannelScript {
  /// What a prompt of the channel starts with; the rest is `[name, arguments]` as JSON.
  static let marker = "bridgecheck-host-call:"
  /// The global function answering how many timers the page has pending.
  static let pendingTimersFunction = "__bridgecheckPendingTimers"
  /// The host function through which the page side of the host reports events.
  static let pageEventFunction = "__bridgecheckPageEvent"
  /// The host function an evaluation calls first, with its number: the
  /// moment it starts running in the page, where the trace records it.
  static let evaluatingFunction = "__bridgecheckEvaluating"
  /// The script for these host functions and interfaces.
  static func source(hostFunctions: [String], interfaces: [(name: String, methods: [String])]) -> String {
    let names = JSONValue.array((hostFunctions + [pageEventFunction, evaluatingFunction]).map(JSONValue.string)).serialized()
    let definitions = JavascriptInterfaceCalls.definitions(interfaces, slice: "slice")
    return """
      (function () {
        var ask = window.prompt.bind(window), stringify = JSON.stringify, parse = JSON.parse;
        var slice = Array.prototype.slice, define = Object.defineProperty, keys = Object.keys;
        var marker = \(JSONValue.string(marker).serialized());
        function call(name, args) {
          var encoded = [];
          for (var i = 0; i < args.length; i++) encoded.push(args[i] === undefined ? null : [args[i]]);
          var reply = parse(ask(marker + stringify([name, encoded])));
          if (reply.error !== undefined) throw new Error(reply.error);
          return reply.value === undefined ? undefined : reply.value[0];
        }
        \(names).forEach(function (name) {
          define(globalThis, name, {value: function () { return call(name, slice.call(arguments)); }, enumerable: false});
        });
        \(definitions.joined(separator: "\n  "))
        var live = {};
        var setT = window.setTimeout, clearT = window.clearTimeout;
        var setI = window.setInterval, clearI = window.clearInterval;
        // The page's callback runs as the timer itself (an exception it throws
        // escapes from page code, not from this script, so it is not muted);
        // a companion timer of the same delay, due right after it, counts it
        // done. An interval is pending until cleared.
        window.setTimeout = function () {
          var id = setT.apply(window, arguments);
          live[id] = setT.call(window, function () { delete live[id]; }, arguments[1]);
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
        define(globalThis, \(JSONValue.string(pendingTimersFunction).serialized()), {
          value: function () { return keys(live).length; }, enumerable: false
        });
        window.addEventListener('error', function (event) {
          try {
            call(\(JSONValue.string(pageEventFunction).serialized()), ['uncaught-exception', {message: String(event.message)}]);
          } catch (ignored) {}
        });
        // Console lines become `console` events, written as the simulated
        // page writes them (PageEnvironmentScript), then go to the real console.
        \(ConsoleLineText.describeFunction)
        var realConsole = window.console;
        ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
          var original = realConsole[level];
          realConsole[level] = function () {
            var parts = [];
            for (var i = 0; i < arguments.length; i++) parts.push(describe(arguments[i]));
            try {
              call(\(JSONValue.string(pageEventFunction).serialized()), [\(JSONValue.string(TraceEventName.console).serialized()), {level: level, text: parts.join(' ')}]);
            } catch (ignored) {}
            return original.apply(realConsole, arguments);
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

  /// The name and arguments of a prompt of the channel, or nil for a page's own prompt.
  static func call(in message: String) -> (name: String, arguments: [JSONValue?])? {
    guard message.hasPrefix(marker), let value = try? JSONValue.parse(String(message.dropFirst(marker.count))),
      case .array(let parts) = value, parts.count == 2, let name = parts[0].stringValue, case .array(let encoded) = parts[1]
    else { return nil }
    return (name, encoded.map { $0.arrayValue?.first })
  }
}
