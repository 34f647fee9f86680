// bridgecheck dialect bridge: Android JsBridge 1.0.x (lzyzsd/JsBridge), page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with init(defaultHandler), send(data,
// callback), registerHandler, callHandler, _fetchQueue and _handleMessageFromNative. The native
// side evaluates this file after the page has loaded; the file announces itself with a
// 'WebViewJavascriptBridgeReady' event on document. Messages from the native side wait until the
// page calls init(); each is then dispatched in its own setTimeout(0). The page signals by
// navigating an iframe to yy://__QUEUE_MESSAGE__/. Old Android web views cannot return a value
// from an evaluation, so _fetchQueue() returns nothing and navigates to
// yy://return/_fetchQueue/ followed by the URI-encoded JSON queue instead; when the user agent
// says iPhone it returns the JSON text, as iOS web views can.
//
// Written for bridgecheck from the protocol; correct where JsBridge 1.x is not (each queue
// return gets an iframe of its own, so two returns in one task are not coalesced into one and
// lost; a message delivered before init() is dispatched once; an unknown responseId is ignored;
// an answer is sent at most once; ids are tested by presence).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var SIGNAL_URL = 'yy://__QUEUE_MESSAGE__/';
  var RETURN_URL = 'yy://return/_fetchQueue/';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var outbox = [];
  var held = [];
  var defaultHandler = null;
  var initialised = false;
  var counter = 0;
  var signalFrame;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function hiddenFrame(url) {
    var frame = document.createElement('iframe');
    frame.style.display = 'none';
    if (url) frame.src = url;
    document.documentElement.appendChild(frame);
    return frame;
  }

  function queue(message, callback) {
    if (typeof callback === 'function') message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
    var text = JSON.stringify(message);
    if (message.callbackId !== undefined) callbacks[message.callbackId] = callback;
    outbox.push(text);
    signalFrame.src = SIGNAL_URL;
  }

  function init(handler) {
    if (initialised) throw new Error('WebViewJavascriptBridge.init called twice');
    initialised = true;
    defaultHandler = typeof handler === 'function' ? handler : null;
    var waiting = held;
    held = null;
    for (var i = 0; i < waiting.length; i++) schedule(waiting[i]);
  }

  function send(data, callback) {
    var message = {};
    if (typeof data === 'function') callback = data;
    else if (arguments.length >= 1) message.data = data;
    queue(message, callback);
  }

  function registerHandler(name, handler) {
    handlers[name] = handler;
  }

  // callHandler(name, data, callback) only: the dialect has no two-argument form, so in
  // callHandler(name, fn) the function is data (which JSON leaves out) and there is no callback.
  function callHandler(name, data, callback) {
    var message = { handlerName: name };
    if (arguments.length >= 2) message.data = data;
    queue(message, callback);
  }

  function fetchQueue() {
    var text = '[' + outbox.join(',') + ']';
    outbox = [];
    if (/iPhone/.test(navigator.userAgent)) return text;
    var frame = hiddenFrame(RETURN_URL + encodeURIComponent(text));
    setTimeout(function () { if (frame.parentNode) frame.parentNode.removeChild(frame); }, 0);
  }

  function answerOnce(id) {
    var answered = false;
    return function (data) {
      if (answered) return warn('a handler answered twice; the second answer is dropped', id);
      answered = true;
      var response = { responseId: id };
      if (data !== undefined) response.responseData = data;
      queue(response);
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

  function handleMessageFromNative(json) {
    if (held) held.push(json);
    else schedule(json);
  }

  var bridge = window.WebViewJavascriptBridge = {
    init: init,
    send: send,
    registerHandler: registerHandler,
    callHandler: callHandler,
    _fetchQueue: fetchQueue,
    _handleMessageFromNative: handleMessageFromNative
  };

  signalFrame = hiddenFrame(null);

  var ready = document.createEvent('Events');
  ready.initEvent('WebViewJavascriptBridgeReady');
  ready.bridge = bridge;
  document.dispatchEvent(ready);
})();
