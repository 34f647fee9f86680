// bridgecheck dialect bridge: upstream WebViewJavascriptBridge 5.x, page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with registerHandler, callHandler,
// _fetchQueue and _handleMessageFromObjC; signals by navigating a hidden iframe to
// wvjbscheme://__WVJB_QUEUE_MESSAGE__; _fetchQueue() returns the queue as a JSON array string;
// the native side injects this file when the page navigates to wvjbscheme://__BRIDGE_LOADED__,
// and the page's set-up callbacks wait in window.WVJBCallbacks; every incoming message is
// dispatched in its own setTimeout(0): 5.x has no switch to synchronous dispatch (6.0 added it).
//
// Written for bridgecheck from the protocol; correct where upstream 5.x is not (WVJBCallbacks may
// be absent, a throwing set-up callback does not stop the others, an answer is sent at most once,
// ids are tested by presence, each message is serialized when it is sent, and callHandler(name, fn)
// is understood, which 5.0 releases before 5.0.5 were not).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var QUEUE_URL = 'wvjbscheme://__WVJB_QUEUE_MESSAGE__';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var outbox = [];
  var counter = 0;
  var frame = null;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function send(message, callback) {
    if (typeof callback === 'function') {
      message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
    }
    var text = JSON.stringify(message);
    if (message.callbackId !== undefined) callbacks[message.callbackId] = callback;
    outbox.push(text);
    if (frame) frame.src = QUEUE_URL;
  }

  function registerHandler(name, handler) {
    handlers[name] = handler;
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

  function fetchQueue() {
    var text = '[' + outbox.join(',') + ']';
    outbox = [];
    return text;
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
    var respond = 'callbackId' in message ? answerOnce(message.handlerName, message.callbackId) : undefined;
    var handler = typeof message.handlerName === 'string' ? handlers[message.handlerName] : undefined;
    if (typeof handler !== 'function') return warn('no handler for message from ObjC', message.handlerName);
    handler(message.data, respond);
  }

  function handleMessageFromObjC(json) {
    setTimeout(function () { dispatch(json); }, 0);
  }

  var bridge = window.WebViewJavascriptBridge = {
    registerHandler: registerHandler,
    callHandler: callHandler,
    _fetchQueue: fetchQueue,
    _handleMessageFromObjC: handleMessageFromObjC
  };

  frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = QUEUE_URL;
  document.documentElement.appendChild(frame);

  setTimeout(function () {
    var setup = window.WVJBCallbacks;
    delete window.WVJBCallbacks;
    if (!Array.isArray(setup)) return;
    for (var i = 0; i < setup.length; i++) {
      try {
        setup[i](bridge);
      } catch (error) {
        if (window.console) window.console.error('WebViewJavascriptBridge: a set-up callback threw', error);
      }
    }
  }, 0);
})();
