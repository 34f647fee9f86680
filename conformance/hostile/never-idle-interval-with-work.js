// A page bridge whose page never goes idle: one zero-delay interval doing a little work (about a
// millisecond) each time. No task is long, so no script time limit stops it, and it keeps a single
// timer pending, so no limit on pending timers does either.
// Expected: `error`: the page never went idle (the scenario's CPU or task budget).
// ---- the bridge (a compact classic WebViewJavascriptBridge) ----
(function () {
  if (window.WebViewJavascriptBridge) return;
  var handlers = {};
  var callbacks = {};
  var queue = [];
  var nextId = 1;
  var synchronous = false;
  var frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = 'https://__wvjb_queue_message__';
  document.documentElement.appendChild(frame);

  function send(message, callback) {
    if (callback) {
      message.callbackId = 'cb_' + (nextId++) + '_' + Date.now();
      callbacks[message.callbackId] = callback;
    }
    queue.push(message);
    frame.src = 'https://__wvjb_queue_message__';
  }
  function dispatch(text) {
    var message = JSON.parse(text);
    if (message.responseId) {
      var callback = callbacks[message.responseId];
      if (!callback) return;
      delete callbacks[message.responseId];
      callback(message.responseData);
      return;
    }
    var respond;
    if (message.callbackId) {
      var id = message.callbackId;
      respond = function (data) { send({ handlerName: message.handlerName, responseId: id, responseData: data }); };
    }
    var handler = handlers[message.handlerName];
    if (handler) handler(message.data, respond);
  }
  var bridge = window.WebViewJavascriptBridge = {
    registerHandler: function (name, handler) { handlers[name] = handler; },
    callHandler: function (name, data, callback) {
      if (arguments.length === 2 && typeof data === 'function') { callback = data; data = null; }
      var message = { handlerName: name };
      if (arguments.length >= 2) message.data = data;
      send(message, callback);
    },
    disableJavscriptAlertBoxSafetyTimeout: function () { synchronous = true; },
    _fetchQueue: function () {
      var text = JSON.stringify(queue);
      queue = [];
      return text;
    },
    _handleMessageFromObjC: function (text) {
      if (synchronous) dispatch(text); else setTimeout(function () { dispatch(text); }, 0);
    }
  };
  handlers._disableJavascriptAlertBoxSafetyTimeout = function () { synchronous = true; };
  setTimeout(function () {
    var waiting = window.WVJBCallbacks || [];
    delete window.WVJBCallbacks;
    for (var i = 0; i < waiting.length; i++) waiting[i](bridge);
  }, 0);
})();

// ---- the sabotage, after the bridge
(function () {
  var sink = 0;
  setInterval(function () {
    for (var i = 0; i < 300000; i++) sink = (sink + i * 7) % 1000003;
  }, 0);
})();
