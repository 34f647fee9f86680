/// The JavaScript that turns a bare JavaScriptCore global object into the
/// browser environment bridges expect (`window`, `document`, DOM events,
/// timers, console, dialogs, `location`, `webkit.messageHandlers`, virtual
/// `Date`, seeded `Math.random`).
///
/// It evaluates to a function that takes the host's native functions and
/// returns the page internals the host calls back (`fireTimer`,
/// `reportError`, …). Internals live in closures, not in globals, so page
/// code cannot reach them; the public objects are ordinary, replaceable
/// properties, as in a browser.
enum PageEnvironmentScript {
  static let sourceURL = "bridgecheck://page-environment.js"

  static let source = #"""
(function installPageEnvironment(host) {
  'use strict';
  var global = globalThis;
  var RealDate = Date;
  var stringify = JSON.stringify;
  var ObjectCreate = Object.create;
  var defineProperty = Object.defineProperty;
  var ownDescriptor = Object.getOwnPropertyDescriptor;
  var arraySlice = Array.prototype.slice;
  var indirectEval = eval;

  function hidden(target, name, value) {
    defineProperty(target, name, { value: value, writable: true, configurable: true, enumerable: false });
  }

  // ---- window ---------------------------------------------------------------
  hidden(global, 'window', global);
  hidden(global, 'self', global);
  hidden(global, 'top', global);
  hidden(global, 'parent', global);
  hidden(global, 'frames', global);
  global.onerror = null;

  // ---- events (window, document, elements) ------------------------------------
  // One listener store for every target; the path of an event is the target,
  // its ancestors, then document and window (as in WebKit), walked capture
  // first, then at the target, then bubbling when the event bubbles.
  var listenerStore = new WeakMap();
  var handlerAttributes = { load: true, readystatechange: true, message: true };
  var eventState = new WeakMap();

  // A bare addEventListener(…) in a page script is the window's.
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

  function CustomEventConstructor(type, init) {
    if (!new.target) throw new TypeError("Failed to construct 'CustomEvent': Please use the 'new' operator");
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    initialise(this, String(type), init);
    this.detail = init && init.detail !== undefined ? init.detail : null;
  }
  CustomEventConstructor.prototype = ObjectCreate(eventPrototype);
  hidden(CustomEventConstructor.prototype, 'constructor', CustomEventConstructor);
  CustomEventConstructor.prototype.initCustomEvent = function initCustomEvent(type, bubbles, cancelable, detail) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    if (stateOf(this).dispatching) return;
    this.initEvent(type, bubbles, cancelable);
    this.detail = detail === undefined ? null : detail;
  };
  hidden(eventPrototype, 'constructor', EventConstructor);
  defineProperty(EventConstructor, 'name', { value: 'Event' });
  defineProperty(CustomEventConstructor, 'name', { value: 'CustomEvent' });
  hidden(global, 'Event', EventConstructor);
  hidden(global, 'CustomEvent', CustomEventConstructor);

  // document.createEvent: an event that must be initialised before dispatch.
  var createdKinds = { event: EventConstructor, events: EventConstructor, htmlevents: EventConstructor,
    customevent: CustomEventConstructor };
  function createEvent(kind) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    var Kind = createdKinds[String(kind).toLowerCase()];
    if (!Kind) throw domError('NotSupportedError', 'The operation is not supported.');
    var event = new Kind('');
    eventState.get(event).initialized = false;
    if (Kind === CustomEventConstructor) event.detail = null;
    return event;
  }
  function domError(name, message) {
    var error = new Error(message);
    error.name = name;
    return error;
  }

