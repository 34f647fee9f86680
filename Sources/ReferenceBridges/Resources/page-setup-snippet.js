// The page's own start-up code (part of an app's web page, not of the bridge).
//
// setupWebViewJavascriptBridge(callback) calls `callback(bridge)` once the bridge is available:
// - right away when the bridge is already injected;
// - otherwise the callback waits in window.WVJBCallbacks, which the bridge drains after injection.
// The first waiting callback also asks the native side to inject the bridge, by loading
// https://__bridge_loaded__ in a short-lived hidden iframe.
function setupWebViewJavascriptBridge(callback) {
  if (window.WebViewJavascriptBridge) {
    callback(window.WebViewJavascriptBridge);
    return;
  }
  if (window.WVJBCallbacks) {
    // A request to inject is already on its way; just wait with the others.
    window.WVJBCallbacks.push(callback);
    return;
  }
  window.WVJBCallbacks = [callback];
  var loader = document.createElement('iframe');
  loader.style.display = 'none';
  loader.src = 'https://__bridge_loaded__';
  document.documentElement.appendChild(loader);
  // The navigation request has already been made at insertion; the frame is no longer needed.
  setTimeout(function () {
    document.documentElement.removeChild(loader);
  }, 0);
}
