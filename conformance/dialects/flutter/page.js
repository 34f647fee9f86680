// bridgecheck dialect bridge: the WebViewJavascriptBridge style of Flutter webview wrappers, page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with registerHandler, callHandler, init,
// send and nativeCall. Every message is an envelope {index, type, handlerName?, data?}: type is
// 'request', 'response' or 'error', and a response or error carries the index of the request it
// answers (the page numbers its requests, the native side numbers its own). The page posts the
// envelope as URI-encoded JSON to the JavaScriptChannel global YGFlutterJSBridgeChannel
// (postMessage(string)); the native side calls WebViewJavascriptBridge.nativeCall('…') with the
// same encoding, and each message is dispatched in its own setTimeout(0). The native side injects
// this file when the page has finished loading; in a setTimeout(0) the set-up callbacks in
// window.WVJBCallbacks run, then a 'WebViewJavascriptBridgeReady' event is dispatched on document.
//
// Written for bridgecheck from the protocol; correct where wrappers of this style are not (falsy
// data is sent as it is: data is tested by presence, never by truthiness; a request without a
// callback keeps no entry; an answer is sent at most once; unknown indexes are ignored).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var CHANNEL = 'YGFlutterJSBridgeChannel';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var defaultHandler = null;
  var nextIndex = 0;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function post(envelope) {
    var channel = window[CHANNEL];
    if (!channel || typeof channel.postMessage !== 'function') return warn('the channel ' + CHANNEL + ' is missing');
    channel.postMessage(encodeURIComponent(JSON.stringify(envelope)));
  }

  function request(name, hasData, data, callback) {
    var envelope = { index: nextIndex++, type: 'request' };
    if (name !== undefined) envelope.handlerName = name;
    if (hasData) envelope.data = data;
    if (typeof callback === 'function') callbacks[envelope.index] = callback;
    post(envelope);
  }

  function callHandler(name, data, callback) {
    if (arguments.length === 2 && typeof data === 'function') return request(name, true, null, data);
    request(name, arguments.length >= 2, data, callback);
  }

  function send(data, callback) {
    if (typeof data === 'function') return request(undefined, false, undefined, data);
    request(undefined, arguments.length >= 1, data, callback);
  }

  function answerOnce(index, name) {
    var answered = false;
    return function (data) {
      if (answered) return warn('a handler answered twice; the second answer is dropped', name);
      answered = true;
      var envelope = { index: index, type: 'response' };
      if (name !== undefined) envelope.handlerName = name;
      if (data !== undefined) envelope.data = data;
      post(envelope);
    };
  }

  function dispatch(encoded) {
    var envelope;
    try {
      envelope = JSON.parse(decodeURIComponent(encoded));
    } catch (error) {
      return warn('a message that is not URI-encoded JSON was ignored', encoded);
    }
    if (!envelope || typeof envelope !== 'object' || Array.isArray(envelope)) return warn('not a message', encoded);
    if (envelope.type === 'response' || envelope.type === 'error') {
      var callback = callbacks[envelope.index];
      if (typeof callback !== 'function') return warn('an answer to an unknown index', envelope.index);
      delete callbacks[envelope.index];
      if (envelope.type === 'error') return warn('the native side has no handler for request', envelope.index);
      return callback(envelope.data);
    }
    if (envelope.type !== 'request') return warn('an envelope of unknown type', envelope.type);
    var name = envelope.handlerName;
    var handler = 'handlerName' in envelope ? handlers[name] : defaultHandler;
    if (typeof handler !== 'function') {
      post({ index: envelope.index, type: 'error', handlerName: name });
      return warn('no handler for message from native', name);
    }
    handler(envelope.data, answerOnce(envelope.index, name));
  }

  var bridge = window.WebViewJavascriptBridge = {
    registerHandler: function (name, handler) { handlers[name] = handler; },
    callHandler: callHandler,
    init: function (handler) { defaultHandler = typeof handler === 'function' ? handler : null; },
    send: send,
    nativeCall: function (encoded) {
      setTimeout(function () { dispatch(encoded); }, 0);
    }
  };

  setTimeout(function () {
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
    var ready = document.createEvent('Events');
    ready.initEvent('WebViewJavascriptBridgeReady');
    ready.bridge = bridge;
    document.dispatchEvent(ready);
  }, 0);
})();