  function eventParent(target) {
    if (target === global) return null;
    if (target === documentObject) return global;
    if (target.parentNode) return target.parentNode;
    return target === documentElement ? documentObject : null;
  }
  function invoke(target, event, phase, state) {
    var byType = listenerStore.get(target);
    var list = byType && byType[event.type];
    event.currentTarget = target;
    event.eventPhase = phase;
    if (phase !== 1 && handlerAttributes[event.type] && typeof target['on' + event.type] === 'function') {
      callListener(target['on' + event.type], target, event, state, false);
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
    state.passive = passive;
    try {
      if (typeof listener === 'function') listener.call(target, event);
      else if (listener && typeof listener.handleEvent === 'function') listener.handleEvent(event);
    } catch (error) {
      listenerFailed(error, event);
    }
    state.passive = false;
  }
  function dispatchEvent(event) {
    var state = eventState.get(event);
    if (!state) throw new TypeError("Argument 1 ('event') to EventTarget.dispatchEvent must be an instance of Event");
    if (state.dispatching || !state.initialized) {
      throw domError('InvalidStateError', 'The object is in an invalid state.');
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
  // Whether an event the page fires could reach page code: a listener for
  // its type anywhere on its path, or a handler attribute (`onload`…) that
  // the dispatch would read and that is not a plain non-function value
  // (an accessor or an inherited property could be page code itself). Only
  // descriptors are read, so the answer runs no page code.
  function hasAudience(target, type, bubbles) {
    var attribute = handlerAttributes[type] ? 'on' + type : null;
    for (var node = target, first = true; node; node = eventParent(node), first = false) {
      var byType = listenerStore.get(node);
      if (byType && byType[type] && byType[type].length > 0) return true;
      if (attribute !== null && (first || bubbles)) {
        var descriptor = ownDescriptor(node, attribute);
        if (!descriptor || !('value' in descriptor) || typeof descriptor.value === 'function') return true;
      }
    }
    return false;
  }
  // An event the page itself fires (load, readystatechange, error). One no
  // page code can see (no listener, no handler) is not made at all: the
  // load sequence of most pages then costs nothing.
  function fire(target, type, bubbles, cancelable, fields) {
    if (!hasAudience(target, type, bubbles)) return true;
    var event = new EventConstructor(type, { bubbles: bubbles, cancelable: cancelable });
    event.isTrusted = true;
    for (var key in fields) event[key] = fields[key];
    return dispatchEvent.call(target, event);
  }
  makeEventTarget(global);

  // ---- virtual time -----------------------------------------------------------
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

  // ---- WebAssembly ----------------------------------------------------------------
  // The engine runs without WebAssembly (its watchdog cannot interrupt a
  // WebAssembly loop): a page that reaches for it is told so by the host.
  defineProperty(global, 'WebAssembly', {
    configurable: true, enumerable: false,
    get: function () { host.unavailable('WebAssembly'); return undefined; },
    set: function () {}
  });

  // ---- console ------------------------------------------------------------------
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

  // ---- errors -----------------------------------------------------------------------
  var reportingError = false;
  function reportError(error, message, source, line, column) {
    if (message === undefined) message = describe(error);
    var handler = global.onerror;
    if (typeof handler === 'function') {
      try {
        handler.call(global, message, source, line, column, error);
      } catch (failure) {
        host.console('error', 'window.onerror threw: ' + describe(failure));
      }
    }
    reportingError = true;
    try {
      fire(global, 'error', false, true, { message: message, filename: source, lineno: line, colno: column, error: error });
    } finally {
      reportingError = false;
    }
  }
  // A listener's exception is reported (the trace records it as uncaught,
  // window.onerror and error listeners get it) and the dispatch goes on, as
  // in a browser; one thrown by an error listener only reaches the console.
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
    reportError(error, undefined, where.source, where.line, where.column);
  }

  // ---- timers ---------------------------------------------------------------------
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

  // ---- document -------------------------------------------------------------------
  var nextFrameId = 1;
  var documentElement;

  function isConnected(node) {
    while (node) {
      if (node === documentElement) return true;
      node = node.parentNode;
    }
    return false;
  }
  function forEachFrame(node, visit) {
    if (node.__frameId) visit(node);
    var children = node.childNodes || [];
    for (var i = 0; i < children.length; i++) forEachFrame(children[i], visit);
  }
  function connected(node) {
    forEachFrame(node, function (frame) { host.frameInserted(frame.__frameId, frame.__src); });
  }
  function disconnected(node) {
    forEachFrame(node, function (frame) { host.frameRemoved(frame.__frameId); });
  }
  function detach(child) {
    var parent = child.parentNode;
    if (!parent) return;
    var wasConnected = isConnected(parent);
    var index = parent.childNodes.indexOf(child);
    if (index >= 0) parent.childNodes.splice(index, 1);
    child.parentNode = null;
    if (wasConnected) disconnected(child);
  }

  var nodePrototype = {
    appendChild: function appendChild(child) { return this.insertBefore(child, null); },
    insertBefore: function insertBefore(child, reference) {
      if (!child || typeof child !== 'object' || !child.childNodes) throw new TypeError('insertBefore: argument is not a Node');
      detach(child);
      var index = reference ? this.childNodes.indexOf(reference) : -1;
      if (index < 0) this.childNodes.push(child); else this.childNodes.splice(index, 0, child);
      child.parentNode = this;
      if (isConnected(this)) connected(child);
      return child;
    },
    removeChild: function removeChild(child) {
      if (!child || child.parentNode !== this) throw new Error('NotFoundError: the node is not a child of this node');
      detach(child);
      return child;
    },
    remove: function remove() { detach(this); },
    setAttribute: function setAttribute(name, value) {
      name = String(name).toLowerCase();
      if (name === 'src' && this.__frameId) { this.src = value; return; }
      if (name === 'id') { this.id = String(value); return; }
      this.__attributes[name] = String(value);
    },
    getAttribute: function getAttribute(name) {
      name = String(name).toLowerCase();
      if (name === 'src' && this.__frameId) return this.__src;
      if (name === 'id') return this.id || null;
      return name in this.__attributes ? this.__attributes[name] : null;
    },
    addEventListener: addEventListener,
    removeEventListener: removeEventListener,
    dispatchEvent: dispatchEvent
  };
  defineProperty(nodePrototype, 'isConnected', { get: function () { return isConnected(this); } });
  defineProperty(nodePrototype, 'firstChild', { get: function () { return this.childNodes[0] || null; } });
  defineProperty(nodePrototype, 'children', { get: function () { return this.childNodes.slice(); } });

  var iframePrototype = ObjectCreate(nodePrototype);
  defineProperty(iframePrototype, 'src', {
    // Read back as WebKit reflects a URL attribute: resolved and serialized
    // (the text as set when it does not parse).
    get: function () {
      if (this.__src === null) return '';
      var resolved = host.resolveURL(this.__src);
      return resolved === null || resolved === undefined ? this.__src : resolved;
    },
    set: function (value) {
      this.__src = String(value);
      if (isConnected(this)) host.frameSource(this.__frameId, this.__src);
    }
  });

  function makeElement(tagName) {
    var tag = String(tagName).toLowerCase();
    var isFrame = tag === 'iframe';
    var element = ObjectCreate(isFrame ? iframePrototype : nodePrototype);
    hidden(element, '__attributes', ObjectCreate(null));
    element.tagName = tag.toUpperCase();
    element.nodeName = element.tagName;
    element.nodeType = 1;
    element.style = {};
    element.childNodes = [];
    element.parentNode = null;
    element.id = '';
    if (isFrame) {
      hidden(element, '__frameId', nextFrameId++);
      hidden(element, '__src', null);
    }
    return element;
  }

  documentElement = makeElement('html');
  var head = makeElement('head');
  var body = makeElement('body');
  documentElement.childNodes.push(head, body);
  head.parentNode = documentElement;
  body.parentNode = documentElement;

  function findById(node, id) {
    if (node.id === id) return node;
    for (var i = 0; i < node.childNodes.length; i++) {
      var found = findById(node.childNodes[i], id);
      if (found) return found;
    }
    return null;
  }

  var documentObject = {
    documentElement: documentElement,
    head: head,
    body: body,
    createEvent: createEvent,
    createElement: function createElement(tagName) { return makeElement(tagName); },
    createTextNode: function createTextNode(text) {
      return { nodeType: 3, textContent: String(text), childNodes: [], parentNode: null };
    },
    getElementById: function getElementById(id) { return findById(documentElement, String(id)); }
  };
  var readyState = 'loading';
  defineProperty(documentObject, 'readyState', { get: function () { return readyState; }, enumerable: true });
  documentObject.onreadystatechange = null;
  global.onload = null;
  makeEventTarget(documentObject);
  defineProperty(documentObject, 'title', { value: '', writable: true, enumerable: true });
  hidden(global, 'document', documentObject);

  // ---- location and navigator ----------------------------------------------------
  function navigate(url) { host.navigate(String(url)); }
  var locationObject = {
    assign: navigate,
    replace: navigate,
    reload: function reload() {},
    toString: function toString() { return host.url(); }
  };
  defineProperty(locationObject, 'href', { get: function () { return host.url(); }, set: navigate, enumerable: true });
  hidden(global, 'location', locationObject);
  hidden(global, 'navigator', { userAgent: host.userAgent(), language: 'en-US' });

  // ---- dialogs -------------------------------------------------------------------
  hidden(global, 'alert', function alert(message) {
    host.dialog('alert', arguments.length ? String(message) : '', null);
  });
  hidden(global, 'confirm', function confirm(message) {
    return host.dialog('confirm', arguments.length ? String(message) : '', null) === true;
  });
  hidden(global, 'prompt', function prompt(message, defaultText) {
    var answer = host.dialog('prompt', arguments.length ? String(message) : '',
      defaultText === undefined ? null : String(defaultText));
    return typeof answer === 'string' ? answer : null;
  });

  // ---- webkit.messageHandlers ---------------------------------------------------
  var messageHandlers = {};
  hidden(global, 'webkit', { messageHandlers: messageHandlers });
  function addMessageHandler(name) {
    messageHandlers[name] = {
      postMessage: function postMessage(body) {
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        host.postMessage(name, body);
      }
    };
  }
  function removeMessageHandler(name) { delete messageHandlers[name]; }

  // ---- load events ----------------------------------------------------------------
  // loading → interactive (DOMContentLoaded) → complete (load), with a
  // readystatechange at each step, in WebKit's order.
  function documentLoaded() {
    readyState = 'interactive';
    fire(documentObject, 'readystatechange', false, false);
    fire(documentObject, 'DOMContentLoaded', true, false);
    readyState = 'complete';
    fire(documentObject, 'readystatechange', false, false);
    fire(global, 'load', false, false);
  }

  return {
    fireTimer: fireTimer,
    reportError: reportError,
    addMessageHandler: addMessageHandler,
    removeMessageHandler: removeMessageHandler,
    documentLoaded: documentLoaded
  };
})
"""#
}
