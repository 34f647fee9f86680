/// The JavaScript that turns a bare JavaScriptCore global object into the
/// browser environment bridges expect (`window`, `document`, timers, console,
/// dialogs, `location`, `webkit.messageHandlers`, virtual `Date`, seeded
/// `Math.random`).
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

  // ---- events (window and document) -------------------------------------------
  function makeEventTarget(target) {
    var listeners = ObjectCreate(null);
    hidden(target, 'addEventListener', function addEventListener(type, listener) {
      if (typeof listener !== 'function') return;
      var list = listeners[type] || (listeners[type] = []);
      if (list.indexOf(listener) < 0) list.push(listener);
    });
    hidden(target, 'removeEventListener', function removeEventListener(type, listener) {
      var list = listeners[type];
      if (!list) return;
      var index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
    });
    return function dispatch(type, event) {
      var list = (listeners[type] || []).slice();
      for (var i = 0; i < list.length; i++) {
        try {
          list[i].call(target, event);
        } catch (error) {
          reportError(error);
        }
      }
    };
  }
  var dispatchWindowEvent = makeEventTarget(global);

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
  function describe(value) {
    if (typeof value === 'string') return value;
    try {
      if (value instanceof Error) return value.name + ': ' + value.message;
      if (typeof value === 'function') return 'function ' + (value.name || '(anonymous)');
      if (value === undefined) return 'undefined';
      var text = stringify(value);
      if (text !== undefined) return text;
      return String(value);
    } catch (error) {
      try { return String(value); } catch (again) { return '[unprintable]'; }
    }
  }
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
    dispatchWindowEvent('error', { type: 'error', message: message, filename: source, lineno: line, colno: column, error: error });
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
    addEventListener: function addEventListener() {},
    removeEventListener: function removeEventListener() {}
  };
  defineProperty(nodePrototype, 'isConnected', { get: function () { return isConnected(this); } });
  defineProperty(nodePrototype, 'firstChild', { get: function () { return this.childNodes[0] || null; } });
  defineProperty(nodePrototype, 'children', { get: function () { return this.childNodes.slice(); } });

  var iframePrototype = ObjectCreate(nodePrototype);
  defineProperty(iframePrototype, 'src', {
    get: function () { return this.__src === null ? '' : this.__src; },
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
    readyState: 'loading',
    createElement: function createElement(tagName) { return makeElement(tagName); },
    createTextNode: function createTextNode(text) {
      return { nodeType: 3, textContent: String(text), childNodes: [], parentNode: null };
    },
    getElementById: function getElementById(id) { return findById(documentElement, String(id)); }
  };
  var dispatchDocumentEvent = makeEventTarget(documentObject);
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
  function documentLoaded() {
    documentObject.readyState = 'interactive';
    dispatchDocumentEvent('DOMContentLoaded', { type: 'DOMContentLoaded' });
    documentObject.readyState = 'complete';
    dispatchWindowEvent('load', { type: 'load' });
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
