import Dialects
import JSONModel

/// The reference native bridge in dialects whose messages are not classic
/// WVJB's (the profile's calling convention aside, see NativeBridge.swift):
/// typed messages with one id per request (Flutter
/// wrappers, ``TypedMessages``) and host objects called with a message's
/// parts (JsBridge 2.x, ``HostObjectCalls``).
extension NativeBridge {
  // MARK: - Typed messages

  /// ``callHandler(_:data:responseCallback:)`` in a typed dialect: every
  /// request carries an id, the next of this side's count (a number from 0
  /// for counter ids, `objc_cb_<N>` for string ids); the callback, if any,
  /// is kept under it.
  func callHandlerWithTypedID(_ name: String, data: JSONValue?, responseCallback: ResponseCallback?) {
    let number = callbackCounter
    callbackCounter += 1
    let id: JSONValue
    if options.profile.typedMessages?.ids == .counter {
      id = .number(Double(number))
      if let responseCallback { pendingCounterCallbacks[number] = responseCallback }
    } else {
      let text = "objc_cb_\(number + 1)"
      id = .string(text)
      if let responseCallback { pendingCallbacks[ExactName(text)] = responseCallback }
    }
    var message = faults.request(handlerName: name, data: data, callbackID: nil)
    message["callbackId"] = id
    send(message)
  }

  /// The pending callback of a counter id (removed), or nil when `id` is
  /// not a counter this side issued and still waits for.
  func takeCounterCallback(_ id: JSONValue) -> ResponseCallback? {
    guard options.profile.typedMessages?.ids == .counter, case .number(let value) = id, value >= 0,
      value < 9_007_199_254_740_992, value.rounded() == value
    else { return nil }
    return pendingCounterCallbacks.removeValue(forKey: Int(value))
  }

  /// Whether `message` is a typed dialect's answer to a request for a
  /// missing page handler (a response with an `error` member and no
  /// `responseData`): the callback is released without being called.
  func settlesWithoutAnswer(_ message: JSONObject, responseID: JSONValue) -> Bool {
    guard options.profile.typedMessages?.error != nil, message["error"] != nil, message["responseData"] == nil else {
      return false
    }
    var released = takeCounterCallback(responseID) != nil
    if case .string(let id) = responseID {
      released = pendingCallbacks.removeValue(forKey: ExactName(id)) != nil || released
    }
    log(
      .warning, .noHandler,
      "the page has no handler for \(LogText.describe(message["handlerName"])) (request \(LogText.describe(responseID)))"
        + (released ? "; its callback is released" : ""))
    return true
  }

  // MARK: - Host-object calls

  /// Adds the host object of a dialect whose calls carry a message's parts:
  /// the signal's method, the answer method and, with handler methods, one
  /// method per native handler. Called again when the handlers change: the
  /// latest definition is the one the next page gets, as an app re-adding
  /// its JavaScript interface.
  func installHostObjectCalls() {
    guard let (signal, _) = options.profile.hostObjectCalls else { return }
    let methods = options.profile.hostObjectMethods(handlers: handlers.keys.map(\.string))
    webView.addJavascriptInterface(named: signal.name, methods: methods, asynchronous: false) {
      [weak self] method, arguments in
      self?.hostObjectCalled(method, arguments: arguments)
    }
  }

  /// Re-adds the host object when its methods follow the handlers.
  func refreshHostObjectMethods() {
    guard options.profile.hostObjectCalls?.calls.handlerMethods == true else { return }
    installHostObjectCalls()
  }

  /// One call of the host object: the message it carries is received like
  /// any other. The call returns nothing: answers go back later as
  /// messages, when the handler answers (a page of the dialect must accept
  /// both), so that a handler decides when it answers.
  private func hostObjectCalled(_ method: String, arguments: [JSONValue?]) -> JSONValue? {
    switch options.profile.hostCallContent(method: method, arguments: arguments) {
    case .message(let message):
      receive(message)
    case .malformed(let reason):
      log(.warning, .malformedQueue, "a host-object call carried no message: \(reason)")
    }
    return nil
  }
}
