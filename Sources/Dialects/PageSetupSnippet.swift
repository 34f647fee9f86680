/// A page's own setup code in a dialect: the function the page calls with
/// a callback that wants the bridge (`setupWebViewJavascriptBridge`). It
/// belongs to the page, not to the bridge, and is written from the
/// profile: the global it waits for, the callbacks array it keeps, and how
/// it asks for injection (a navigation to the bridge-loaded URL, a post to
/// the injection handler, or nothing when the native side injects anyway).
package enum PageSetupSnippet {
  /// The snippet, or nil when the dialect has no setup function.
  package static func source(for profile: BridgeProfile) -> String? {
    guard let function = profile.names.setupFunction, let array = profile.names.callbacksArray else { return nil }
    let global = profile.names.global
    let request: String
    switch profile.injectionModes.first {
    case .bridgeLoaded?:
      request = """
          var loader = document.createElement('iframe');
          loader.style.display = 'none';
          loader.src = \(quoted(profile.bridgeLoadedURL));
          document.documentElement.appendChild(loader);
          setTimeout(function () { document.documentElement.removeChild(loader); }, 0);
        """
    case .onPost?:
      request = "    window.webkit.messageHandlers[\(quoted(profile.injectHandlerName))].postMessage(null);"
    default:
      request = "    // The native side injects the bridge by itself."
    }
    return """
      // The page's own start-up code in the dialect \(profile.name) (not part of the bridge).
      function \(function)(callback) {
        if (window.\(global)) {
          callback(window.\(global));
          return;
        }
        if (window.\(array)) {
          window.\(array).push(callback);
          return;
        }
        window.\(array) = [callback];
      \(request)
      }
      """
  }

  private static func quoted(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": out += "\\'"
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "'"
  }
}
