(function installWorkerEnvironment(host) {
$prelude$
  var globalLabel = 'self';
  hidden(global, 'self', global);
  function eventParent(target) { return null; }
  // An exception of a listener (onmessage…) that the worker's own handlers
  // left unhandled goes on to the worker object in the page.
  function listenerErrorUnhandled(message, source, line, column) {
    host.unhandled(message, source === undefined ? host.url() : String(source), Number(line) || 0, Number(column) || 0);
  }
$events$
$time$
$console$
$errors$
$timers$
$blobs$
$clone$

  // ---- the worker's global scope ----------------------------------------------------
  global.name = host.name();
  global.onmessage = null;
  global.onmessageerror = null;
  global.onerror = null;
  global.postMessage = function postMessage(message, transfer) {
    if (arguments.length < 1) throw new TypeError('Not enough arguments');
    host.postMessage(serializeClone(message, transfer));
  };
  global.close = function close() { host.close(); };
  hidden(global, 'importScripts', function importScripts() {
    var urls = [];
    for (var i = 0; i < arguments.length; i++) urls.push(String(arguments[i]));
    host.importScripts(urls);
  });
  var place = host.parseURL(host.url(), null) || { href: host.url() };
  var locationObject = {};
  ['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].forEach(function (member) {
    defineProperty(locationObject, member, { value: place[member], enumerable: true });
  });
  hidden(locationObject, 'toString', function toString() { return place.href; });
  hidden(global, 'location', locationObject);
  hidden(global, 'navigator', { userAgent: host.userAgent(), language: 'en-US' });
  defineProperty(global, Symbol.toStringTag, { value: 'DedicatedWorkerGlobalScope', configurable: true });

$absent$
$workerSentinels$
  function deliverMessage(text) {
    var data;
    try {
      data = deserializeClone(text);
    } catch (failure) {
      fire(global, 'messageerror', false, false, { data: null, origin: '', lastEventId: '', source: null, ports: [] },
        MessageEventConstructor);
      return;
    }
    fire(global, 'message', false, false, { data: data, origin: '', lastEventId: '', source: null, ports: [] },
      MessageEventConstructor);
  }

  return {
    fireTimer: fireTimer,
    reportError: reportError,
    deliverMessage: deliverMessage
  };
})
