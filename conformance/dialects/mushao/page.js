// bridgecheck dialect bridge: the home-made mushao:// URL bridge described in a public write-up
// (see FACTS.md), page side.
//
// Dialect (see FACTS.md): window.MSF_JsBridge with invoke(methodName, params),
// nativeCallBackToJs(callBackId, result) and the map callBacks. Each call is one navigation of a
// hidden iframe to mushao://<methodName>://<params as JSON>; a function in params.callBack is kept
// under a callback id sent as params.callBackId. The native side answers only calls that carry a
// callBackId, by evaluating window.MSF_JsBridge.nativeCallBackToJs('<id>', <result literal>); it
// never calls the page otherwise. The native side evaluates this file when the page has finished
// loading.
//
// Written for bridgecheck from the write-up's description; correct where that bridge is not: the
// JSON and the method name are URI-encoded (raw JSON in a URL loses '#', '%' and spaces; a method
// name with '/' or ':' breaks the split), every call gets an iframe of
// its own (setting the same iframe's src twice in one task keeps only the last URL), callback ids
// are unique (a counter, not a timestamp alone), the answered callback is deleted by its id (not a
// property literally named "callBackId"), and params are not changed.
(function () {
  'use strict';
  if (window.MSF_JsBridge) return;

  var counter = 0;
  var bridge = window.MSF_JsBridge = { callBacks: {} };

  bridge.invoke = function invoke(methodName, params) {
    // Params that are not an object travel as they are (the native side reads JSON fragments too);
    // only an object can carry a callback. No params: nothing after the method name.
    var message = params;
    if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
      message = {};
      for (var key in params) {
        if (key !== 'callBack' && Object.prototype.hasOwnProperty.call(params, key)) {
          // defineProperty: a "__proto__" key stays a key instead of setting the prototype.
          Object.defineProperty(message, key, { value: params[key], enumerable: true, writable: true, configurable: true });
        }
      }
      if (typeof params.callBack === 'function') {
        var id = 'callBackId_' + (++counter) + '_' + Date.now();
        bridge.callBacks[id] = params.callBack;
        message.callBackId = id;
      }
    }
    var frame = document.createElement('iframe');
    frame.style.display = 'none';
    frame.src = 'mushao://' + encodeURIComponent(methodName) + '://' +
      (message === undefined ? '' : encodeURIComponent(JSON.stringify(message)));
    document.documentElement.appendChild(frame);
    setTimeout(function () { if (frame.parentNode) frame.parentNode.removeChild(frame); }, 0);
  };

  bridge.nativeCallBackToJs = function nativeCallBackToJs(callBackId, result) {
    if (!Object.prototype.hasOwnProperty.call(bridge.callBacks, callBackId)) {
      if (window.console) window.console.log('MSF_JsBridge: an answer for an unknown callBackId', callBackId);
      return;
    }
    var callback = bridge.callBacks[callBackId];
    delete bridge.callBacks[callBackId];
    callback(result);
  };
})();
