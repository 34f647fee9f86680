// bridgecheck dialect bridge: the WebViewJavascriptBridge style of React Native wrappers, page side.
//
// Dialect (see FACTS.md): window.WebViewJavascriptBridge with registerHandler, callHandler and
// _handleMessageFromObjC, the classic page API. The page has no queue for the native side to fetch:
// each signal carries the messages, as one string posted to react-native-webview's
// window.ReactNativeWebView.postMessage: JSON.stringify({url, messages}), where url is the classic
// URL the signal stands for (https://__wvjb_queue_message__, or https://__bridge_loaded__ when this
// file has just been injected) and messages the queued message objects. The app injects this file
// as the web view's injected JavaScript once the page has loaded; set-up callbacks wait in
// window.WVJBCallbacks. The native side delivers with _handleMessageFromObjC('…') through
// injectJavaScript; each message is dispatched in its own setTimeout(0) until the native side calls
// the page handler _disableJavascriptAlertBoxSafetyTimeout (the 6.x page API these wrappers keep).
//
// Written for bridgecheck from the protocol; correct where wrappers of this style are not (falsy
// data is sent as it is, answers are sent at most once, ids are tested by presence, messages wait
// while window.ReactNativeWebView is missing instead of throwing).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  var QUEUE_URL = 'https://__wvjb_queue_message__';
  var LOADED_URL = 'https://__bridge_loaded__';
  var SWITCH = '_disableJavascriptAlertBoxSafetyTimeout';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var outbox = [];
  var counter = 0;
  var synchronous = false;
  var waiting = [];

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  // Posts the queue inside the signal; while the channel is missing the messages stay queued and
  // go with the next signal.
  function post(url) {
    var channel = window.ReactNativeWebView;
    if (!channel || typeof channel.postMessage !== 'function') {
      return warn('window.ReactNativeWebView is missing; ' + outbox.length + ' message(s) stay queued');
    }
    var text = '{"url":' + JSON.stringify(url) + ',"messages":[' + outbox.join(',') + ']}';
    outbox = [];
    channel.postMessage(text);
  }

  function send(message, callback) {
    if (typeof callback === 'function') message.callbackId = 'cb_' + (++counter) + '_' + Date.now();
    var text = JSON.stringify(message);
    if (message.callbackId !== undefined) callbacks[message.callbackId] = callback;
    outbox.push(text);
    post(QUEUE_URL);
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
    if (typeof handler !== 'function') return warn('no handler for message from native', message.handlerName);
    handler(message.data, respond);
  }

  // Deferred until switched; then earlier messages still waiting go first, in order.
  function handleMessageFromObjC(json) {
    if (!synchronous) {
      waiting.push(json);
      return setTimeout(function () { if (waiting.length) dispatch(waiting.shift()); }, 0);
    }
    var due = waiting.splice(0, waiting.length);
    due.push(json);
    for (var i = 0; i < due.length; i++) {
      try {
        dispatch(due[i]);
      } catch (error) {
        setTimeout(function () { throw error; }, 0); // reported as uncaught, in a task of its own
      }
    }
  }

  handlers[SWITCH] = function () { synchronous = true; };

  var bridge = window.WebViewJavascriptBridge = {
    registerHandler: registerHandler,
    callHandler: callHandler,
    disableJavscriptAlertBoxSafetyTimeout: function () {
      synchronous = true;
      send({ handlerName: SWITCH });
    },
    _handleMessageFromObjC: handleMessageFromObjC
  };

  post(LOADED_URL);

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
