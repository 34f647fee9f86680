// bridgecheck dialect bridge: the ES2017 page script style of Flutter webview wrappers, page side.
//
// Dialect (see FACTS.md): the wire of the `flutter` dialect (envelopes {index, type, handlerName?,
// data?} posted as URI-encoded JSON to the JavaScriptChannel YGFlutterJSBridgeChannel; the native
// side calls WebViewJavascriptBridge.nativeCall('…'), each message dispatched in its own
// setTimeout(0)), with a page API of Promises: callHandler(name, data?) takes no callback and
// returns a Promise that settles with the answer's data; a handler is fn(data), and its return
// value, awaited when it is a Promise, is the answer. A request the native side answers with
// type 'error' (no such handler) leaves its Promise pending. The native side injects this file when
// the page has finished loading; in a setTimeout(0) the set-up callbacks in window.WVJBCallbacks
// run, then a 'WebViewJavascriptBridgeReady' event is dispatched on document.
//
// Written for bridgecheck from the protocol; correct where wrappers of this style are not (data is
// tested by presence, never by truthiness; answers to unknown indexes are ignored; a handler is
// called outside any async function, so its exception reaches window.onerror, and a rejected
// answer is reported there too).
(function () {
  'use strict';
  if (window.WebViewJavascriptBridge) return;

  const CHANNEL = 'YGFlutterJSBridgeChannel';
  const handlers = Object.create(null);
  const pending = new Map();
  let defaultHandler = null;
  let nextIndex = 0;

  function warn(text, detail) {
    if (window.console) window.console.log('WebViewJavascriptBridge: ' + text, detail === undefined ? '' : detail);
  }

  function post(envelope) {
    const channel = window[CHANNEL];
    if (!channel || typeof channel.postMessage !== 'function') return warn('the channel ' + CHANNEL + ' is missing');
    channel.postMessage(encodeURIComponent(JSON.stringify(envelope)));
  }

  function request(name, hasData, data) {
    const envelope = { index: nextIndex++, type: 'request' };
    if (name !== undefined) envelope.handlerName = name;
    if (hasData) envelope.data = data;
    const answer = new Promise((resolve) => pending.set(envelope.index, resolve));
    post(envelope);
    return answer;
  }

  function respond(index, name, data) {
    const envelope = { index: index, type: 'response' };
    if (name !== undefined) envelope.handlerName = name;
    if (data !== undefined) envelope.data = data;
    post(envelope);
  }

  function dispatch(encoded) {
    let envelope;
    try {
      envelope = JSON.parse(decodeURIComponent(encoded));
    } catch (error) {
      return warn('a message that is not URI-encoded JSON was ignored', encoded);
    }
    if (!envelope || typeof envelope !== 'object' || Array.isArray(envelope)) return warn('not a message', encoded);
    if (envelope.type === 'response' || envelope.type === 'error') {
      const resolve = pending.get(envelope.index);
      if (typeof resolve !== 'function') return warn('an answer to an unknown index', envelope.index);
      pending.delete(envelope.index);
      if (envelope.type === 'error') return warn('the native side has no handler for request', envelope.index);
      return resolve(envelope.data);
    }
    if (envelope.type !== 'request') return warn('an envelope of unknown type', envelope.type);
    const name = envelope.handlerName;
    const handler = 'handlerName' in envelope ? handlers[name] : defaultHandler;
    if (typeof handler !== 'function') {
      post({ index: envelope.index, type: 'error', handlerName: name });
      return warn('no handler for message from native', name);
    }
    const index = envelope.index;
    const value = handler(envelope.data);
    Promise.resolve(value).then(
      (answer) => respond(index, name, answer),
      (error) => setTimeout(() => { throw error; }, 0));
  }

  const bridge = window.WebViewJavascriptBridge = {
    registerHandler(name, handler) { handlers[name] = handler; },
    callHandler(name, data) { return request(name, arguments.length >= 2, data); },
    init(handler) { defaultHandler = typeof handler === 'function' ? handler : null; },
    send(data) { return request(undefined, arguments.length >= 1, data); },
    nativeCall(encoded) {
      setTimeout(() => dispatch(encoded), 0);
    }
  };

  setTimeout(() => {
    const setup = window.WVJBCallbacks;
    delete window.WVJBCallbacks;
    if (Array.isArray(setup)) {
      for (const callback of setup) {
        try {
          callback(bridge);
        } catch (error) {
          if (window.console) window.console.error('WebViewJavascriptBridge: a set-up callback threw', error);
        }
      }
    }
    const ready = document.createEvent('Events');
    ready.initEvent('WebViewJavascriptBridgeReady');
    ready.bridge = bridge;
    document.dispatchEvent(ready);
  }, 0);
})();
