(function installPageEnvironment(host) {
$prelude$
  var globalLabel = 'window';
  function listenerErrorUnhandled() {}

  // ---- window ---------------------------------------------------------------
  hidden(global, 'window', global);
  hidden(global, 'self', global);
  hidden(global, 'top', global);
  hidden(global, 'parent', global);
  hidden(global, 'frames', global);
  global.onerror = null;

  // ---- events (window, document, elements, workers) -----------------------------
$events$
  // ---- virtual time, console, errors, timers -----------------------------------
$time$
$console$
$errors$
$timers$
  // ---- Blob, URL, structured clone ---------------------------------------------
$blobs$
$clone$
  // ---- document -------------------------------------------------------------------
$document$
  // ---- location and navigator ----------------------------------------------------
  function navigate(url) { host.navigate(String(url)); }
  var locationObject = {
    assign: navigate,
    replace: navigate,
    reload: function reload() {},
    toString: function toString() { return host.url(); }
  };
  defineProperty(locationObject, 'href', { get: function () { return host.url(); }, set: navigate, enumerable: true });
  // The parts of the page's URL, read as WebKit's Location gives them (setting one is not simulated).
  ['origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].forEach(function (member) {
    defineProperty(locationObject, member, {
      get: function () { var parts = host.parseURL(host.url(), null); return parts ? parts[member] : ''; },
      set: function () { host.missing('location.' + member + ' (setting it)'); },
      enumerable: true
    });
  });
  hidden(global, 'location', locationObject);
  defineProperty(documentObject, 'location', { get: function () { return global.location; }, set: navigate, enumerable: true });
  defineProperty(documentObject, 'URL', { get: function () { return host.url(); }, enumerable: true });
  defineProperty(documentObject, 'defaultView', { get: function () { return global; }, enumerable: true });
  var navigatorObject = { userAgent: host.userAgent(), language: 'en-US' };
  hidden(global, 'navigator', navigatorObject);

  // ---- dialogs -------------------------------------------------------------------
  hidden(global, 'alert', function alert(message) {
    host.dialog('alert', arguments.length ? String(message) : '', null);
  });
  hidden(global, 'confirm', function confirm(message) {
    return host.dialog('confirm', arguments.length ? String(message) : '', null) === true;
  });
  hidden(global, 'prompt', function prompt(message, defaultText) {
    var answer = host.dialog('prompt', arguments.length ? String(message) : '',
      defaultText === undefined ? null : String(defaultText));
    return typeof answer === 'string' ? answer : null;
  });

  // ---- webkit.messageHandlers ---------------------------------------------------
  var messageHandlers = {};
  hidden(global, 'webkit', { messageHandlers: messageHandlers });
  function addMessageHandler(name) {
    messageHandlers[name] = {
      postMessage: function postMessage(body) {
        if (arguments.length < 1) throw new TypeError('Not enough arguments');
        host.postMessage(name, body);
      }
    };
  }
  function removeMessageHandler(name) { delete messageHandlers[name]; }

  // ---- workers -------------------------------------------------------------------
$workers$
  // ---- load events ----------------------------------------------------------------
  // loading → interactive (DOMContentLoaded) → complete (load), with a
  // readystatechange at each step, in WebKit's order.
  function documentLoaded() {
    readyState = 'interactive';
    fire(documentObject, 'readystatechange', false, false);
    fire(documentObject, 'DOMContentLoaded', true, false);
    readyState = 'complete';
    fire(documentObject, 'readystatechange', false, false);
    fire(global, 'load', false, false);
  }

  // ---- what WebKit has and the simulated page does not ------------------------------
$absent$
$windowSentinels$
$documentSentinels$
$elementSentinels$
$navigatorSentinels$
  return {
    fireTimer: fireTimer,
    reportError: reportError,
    addMessageHandler: addMessageHandler,
    removeMessageHandler: removeMessageHandler,
    documentLoaded: documentLoaded,
    addScriptElement: addScriptElement,
    workerMessage: workerMessage,
    workerFailed: workerFailed,
    workerNotLoaded: workerNotLoaded
  };
})
