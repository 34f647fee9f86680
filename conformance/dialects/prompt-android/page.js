// bridgecheck dialect bridge: the prompt-based Android WebViewJavascriptBridge (wendux), page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with registerHandler, callHandler,
// disableJavascriptAlertBoxSafetyTimeout, hasNativeMethod and _handleMessageFromJava. Page to
// native: every message is sent at once as prompt('_wvjbxx', JSON text); the app's
// WebChromeClient.onJsPrompt takes it and answers the panel (the answer means nothing). Native to
// page: the native side evaluates _handleMessageFromJava({…}) with the message as an object
// literal, not a JSON string, and the message is dispatched inside that evaluation. The native
// side injects this file when the page has finished loading; set-up callbacks in
// window.WVJBCallbacks run during the injection.
//
// Written for bridgecheck from the protocol; correct where the original is not (an answer is sent
// at most once, ids are tested by presence, a throwing handler or set-up callback is reported and
// does not stop the native side's evaluation or the other callbacks).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var MARKER = '_wvjbxx';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var counter = 0;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function send(message, callback) {
    if (typeof callback === 'function') message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
    var text = JSON.stringify(message);
    if (message.callbackId !== undefined) callbacks[message.callbackId] = callback;
    window.prompt(MARKER, text);
  }

  function callHandler(name, data, callback) {
    var message = { handlerName: name };
    if (arguments.length === 2 && typeof data === 'function') {
      callback = data;
      data = null;
    }
    if (arguments.length >= 2) message.data = data;
    send(message, callback);
  }

  function answerOnce(name, id) {
    var answered = false;
    return function (data) {
      if (answered) return warn('a handler answered twice; the second answer is dropped', name);
      answered = true;
      var response = { handlerName: name, responseId: id };
      if (data !== undefined) response.responseData = data;
      send(response);
    };
  }

  function dispatch(message) {
    if (!message || typeof message !== 'object' || Array.isArray(message)) return warn('not a message', message);
    if ('responseId' in message) {
      var id = message.responseId;
      if (typeof id !== 'string' || !(id in callbacks)) return warn('unknown responseId', id);
      var callback = callbacks[id];
      delete callbacks[id];
      return callback(message.responseData);
    }
    var respond = 'callbackId' in message ? answerOnce(message.handlerName, message.callbackId) : undefined;
    var handler = typeof message.handlerName === 'string' ? handlers[message.handlerName] : undefined;
    if (typeof handler !== 'function') return warn('no handler for message from java', message.handlerName);
    handler(message.data, respond);
  }

  var bridge = window.WebViewJavascriptBridge = {
    registerHandler: function (name, handler) { handlers[name] = handler; },
    callHandler: callHandler,
    disableJavascriptAlertBoxSafetyTimeout: function (disable) {
      callHandler('_disableJavascriptAlertBoxSafetyTimeout', disable !== false);
    },
    hasNativeMethod: function (name, callback) { callHandler('_hasNativeMethod', name, callback); },
    _handleMessageFromJava: function (message) {
      try {
        dispatch(message);
      } catch (error) {
        setTimeout(function () { throw error; }, 0); // reported as uncaught, in a task of its own
      }
    }
  };

  handlers._hasJavascriptMethod = function (name, respond) {
    if (respond) respond(typeof name === 'string' && typeof handlers[name] === 'function');
  };

  var setup = window.WVJBCallbacks;
  delete window.WVJBCallbacks;
  if (Array.isArray(setup)) {
    for (var i = 0; i < setup.length; i++) {
      try {
        setup[i](bridge);
      } catch (error) {
        if (window.console) window.console.error('WebViewJavascriptBridge: a set-up callback threw', error);
      }
    }
  }
})();
