// bridgecheck dialect bridge: Android JsBridge 2.x (lzyzsd/JsBridge master), page side.
//
// Dialect (see FACTS.md): the app adds a Java object to the page with addJavascriptInterface under
// the name WebViewJavascriptBridge before this file runs; this file adds the bridge's functions to
// that same object (init, registerHandler, callHandler, doSend, _handleMessageFromNative). A call
// to a native handler is a synchronous call of the host object's method named after the handler,
// with the data as JSON text and the callback id; a string it returns is the answer at once,
// otherwise the answer comes later as a message. Page answers go back through the host method
// response(json, responseId). There is no other way to native code: a handler without a method of
// its name (any name that is not an identifier) cannot be called. doSend(data, fn) calls the
// app's send(json, callbackId), the default handler. The native side evaluates this file after the
// page has loaded, then calls _handleMessageFromNative("…") with a JSON text for each message;
// messages wait until the page calls init(); set-up callbacks in window.WVJBCallbacks run first,
// then a 'WebViewJavascriptBridgeReady' event is dispatched on document.
//
// Written for bridgecheck from the protocol; correct where JsBridge 2.x is not (the page's data
// is not changed to carry the callback id, a message delivered before init() is dispatched once,
// an answer is sent at most once, ids are tested by presence, a call that cannot reach native code
// is reported and its callback released instead of being queued for an iframe nobody reads, and
// only the app's own methods count as handler methods, never inherited ones or the functions this
// file adds).
(function () {
  'use strict';
  var host = window.WebViewJavascriptBridge;
  if (!host || typeof host !== 'object') {
    if (window.console) window.console.error('WebViewJavascriptBridge: the host object is missing');
    return;
  }
  if (host.inited) return;

  // The app's own methods, before this file adds the bridge's functions to the same object: only
  // these are handler methods (a handler named init, toString or callHandler is not one).
  var hostMethods = Object.create(null);
  for (var key in host) {
    if (typeof host[key] === 'function' && key !== 'response') hostMethods[key] = true;
  }

  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var held = [];
  var defaultHandler = null;
  var counter = 0;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function answer(callback, text) {
    if (typeof text !== 'string') return false;
    var value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      value = text;
    }
    callback(value);
    return true;
  }

  function call(name, hasData, data, callback) {
    var id = '';
    if (typeof callback === 'function') {
      id = 'cb_' + (++counter) + '_' + Date.now();
      callbacks[id] = callback;
    }
    var returned;
    if (typeof name === 'string' && hostMethods[name] === true) {
      returned = host[name](hasData ? JSON.stringify(data) : undefined, id);
    } else {
      delete callbacks[id];
      return warn('the host object has no method ' + name + '; the call cannot reach native code', name);
    }
    if (!id || typeof returned !== 'string') return;
    // An answer returned at once runs the callback inside the caller's own call: a callback that
    // throws must not break the code that called (the exception reaches window.onerror instead).
    var callback = callbacks[id];
    delete callbacks[id];
    try {
      answer(callback, returned);
    } catch (error) {
      setTimeout(function () { throw error; }, 0);
    }
  }

  function callHandler(name, data, callback) {
    if (arguments.length === 2 && typeof data === 'function') return call(name, true, null, data);
    call(name, arguments.length >= 2, data, callback);
  }

  function send(data, callback) {
    if (typeof data === 'function') return call('send', false, undefined, data);
    call('send', arguments.length >= 1, data, callback);
  }

  function registerHandler(name, handler) {
    handlers[name] = handler;
  }

  function answerOnce(id) {
    var answered = false;
    return function (data) {
      if (answered) return warn('a handler answered twice; the second answer is dropped', id);
      answered = true;
      host.response(data === undefined ? undefined : JSON.stringify(data), id);
    };
  }

  function dispatch(json) {
    var message;
    try {
      message = JSON.parse(json);
    } catch (error) {
      return warn('a message that is not JSON was ignored', json);
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return warn('not a message', json);
    if ('responseId' in message) {
      var id = message.responseId;
      if (typeof id !== 'string' || !(id in callbacks)) return warn('unknown responseId', id);
      var callback = callbacks[id];
      delete callbacks[id];
      return callback(message.responseData);
    }
    var respond = 'callbackId' in message ? answerOnce(message.callbackId) : undefined;
    var handler = 'handlerName' in message ? handlers[message.handlerName] : defaultHandler;
    if (typeof handler !== 'function') return warn('no handler for message from native', message.handlerName);
    handler(message.data, respond);
  }

  function schedule(json) {
    setTimeout(function () { dispatch(json); }, 0);
  }

  function init(handler) {
    if (held === null) throw new Error('WebViewJavascriptBridge.init called twice');
    defaultHandler = typeof handler === 'function' ? handler : null;
    var waiting = held;
    held = null;
    for (var i = 0; i < waiting.length; i++) schedule(waiting[i]);
  }

  host.init = init;
  host.registerHandler = registerHandler;
  host.callHandler = callHandler;
  host.doSend = send;
  host._handleMessageFromNative = function (json) {
    if (held) held.push(json);
    else schedule(json);
  };
  host.inited = true;

  var setup = window.WVJBCallbacks;
  window.WVJBCallbacks = [];
  if (Array.isArray(setup)) {
    for (var i = 0; i < setup.length; i++) {
      try {
        setup[i](host);
      } catch (error) {
        if (window.console) window.console.error('WebViewJavascriptBridge: a set-up callback threw', error);
      }
    }
  }
  var ready = document.createEvent('Events');
  ready.initEvent('WebViewJavascriptBridgeReady');
  ready.bridge = host;
  document.dispatchEvent(ready);
})();
