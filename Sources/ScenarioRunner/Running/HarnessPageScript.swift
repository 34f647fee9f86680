import BridgeImplementations
import Dialects
import JSONModel
import WebViewHosting

/// The harness's own page-side helper, installed at document start before
/// any bridge. It drives the page bridge through its public API (register,
/// call) and records what page handlers and callbacks receive through the
/// host function ``recordFunction``, which page code cannot intercept.
enum HarnessPageScript {
  /// The host function the helper records through.
  static let recordFunction = "__bridgecheckRecord"
  /// The name of the document-start script that holds the helper: an error
  /// whose source is this script was thrown by the harness's own page code.
  static let scriptName = "bridgecheck-harness.js"
  /// What the helper says when the global is missing and it cannot tell
  /// why (the harness says more when the trace shows the bridge injected).
  static let notInjectedPhrase = "the page bridge was not injected, or it was removed"
  /// The global the helper lives in (non-enumerable).
  static let helperGlobal = "__bridgecheck"
  /// The text every scripted throw carries, so that invariants can tell a
  /// fixture's deliberate throw from a bridge's own exception.
  static let scriptedThrowMarker = "[bridgecheck scripted throw]"
  /// The harness event that lists the built-ins the page replaced (field
  /// `replaced`, an array of names such as `setTimeout` or
  /// `Object.prototype.responseId (added)`).
  static let builtInsReplacedEvent = "builtins-replaced"
  /// Page-side code that records ``builtInsReplacedEvent`` when the page
  /// replaced, deleted or added built-ins since the helper was installed.
  static let builtInsCheck = "\(helperGlobal).checkBuiltIns();"
  /// The harness event saying that page code asked for something the
  /// dialect cannot express (field `reason`): the scenario is skipped with
  /// that reason.
  static let inexpressibleEvent = "dialect-cannot-express"

  /// Name of the document-start script that configures the page bridge
  /// under test for the scenario (``PageImplementation/pageOptionsScript(for:)``).
  static let pageOptionsScriptName = "bridgecheck-page-options.js"

  /// The global the fixtures' own page scripts use to reach the bridge in
  /// any dialect: `bridgecheckPage.callHandler(…)`, `.registerHandler(…)`,
  /// `.bridge()` and `.setup(fn)` (the dialect's setup function, or its
  /// ready event). Non-enumerable; see docs/fixtures.md.
  static let pageHelperGlobal = "bridgecheckPage"

  static func source(profile: BridgeProfile) -> String {
    let names = profile.names
    let optional = { (text: String?) -> JSONValue in text.map(JSONValue.string) ?? .null }
    let settings: JSONValue = [
      "globalName": .string(profile.globalName),
      "registerName": .string(names.registerHandler),
      "callName": .string(names.callHandler),
      "disableName": optional(names.disableSafetyTimeout),
      "initName": profile.handshake == .initCall ? .string(names.initFunction) : .null,
      "readyEvent": optional(names.readyEvent),
      "setupFunction": optional(names.setupFunction),
      "callbacksArray": optional(names.callbacksArray),
      "objectDelivery": .bool(profile.delivery == .object),
      "fetchQueue": .string(profile.fetchQueueFunction),
      "handleMessage": .string(profile.handleMessageFunction),
      "queueURL": .string(profile.queueMessageURL),
      "messageHandlerName": .string(profile.messageHandlerName),
      "marker": .string(scriptedThrowMarker),
      "scriptedThrowHook": .string(PageHooks.scriptedThrow),
      "builtInsReplacedEvent": .string(builtInsReplacedEvent),
      "convention": conventionSettings(profile),
      "inexpressibleEvent": .string(inexpressibleEvent),
      "notInjected": .string(notInjectedPhrase),
      "twoArgumentCall": .bool(profile.twoArgumentCall),
      "callbackJSONText": .bool(profile.callbackData == .jsonText),
      "profile": .string(profile.name),
    ]
    return "(\(template))(\(recordFunction), \(settings.serialized()));"
  }

