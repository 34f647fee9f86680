// bridgecheck dialect bridge: a Kotlin port of the Swift WKWebView port's page for Android WebView.
//
// Dialect (see FACTS.md): the Swift port's page API, names and ids (window.WKWebViewJavascriptBridge
// with registerHandler, callHandler, _fetchQueue and _handleMessageFromiOS; callbackID and
// responseID; set-up callbacks in window.WKWVJBCallbacks; a post of null to
// window.webkit.messageHandlers.iOS_Native_FlushMessageQueue as the signal and to
// iOS_Native_InjectJavascript to ask for injection; dispatch inside the native evaluation), with two
// choices of its own, both by design: _fetchQueue() returns the queue array itself, not its JSON
// text (Android's evaluateJavascript hands the native side the JSON of the value it returns, so a
// returned string would arrive as a JSON string literal), and a page callback gets the answer's
// JSON text, which page code parses (nothing for an answer without data).
//
// Written for bridgecheck from the protocol; correct where ports of the Swift port are not
// (WKWVJBCallbacks may be absent, set-up callbacks and handlers that throw do not stop the others,
// an answer is sent at most once, ids are tested by presence, each message is serialized when it is
// sent).
(function () {
  'use strict';
  if (window.WKWebViewJavascriptBridge) return;

  var SIGNAL = 'iOS_Native_FlushMessageQueue';
  var handlers = Object.create(null);
  var callbacks = Object.create(null);
  var outbox = [];
  var counter = 0;

  function warn(text, detail) {
    if (window.console) window.console.log('WKWebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function signal() {
    var registry = window.webkit && window.webkit.messageHandlers;
    if (registry && registry[SIGNAL]) registry[SIGNAL].postMessage(null);
    else warn('no script message handler ' + SIGNAL + '; the message stays queued');
  }

  function send(message, callback) {
    if (typeof callback === 'function') message.callbackID = 'cb_' + (++counter) + '_' + Date.now();
    var text = JSON.stringify(message);
    if (message.callbackID !== undefined) callbacks[message.callbackID] = callback;
    outbox.push(text);
    signal();
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

  // The queue array itself: the host serializes the evaluation's value for the native side.
  function fetchQueue() {
    var entries = JSON.parse('[' + outbox.join(',') + ']');
    outbox = [];
    return entries;
  }

  function answerOnce(name, id) {
    var answered = false;
    return function (data) {
      if (answered) return warn('a handler answered twice; the second answer is dropped', name);
      answered = true;
      var response = { handlerName: name, responseID: id };
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
    if ('responseID' in message) {
      var id = message.responseID;
      if (typeof id !== 'string' || !(id in callbacks)) return warn('unknown responseID', id);
      var callback = callbacks[id];
      delete callbacks[id];
      // The answer's JSON text, by design; nothing for an answer without data.
      return callback('responseData' in message ? JSON.stringify(message.responseData) : undefined);
    }
    var respond = 'callbackID' in message ? answerOnce(message.handlerName, message.callbackID) : undefined;
    var handler = typeof message.handlerName === 'string' ? handlers[message.handlerName] : undefined;
    if (typeof handler !== 'function') return warn('no handler for message from native', message.handlerName);
    handler(message.data, respond);
  }

  // Synchronous by design; a throwing handler or callback must not end the native side's
  // evaluation, which may carry more messages: its error is thrown again in a task of its own,
  // where window.onerror gets it.
  function handleMessageFromiOS(json) {
    try {
      dispatch(json);
    } catch (error) {
      setTimeout(function () { throw error; }, 0);
    }
  }

  var bridge = window.WKWebViewJavascriptBridge = {
    registerHandler: registerHandler,
    callHandler: callHandler,
    _fetchQueue: fetchQueue,
    _handleMessageFromiOS: handleMessageFromiOS
  };

  var setup = window.WKWVJBCallbacks;
  delete window.WKWVJBCallbacks;
  if (Array.isArray(setup)) {
    for (var i = 0; i < setup.length; i++) {
      try {
        setup[i](bridge);
      } catch (error) {
        if (window.console) window.console.error('WKWebViewJavascriptBridge: a set-up callback threw', error);
      }
    }
  }
})();
