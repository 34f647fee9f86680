// bridgecheck dialect bridge: upstream WebViewJavascriptBridge 4.1.x, page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with init(defaultHandler), send(data,
// callback), registerHandler, callHandler(name, data, callback), _fetchQueue and
// _handleMessageFromObjC. The native side evaluates this file after the page has loaded
// (webViewDidFinishLoad); the file announces itself with a 'WebViewJavascriptBridgeReady' event on
// document (event.bridge is the bridge). Messages from the native side wait until the page calls
// init(); each is then dispatched in its own setTimeout(0). A message without handlerName goes to
// the default handler given to init(). Signals navigate a hidden iframe to
// wvjbscheme://__WVJB_QUEUE_MESSAGE__; _fetchQueue() returns a JSON array string (4.1; 4.0 joined
// JSON texts with a separator).
//
// Written for bridgecheck from the protocol; correct where upstream 4.x is not (an unknown
// responseId is ignored instead of calling undefined, an answer is sent at most once, ids are
// tested by presence, handler errors are not swallowed).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var QUEUE_URL = 'wvjbscheme://__WVJB_QUEUE_MESSAGE__';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var outbox = [];
  var held = [];
  var defaultHandler = null;
  var initialised = false;
  var counter = 0;
  var frame;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function queue(message, callback) {
    if (typeof callback === 'function') message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
    var text = JSON.stringify(message);
    if (message.callbackId !== undefined) callbacks[message.callbackId] = callback;
    outbox.push(text);
    frame.src = QUEUE_URL;
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
    if (arguments.length >= 1 && typeof data !== 'function') message.data = data;
    if (typeof data === 'function') callback = data;
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
    return text;
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
    if (typeof handler !== 'function') return warn('no handler for message from ObjC', message.handlerName);
    handler(message.data, respond);
  }

  function schedule(json) {
    setTimeout(function () { dispatch(json); }, 0);
  }

  function handleMessageFromObjC(json) {
    if (held) held.push(json);
    else schedule(json);
  }

  var bridge = window.WebViewJavascriptBridge = {
    init: init,
    send: send,
    registerHandler: registerHandler,
    callHandler: callHandler,
    _fetchQueue: fetchQueue,
    _handleMessageFromObjC: handleMessageFromObjC
  };

  frame = document.createElement('iframe');
  frame.style.display = 'none';
  document.documentElement.appendChild(frame);

  var ready = document.createEvent('Events');
  ready.initEvent('WebViewJavascriptBridgeReady');
  ready.bridge = bridge;
  document.dispatchEvent(ready);
})();
