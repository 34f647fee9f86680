/// The JavaScript that turns a bare JavaScriptCore global object into the
/// browser environment bridges expect (`window`, `document`, DOM events,
/// timers, console, dialogs, `location`, `webkit.messageHandlers`, virtual
/// `Date`, seeded `Math.random`, `Blob`, `URL`, dedicated `Worker`s).
///
/// It evaluates to a function that takes the host's native functions and
/// returns the page internals the host calls back (`fireTimer`,
/// `reportError`, …). Internals live in closures, not in globals, so page
/// code cannot reach them; the public objects are ordinary, replaceable
/// properties, as in a browser. What a worker's global scope has as well is
/// in ``EnvironmentScriptParts``.
enum PageEnvironmentScript {
  static let sourceURL = "bridgecheck://page-environment.js"

  static let source = #"""
    (function installPageEnvironment(host) {
    \#(EnvironmentScriptParts.prelude)
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
    \#(EnvironmentScriptParts.events)
      // ---- virtual time, console, errors, timers -----------------------------------
    \#(EnvironmentScriptParts.time)
    \#(EnvironmentScriptParts.console)
    \#(EnvironmentScriptParts.errors)
    \#(EnvironmentScriptParts.timers)
      // ---- Blob, URL, structured clone ---------------------------------------------
    \#(EnvironmentScriptParts.blobs)
    \#(EnvironmentScriptParts.clone)
      // ---- document -------------------------------------------------------------------
    \#(document)
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
    \#(workers)
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
    \#(AbsentPageAPIs.definition)
    \#(AbsentPageAPIs.sentinels(on: "global", prefix: "", AbsentPageAPIs.windowGlobals))
    \#(AbsentPageAPIs.sentinels(on: "documentObject", prefix: "document.", AbsentPageAPIs.documentMembers))
    \#(AbsentPageAPIs.sentinels(on: "nodePrototype", prefix: "element.", AbsentPageAPIs.elementMembers))
    \#(AbsentPageAPIs.sentinels(on: "navigatorObject", prefix: "navigator.", AbsentPageAPIs.navigatorMembers))
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
    """#
}
