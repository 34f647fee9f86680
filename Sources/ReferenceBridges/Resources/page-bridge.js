// bridgecheck reference page-side bridge (WebViewJavascriptBridge protocol, classic page API).
//
// A native bridge injects this file by evaluating its text in the page. It defines
// `window.WebViewJavascriptBridge` with:
//   registerHandler(name, fn)            fn is called as fn(data, responseCallback)
//   callHandler(name)                    request without a `data` key
//   callHandler(name, data)              request with `data`
//   callHandler(name, fn)                request with `"data": null` and fn as the callback
//   callHandler(name, data, fn)          request with `data` and fn as the callback
//   disableJavscriptAlertBoxSafetyTimeout()   (historical misspelling kept on purpose)
//   _fetchQueue()                        native side: JSON array string of queued messages
//   _handleMessageFromObjC(json)         native side: deliver one JSON message to the page
//
// Options, read once at injection from `window.WVJBReferenceOptions` (when it is an object):
//   transport:            'iframe' (default) | 'messageHandlers' | 'location' | 'channel' |
//                         'host-object' | 'prompt' (the kind of the dialect's signal to use)
//   messageHandlerName:   non-empty string, default 'WebViewJavascriptBridge'
//   answerMissingHandler: boolean, default false
//   dialect:              a bridgecheck profile (docs/protocol.md section 9): the bridge then speaks
//                         that dialect's names, fields, signal, queue return, encoding, envelope,
//                         delivery form, start-up (callbacks array, ready event, init handshake),
//                         dispatch, typed messages with one id, host-object calls with a message's
//                         parts (extending a host object named like the global) and calling
//                         convention (member `convention`). Without it, classic WVJB 6.x.
// Without that global the file is a complete classic bridge (iframe signals). Under bridgecheck the
// harness sets the global in the page, from a document-start script of its own, before any native
// side injects the bridge; native sides inject the text the harness gives them exactly as it is.
//
// Lines between `//@dialects-only` and `//@end` (markers on lines of their own, never nested) run
// only when the options name a dialect. For the classic dialect the harness injects a build of this
// file without them and without comment lines (PageBridgeBuild.swift): the same bridge, less script
// for every page. Code outside the markers must never need what is inside them in that case.
//
// Plain ES2017-level script on purpose (no modules, classes, `?.` or `??`): it must parse in
// older web view engines too.
(function () {
  'use strict';

  // ---------------------------------------------------------------------------------------------
  // Globals captured at injection, so a page that later replaces them cannot break the bridge.
  // The console is the one exception: it is looked up when a line is logged, because pages and
  // test harnesses commonly swap it to capture logs, and logging must never fail.
  // ---------------------------------------------------------------------------------------------
  var stringifyJSON = JSON.stringify;
  var parseJSON = JSON.parse;
  var scheduleTimer = window.setTimeout;
  var now = Date.now;
  var hasOwn = Object.prototype.hasOwnProperty;
  var isArray = Array.isArray;
  var documentAtInjection = window.document;

  var QUEUE_SIGNAL = '__wvjb_queue_message__';
  var QUEUE_URL = 'https://' + QUEUE_SIGNAL;
  var SAFETY_TIMEOUT_HANDLER = '_disableJavascriptAlertBoxSafetyTimeout';
  var LOG_PREFIX = 'bridge: ';

  function log(level, text, detail) {
    try {
      var target = window.console;
      if (!target) {
        return;
      }
      var method = target[level] || target.log;
      if (typeof method !== 'function') {
        return;
      }
      if (arguments.length > 2) {
        method.call(target, LOG_PREFIX + text, detail);
      } else {
        method.call(target, LOG_PREFIX + text);
      }
    } catch (ignored) {
      // A broken console must not break the bridge.
    }
  }

  function runSoon(fn) {
    // Called as a plain function: host timers treat an undefined `this` as the global object.
    scheduleTimer(fn, 0);
  }

  function has(object, key) {
    return hasOwn.call(object, key);
  }

  function describe(value) {
    try {
      var text = stringifyJSON(value);
      return text === undefined ? String(value) : text;
    } catch (error) {
      return String(value);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Options
  // ---------------------------------------------------------------------------------------------
  var transport = 'iframe';
  var messageHandlerName = 'WebViewJavascriptBridge';
  var answerMissingHandler = false;
  var dialect = null;

  (function readOptions() {
    var options;
    try {
      options = window.WVJBReferenceOptions;
    } catch (error) {
      log('warn', 'cannot read WVJBReferenceOptions, using defaults', error);
      return;
    }
    if (options === undefined || options === null) {
      return;
    }
    if (typeof options !== 'object' || isArray(options)) {
      log('warn', 'WVJBReferenceOptions is not an object, using defaults: ' + describe(options));
      return;
    }
    try {
      for (var key in options) {
        if (has(options, key) && key !== 'transport' && key !== 'messageHandlerName' &&
            key !== 'answerMissingHandler' && key !== 'dialect') {
          log('warn', 'unknown option ignored: ' + key);
        }
      }
      if (has(options, 'transport')) {
        if (options.transport === 'iframe' || options.transport === 'messageHandlers' ||
            options.transport === 'location' || options.transport === 'channel' ||
            options.transport === 'host-object' || options.transport === 'prompt') {
          transport = options.transport;
        } else {
          log('warn', 'unknown transport ' + describe(options.transport) + ', using "iframe"');
        }
      }
      if (has(options, 'messageHandlerName')) {
        if (typeof options.messageHandlerName === 'string' && options.messageHandlerName !== '') {
          messageHandlerName = options.messageHandlerName;
        } else {
          log('warn', 'messageHandlerName must be a non-empty string, got ' +
            describe(options.messageHandlerName) + ', using "WebViewJavascriptBridge"');
        }
      }
      if (has(options, 'dialect') && options.dialect !== null && typeof options.dialect === 'object') {
        dialect = options.dialect;
      }
      if (has(options, 'answerMissingHandler')) {
        if (typeof options.answerMissingHandler === 'boolean') {
          answerMissingHandler = options.answerMissingHandler;
        } else {
          log('warn', 'answerMissingHandler must be a boolean, got ' +
            describe(options.answerMissingHandler) + ', using false');
        }
      }
    } catch (error) {
      // A getter on the options object threw: keep whatever was read so far.
      log('warn', 'error while reading WVJBReferenceOptions', error);
    }
  })();

  // ---------------------------------------------------------------------------------------------
  // Dialect (classic WVJB 6.x unless the options name another)
  // ---------------------------------------------------------------------------------------------
  function member(object, key, fallback) {
    return object && has(object, key) && object[key] !== undefined ? object[key] : fallback;
  }
  var names = member(dialect, 'names', null);
  var GLOBAL = member(names, 'global', 'WebViewJavascriptBridge');
  var REGISTER = member(names, 'registerHandler', 'registerHandler');
  var CALL = member(names, 'callHandler', 'callHandler');
  var FETCH = member(names, 'fetchQueue', '_fetchQueue');
  var HANDLE = member(names, 'handleMessage', '_handleMessageFromObjC');
  var INIT = member(names, 'init', 'init');
  var CALLBACKS = member(names, 'callbacksArray', 'WVJBCallbacks');
  var READY_EVENT = member(names, 'readyEvent', null);
  var DISABLE = member(names, 'disableSafetyTimeout', 'disableJavscriptAlertBoxSafetyTimeout');
  var wireFields = member(dialect, 'fields', null);
  var FIELD = {
    handlerName: member(wireFields, 'handlerName', 'handlerName'),
    data: member(wireFields, 'data', 'data'),
    callbackId: member(wireFields, 'callbackId', 'callbackId'),
    responseId: member(wireFields, 'responseId', 'responseId'),
    responseData: member(wireFields, 'responseData', 'responseData')
  };
  var signal = { kind: 'iframe', url: 'https://__wvjb_queue_message__' };
  var signals = member(dialect, 'signals', null);
  if (isArray(signals)) {
    for (var s = 0; s < signals.length; s++) {
      var kind = signals[s] && signals[s].kind;
      if (kind === transport || (kind === 'message-handlers' && transport === 'messageHandlers')) {
        signal = signals[s];
      }
    }
  }
  if (transport === 'messageHandlers') {
    signal = { kind: 'message-handlers', name: signal.kind === 'message-handlers' ? signal.name : messageHandlerName };
    messageHandlerName = signal.name;
  }
  var queueSpec = member(dialect, 'queue', null);
  var QUEUE_RETURN = member(queueSpec, 'return', 'fetch');
  var RETURN_URL = member(queueSpec, 'url', '');
  var ENCODING = member(queueSpec, 'encoding', 'json');
  var ENVELOPE = member(queueSpec, 'envelope', null);
  var DELIVERY = member(dialect, 'delivery', 'json-string');
  var HANDSHAKE = member(dialect, 'handshake', 'none');
  var dispatchSpec = member(dialect, 'dispatch', null);
  var DISPATCH = member(dispatchSpec, 'mode', 'deferred');
  var SWITCH_HANDLER = member(dispatchSpec, 'switch', SAFETY_TIMEOUT_HANDLER);
  var QUEUE_URL = signal.url || QUEUE_URL;
  var envelopeCounter = 0;
  // Whether the dialect's signal carries the messages (no fetch).
  var CARRIES = QUEUE_RETURN === 'in-signal' || QUEUE_RETURN === 'per-message';
  // Typed messages (docs/protocol.md section 9): one id member for both directions and a type
  // member (request, response, error); null for classic messages.
  var TYPED = member(dialect, 'typedMessages', null);
  if (TYPED === null || typeof TYPED !== 'object') {
    TYPED = null;
  }
  // Host-object calls that carry a message's parts (the data's JSON and the id as arguments). A
  // signal whose method is null has no generic method: a request reaches native code only as the
  // method named after its handler.
  var HOST_CALLS = signal.kind === 'host-object' && typeof signal.answerMethod === 'string' ? signal : null;
  // How callbacks get answers: the value, or its JSON text ("callbackData": "json-text").
  var CALLBACK_JSON_TEXT = member(dialect, 'callbackData', 'value') === 'json-text';
  // A host object named like the global: the app adds it and this bridge extends it.
  var EXTENDS_HOST = signal.kind === 'host-object' && signal.name === GLOBAL;
  LOG_PREFIX = GLOBAL + ': ';

  // The calling convention (profile member `convention`, docs/protocol.md section 9.1): how page
  // code calls and registers, where a request carries its handler name and callback id, and how
  // answers and native calls arrive when they are function calls instead of messages.
  var convention = member(dialect, 'convention', null);
  var PAGE_CALL = member(member(convention, 'pageCall', null), 'kind', 'wvjb');
  var CALLBACK_KEY = member(member(convention, 'pageCall', null), 'callbackKey', 'callBack');
  var PAGE_REGISTER = member(convention, 'pageRegister', 'wvjb');
  var handlerNameSpec = member(convention, 'handlerName', null);
  var NAME_IN = member(handlerNameSpec, 'kind', 'field');
  var NAME_SEPARATOR = member(handlerNameSpec, 'separator', '');
  var NAME_FIELDS = member(handlerNameSpec, 'fields', null);
  var CALLBACK_ID_IN = member(convention, 'callbackId', 'message');
  var answersSpec = member(convention, 'answers', null);
  var ANSWER_FUNCTION = member(answersSpec, 'kind', 'message') === 'function-call' ? member(answersSpec, 'function', null) : null;
  var ANSWER_FUNCTION_FIELD = member(answersSpec, 'functionField', null);
  var nativeCallsSpec = member(convention, 'nativeCalls', null);
  var NATIVE_CALL_FUNCTION = member(nativeCallsSpec, 'kind', 'message') === 'function-call' ? member(nativeCallsSpec, 'function', null) : null;

  // A host object named like the global exists before the bridge: it is the app's, the bridge
  // extends it, and it is the bridge once it has the page API. Until then it is taken aside here
  // (and put back, extended, at installation), so that the guard below sees no bridge.
  var hostToExtend = null;
  //@dialects-only
  if (EXTENDS_HOST && window[GLOBAL] && typeof window[GLOBAL] === 'object' &&
      typeof window[GLOBAL][REGISTER] !== 'function') {
    hostToExtend = window[GLOBAL];
    delete window[GLOBAL];
  }
  //@end

  // Double-injection guard: a second injection must change nothing, in particular it must keep
  // the handlers the page already registered.
  if (window[GLOBAL]) {
    return;
  }
  //@dialects-only
  // The host object's own methods, before this bridge adds its functions to it.
  var hostMethods = Object.create(null);
  (function snapshotHostMethods() {
    var host = HOST_CALLS ? (hostToExtend || window[signal.name]) : null;
    if (!host || typeof host !== 'object') {
      return;
    }
    for (var key in host) {
      if (typeof host[key] === 'function' && (signal.method === null || key !== signal.method) &&
          key !== HOST_CALLS.answerMethod) {
        hostMethods[key] = true;
      }
    }
  })();
  //@end

  // A message with classic keys, renamed for the wire, and back.
  function toWire(message) {
    //@dialects-only
    if (TYPED) {
      return toTyped(message);
    }
    //@end
    var wire = {};
    for (var key in message) {
      if (has(message, key)) {
        wire[has(FIELD, key) ? FIELD[key] : key] = message[key];
      }
    }
    return wire;
  }

  //@dialects-only
  // A classic message as a typed one: a request carries its id, an answer echoes it. A response
  // with an `error` member and no data is the dialect's answer to a request for a missing handler.
  function toTyped(message) {
    var wire = {};
    var isAnswer = has(message, 'responseId');
    if (isAnswer) {
      wire[TYPED.idField] = message.responseId;
      if (typeof TYPED.error === 'string' && has(message, 'error') && !has(message, 'responseData')) {
        wire[TYPED.typeField] = TYPED.error;
        if (has(message, 'handlerName')) {
          wire[FIELD.handlerName] = message.handlerName;
        }
        return wire;
      }
      wire[TYPED.typeField] = TYPED.response;
      if (has(message, 'handlerName')) {
        wire[FIELD.handlerName] = message.handlerName;
      }
      if (has(message, 'responseData')) {
        wire[FIELD.data] = message.responseData;
      }
      return wire;
    }
    var carriesId = has(message, 'callbackId');
    if (carriesId) {
      wire[TYPED.idField] = message.callbackId;
    }
    wire[TYPED.typeField] = TYPED.request;
    if (has(message, 'handlerName')) {
      wire[FIELD.handlerName] = message.handlerName;
    }
    if (has(message, 'data')) {
      wire[FIELD.data] = message.data;
    }
    return wire;
  }

  // A typed message in classic terms, or null when its type is none of the dialect's.
  function fromTyped(wire) {
    var type = wire[TYPED.typeField];
    var message = {};
    var id = has(wire, TYPED.idField) ? wire[TYPED.idField] : null;
    if (has(wire, FIELD.handlerName)) {
      message.handlerName = wire[FIELD.handlerName];
    }
    if (type === TYPED.request) {
      if (has(wire, FIELD.data)) {
        message.data = wire[FIELD.data];
      }
      if (has(wire, TYPED.idField)) {
        message.callbackId = id;
      }
    } else if (type === TYPED.response) {
      message.responseId = id;
      if (has(wire, FIELD.data)) {
        message.responseData = wire[FIELD.data];
      }
    } else if (typeof TYPED.error === 'string' && type === TYPED.error) {
      message.responseId = id;
      message.error = 'no-handler';
    } else {
      return null;
    }
    return message;
  }
  //@end

  function fromWire(wire) {
    //@dialects-only
    if (TYPED) {
      return fromTyped(wire);
    }
    //@end
    var message = {};
    for (var key in FIELD) {
      if (has(FIELD, key) && has(wire, FIELD[key])) {
        message[key] = wire[FIELD[key]];
      }
    }
    return message;
  }

  // A wire request laid out as the convention says: the handler name split into members, the
  // callback id inside the data, the answer function named.
  function layOut(wire) {
    if (has(wire, FIELD.responseId)) {
      return wire;
    }
    //@dialects-only
    if (NAME_IN === 'split' && isArray(NAME_FIELDS) && typeof wire[FIELD.handlerName] === 'string') {
      var rest = wire[FIELD.handlerName];
      var parts = [];
      while (parts.length < NAME_FIELDS.length - 1 && rest.indexOf(NAME_SEPARATOR) >= 0) {
        parts.push(rest.slice(0, rest.indexOf(NAME_SEPARATOR)));
        rest = rest.slice(rest.indexOf(NAME_SEPARATOR) + NAME_SEPARATOR.length);
      }
      parts.push(rest);
      delete wire[FIELD.handlerName];
      for (var i = NAME_FIELDS.length - parts.length; i < NAME_FIELDS.length; i++) {
        wire[NAME_FIELDS[i]] = parts[i - NAME_FIELDS.length + parts.length];
      }
    }
    if (CALLBACK_ID_IN === 'data' && has(wire, FIELD.callbackId)) {
      var data = wire[FIELD.data] === undefined ? {} : wire[FIELD.data];
      data[FIELD.callbackId] = wire[FIELD.callbackId];
      delete wire[FIELD.callbackId];
      wire[FIELD.data] = data;
    }
    if (typeof ANSWER_FUNCTION_FIELD === 'string' && typeof ANSWER_FUNCTION === 'string' && has(wire, FIELD.callbackId)) {
      wire[ANSWER_FUNCTION_FIELD] = ANSWER_FUNCTION;
    }
    //@end
    return wire;
  }

  //@dialects-only
  // The JSON text of a queue (or of one message) as the dialect carries it.
  function transit(text) {
    if (ENVELOPE && typeof ENVELOPE === 'object') {
      var head = {};
      var constants = ENVELOPE.constants || {};
      for (var key in constants) {
        if (has(constants, key)) {
          head[key] = constants[key];
        }
      }
      if (typeof ENVELOPE.counterKey === 'string') {
        head[ENVELOPE.counterKey] = ++envelopeCounter;
      }
      var written = stringifyJSON(head);
      text = written.slice(0, -1) + (written.length > 2 ? ',' : '') + stringifyJSON(ENVELOPE.payloadKey) +
        ':' + text + '}';
    }
    return ENCODING === 'uri-json' ? encodeURIComponent(text) : text;
  }
  //@end

  // ---------------------------------------------------------------------------------------------
  // Private state
  // ---------------------------------------------------------------------------------------------
  // Null-prototype maps: a name such as "toString" or "__proto__" arriving from the native side
  // must never resolve to something inherited from Object.prototype.
  var handlers = Object.create(null);
  var responseCallbacks = Object.create(null);
  // Each entry is one message already serialized to JSON text (see send()).
  var sendQueue = [];
  var callbackCounter = 0;
  var dispatchSynchronously = DISPATCH === 'synchronous';
  // Messages delivered before init() (the init handshake), or null once it ran or without one.
  var heldUntilInit = HANDSHAKE === 'init' ? [] : null;
  var defaultHandler = null;
  // Incoming messages waiting for their safety-timeout timer, oldest first.
  var waiting = [];
  var messagingIframe = null;

  // ---------------------------------------------------------------------------------------------
  // Page -> native
  // ---------------------------------------------------------------------------------------------
  // Signals the native side; `payload` is the transit text of a queue or message when the
  // dialect carries messages in its signal.
  function signalNative(payload) {
    var carried = payload === undefined ? '' : payload;
    try {
      if (signal.kind === 'message-handlers') {
        // Looked up on every send: the host may register the handler after injection, and while it
        // is missing the message simply stays queued for a later fetch.
        var handler;
        try {
          var webkit = window.webkit;
          var registry = webkit && webkit.messageHandlers;
          handler = registry && registry[messageHandlerName];
        } catch (error) {
          handler = undefined;
        }
        if (!handler || typeof handler.postMessage !== 'function') {
          log('error', 'window.webkit.messageHandlers.' + messageHandlerName +
            ' is missing; the message stays queued');
          return false;
        }
        //@dialects-only
        if (CARRIES) {
          // The object encoding posts the message itself, not its text.
          handler.postMessage(ENCODING === 'object' ? parseJSON(payload) : payload);
          return true;
        }
        //@end
        // The body is only a signal; the native side answers it by evaluating _fetchQueue().
        handler.postMessage(QUEUE_SIGNAL);
        return true;
      }
      //@dialects-only
      if (signal.kind === 'channel') {
        window[signal.name].postMessage(carried);
        return true;
      }
      if (signal.kind === 'host-object') {
        window[signal.name][signal.method](carried);
        return true;
      }
      if (signal.kind === 'prompt') {
        window.prompt(signal.marker, carried);
        return true;
      }
      if (signal.kind === 'location') {
        window.location.href = QUEUE_URL + carried;
        return true;
      }
      //@end
    } catch (error) {
      log('error', 'signalling the native side failed; the message stays queued', error);
      return false;
    }
    //@dialects-only
    if (CARRIES) {
      // A URL that carries messages gets an iframe of its own: URLs set on one iframe within a
      // task coalesce, and each of these is a different message.
      try {
        var carrier = documentAtInjection.createElement('iframe');
        carrier.style.display = 'none';
        carrier.src = QUEUE_URL + payload;
        documentAtInjection.documentElement.appendChild(carrier);
        runSoon(function () {
          if (carrier.parentNode) {
            carrier.parentNode.removeChild(carrier);
          }
        });
        return true;
      } catch (error) {
        log('error', 'cannot create an iframe for the message; it is lost', error);
        return false;
      }
    }
    //@end
    if (messagingIframe) {
      // Several sets within one task may reach the native side as a single navigation; that is
      // fine because every navigation fetches the whole queue.
      messagingIframe.src = QUEUE_URL;
      return true;
    }
    return false;
  }

  // Queues one message and signals the native side. The message is serialized here, not in
  // _fetchQueue(): a value that JSON cannot encode (a cycle, a BigInt) then fails in the call that
  // sent it, instead of making every later _fetchQueue() throw and losing the whole queue. It also
  // freezes the data as it was at call time. The text _fetchQueue() returns is the same as
  // JSON.stringify of the array of message objects.
  function send(message, responseCallback) {
    var callbackId;
    //@dialects-only
    if (TYPED && !has(message, 'responseId')) {
      // Every typed request carries an id, answered or not.
      callbackId = TYPED.ids === 'counter' ? callbackCounter++ : 'cb_' + (++callbackCounter) + '_' + now();
      message.callbackId = callbackId;
    } else
    //@end
    if (responseCallback) {
      callbackId = 'cb_' + (++callbackCounter) + '_' + now();
      message.callbackId = callbackId;
    }
    //@dialects-only
    if (HOST_CALLS) {
      sendByHostCall(message, callbackId, responseCallback);
      return;
    }
    //@end
    message = layOut(toWire(message));
    var text = stringifyJSON(message); // may throw to the caller; nothing is queued then
    //@dialects-only
    if (NAME_IN === 'url-path') {
      // The handler name goes in the URL, the data (the callback id inside it) after it.
      var data = message[FIELD.data];
      text = encodeURIComponent(String(message[FIELD.handlerName])) + NAME_SEPARATOR +
        (data === undefined ? '' : transit(stringifyJSON(data)));
    }
    //@end
    if (callbackId !== undefined && responseCallback) {
      responseCallbacks[callbackKey(callbackId)] = responseCallback;
    }
    //@dialects-only
    if (NAME_IN === 'url-path') {
      signalNative(text);
      return;
    }
    if (QUEUE_RETURN === 'per-message' || QUEUE_RETURN === 'in-signal') {
      sendInSignal(text);
      return;
    }
    //@end
    sendQueue.push(text);
    signalNative();
  }

  //@dialects-only
  // Dialects whose signal carries the messages: each message with its own signal, or the whole
  // queue with every signal (what a failed signal left queued goes with the next one).
  function sendInSignal(text) {
    if (QUEUE_RETURN === 'per-message') {
      signalNative(transit(text));
      return;
    }
    sendQueue[sendQueue.length] = text;
    var pending = sendQueue;
    sendQueue = [];
    if (!signalNative(transit('[' + pending.join(',') + ']'))) {
      sendQueue = pending.concat(sendQueue);
    }
  }
  //@end

  // The key of a callback id in responseCallbacks, or undefined when the id cannot be one this
  // bridge issued: strings, or numbers when the dialect counts its ids.
  function callbackKey(id) {
    //@dialects-only
    if (TYPED && TYPED.ids === 'counter') {
      return typeof id === 'number' ? '#' + id : undefined;
    }
    //@end
    return typeof id === 'string' ? id : undefined;
  }

  //@dialects-only
  // A typed dialect's answer to a request for a missing native handler: the callback is released,
  // not called.
  function releaseUncalled(key, handlerName) {
    delete responseCallbacks[key];
    log('warn', 'the native side has no handler for ' + describe(handlerName));
  }

  // Host-object calls with a message's parts: a request calls the host method named after its
  // handler when the host object has one (else the signal's method with {handlerName, data}), with
  // the data's JSON and the callback id ('' for none); an answer calls the answer method with the
  // answer's JSON and the id. A string a request's call returns is its answer, at once.
  function sendByHostCall(message, callbackId, responseCallback) {
    var host = window[signal.name];
    if (!host || typeof host !== 'object') {
      log('error', 'the host object ' + signal.name + ' is missing; the message is lost');
      return;
    }
    var isAnswer = has(message, 'responseId');
    if (isAnswer) {
      var answer = has(message, 'responseData') ? stringifyJSON(message.responseData) : undefined;
      host[HOST_CALLS.answerMethod](answer, message.responseId);
      return;
    }
    var name = message.handlerName;
    var dataText = has(message, 'data') ? stringifyJSON(message.data) : undefined; // may throw to the caller
    var id = callbackId === undefined ? '' : callbackId;
    var returned;
    if (responseCallback) {
      responseCallbacks[callbackKey(callbackId)] = responseCallback;
    }
    if (HOST_CALLS.handlerMethods && typeof name === 'string' && hostMethods[name] === true &&
        typeof host[name] === 'function') {
      returned = host[name](dataText, id);
    } else if (typeof signal.method !== 'string') {
      // No generic method: a handler without a host method of its own cannot be reached.
      delete responseCallbacks[callbackKey(callbackId)];
      log('warn', 'the host object ' + signal.name + ' has no method ' + describe(name) + '; the call cannot reach native code');
      return;
    } else {
      var request = { handlerName: name };
      if (has(message, 'data')) {
        request.data = message.data;
      }
      returned = host[signal.method](stringifyJSON(toWire(request)), id);
    }
    if (!HOST_CALLS.returnAnswers || !responseCallback || typeof returned !== 'string') {
      return;
    }
    var key = callbackKey(callbackId);
    if (!has(responseCallbacks, key)) {
      return;
    }
    var value;
    try {
      value = parseJSON(returned);
    } catch (error) {
      value = returned;
    }
    var callback = responseCallbacks[key];
    delete responseCallbacks[key];
    answerCallback(callback, value);
  }

  //@end

  // Hands an answer to a page callback: its value, or in a dialect whose callbacks get JSON text
  // ("callbackData": "json-text") the value's JSON text (nothing for an answer without data).
  function answerCallback(callback, value, absent) {
    //@dialects-only
    if (CALLBACK_JSON_TEXT) {
      callback(absent || value === undefined ? undefined : stringifyJSON(value));
      return;
    }
    //@end
    callback(value);
  }

  //@dialects-only
  // Returns one batch through a navigation to `url` (QUEUE_RETURN 'navigation'): a new hidden iframe
  // whose insertion requests the URL, removed right after (the request has been made by then).
  function returnBatch(url) {
    try {
      var frame = documentAtInjection.createElement('iframe');
      frame.style.display = 'none';
      frame.src = url;
      documentAtInjection.documentElement.appendChild(frame);
      documentAtInjection.documentElement.removeChild(frame);
    } catch (error) {
      log('error', 'cannot create a queue return iframe; this batch of queued messages is lost', error);
    }
  }
  //@end

  function fetchQueue() {
    //@dialects-only
    if (QUEUE_RETURN === 'fetch' && ENCODING === 'object') {
      // The queue array itself: the host's evaluation hands the value over.
      var entries = parseJSON('[' + sendQueue.join(',') + ']');
      sendQueue = [];
      return entries;
    }
    if (QUEUE_RETURN !== 'fetch' || ENCODING !== 'json' || ENVELOPE) {
      return fetchQueueInDialect();
    }
    //@end
    var text = '[' + sendQueue.join(',') + ']';
    sendQueue = [];
    return text;
  }

  //@dialects-only
  function fetchQueueInDialect() {
    var batch = '[' + sendQueue.join(',') + ']';
    sendQueue = [];
    if (QUEUE_RETURN === 'navigation') {
      // The queue goes back by a navigation, not as the fetch call's value. Each batch gets an
      // iframe of its own, its src set before it is inserted, so that it is requested at once: a
      // second src set on one iframe before it navigates replaces the first (last URL wins in
      // WebKit), and two fetches in a row would lose the first batch.
      returnBatch(RETURN_URL + transit(batch));
      return undefined;
    }
    return transit(batch);
  }
  //@end

  // ---------------------------------------------------------------------------------------------
  // Public page API
  // ---------------------------------------------------------------------------------------------
  function registerHandler(handlerName, handler) {
    if (typeof handler !== 'function') {
      log('warn', 'registerHandler(' + describe(handlerName) + '): handler is not a function, ignored');
      return;
    }
    handlers[handlerName] = inRegisterShape(handler);
  }

  // A page handler as the dispatcher calls it, fn(data, responseCallback): as registered, or
  // (pageRegister "awaited") fn(data), whose return value, awaited, is the answer; a rejected
  // answer reaches window.onerror as a thrown handler's exception does.
  function inRegisterShape(handler) {
    //@dialects-only
    if (PAGE_REGISTER === 'awaited') {
      return function (data, answer) {
        var value = handler(data);
        if (answer) {
          Promise.resolve(value).then(answer, function (error) {
            scheduleTimer(function () { throw error; }, 0);
          });
        }
      };
    }
    //@end
    return handler;
  }

  function callHandler(handlerName, data, responseCallback) {
    var message = { handlerName: handlerName };
    if (arguments.length === 2 && typeof data === 'function') {
      // callHandler(name, fn): the function is the callback and the data is an explicit null.
      responseCallback = data;
      data = null;
    }
    if (arguments.length >= 2) {
      // callHandler(name) sends no `data` key at all; an explicit undefined is dropped by JSON.
      message.data = data;
    }
    if (responseCallback !== undefined && responseCallback !== null &&
        typeof responseCallback !== 'function') {
      log('warn', 'callHandler(' + describe(handlerName) + '): responseCallback is not a function, ignored');
    }
    send(message, typeof responseCallback === 'function' ? responseCallback : undefined);
  }

  function disableJavscriptAlertBoxSafetyTimeout() {
    dispatchSynchronously = true;
    // As classic bridges do: tell the native side too (no data key, no callback).
    if (typeof SWITCH_HANDLER === 'string') {
      send({ handlerName: SWITCH_HANDLER });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Native -> page
  // ---------------------------------------------------------------------------------------------
  // Builds the callback handed to a page handler for a request that carries a callbackId. It
  // answers at most once: the native side would not know a second responseId (upstream native
  // bridges crash on it), so a second call only logs.
  function makeResponseCallback(handlerName, callbackId) {
    var answered = false;
    return function responseCallback(responseData) {
      if (answered) {
        log('warn', 'responseCallback for ' + describe(handlerName) + ' (' + describe(callbackId) +
          ') called more than once; extra response not sent');
        return;
      }
      var response = { handlerName: handlerName, responseId: callbackId };
      if (responseData !== undefined) {
        response.responseData = responseData;
      }
      // Marked as answered only once the response is queued: if it cannot be serialized the
      // error goes to the handler, which may still answer with something else.
      send(response);
      answered = true;
    };
  }

  // Dispatches one message. Exceptions thrown by page handlers and page callbacks are NOT caught
  // here; the caller decides (see handleMessageFromNative).
  function dispatchMessage(messageJSON) {
    var message;
    //@dialects-only
    if (DELIVERY === 'uri-json-string' && typeof messageJSON === 'string') {
      try {
        messageJSON = decodeURIComponent(messageJSON);
      } catch (error) {
        log('warn', 'ignored a message that is not URI-encoded: ' + messageJSON);
        return;
      }
    }
    //@end
    //@dialects-only
    if (DELIVERY === 'object' && typeof messageJSON === 'object') {
      message = messageJSON;
    } else
    //@end
    if (typeof messageJSON !== 'string') {
      log('warn', 'ignored a message that is not a JSON string: ' + describe(messageJSON));
      return;
    } else {
      try {
        message = parseJSON(messageJSON);
      } catch (error) {
        log('warn', 'ignored a message that is not valid JSON: ' + messageJSON);
        return;
      }
    }
    if (typeof message !== 'object' || message === null || isArray(message)) {
      log('warn', 'ignored a message that is not a JSON object: ' + describe(messageJSON));
      return;
    }
    message = fromWire(message);
    if (message === null) {
      log('warn', 'ignored a message of no known type: ' + describe(messageJSON));
      return;
    }

    // A response is recognised by the PRESENCE of responseId: "" and 0 are ids, not absences.
    if (has(message, 'responseId')) {
      var responseId = message.responseId;
      // Only ids of the form this bridge issues can match ('cb_...' strings, or counted numbers).
      var key = callbackKey(responseId);
      if (key === undefined || !has(responseCallbacks, key)) {
        // Never issued, or already answered: ignore it, never throw.
        log('warn', 'ignored a response with unknown responseId ' + describe(responseId));
        return;
      }
      var callback = responseCallbacks[key];
      //@dialects-only
      if (TYPED && has(message, 'error') && !has(message, 'responseData')) {
        releaseUncalled(key, message.handlerName);
        return;
      }
      //@end
      // Deleted before the call: each callback runs at most once and is then released, even if
      // it throws.
      delete responseCallbacks[key];
      answerCallback(callback, message.responseData, !has(message, 'responseData'));
      return;
    }

    var handlerName = message.handlerName;
    var responseCallback;
    if (has(message, 'callbackId')) {
      responseCallback = makeResponseCallback(handlerName, message.callbackId);
    }
    if ((typeof handlerName !== 'string' || !has(handlers, handlerName)) && defaultHandler) {
      // The init handshake's default handler takes what no named handler takes.
      defaultHandler(message.data, responseCallback);
      return;
    }
    if (typeof handlerName !== 'string' || !has(handlers, handlerName)) {
      log('warn', 'no handler registered for ' + describe(handlerName));
      if (answerMissingHandler && responseCallback) {
        responseCallback({ error: 'no-handler', handlerName: handlerName });
      }
      //@dialects-only
      if (!answerMissingHandler && TYPED && typeof TYPED.error === 'string' && responseCallback) {
        // A typed dialect's own answer to a missing handler.
        send({ handlerName: handlerName, responseId: message.callbackId, error: 'no-handler' });
      }
      //@end
      return;
    }
    // As in the classic API, responseCallback is undefined when the native side asked for no
    // answer, and data is undefined when the message has no `data` key.
    handlers[handlerName](message.data, responseCallback);
  }

  // Two dispatch modes, chosen when the message arrives:
  // - Default ("safety timeout"): each message is dispatched in its own setTimeout(..., 0), so a
  //   handler that blocks (alert, confirm) cannot deadlock the native evaluate call. A handler that
  //   throws is deliberately NOT caught: the exception leaves the timer callback and reaches
  //   window.onerror exactly as any page error would in a browser. The bridge has no state in
  //   flight at that point (a response callback was already deleted), and every other message has
  //   its own timer, so nothing else is affected.
  // - Synchronous (after the native side called the `_disableJavascriptAlertBoxSafetyTimeout` page
  //   handler, or the page called disableJavscriptAlertBoxSafetyTimeout()): the message is
  //   dispatched inside this call. Here a handler exception IS caught and reported with
  //   console.error: letting it escape would turn the native side's evaluateJavaScript into an
  //   error for a fault that is the page's, and would abort the rest of the script the native
  //   side evaluated, so later messages in the same evaluation would be lost.
  //
  // Messages waiting for their timer are kept in order in `waiting`: when dispatch turns
  // synchronous while some still wait, the next synchronous delivery dispatches them first, so
  // switching modes never lets a later message overtake an earlier one. Their timers then find
  // nothing left to do.
  function handleMessageFromNative(messageJSON) {
    if (heldUntilInit) {
      // The init handshake: nothing is dispatched before the page calls init().
      heldUntilInit.push(messageJSON);
      return;
    }
    if (dispatchSynchronously) {
      var messages = waiting.splice(0, waiting.length);
      messages.push(messageJSON);
      for (var i = 0; i < messages.length; i++) {
        try {
          dispatchMessage(messages[i]);
        } catch (error) {
          log('error', 'a page handler or callback threw', error);
        }
      }
      return;
    }
    waiting.push(messageJSON);
    runSoon(dispatchOldestWaiting);
  }

  function dispatchOldestWaiting() {
    if (waiting.length > 0) {
      dispatchMessage(waiting.shift());
    }
  }

  // The native side disables the safety timeout by calling this page handler. If it asks for an
  // answer it gets one (without data), so it is never left waiting.
  if (typeof SWITCH_HANDLER === 'string') {
    handlers[SWITCH_HANDLER] = function (data, responseCallback) {
      dispatchSynchronously = true;
      if (responseCallback) {
        responseCallback();
      }
    };
  }

  //@dialects-only
  // The init handshake: the page's default handler, then every message held so far, in order.
  function init(handler) {
    if (heldUntilInit === null) {
      log('warn', 'init() called again, ignored');
      return;
    }
    defaultHandler = typeof handler === 'function' ? inRegisterShape(handler) : null;
    var held = heldUntilInit;
    heldUntilInit = null;
    for (var i = 0; i < held.length; i++) {
      handleMessageFromNative(held[i]);
    }
  }
  //@end

  //@dialects-only
  // ---------------------------------------------------------------------------------------------
  // The calling convention (member `convention`), when it is not WVJB's
  // ---------------------------------------------------------------------------------------------
  // name(methodName, params): the callback is params[CALLBACK_KEY]; the other members are the data.
  // Params that are not an object are the data as they are.
  function callWithParams(methodName, params) {
    var request = { handlerName: methodName };
    var callback;
    if (params !== null && typeof params === 'object' && !isArray(params)) {
      var copy = {};
      for (var key in params) {
        if (has(params, key) && key !== CALLBACK_KEY) {
          Object.defineProperty(copy, key, { value: params[key], enumerable: true, writable: true, configurable: true });
        }
      }
      callback = typeof params[CALLBACK_KEY] === 'function' ? params[CALLBACK_KEY] : undefined;
      request.data = copy;
    } else if (arguments.length > 1) {
      request.data = params;
    }
    send(request, callback);
  }

  // name(handlerName, data?): no callback; the call returns a Promise that settles with the
  // answer's data (an answer of type error leaves it pending).
  function callWithPromise(handlerName, data) {
    var request = { handlerName: handlerName };
    if (arguments.length > 1) {
      request.data = data;
    }
    return new Promise(function (resolve) {
      send(request, function (answer) {
        resolve(answer);
      });
    });
  }

  // name(record, callback): the record holds the handler name (or its split members) and the data.
  function callWithRecord(record, callback) {
    var message = {};
    if (record === null || typeof record !== 'object') {
      log('warn', CALL + ': the request is not an object, ignored: ' + describe(record));
      return;
    }
    if (NAME_IN === 'split' && isArray(NAME_FIELDS)) {
      var parts = [];
      for (var i = 0; i < NAME_FIELDS.length; i++) {
        if (has(record, NAME_FIELDS[i])) {
          parts.push(record[NAME_FIELDS[i]]);
        }
      }
      message.handlerName = parts.join(NAME_SEPARATOR);
    } else {
      message.handlerName = record[FIELD.handlerName];
    }
    if (has(record, FIELD.data)) {
      message.data = record[FIELD.data];
    }
    send(message, typeof callback === 'function' ? callback : undefined);
  }

  // The answer function: (callbackId, value), dispatched exactly as the answer message it stands for.
  function receiveAnswer(callbackId, value) {
    var wire = {};
    wire[FIELD.responseId] = callbackId;
    if (value !== undefined) {
      wire[FIELD.responseData] = value;
    }
    handleMessageFromNative(stringifyJSON(wire));
  }

  // The native call function: (handlerName, data); the handler's return value is the answer.
  function receiveNativeCall(name, argument) {
    var data = argument;
    if (DELIVERY !== 'object' && typeof argument === 'string') {
      data = parseJSON(argument);
    }
    if (typeof name !== 'string' || !has(handlers, name)) {
      log('warn', 'no handler registered for ' + describe(name));
      return answerMissingHandler ? { error: 'no-handler', handlerName: name } : undefined;
    }
    if (PAGE_REGISTER === 'returning') {
      return handlers[name](data);
    }
    var answer;
    handlers[name](data, function (value) {
      if (answer === undefined) {
        answer = value;
      }
    });
    return answer;
  }

  // Defines `fn` at a dotted path: under the bridge global, or on window.
  function definePath(path, fn) {
    var parts = path.split('.');
    if (parts[0] === 'window') {
      parts.shift();
    }
    if (parts.length === 1) {
      window[parts[0]] = fn;
    } else if (parts.length === 2 && parts[0] === GLOBAL) {
      bridge[parts[1]] = fn;
    } else {
      log('error', 'cannot define ' + path + ': only window.NAME and ' + GLOBAL + '.NAME are supported');
    }
  }
  //@end

  // ---------------------------------------------------------------------------------------------
  // Installation
  // ---------------------------------------------------------------------------------------------
  var bridge = hostToExtend || {};
  if (PAGE_REGISTER !== 'none') {
    bridge[REGISTER] = registerHandler;
  }
  bridge[CALL] = PAGE_CALL === 'params-callback' ? callWithParams : PAGE_CALL === 'record' ? callWithRecord
    : PAGE_CALL === 'promise' ? callWithPromise : callHandler;
  if (typeof DISABLE === 'string') {
    bridge[DISABLE] = disableJavscriptAlertBoxSafetyTimeout;
  }
  if (QUEUE_RETURN === 'fetch' || QUEUE_RETURN === 'navigation') {
    bridge[FETCH] = fetchQueue;
  }
  bridge[HANDLE] = handleMessageFromNative;
  //@dialects-only
  if (HANDSHAKE === 'init') {
    bridge[INIT] = init;
  }
  if (typeof ANSWER_FUNCTION === 'string') {
    definePath(ANSWER_FUNCTION, receiveAnswer);
  }
  if (typeof NATIVE_CALL_FUNCTION === 'string') {
    definePath(NATIVE_CALL_FUNCTION, receiveNativeCall);
  }
  //@end
  window[GLOBAL] = bridge;


  if (signal.kind === 'iframe' && QUEUE_RETURN !== 'per-message' && QUEUE_RETURN !== 'in-signal') {
    // One hidden iframe for the life of the page. Its src is set before it is inserted, so the
    // insertion itself requests the queue URL once; the native side answers with an empty fetch.
    try {
      messagingIframe = documentAtInjection.createElement('iframe');
      messagingIframe.style.display = 'none';
      messagingIframe.src = QUEUE_URL;
      documentAtInjection.documentElement.appendChild(messagingIframe);
    } catch (error) {
      messagingIframe = null;
      log('error', 'cannot create the messaging iframe; messages will stay queued', error);
    }
  }

  //@dialects-only
  // The ready event, for dialects that announce the bridge with one (WVJB 4.x, JsBridge).
  if (typeof READY_EVENT === 'string') {
    try {
      var readyEvent;
      if (typeof documentAtInjection.createEvent === 'function') {
        readyEvent = documentAtInjection.createEvent('Events');
        readyEvent.initEvent(READY_EVENT, false, false);
      } else {
        readyEvent = new Event(READY_EVENT);
      }
      readyEvent.bridge = bridge;
      documentAtInjection.dispatchEvent(readyEvent);
    } catch (error) {
      log('error', 'cannot fire ' + READY_EVENT, error);
    }
  }
  //@end

  // Start-up callbacks registered by the page's setupWebViewJavascriptBridge(). Drained once, in a
  // timer scheduled before any incoming message can schedule its own, so page handlers registered
  // there exist before the native start-up messages are dispatched. The array is read when the
  // timer fires, and entries added while draining are run too. A missing or non-array value is
  // tolerated (upstream throws a TypeError here). A dialect that dispatches synchronously drains
  // them before the injection returns: the native start-up messages that follow are dispatched at
  // once and must find the handlers.
  var drainLater = DISPATCH === 'synchronous' ? function (fn) { fn(); } : runSoon;
  drainLater(function drainStartupCallbacks() {
    if (typeof CALLBACKS !== 'string') {
      return;
    }
    var callbacks;
    try {
      callbacks = window[CALLBACKS];
    } catch (error) {
      return;
    }
    if (!isArray(callbacks)) {
      return;
    }
    for (var i = 0; i < callbacks.length; i++) {
      var callback = callbacks[i];
      if (typeof callback !== 'function') {
        log('warn', CALLBACKS + '[' + i + '] is not a function, skipped');
        continue;
      }
      try {
        callback(bridge);
      } catch (error) {
        log('error', CALLBACKS + '[' + i + '] threw', error);
      }
    }
    try {
      // Throws in strict mode when the page declared it with `var` (not configurable).
      delete window[CALLBACKS];
    } catch (error) {
      window[CALLBACKS] = undefined;
    }
  });
})();