  /// The page API's shape, for the helper (`convention` of the profile).
  static func conventionSettings(_ profile: BridgeProfile) -> JSONValue {
    let convention = profile.convention
    var split: JSONValue = .null
    if case .split(let fields, let separator) = convention.handlerName {
      split = ["fields": .array(fields.map(JSONValue.string)), "separator": .string(separator)]
    }
    return [
      "pageCall": .string(convention.pageCall.rawValue), "callbackKey": .string(convention.callbackKey),
      "pageRegister": .string(convention.pageRegister.rawValue), "split": split,
      "handlerField": .string(profile.fields.handlerName), "dataField": .string(profile.fields.data),
      "dataMustBeObject": .bool(convention.callbackId == .data || convention.pageCall == .paramsCallback),
      "profile": .string(profile.name),
    ]
  }

  /// A behaviour as the helper reads it.
  static func json(_ behaviour: Behaviour) -> JSONValue {
    var object: JSONObject = ["times": .number(Double(behaviour.times)), "delay": .number(Double(behaviour.delay))]
    switch behaviour.respond {
    case .echo?: object["respond"] = ["echo": true]
    case .value(let value?)?: object["respond"] = ["value": value]
    case .value(nil)?: object["respond"] = ["undefined": true]
    case nil: break
    }
    if let message = behaviour.throwMessage { object["throw"] = .string(message) }
    if let call = behaviour.call {
      var spec: JSONObject = ["handler": .string(call.handler), "hasData": .bool(call.data != nil)]
      if let data = call.data { spec["data"] = data }
      if let label = call.callbackLabel { spec["label"] = .string(label) }
      object["call"] = .object(spec)
    }
    return .object(object)
  }

