// bridgecheck dialect bridge: the home-made module/action bridge over messageHandlers described in
// a public write-up (see FACTS.md), page side.
//
// Dialect (see FACTS.md): the page ships this file itself (no injection). Page to native: each call
// is window.webkit.messageHandlers.IDLJSBridge.postMessage({module, type, action, version, params,
// callbackId?, callbackFunction?}); with a callback, the native side answers by evaluating
// <callbackFunction>('<callbackId>', <result literal>), here
// window.HybridBridge.callbackDispatcher. Native to page: the native side evaluates
// window.nativeCallDispatcher('<handlerName>', '<params as JSON text>'), and the value the handler
// returns is the answer, read from the evaluation's own result.
//
// Written for bridgecheck from the write-up's description; correct where that design is not:
// callback ids are unique (a counter, not a timestamp and a random number), an absent params
// argument stays undefined (not {}), a handler list runs every handler but answers with the first
// one's value, and an answer for an unknown callback id is ignored.
(function () {
  'use strict';
  if (window.HybridBridge) return;

  var CHANNEL = 'IDLJSBridge';
  var VERSION = '1.0';
  var callbacks = Object.create(null);
  var handlersForNative = Object.create(null);
  var counter = 0;

  function callNative(request, callback) {
    // A request without a module (a handler name without a dot) posts none, rather than undefined.
    var message = {};
    if ('module' in request) message.module = request.module;
    message.type = request.type === undefined ? 'action' : request.type;
    message.action = request.action;
    message.version = VERSION;
    if ('params' in request) message.params = request.params;
    if (typeof callback === 'function') {
      message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
      message.callbackFunction = 'window.HybridBridge.callbackDispatcher';
      callbacks[message.callbackId] = callback;
    }
    var registry = window.webkit && window.webkit.messageHandlers;
    if (!registry || !registry[CHANNEL]) {
      delete callbacks[message.callbackId];
      if (window.console) window.console.error('HybridBridge: no script message handler ' + CHANNEL + '; the call is dropped');
      return;
    }
    registry[CHANNEL].postMessage(message);
  }

  function callbackDispatcher(callbackId, result) {
    var callback = callbacks[callbackId];
    if (typeof callback !== 'function') {
      if (window.console) window.console.log('HybridBridge: an answer for an unknown callbackId', callbackId);
      return;
    }
    delete callbacks[callbackId];
    callback(result);
  }

  function registerHandlerForNative(name, handler) {
    if (typeof handler !== 'function') return;
    (handlersForNative[name] || (handlersForNative[name] = [])).push(handler);
  }

  function nativeCallDispatcher(name, paramsJSON) {
    var list = handlersForNative[name];
    if (!list) {
      if (window.console) window.console.log('HybridBridge: no handler for native call', name);
      return undefined;
    }
    var params = typeof paramsJSON === 'string' ? JSON.parse(paramsJSON) : undefined;
    var answer;
    for (var i = 0; i < list.length; i++) {
      var value = list[i](params);
      if (i === 0) answer = value;
    }
    return answer;
  }

  window.HybridBridge = {
    callNative: callNative,
    callbackDispatcher: callbackDispatcher,
    registerHandlerForNative: registerHandlerForNative
  };
  window.registerHandlerForNative = registerHandlerForNative;
  window.nativeCallDispatcher = nativeCallDispatcher;
})();
