/// The scripts the native bridge puts into the page.
enum PageInjection {
  /// The page handler that switches the page to synchronous dispatch.
  static let safetyTimeoutHandlerName = "_disableJavascriptAlertBoxSafetyTimeout"
  /// The script message body that means `__bridge_loaded__` in the
  /// `messageHandlers` transport (any other body is a queue signal).
  static let bridgeLoadedSignal = "__bridge_loaded__"
  /// Name of the document-start user script (options + page bridge).
  static let userScriptName = "bridgecheck-native-bridge-injection.js"
  /// Name of the document-end user script that announces the bridge.
  static let announceScriptName = "bridgecheck-native-bridge-announce.js"

  /// `window.WVJBReferenceOptions = {…};` for `options`. Strings are written
  /// as escaped single-quoted literals, so the prefix is valid in any engine
  /// whatever the handler name contains.
  static func optionsPrefix(for options: NativeBridgeOptions) -> String {
    var members = ["transport: '\(options.transport.pageOptionName)'"]
    if case .messageHandlers(let name) = options.transport {
      members.append("messageHandlerName: '\(javaScriptStringLiteralBody(name))'")
    }
    members.append("answerMissingHandler: \(options.answerMissingHandler)")
    return "window.WVJBReferenceOptions = {\(members.joined(separator: ", "))};"
  }

  /// The options prefix followed by the page bridge, as one script.
  /// The page bridge alone when the native side does not configure it
  /// (under the harness).
  static func injectionScript(for options: NativeBridgeOptions) -> String {
    options.configuresPageBridge
      ? optionsPrefix(for: options) + "\n" + options.pageBridgeScript : options.pageBridgeScript
  }

  /// The document-end user script of document-start injection: tells the
  /// native side, over the transport, that the page bridge is in this page.
  /// It never throws into the page.
  static func announceScript(for options: NativeBridgeOptions) -> String? {
    switch options.transport {
    case .channel, .hostObject, .prompt:
      return nil
    case .iframe, .location:
      return """
        (function () {
          try {
            var frame = document.createElement('iframe');
            frame.style.display = 'none';
            frame.src = '\(javaScriptStringLiteralBody(options.profile.bridgeLoadedURL))';
            document.documentElement.appendChild(frame);
            document.documentElement.removeChild(frame);
          } catch (error) {}
        })();
        """
    case .messageHandlers(let name):
      return """
        (function () {
          try {
            window.webkit.messageHandlers['\(javaScriptStringLiteralBody(name))'].postMessage('\(bridgeLoadedSignal)');
          } catch (error) {}
        })();
        """
    }
  }
}