  private static let template = #"""
    function (record, settings) {
      'use strict';
      var global = globalThis;
      var later = global.setTimeout;
      var parseJSON = JSON.parse;
      var stringifyJSON = JSON.stringify;
      var hasOwn = Object.prototype.hasOwnProperty;
      var defineProperty = Object.defineProperty;
      // The built-ins bridges and this helper rely on, as they were before any
      // page code ran. A page that replaces them (before its bridge captures
      // them, say) cannot be judged; checkBuiltIns() names what changed.
      var getOwnNames = Object.getOwnPropertyNames;
      var getDescriptor = Object.getOwnPropertyDescriptor;
      var getDescriptors = Object.getOwnPropertyDescriptors;
      var setPrototypeOf = Object.setPrototypeOf;
      // Snapshots taken with one native call each (every descriptor of the
      // object, in a prototype-less object); names are compared only when
      // checkBuiltIns() runs, which a verdict asks for only when it fails.
      function snapshot(label, object, keys) {
        var descriptors = keys === null ? getDescriptors(object) : {};
        setPrototypeOf(descriptors, null);
        if (keys !== null) {
          for (var i = 0; i < keys.length; i++) descriptors[keys[i]] = getDescriptor(object, keys[i]);
        }
        return { label: label, object: object, keys: keys, descriptors: descriptors };
      }
      var watched = [
        snapshot('', global, ['setTimeout', 'clearTimeout', 'JSON']),
        snapshot('JSON.', JSON, ['parse', 'stringify']),
        snapshot('Object.prototype.', Object.prototype, null),
        snapshot('Array.prototype.', Array.prototype, null),
        snapshot('Function.prototype.', Function.prototype, null)
      ];
      function sameDescriptor(a, b) {
        if (a === undefined || b === undefined) return a === b;
        return a.value === b.value && a.get === b.get && a.set === b.set;
      }
      function replacedBuiltIns() {
        var found = [];
        for (var i = 0; i < watched.length; i++) {
          var entry = watched[i];
          var keys = entry.keys || getOwnNames(entry.descriptors);
          for (var k = 0; k < keys.length; k++) {
            var now = getDescriptor(entry.object, keys[k]);
            if (!sameDescriptor(now, entry.descriptors[keys[k]])) {
              found[found.length] = entry.label + keys[k] + (now === undefined ? ' (deleted)' : '');
            }
          }
        }
        for (var j = 2; j < watched.length; j++) {
          var current = getOwnNames(watched[j].object);
          for (var c = 0; c < current.length; c++) {
            if (watched[j].descriptors[current[c]] === undefined) found[found.length] = watched[j].label + current[c] + ' (added)';
          }
        }
        return found;
      }
      function withData(fields, data) {
        if (data !== undefined) fields.data = data;
        return fields;
      }
      function isObject(value) {
        return value !== null && (typeof value === 'object' || typeof value === 'function');
      }
      // The bridge object the page bridge handed to the set-up callback that is running now (the
      // protocol promises the bridge as the callbacks' argument, not that the global is assigned
      // before they run), or null outside set-up callbacks.
      var handed = null;
      function withHanded(found, fn) {
        var outer = handed;
        handed = isObject(found) ? found : null;
        try {
          return fn(found);
        } finally {
          handed = outer;
        }
      }
      // The bridge to drive: inside a set-up callback the object it was handed, otherwise the global.
      function bridge() {
        if (handed !== null) return handed;
        var found = global[settings.globalName];
        if (!isObject(found)) {
          record('harness-error', missingGlobal());
          return null;
        }
        return found;
      }
      // Why the global is missing, as precisely as the page tells: another global holding the page
      // API (a bridge that names its global otherwise), or nothing at all.
      function missingGlobal() {
        var name = settings.globalName;
        var others = [];
        var keys = getOwnNames(global);
        for (var i = 0; i < keys.length; i++) {
          if (keys[i] === name || keys[i] === 'bridgecheckPage' || keys[i] === '__bridgecheck') continue;
          // Data properties only: a getter is page code the harness does not run.
          var descriptor = getDescriptor(global, keys[i]);
          var value = descriptor && descriptor.value;
          if (!isObject(value) || value === global) continue;
          if (typeof value[settings.registerName] === 'function' && typeof value[settings.callName] === 'function') {
            others[others.length] = keys[i];
          }
        }
        if (others.length > 0) {
          return { message: 'window.' + name + ' is not defined, and window.' + others[0] + ' has the page API (' +
            settings.registerName + ', ' + settings.callName + '): the page bridge names its global ' + others[0] +
            ', not ' + name + ' as the profile ' + settings.convention.profile + ' says in names.global',
            kind: 'global-renamed', global: name, found: others[0] };
        }
        return { message: 'window.' + name + ' is not defined: ' + settings.notInjected, kind: 'global-missing', global: name };
      }
      // The method `name` of the bridge, or null after recording that the bridge lacks it (calling it
      // would throw a TypeError in the harness's own code, which is not the page bridge's exception).
      function method(target, name, member) {
        if (typeof target[name] === 'function') return target[name];
        var value = target[name];
        record('harness-error', { message: 'the page bridge has no method ' + name + ' (window.' + settings.globalName +
          '.' + name + ' is ' + (value === null ? 'null' : typeof value) + '), which the profile ' +
          settings.convention.profile + ' names in names.' + member + ': the harness cannot drive the page bridge this way',
          kind: 'method-missing', method: name, member: member });
        return null;
      }
      // What a callback was handed, as the answer's value: under "callbackData":
      // "json-text" the page bridge hands the answer's JSON text, which is read
      // back here; anything else it hands then is marked, so that it never
      // matches the answer.
      function answerValue(argument) {
        if (!settings.callbackJSONText || argument === undefined) return argument;
        if (typeof argument === 'string') {
          try { return parseJSON(argument); } catch (error) { /* not JSON text: marked below */ }
        }
        return { notJSONText: argument };
      }
      function decodingCallback(fn) {
        if (!settings.callbackJSONText) return fn;
        return function (argument) { return fn.call(this, answerValue(argument)); };
      }
      function call(label, handler, hasData, data, form) {
        var target = bridge();
        if (!target) return;
        var callback = label === null ? undefined : function (responseData) {
          record('page-callback-invoked', withData({ label: label }, answerValue(responseData)));
        };
        callInShape(target, handler, hasData, data, callback, form);
      }
      // Calls the bridge in the dialect's shape (profile `convention.pageCall`):
      // callHandler(name, data?, callback?), name(params with the callback in
      // it), or a record and a callback.
      var convention = settings.convention;
      function callInShape(target, handler, hasData, data, callback, form) {
        var name = settings.callName;
        if (!method(target, name, 'callHandler')) return undefined;
        if (form === 'two-argument' && convention.pageCall !== 'wvjb') {
          // callHandler(name, fn): the data is an explicit null.
          hasData = true;
          data = null;
        }
        if (convention.dataMustBeObject && callback && (!hasData || data === null || typeof data !== 'object' || Array.isArray(data))) {
          record(settings.inexpressibleEvent, { reason: 'page code calls a native handler with a callback and ' +
            (hasData ? (data === null ? 'null' : Array.isArray(data) ? 'an array' : 'a ' + typeof data) : 'no data') +
            ', and the profile ' + convention.profile + ' carries the callback id inside the data, which only ' +
            'a JSON object can hold' });
          return undefined;
        }
        if (convention.pageCall === 'params-callback') {
          var params = hasData ? data : undefined;
          if (hasData && data !== null && typeof data === 'object' && !Array.isArray(data)) {
            params = {};
            var keys = Object.keys(data);
            for (var k = 0; k < keys.length; k++) {
              defineProperty(params, keys[k], { value: data[keys[k]], enumerable: true, writable: true, configurable: true });
            }
          }
          if (callback) {
            if (params === undefined) params = {};
            params[convention.callbackKey] = callback;
          }
          return params === undefined ? target[name](handler) : target[name](handler, params);
        }
        if (convention.pageCall === 'record') {
          var request = {};
          var members = convention.split ? convention.split.fields : [convention.handlerField];
          var parts = [];
          var rest = handler;
          if (convention.split && typeof handler === 'string') {
            while (parts.length < members.length - 1) {
              var at = rest.indexOf(convention.split.separator);
              if (at < 0) break;
              parts[parts.length] = rest.slice(0, at);
              rest = rest.slice(at + convention.split.separator.length);
            }
          }
          parts[parts.length] = rest;
          for (var m = members.length - parts.length; m < members.length; m++) request[members[m]] = parts[m - members.length + parts.length];
          if (hasData) request[convention.dataField] = data;
          return callback ? target[name](request, callback) : target[name](request);
        }
        if (convention.pageCall === 'promise') {
          // callHandler(name, data?) returns a Promise of the answer's data; it takes no callback.
          var promised = hasData ? target[name](handler, data) : target[name](handler);
          if (promised !== null && typeof promised === 'object' && typeof promised.then === 'function') {
            // A call that fails rejects its Promise, as a callback-style call throws to its caller:
            // recorded, and what the fixture expects decides (a callback's own throw is not caught here).
            promised.then(callback || function () {}, function (reason) {
              record('page-call-rejected', { reason: String(reason && reason.message !== undefined ? reason.message : reason) });
            });
          } else if (callback) {
            record('harness-error', { message: 'callHandler returned ' + (promised === null ? 'null' : typeof promised) +
              ', not a Promise, and in the profile ' + convention.profile + ' a page call\'s answer is the Promise it returns ' +
              '("convention": {"pageCall": "promise"}): the harness cannot get the answer', kind: 'not-a-promise' });
          }
          return promised;
        }
        if (form === 'two-argument') return target[name](handler, callback);
        if (callback) return target[name](handler, hasData ? data : undefined, callback);
        if (hasData) return target[name](handler, data);
        return target[name](handler);
      }
      // Registers in the dialect's shape (profile `convention.pageRegister`):
      // fn(data, responseCallback) as is, or wrapped so that its first answer,
      // given before it returns, is its return value ("returning"), or so that
      // it returns a Promise its first answer settles, whenever given
      // ("awaited"); a dialect without registration gets nothing.
      function registerInShape(target, name, fn) {
        if (convention.pageRegister === 'none') return;
        if (!method(target, settings.registerName, 'registerHandler')) return;
        if (convention.pageRegister === 'awaited') {
          target[settings.registerName](name, function (data) {
            var settle;
            var answer = new Promise(function (resolve) { settle = resolve; });
            var answered = false;
            // Called outside the Promise's executor: a handler's exception stays a thrown exception.
            fn(data, function (value) {
              if (answered) return;
              answered = true;
              settle(value);
            });
            return answer;
          });
          return;
        }
        if (convention.pageRegister !== 'returning') { target[settings.registerName](name, fn); return; }
        target[settings.registerName](name, function (data) {
          var answered = false;
          var answer;
          fn(data, function (value) {
            if (answered) return;
            answered = true;
            answer = value;
          });
          return answer;
        });
      }
      function makeHandler(name, behaviour) {
        return function (data, responseCallback) {
          record('page-handler-invoked', withData({ handler: name }, data));
          if (behaviour.call) {
            var spec = behaviour.call;
            call(spec.label === undefined ? null : spec.label, spec.handler, spec.hasData, spec.data, 'standard');
          }
          if (behaviour.respond && typeof responseCallback === 'function') {
            var value = behaviour.respond.echo ? data : behaviour.respond.value;
            var answer = function () {
              for (var i = 0; i < behaviour.times; i++) responseCallback(value);
            };
            if (behaviour.delay > 0) later(answer, behaviour.delay); else answer();
          }
          if (behaviour['throw'] !== undefined) {
            var thrown = new Error(settings.marker + ' ' + behaviour['throw']);
            // A real engine may mute the error event (a bridge injected as a user
            // script rethrows it): its host is told what is thrown first.
            var hook = global[settings.scriptedThrowHook];
            if (typeof hook === 'function') hook(thrown.message);
            throw thrown;
          }
        };
      }
      function register(name, behaviour) {
        var target = bridge();
        if (target) registerInShape(target, name, makeHandler(name, behaviour));
      }
      function signalNative(url) {
        var handlers = global.webkit && global.webkit.messageHandlers;
        if (url === null && settings.transport === 'message-handlers' && handlers && handlers[settings.messageHandlerName]) {
          handlers[settings.messageHandlerName].postMessage('__wvjb_queue_message__');
          return;
        }
        var frame = document.createElement('iframe');
        frame.style.display = 'none';
        frame.src = url === null ? settings.queueURL : url;
        document.documentElement.appendChild(frame);
        later(function () { if (frame.parentNode) frame.parentNode.removeChild(frame); }, 0);
      }
      // A played message, as a page of a dialect whose host calls carry a
      // message's parts hands it over: an answer to the answer method, a request
      // to the method named after its handler, anything else to the generic
      // method (when the dialect has one) as the message's JSON text.
      function hostCall(signal, payload) {
        var calls = signal.hostCalls;
        var fields = calls.fields;
        var host = global[signal.name];
        var message;
        try { message = parseJSON(payload); } catch (error) { message = undefined; }
        var isMessage = message !== null && typeof message === 'object' && !Array.isArray(message);
        function part(key) { return hasOwn.call(message, key) ? stringifyJSON(message[key]) : undefined; }
        if (isMessage && hasOwn.call(message, fields.responseId)) {
          host[calls.answerMethod](part(fields.responseData), message[fields.responseId]);
          return;
        }
        var name = isMessage ? message[fields.handlerName] : undefined;
        if (isMessage && message[fields.callbackId] === '') {
          record(settings.inexpressibleEvent, { reason: 'the fixture plays a request whose callbackId is "", and in the ' +
            'profile ' + calls.profile + ' a host call passes its callback id as an argument, where "" means no id' });
          return;
        }
        if (calls.handlerMethods && typeof name === 'string' && typeof host[name] === 'function') {
          host[name](part(fields.data), hasOwn.call(message, fields.callbackId) ? message[fields.callbackId] : '');
          return;
        }
        if (calls.generic) { host[signal.method](payload); return; }
        record(settings.inexpressibleEvent, { reason: 'the fixture plays ' +
          (typeof name === 'string' ? 'a request for the handler ' + stringifyJSON(name) + ', which the native side has no host method for'
            : 'a payload that is no request or answer') + ', and in the profile ' + calls.profile + ' a page reaches native ' +
          'code only through host methods named after handlers and the answer method ("method": null)' });
      }
      var helper = {
        // Fixture data arrives as JSON text: an object literal would turn a
        // "__proto__" key into a prototype instead of a key.
        json: function (text) { return parseJSON(text); },
        checkBuiltIns: function () {
          var replaced = replacedBuiltIns();
          if (replaced.length > 0) record(settings.builtInsReplacedEvent, { replaced: replaced });
        },
        call: call,
        register: register,
        ready: function (handlers, steps, callsInit) {
          var target = bridge();
          if (callsInit && target && settings.initName !== null && typeof target[settings.initName] === 'function') {
            // The init handshake, without a default handler (messages for missing handlers stay missing).
            target[settings.initName]();
          }
          for (var i = 0; i < handlers.length; i++) register(handlers[i].name, handlers[i].behaviour);
          for (var j = 0; j < steps.length; j++) steps[j]();
        },
        // The page's own init(defaultHandler) call (page.init), late on purpose.
        initBridge: function (name, behaviour) {
          var target = bridge();
          if (!target || settings.initName === null || !method(target, settings.initName, 'init')) return;
          if (name === null) target[settings.initName]();
          else target[settings.initName](makeHandler(name, behaviour));
        },
        // The dialect's queue signal, carrying nothing (page.signal).
        signal: function (transport) {
          settings.transport = transport;
          signalNative(null);
        },
        disableSafetyTimeout: function () {
          var target = bridge();
          if (target && settings.disableName !== null && method(target, settings.disableName, 'disableSafetyTimeout')) {
            target[settings.disableName]();
          }
        },
        deliver: function (raw) {
          var target = bridge();
          if (!target || !method(target, settings.handleMessage, 'handleMessage')) return;
          if (settings.objectDelivery) target[settings.handleMessage](parseJSON(raw));
          else target[settings.handleMessage](raw);
        },
        queueToNative: function (hasResult, result, transport, url) {
          var target = bridge();
          if (!target) return;
          var original = target[settings.fetchQueue];
          target[settings.fetchQueue] = function () {
            target[settings.fetchQueue] = original;
            return hasResult ? result : undefined;
          };
          settings.transport = transport;
          signalNative(url);
        },
        // A queue that the page returns by navigating to the return URL (profile `queue.return`
        // "navigation"), played as a page of the dialect returns one: kept for the native side's next
        // fetch call, which navigates to `urls` from inside it, after the queue signal. A native side
        // may read a return only while its own fetch is pending (lzyzsd/JsBridge 1.0.4 does).
        returnOnFetch: function (urls, transport) {
          var target = bridge();
          if (!target) return;
          var original = target[settings.fetchQueue];
          target[settings.fetchQueue] = function () {
            target[settings.fetchQueue] = original;
            for (var i = 0; i < urls.length; i++) helper.navigate(urls[i], 'iframe');
          };
          settings.transport = transport;
          signalNative(null);
        },
        // A signal that carries a payload, as a page of the dialect sends it.
        signalWith: function (signal, payload) {
          if (signal.hostCalls) { hostCall(signal, payload); return; }
          if (signal.object) payload = parseJSON(payload);
          if (signal.kind === 'message-handlers') { global.webkit.messageHandlers[signal.name].postMessage(payload); return; }
          if (signal.kind === 'channel') { global[signal.name].postMessage(payload); return; }
          if (signal.kind === 'host-object') { global[signal.name][signal.method](payload); return; }
          if (signal.kind === 'prompt') { global.prompt(signal.marker, payload); return; }
          if (signal.kind === 'location') { location.href = signal.url + payload; return; }
          var frame = document.createElement('iframe');
          frame.style.display = 'none';
          frame.src = signal.url + payload;
          document.documentElement.appendChild(frame);
        },
        navigate: function (url, frameKind) {
          if (frameKind === 'main') { location.href = url; return; }
          var frame = document.createElement('iframe');
          frame.style.display = 'none';
          frame.src = url;
          document.documentElement.appendChild(frame);
        }
      };
      // Runs `fn(bridge)` once the bridge exists, the way a page of the dialect waits for it: its
      // setup function, its ready event, or (neither) a timer after the global appears. `fn` gets the
      // bridge object the page bridge hands over (the set-up callback's argument, the ready event's
      // `bridge`), and the harness drives that object while `fn` runs: the protocol does not promise
      // that the global is assigned before the set-up callbacks run or the event fires.
      var waiting = [];
      function whenReady(fn) {
        var run = function (found) {
          return withHanded(isObject(found) ? found : global[settings.globalName], fn);
        };
        var found = global[settings.globalName];
        // A global that exists before the bridge (a host object the page bridge extends) is the bridge
        // once it has the page API.
        if (isObject(found) && typeof found[settings.registerName] === 'function') { run(found); return; }
        if (settings.setupFunction !== null && typeof global[settings.setupFunction] === 'function') {
          // `fn` gets exactly what the page bridge passes its set-up callbacks (fixtures check it).
          global[settings.setupFunction](function (argument) { return withHanded(argument, fn); });
          return;
        }
        if (settings.readyEvent !== null) {
          document.addEventListener(settings.readyEvent, function listener(event) {
            document.removeEventListener(settings.readyEvent, listener);
            run(event && isObject(event.bridge) ? event.bridge : global[settings.globalName]);
          });
          return;
        }
        // Neither: the harness waits for an assignment to the global (a bridge that defines it with
        // Object.defineProperty replaces this accessor, and then only later steps find it).
        waiting[waiting.length] = run;
        if (waiting.length > 1) return;
        var value;
        defineProperty(global, settings.globalName, {
          configurable: true, enumerable: true,
          get: function () { return value; },
          set: function (assigned) {
            value = assigned;
            defineProperty(global, settings.globalName, { value: assigned, writable: true, configurable: true, enumerable: true });
            later(function () {
              var callbacks = waiting.splice(0, waiting.length);
              for (var i = 0; i < callbacks.length; i++) {
                try { callbacks[i](assigned); } catch (error) { later(function () { throw error; }, 0); }
              }
            }, 0);
          }
        });
      }
      helper.whenReady = whenReady;
      defineProperty(global, '__bridgecheck', { value: helper, enumerable: false });
      // The fixtures' page scripts reach the bridge through this, in any dialect.
      defineProperty(global, 'bridgecheckPage', {
        enumerable: false,
        value: {
          bridge: function () { return bridge(); },
          callHandler: function (handler, data, callback) {
            var target = bridge();
            if (!target) return;
            var args = [];
            for (var a = 0; a < arguments.length; a++) args[a] = typeof arguments[a] === 'function' ? decodingCallback(arguments[a]) : arguments[a];
            if (args.length === 2 && typeof data === 'function' && !settings.twoArgumentCall) {
              record(settings.inexpressibleEvent, { reason: 'page code calls callHandler(name, fn), and the page API of the profile ' +
                settings.profile + ' has no two-argument form ("twoArgumentCall": false)' });
              return undefined;
            }
            if (convention.pageCall === 'wvjb') {
              return method(target, settings.callName, 'callHandler') ? target[settings.callName].apply(target, args) : undefined;
            }
            if (args.length === 2 && typeof data === 'function') return callInShape(target, handler, true, null, args[1], 'standard');
            return callInShape(target, handler, args.length >= 2, data, typeof callback === 'function' ? args[2] : undefined, 'standard');
          },
          registerHandler: function (name, fn) {
            var target = bridge();
            if (target) registerInShape(target, name, fn);
          },
          setup: whenReady,
          // The profile's names of the page's own start-up code (null when the
          // dialect has none), for scripts that look at them.
          names: { global: settings.globalName, callbacksArray: settings.callbacksArray, setupFunction: settings.setupFunction }
        }
      });
    }
    """#
}
