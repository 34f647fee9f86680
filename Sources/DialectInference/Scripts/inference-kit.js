function installInferenceKit(config) {
  'use strict';
  var global = globalThis;
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var getOwnNames = Object.getOwnPropertyNames;
  var getProto = Object.getPrototypeOf;
  var ownDescriptor = Object.getOwnPropertyDescriptor;
  var defineProperty = Object.defineProperty;
  var hasOwn = Object.prototype.hasOwnProperty;
  var ObjectPrototype = Object.prototype;
  var FunctionPrototype = Function.prototype;
  var ReflectGet = Reflect.get;
  var ReflectSet = Reflect.set;
  var ReflectDefine = Reflect.defineProperty;
  var ReflectDelete = Reflect.deleteProperty;
  var ReflectHas = Reflect.has;
  var isArray = Array.isArray;

  var events = [];
  var maxEvents = 4000;
  var maxText = 65536;
  var phase = 'load';
  var armed = 0;
  var depth = 0;
  var fabricate = config.fabricate === true;
  var presetMethods = config.presetMethods || [];
  var assigned = Object.create(null);
  (config.assignedMembers || []).forEach(function (name) { assigned[name] = true; });
  var returns = Object.create(null);
  var stubs = Object.create(null);
  var stubTargets = Object.create(null);
  var ours = new WeakSet();
  var firstReads = Object.create(null);
  var defined = Object.create(null);
  var eventBridges = [];
  var setupArguments = [];
  var shadow = { window: true, self: true, globalThis: true, top: true, parent: true, frames: true };

  function record(event) {
    if (events.length < maxEvents) events.push(event);
  }
  function text(value) {
    var string = String(value);
    return string.length > maxText ? string.slice(0, maxText) : string;
  }
  // A value as the host can read it: {u: true} for undefined, {f: name} for a function,
  // {v: JSON copy} otherwise (and {x: reason} when it has no JSON form).
  function describe(value) {
    if (value === undefined) return { u: true };
    if (typeof value === 'function') return { f: String(value.name || '') };
    if (value !== null && typeof value === 'object' && typeof value.then === 'function') return { p: true };
    try {
      var json = stringify(value);
      if (json === undefined) return { u: true };
      if (json.length > maxText) return { x: 'too large' };
      return { v: parse(json) };
    } catch (error) {
      return { x: text(error && error.message) };
    }
  }
  function describeAll(list) {
    var out = [];
    for (var i = 0; i < list.length; i++) out.push(describe(list[i]));
    return out;
  }
  function describeError(error) {
    var out = { message: '' };
    try {
      out.message = text(error && error.message !== undefined ? error.message : error);
      if (error && error.name) out.name = text(error.name);
      if (error && typeof error.line === 'number') out.line = error.line;
      if (error && typeof error.column === 'number') out.column = error.column;
      if (error && error.sourceURL) out.source = text(error.sourceURL);
    } catch (unreadable) {}
    return out;
  }

  // ---- stand-ins for globals the app would add (host objects, channels) ----
  function recorder(object, method) {
    var fn = function () {
      record({ k: 'call', object: object, method: method, args: describeAll(arguments), sync: depth > 0, phase: phase });
      return returns[method];
    };
    ours.add(fn);
    return fn;
  }
  function makeStub(name) {
    if (stubs[name]) return stubs[name];
    var target = {};
    for (var i = 0; i < presetMethods.length; i++) target[presetMethods[i]] = recorder(name, presetMethods[i]);
    var proxy = new Proxy(target, {
      get: function (t, k) {
        if (typeof k !== 'string' || k in t) return ReflectGet(t, k);
        record({ k: 'member-read', object: name, member: k, armed: armed > 0, phase: phase });
        // A member the bridge never assigns itself is a method of the app's
        // object: it exists from then on (a host object's method, a channel's
        // postMessage). One the bridge assigns (a flag it sets once it is
        // initialised) is left absent.
        if (k !== 'then' && k !== 'toJSON' && assigned[k] !== true) {
          t[k] = recorder(name, k);
          return t[k];
        }
        return undefined;
      },
      set: function (t, k, v) {
        if (typeof k === 'string') record({ k: 'member-set', object: name, member: k, phase: phase });
        return ReflectSet(t, k, v);
      }
    });
    stubs[name] = proxy;
    stubTargets[name] = target;
    defineProperty(global, name, { value: proxy, writable: true, configurable: true, enumerable: false });
    record({ k: 'stub', name: name, phase: phase });
    return proxy;
  }

  // ---- look-ups of globals that do not exist ----
  function noteRead(name) {
    var key = phase + ':' + name;
    if (firstReads[key]) return;
    firstReads[key] = true;
    record({ k: 'read', name: name, phase: phase, armed: armed > 0 });
  }
  function noteDefined(name) {
    if (defined[name]) return;
    defined[name] = true;
    record({ k: 'define', name: name, phase: phase });
  }
  function unknownRead(name) {
    noteRead(name);
    if (stubs[name]) return stubs[name];
    if (fabricate && (armed > 0 || phase === 'probe') && name !== 'undefined') return makeStub(name);
    return undefined;
  }
  function bound(value) {
    if (typeof value !== 'function') return value;
    return function () { return value.apply(this === windowProxy || this === undefined ? global : this, arguments); };
  }
  var windowProxy = new Proxy(global, {
    get: function (t, k) {
      if (typeof k === 'string' && !(k in t)) return unknownRead(k);
      var value = ReflectGet(t, k);
      if (k === 'addEventListener' || k === 'removeEventListener' || k === 'dispatchEvent') return bound(value);
      return value;
    },
    set: function (t, k, v) {
      if (typeof k === 'string' && !(k in t)) noteDefined(k);
      return ReflectSet(t, k, v);
    },
    has: function (t, k) {
      if (typeof k === 'string' && !(k in t)) { noteRead(k); return false; }
      return ReflectHas(t, k);
    },
    defineProperty: function (t, k, d) {
      if (typeof k === 'string' && !(k in t)) noteDefined(k);
      return ReflectDefine(t, k, d);
    },
    deleteProperty: function (t, k) { return ReflectDelete(t, k); }
  });
  var scope = new Proxy(Object.create(null), {
    has: function (t, k) {
      if (typeof k !== 'string') return false;
      if (shadow[k] === true) return true;
      return !(k in global);
    },
    get: function (t, k) {
      if (typeof k !== 'string') return undefined;
      if (shadow[k] === true) return windowProxy;
      if (k in global) return global[k];
      return unknownRead(k);
    },
    set: function (t, k, v) {
      if (typeof k !== 'string' || shadow[k] === true) return true;
      if (!(k in global)) noteDefined(k);
      return ReflectSet(global, k, v);
    },
    deleteProperty: function (t, k) { return ReflectDelete(global, k); }
  });

  // ---- window.webkit.messageHandlers: any name ----
  var handlerTargets = {};
  function scriptMessageHandler(name) {
    return {
      postMessage: function postMessage(body) {
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        record({ k: 'post', name: name, body: describe(body), sync: depth > 0, phase: phase });
      }
    };
  }
  var messageHandlers = new Proxy(handlerTargets, {
    get: function (t, k) {
      if (typeof k !== 'string' || k in t) return ReflectGet(t, k);
      record({ k: 'handler-read', name: k, armed: armed > 0, phase: phase });
      if (fabricate) {
        t[k] = scriptMessageHandler(k);
        return t[k];
      }
      return undefined;
    }
  });
  if (global.webkit && typeof global.webkit === 'object') global.webkit.messageHandlers = messageHandlers;

  // ---- prompt ----
  defineProperty(global, 'prompt', {
    value: function prompt(message, value) {
      record({ k: 'prompt', message: text(message), value: value === undefined ? null : text(value), sync: depth > 0, phase: phase });
      return null;
    },
    writable: true, configurable: true, enumerable: false
  });

  // ---- events the bridge dispatches ----
  function watchDispatch(target, label) {
    var original = target.dispatchEvent;
    if (typeof original !== 'function') return;
    target.dispatchEvent = function dispatchEvent(event) {
      var carried = event && event.bridge;
      var index = -1;
      if (carried !== undefined && carried !== null) { index = eventBridges.length; eventBridges.push(carried); }
      record({ k: 'event', type: text(event && event.type), target: label, bridge: index, phase: phase });
      return original.call(this === windowProxy || this === undefined ? global : this, event);
    };
  }
  watchDispatch(global.document, 'document');
  watchDispatch(global, 'window');

  // ---- navigations, as the bridge wrote their URLs ----
  var documentObject = global.document;
  var createElement = documentObject.createElement;
  documentObject.createElement = function (tag) {
    var element = createElement.apply(this === windowProxy || this === undefined ? documentObject : this, arguments);
    if (String(tag).toLowerCase() !== 'iframe') return element;
    var accessor = null;
    for (var object = getProto(element); object && !accessor; object = getProto(object)) {
      var descriptor = ownDescriptor(object, 'src');
      if (descriptor && descriptor.set) accessor = descriptor;
    }
    if (accessor) {
      defineProperty(element, 'src', {
        get: function () { return accessor.get.call(this); },
        set: function (value) {
          record({ k: 'nav-set', url: text(value), frame: 'iframe', sync: depth > 0, phase: phase });
          accessor.set.call(this, value);
        },
        configurable: true, enumerable: true
      });
    }
    return element;
  };
  var realLocation = global.location;
  function navigateMain(url) {
    record({ k: 'nav-set', url: text(url), frame: 'main', sync: depth > 0, phase: phase });
    realLocation.assign(url);
  }
  var locationObject = {
    assign: navigateMain,
    replace: navigateMain,
    reload: function reload() {},
    toString: function toString() { return realLocation.toString(); }
  };
  defineProperty(locationObject, 'href', {
    get: function () { return realLocation.href; }, set: navigateMain, enumerable: true
  });
  defineProperty(global, 'location', { value: locationObject, writable: true, configurable: true, enumerable: false });

  // ---- start-up arrays ----
  var presetArrays = config.presetArrays || [];
  function setupRecorder(array) {
    return function (bridge) {
      setupArguments.push(bridge);
      record({ k: 'setup-callback', array: array, argument: setupArguments.length - 1, phase: phase });
    };
  }
  for (var a = 0; a < presetArrays.length; a++) global[presetArrays[a]] = [setupRecorder(presetArrays[a])];

  var loadStubs = config.loadStubs || [];
  for (var s = 0; s < loadStubs.length; s++) makeStub(loadStubs[s]);

  var baseline = Object.create(null);
  var names = getOwnNames(global);
  for (var n = 0; n < names.length; n++) baseline[names[n]] = true;
  baseline.__bcInfer = true;

  // ---- probe arguments ----
  function build(spec) {
    if (spec === null || typeof spec !== 'object') return spec;
    if (hasOwn.call(spec, 'value')) return spec.value;
    if (spec.undefined === true) return undefined;
    if (hasOwn.call(spec, 'callback')) {
      var tag = spec.callback;
      var result = spec.returns;
      return function () {
        record({ k: 'callback', tag: tag, args: describeAll(arguments), sync: depth > 0, phase: phase });
        return result;
      };
    }
    if (hasOwn.call(spec, 'handler')) {
      var handlerTag = spec.handler;
      var answer = spec.answer;
      return function (data, respond) {
        record({ k: 'handler', tag: handlerTag, data: describe(data), argc: arguments.length,
          canRespond: typeof respond === 'function', sync: depth > 0, phase: phase });
        if (typeof respond === 'function') respond(answer);
        return answer;
      };
    }
    if (hasOwn.call(spec, 'object')) {
      var object = {};
      for (var key in spec.object) if (hasOwn.call(spec.object, key)) object[key] = build(spec.object[key]);
      return object;
    }
    if (hasOwn.call(spec, 'params')) {
      var paramsTag = spec.params;
      var inner = build({ object: spec.members || {} });
      return new Proxy(inner, {
        get: function (t, k) {
          if (typeof k === 'string' && !hasOwn.call(t, k)) record({ k: 'params-read', tag: paramsTag, key: k });
          return ReflectGet(t, k);
        },
        has: function (t, k) {
          if (typeof k === 'string' && !hasOwn.call(t, k)) record({ k: 'params-read', tag: paramsTag, key: k, has: true });
          return ReflectHas(t, k);
        }
      });
    }
    if (hasOwn.call(spec, 'record')) {
      var recordTag = spec.record;
      return new Proxy({}, {
        get: function (t, k) {
          if (typeof k !== 'string' || k in ObjectPrototype || k === 'then' || k === 'toJSON') return ReflectGet(t, k);
          record({ k: 'record-read', tag: recordTag, key: k });
          return 'bcRecord:' + k;
        },
        has: function (t, k) {
          if (typeof k !== 'string') return false;
          record({ k: 'record-read', tag: recordTag, key: k, has: true });
          return true;
        }
      });
    }
    return undefined;
  }

  function resolve(path) {
    var holder = global;
    var value = global;
    for (var i = 0; i < path.length; i++) {
      holder = value;
      if (value === null || value === undefined) return { holder: undefined, value: undefined };
      value = value[path[i]];
    }
    return { holder: holder === global ? undefined : holder, value: value };
  }

  var builtIns = [ObjectPrototype, FunctionPrototype, Array.prototype, String.prototype, Number.prototype,
    Boolean.prototype, Date.prototype, RegExp.prototype, Error.prototype, Promise.prototype];
  function builtIn(object) { return builtIns.indexOf(object) >= 0; }

  // ---- what the host asks ----
  var kit = {
    scope: scope,
    setPhase: function (name) { phase = String(name); },
    take: function () { var out = events; events = []; return out; },
    setReturn: function (method, value) { returns[method] = value; },
    // The type of what the path names, without calling anything.
    typeAt: function (path) { return typeof resolve(path).value; },
    // Calls the function at `path` with arguments built from `specs`; `arm` makes the
    // stand-ins answer unknown members (a page-to-native probe). With `settleTag`, a
    // Promise the call returns records what it settles with as a `callback` under that tag.
    call: function (path, specs, arm, settleTag) {
      var target = resolve(path);
      var out = { path: path };
      if (typeof target.value !== 'function') { out.missing = true; return out; }
      var args = [];
      for (var i = 0; i < specs.length; i++) args.push(build(specs[i]));
      depth++;
      if (arm) armed++;
      try {
        var value = target.value.apply(target.holder, args);
        out.returned = describe(value);
        if (typeof settleTag === 'string' && value !== null && typeof value === 'object' && typeof value.then === 'function') {
          value.then(function (settled) {
            record({ k: 'callback', tag: settleTag, args: [describe(settled)], sync: depth > 0, phase: phase });
          }, function () {});
        }
      } catch (error) {
        out.threw = describeError(error);
      } finally {
        depth--;
        if (arm) armed--;
      }
      return out;
    },
    // What the page has: the globals the bridge created or extended, with their members,
    // the events that carried a bridge and the start-up callbacks' arguments, each named
    // by the global it is.
    survey: function () {
      var out = { globals: [], eventBridges: [], setupArguments: [] };
      var candidates = [];
      var all = getOwnNames(global);
      for (var i = 0; i < all.length; i++) {
        var name = all[i];
        if (baseline[name] && !stubs[name]) continue;
        var descriptor = ownDescriptor(global, name);
        if (!descriptor || !('value' in descriptor)) continue;
        candidates.push(name);
      }
      for (var c = 0; c < candidates.length; c++) {
        var globalName = candidates[c];
        var value = global[globalName];
        var entry = { name: globalName, stub: !!stubs[globalName], type: typeof value, functions: [], others: [] };
        if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
          var seen = Object.create(null);
          var holder = stubs[globalName] ? stubTargets[globalName] : value;
          for (var object = holder; object && !builtIn(object); object = isArray(holder) ? null : getProto(object)) {
            var keys = getOwnNames(object);
            for (var k = 0; k < keys.length; k++) {
              var key = keys[k];
              if (seen[key] || key === 'constructor' || (typeof value === 'function' && (key === 'length' || key === 'name' || key === 'prototype' || key === 'arguments' || key === 'caller'))) continue;
              seen[key] = true;
              var member = ownDescriptor(object, key);
              if (member && 'value' in member) {
                if (typeof member.value === 'function') { if (!ours.has(member.value)) entry.functions.push(key); }
                else entry.others.push(key);
              }
            }
          }
        }
        out.globals.push(entry);
      }
      function nameOf(value) {
        if (value === null || value === undefined) return null;
        for (var i = 0; i < candidates.length; i++) if (global[candidates[i]] === value) return candidates[i];
        return '';
      }
      for (var e = 0; e < eventBridges.length; e++) out.eventBridges.push(nameOf(eventBridges[e]));
      for (var a = 0; a < setupArguments.length; a++) out.setupArguments.push(nameOf(setupArguments[a]));
      return out;
    }
  };
  defineProperty(global, '__bcInfer', { value: kit, writable: false, configurable: false, enumerable: false });
}
