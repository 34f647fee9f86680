  var listenerStore = new WeakMap();
  var handlerAttributes = { load: true, readystatechange: true, message: true, messageerror: true };
  var eventState = new WeakMap();
  // Objects of the platform (window, document, elements, workers, events):
  // a structured clone refuses them, as WebKit does.
  var platformObjects = new WeakSet();

  // Whether `target.on<type>` is a handler the dispatch calls. The global's
  // `onerror` is not: `reportError` calls it, with five arguments.
  function hasHandlerAttribute(target, type) {
    return handlerAttributes[type] === true || (type === 'error' && target !== global);
  }

  // A bare addEventListener(…) in a script is the global's.
  function targetOf(receiver) {
    if (receiver === undefined || receiver === null) return global;
    if (typeof receiver !== 'object' && typeof receiver !== 'function') throw new TypeError('Illegal invocation');
    return receiver;
  }
  function captureFlag(options) {
    return typeof options === 'object' && options !== null ? !!options.capture : !!options;
  }
  function addEventListener(type, listener, options) {
    if (listener === null || listener === undefined) return;
    if (typeof listener !== 'function' && typeof listener !== 'object') return;
    var target = targetOf(this);
    var byType = listenerStore.get(target);
    if (!byType) listenerStore.set(target, byType = ObjectCreate(null));
    type = String(type);
    var list = byType[type] || (byType[type] = []);
    var capture = captureFlag(options);
    for (var i = 0; i < list.length; i++) {
      if (list[i].listener === listener && list[i].capture === capture) return;
    }
    var once = typeof options === 'object' && options !== null && !!options.once;
    var passive = typeof options === 'object' && options !== null && !!options.passive;
    list.push({ listener: listener, capture: capture, once: once, passive: passive, removed: false });
  }
  function removeEventListener(type, listener, options) {
    var byType = listenerStore.get(targetOf(this));
    var list = byType && byType[String(type)];
    if (!list) return;
    var capture = captureFlag(options);
    for (var i = 0; i < list.length; i++) {
      if (list[i].listener === listener && list[i].capture === capture) {
        list[i].removed = true;
        list.splice(i, 1);
        return;
      }
    }
  }

  function EventConstructor(type, init) {
    if (!new.target) throw new TypeError("Failed to construct 'Event': Please use the 'new' operator");
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    initialise(this, String(type), init);
  }
  function initialise(event, type, init) {
    init = init || {};
    eventState.set(event, { initialized: true, dispatching: false, stop: false, stopNow: false, canceled: false, passive: false });
    platformObjects.add(event);
    event.type = type;
    event.bubbles = !!init.bubbles;
    event.cancelable = !!init.cancelable;
    event.composed = !!init.composed;
    event.target = null;
    event.currentTarget = null;
    event.eventPhase = 0;
    event.isTrusted = false;
    event.timeStamp = host.pageTime();
  }
  function stateOf(event) {
    var state = eventState.get(event);
    if (!state) throw new TypeError("Can only call Event methods on instances of Event");
    return state;
  }
  var eventPrototype = EventConstructor.prototype;
  eventPrototype.preventDefault = function preventDefault() {
    var state = stateOf(this);
    if (this.cancelable && !state.passive) state.canceled = true;
  };
  eventPrototype.stopPropagation = function stopPropagation() { stateOf(this).stop = true; };
  eventPrototype.stopImmediatePropagation = function stopImmediatePropagation() {
    var state = stateOf(this);
    state.stop = true;
    state.stopNow = true;
  };
  eventPrototype.initEvent = function initEvent(type, bubbles, cancelable) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var state = stateOf(this);
    if (state.dispatching) return;
    state.initialized = true;
    state.stop = state.stopNow = state.canceled = false;
    this.type = String(type);
    this.bubbles = !!bubbles;
    this.cancelable = !!cancelable;
  };
  defineProperty(eventPrototype, 'defaultPrevented', { get: function () { return stateOf(this).canceled; } });
  defineProperty(eventPrototype, 'returnValue', {
    get: function () { return !stateOf(this).canceled; },
    set: function (value) { if (!value) this.preventDefault(); }
  });
  defineProperty(eventPrototype, 'cancelBubble', {
    get: function () { return stateOf(this).stop; },
    set: function (value) { if (value) stateOf(this).stop = true; }
  });
  ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'].forEach(function (name, value) {
    defineProperty(EventConstructor, name, { value: value, enumerable: true });
    defineProperty(eventPrototype, name, { value: value, enumerable: true });
  });
  hidden(eventPrototype, 'constructor', EventConstructor);
  defineProperty(eventPrototype, Symbol.toStringTag, { value: 'Event', configurable: true });
  defineProperty(EventConstructor, 'name', { value: 'Event' });
  hidden(global, 'Event', EventConstructor);

  // An Event subclass whose constructor takes `fields(init)` on top of Event's.
  function eventKind(name, fields) {
    var Kind = function (type, init) {
      if (!new.target) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator");
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      initialise(this, String(type), init);
      fields(this, init || {});
    };
    Kind.prototype = ObjectCreate(eventPrototype);
    hidden(Kind.prototype, 'constructor', Kind);
    defineProperty(Kind.prototype, Symbol.toStringTag, { value: name, configurable: true });
    defineProperty(Kind, 'name', { value: name });
    hidden(global, name, Kind);
    return Kind;
  }
  var CustomEventConstructor = eventKind('CustomEvent', function (event, init) {
    event.detail = init.detail !== undefined ? init.detail : null;
  });
  CustomEventConstructor.prototype.initCustomEvent = function initCustomEvent(type, bubbles, cancelable, detail) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    if (stateOf(this).dispatching) return;
    this.initEvent(type, bubbles, cancelable);
    this.detail = detail === undefined ? null : detail;
  };
  var MessageEventConstructor = eventKind('MessageEvent', function (event, init) {
    event.data = init.data === undefined ? null : init.data;
    event.origin = init.origin === undefined ? '' : String(init.origin);
    event.lastEventId = init.lastEventId === undefined ? '' : String(init.lastEventId);
    event.source = init.source === undefined ? null : init.source;
    event.ports = init.ports ? arraySlice.call(init.ports) : [];
  });
  var ErrorEventConstructor = eventKind('ErrorEvent', function (event, init) {
    event.message = init.message === undefined ? '' : String(init.message);
    event.filename = init.filename === undefined ? '' : String(init.filename);
    event.lineno = init.lineno === undefined ? 0 : Number(init.lineno) >>> 0;
    event.colno = init.colno === undefined ? 0 : Number(init.colno) >>> 0;
    event.error = init.error === undefined ? null : init.error;
  });

  function invoke(target, event, phase, state) {
    var byType = listenerStore.get(target);
    var list = byType && byType[event.type];
    event.currentTarget = target;
    event.eventPhase = phase;
    if (phase !== 1 && hasHandlerAttribute(target, event.type) && typeof target['on' + event.type] === 'function') {
      // A handler attribute that returns false cancels the event (HTML's event handler processing).
      if (callListener(target['on' + event.type], target, event, state, false) === false) event.preventDefault();
    }
    if (!list) return;
    list = list.slice();
    for (var i = 0; i < list.length && !state.stopNow; i++) {
      var entry = list[i];
      if (entry.removed) continue;
      if (phase === 1 && !entry.capture) continue;
      if (phase === 3 && entry.capture) continue;
      if (entry.once) removeEventListener.call(target, event.type, entry.listener, entry.capture);
      callListener(entry.listener, target, event, state, entry.passive);
    }
  }
  function callListener(listener, target, event, state, passive) {
    var result;
    state.passive = passive;
    try {
      if (typeof listener === 'function') result = listener.call(target, event);
      else if (listener && typeof listener.handleEvent === 'function') listener.handleEvent(event);
    } catch (error) {
      listenerFailed(error, event);
    }
    state.passive = false;
    return result;
  }
  function dispatchEvent(event) {
    var state = eventState.get(event);
    if (!state) throw new TypeError("Argument 1 ('event') to EventTarget.dispatchEvent must be an instance of Event");
    if (state.dispatching || !state.initialized) {
      throw domError('InvalidStateError', 'The object is in an invalid state.', 11);
    }
    var target = targetOf(this);
    state.dispatching = true;
    state.stop = state.stopNow = false;
    event.target = target;
    var path = [];
    for (var node = eventParent(target); node; node = eventParent(node)) path.push(node);
    for (var i = path.length - 1; i >= 0 && !state.stop; i--) invoke(path[i], event, 1, state);
    if (!state.stop) invoke(target, event, 2, state);
    for (var j = 0; j < path.length && event.bubbles && !state.stop; j++) invoke(path[j], event, 3, state);
    event.currentTarget = null;
    event.eventPhase = 0;
    state.dispatching = false;
    return !state.canceled;
  }
  function makeEventTarget(target) {
    hidden(target, 'addEventListener', addEventListener);
    hidden(target, 'removeEventListener', removeEventListener);
    hidden(target, 'dispatchEvent', dispatchEvent);
  }
  // Whether an event the environment fires could reach script code: a
  // listener for its type anywhere on its path, or a handler attribute
  // (`onload`…) that the dispatch would read and that is not a plain
  // non-function value (an accessor or an inherited property could be
  // script code itself). Only descriptors are read, so the answer runs no
  // script code.
  function hasAudience(target, type, bubbles) {
    for (var node = target, first = true; node; node = eventParent(node), first = false) {
      var byType = listenerStore.get(node);
      if (byType && byType[type] && byType[type].length > 0) return true;
      if ((first || bubbles) && hasHandlerAttribute(node, type)) {
        var descriptor = ownDescriptor(node, 'on' + type);
        if (!descriptor || !('value' in descriptor) || typeof descriptor.value === 'function') return true;
      }
    }
    return false;
  }
  // An event the environment itself fires (load, readystatechange, error,
  // message). One no script can see (no listener, no handler) is not made
  // at all: the load sequence of most pages then costs nothing.
  function fire(target, type, bubbles, cancelable, fields, Kind) {
    if (!hasAudience(target, type, bubbles)) return true;
    var event = new (Kind || EventConstructor)(type, { bubbles: bubbles, cancelable: cancelable });
    event.isTrusted = true;
    for (var key in fields) event[key] = fields[key];
    return dispatchEvent.call(target, event);
  }
  makeEventTarget(global);
  platformObjects.add(global);
