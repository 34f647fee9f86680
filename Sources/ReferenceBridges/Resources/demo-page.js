// Demo page script. Expects page-setup-snippet.js to have been loaded first.
setupWebViewJavascriptBridge(function (bridge) {
  // Native code can call this page handler; it answers with what it received.
  bridge.registerHandler('pageEcho', function (data, responseCallback) {
    if (responseCallback) {
      responseCallback({ echo: data });
    }
  });

  bridge.callHandler('nativeGreeting', { from: 'page' }, function (response) {
    console.log('nativeGreeting answered: ' + JSON.stringify(response));
  });
});
