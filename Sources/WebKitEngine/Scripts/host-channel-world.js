(function () {
  var handler = window.webkit.messageHandlers[$channelHandlerName$];
  document.addEventListener($callEventName$, function (event) {
    event.preventDefault();
    handler.postMessage(String(event.detail));
  }, true);
  document.dispatchEvent(new CustomEvent($readyEventName$));
})();
