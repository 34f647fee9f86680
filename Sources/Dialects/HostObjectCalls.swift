import JSONModel

/// How a page calls a host object whose methods take a message's parts as
/// arguments, instead of one encoded message (Android JsBridge 2.x): the
/// data as JSON text and the id as a second argument.
///
/// - A request for handler `H` calls `name.H(dataJSON, callbackId)` when
///   ``handlerMethods`` is on and the host object has a method `H` of its
///   own; otherwise the signal's method, `name.method(messageJSON,
///   callbackId)`, with the message `{handlerName, data?}`. Without a
///   ``genericMethod`` (profile: `"method": null`; JsBridge 2.x) there is no
///   otherwise: a handler is reached only as a method named after it, so a
///   handler whose name is not an identifier (``isHandlerMethodName(_:)``)
///   cannot be a native handler of the dialect.
/// - An answer to a native request calls `name.answerMethod(dataJSON,
///   responseId)`.
/// - `dataJSON` is `undefined` when the message has no data; the id is `''`
///   when the request wants no answer.
/// - With ``returnAnswers``, a string that a request's call returns is the
///   JSON text of the answer, at once; anything else means the answer, if
///   any, comes later as a message.
package struct HostObjectCalls: Sendable, Hashable {
  /// Whether requests call a method named after the handler.
  package var handlerMethods: Bool
  /// The method answers go to (`response`).
  package var answerMethod: String
  /// Whether a string returned by a request's call answers it at once.
  package var returnAnswers: Bool
  /// Whether the signal's method takes the requests that have no handler
  /// method (`{handlerName, data}` as JSON text); false when the profile
  /// says `"method": null`.
  package var genericMethod: Bool

  /// Creates the description; the defaults are JsBridge 2.x's.
  package init(
    handlerMethods: Bool = true, answerMethod: String = "response", returnAnswers: Bool = true,
    genericMethod: Bool = false
  ) {
    self.handlerMethods = handlerMethods
    self.answerMethod = answerMethod
    self.returnAnswers = returnAnswers
    self.genericMethod = genericMethod
  }

  /// Whether a handler named `name` can be a method of a host object that
  /// a page reaches as `host.<name>` (a JavaScript identifier name: a
  /// letter, `$` or `_`, then letters, digits, `$` or `_`; Unicode letters
  /// count, as they do in Java's method names and JavaScript's property
  /// accesses).
  package static func isHandlerMethodName(_ name: String) -> Bool {
    var scalars = name.unicodeScalars.makeIterator()
    guard let first = scalars.next(), first == "$" || first == "_" || first.properties.isIDStart else { return false }
    while let scalar = scalars.next() {
      guard scalar == "$" || scalar == "_" || scalar.properties.isIDContinue else { return false }
    }
    return true
  }

  /// The members it adds to a `host-object` signal in a profile file.
  package static let members = ["handlerMethods", "answerMethod", "returnAnswers"]
}

/// What one host-object call carried, read in classic terms.
package enum HostCallContent: Sendable, Hashable {
  /// A message with classic field names.
  case message(JSONObject)
  /// Arguments that are no message of the dialect, with the reason.
  case malformed(String)
}

extension BridgeProfile {
  /// The host-object signal whose calls carry a message's parts, if any.
  package var hostObjectCalls: (signal: SignalMechanism, calls: HostObjectCalls)? {
    guard let signal = signal(.hostObject), let calls = signal.hostCalls else { return nil }
    return (signal, calls)
  }

  /// The methods the native side's host object has for `handlers` (the
  /// names a page calls): the signal's method, the answer method and, with
  /// handler methods, one per handler whose name is a JavaScript identifier
  /// and not one of the other two; sorted, so every side writes the same.
  package func hostObjectMethods(handlers: [String]) -> [String] {
    guard let (signal, calls) = hostObjectCalls else { return [] }
    let fixed = (calls.genericMethod ? [signal.method] : []) + [calls.answerMethod]
    let named =
      calls.handlerMethods ? handlers.filter { HostObjectCalls.isHandlerMethodName($0) && !fixed.contains($0) } : []
    return fixed + Set(named).sorted()
  }

  /// Whether a page call of handler `name` can reach a native handler in
  /// this dialect: false only when requests reach native code as host
  /// methods named after their handlers, with no generic method, and
  /// `name` cannot be such a method.
  package func pageCallCanReachNative(_ name: String) -> Bool {
    guard let (_, calls) = hostObjectCalls, calls.handlerMethods, !calls.genericMethod else { return true }
    return HostObjectCalls.isHandlerMethodName(name)
  }

  /// The message that a call of `method` on the host object carried, in
  /// classic terms, or why it carries none. `arguments` are the call's, as
  /// JSON (nil for `undefined`).
  package func hostCallContent(method: String, arguments: [JSONValue?]) -> HostCallContent {
    guard let (signal, calls) = hostObjectCalls else { return .malformed("the dialect has no host-object calls") }
    let text = arguments.first ?? nil
    var data: JSONValue?
    if let text {
      guard case .string(let json) = text else {
        return .malformed("\(method)(…): the first argument is not JSON text")
      }
      guard let parsed = try? JSONValue.parse(json) else {
        return .malformed("\(method)(…): the first argument is not JSON")
      }
      data = parsed
    }
    let id: JSONValue? = arguments.count > 1 ? arguments[1] : nil
    let givenID = id.flatMap { $0 == .string("") ? nil : $0 }
    if method == calls.answerMethod {
      var message: JSONObject = ["responseId": id ?? .null]
      if let data { message["responseData"] = data }
      return .message(message)
    }
    if calls.genericMethod, method == signal.method {
      guard case .object(let wire)? = data else { return .malformed("\(method)(…): the message is not a JSON object") }
      var message = fromWire(wire)
      if let givenID { message["callbackId"] = givenID }
      return .message(message)
    }
    var message: JSONObject = ["handlerName": .string(method)]
    if let data { message["data"] = data }
    if let givenID { message["callbackId"] = givenID }
    return .message(message)
  }
}
