import Dialects
import JSONModel
import WebViewHosting

/// Native -> page: messages held in the start-up queue or evaluated in the page.
extension NativeBridge {
  func send(_ message: JSONObject) {
    if options.profile.startupQueue == .none && !injectedSinceReset {
      // The dialect's native side keeps no start-up queue: it evaluates the
      // message at once, into a page without the bridge.
      log(
        .warning, .sentBeforeInjection,
        "sent before the page bridge was injected, and the dialect \(options.profile.name) keeps no start-up queue: "
          + "\(Self.summary(of: message)) reaches a page without the bridge")
    }
    if startupQueue != nil {
      startupQueue?.append(message)
      log(.debug, .startupQueued, "held until injection: \(Self.summary(of: message))")
      return
    }
    deliver(message)
  }

  func deliver(_ message: JSONObject) {
    let script = faults.deliveryScript(for: message, profile: options.profile)
    let answeredByValue = options.profile.answersByCompletionValue(message)
    if answeredByValue {
      webView.evaluateJavaScript(script) { [weak self] result in
        guard let self else { return }
        switch result {
        case .failure(let error):
          self.log(.warning, .sendFailed, "delivering \(Self.summary(of: message)) failed: \(error)")
        case .success(let value):
          // The page handler's answer is the evaluation's value (convention `nativeCalls`: function-call).
          if let id = message["callbackId"] {
            var response: JSONObject = ["responseId": id]
            if let value { response["responseData"] = value }
            self.receive(response)
          }
        }
      }
    } else {
      webView.evaluateJavaScript(
        script,
        onFailure: { [weak self] error in
          self?.log(.warning, .sendFailed, "delivering \(Self.summary(of: message)) failed: \(error)")
        })
    }
    // Logged after the evaluation is scheduled, so that a log handler that
    // sends a message cannot overtake this one.
    log(.debug, .sent, "\(Self.summary(of: message)), \(script.utf8.count) bytes of script")
  }

  static func summary(of message: JSONObject) -> String {
    if let responseID = message["responseId"] {
      return "response to \(LogText.describe(responseID))"
    }
    var text = "request \(LogText.describe(message["handlerName"]))"
    if let callbackID = message["callbackId"] { text += " with callbackId \(LogText.describe(callbackID))" }
    if message["data"] == nil { text += " (no data)" }
    return text
  }
}
