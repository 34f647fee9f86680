import JSONModel

/// How a dialect's page API is called and how its messages and answers are
/// laid out, where that is not classic WVJB's `callHandler(name, data,
/// callback)` with a `{handlerName, data, callbackId}` message and a
/// `{responseId, responseData}` answer message. The profile member
/// `convention` (docs/protocol.md section 9.1); every choice defaults to
/// classic WVJB and is independent of the others unless
/// ``ProfileReader`` says otherwise.
///
/// Home-made bridges of the family keep the protocol (a request, an
/// optional callback id, one answer per id) and change its shape: the
/// mushao bridge puts the handler name in the signal URL and the callback
/// id inside the data, and answers through a function called with
/// `(id, value)`; the module/action bridge splits the handler name into two
/// record members, names the page function its answers go to, and takes
/// the answer to a native call from the evaluation's completion value.
package struct CallingConvention: Sendable, Hashable {
  /// How page code calls a native handler through `names.callHandler`.
  package var pageCall: PageCallShape
  /// ``PageCallShape/paramsCallback`` only: the member of the params
  /// object that holds the callback function (`callBack`).
  package var callbackKey: String
  /// How page code registers a handler the native side calls.
  package var pageRegister: PageRegisterShape
  /// Where a page-to-native request carries its handler name.
  package var handlerName: HandlerNamePlacement
  /// Where a page-to-native request carries its callback id.
  package var callbackId: CallbackIdPlacement
  /// How an answer to a page request reaches the page.
  package var answers: AnswerDelivery
  /// How the native side calls a page handler, and how it gets the answer.
  package var nativeCalls: NativeCallDelivery

  /// Creates a convention; every parameter defaults to classic WVJB.
  package init(
    pageCall: PageCallShape = .wvjb, callbackKey: String = "callBack", pageRegister: PageRegisterShape = .wvjb,
    handlerName: HandlerNamePlacement = .field, callbackId: CallbackIdPlacement = .message,
    answers: AnswerDelivery = .message, nativeCalls: NativeCallDelivery = .message
  ) {
    self.pageCall = pageCall
    self.callbackKey = callbackKey
    self.pageRegister = pageRegister
    self.handlerName = handlerName
    self.callbackId = callbackId
    self.answers = answers
    self.nativeCalls = nativeCalls
  }

  /// Classic WVJB.
  package static let classic = CallingConvention()

  /// Whether the native side can call the page at all.
  package var nativeCanCallPage: Bool { nativeCalls != .none }

  /// Whether messages and answers are laid out as classic WVJB's (only the
  /// page API's shape differs, if anything): such a convention goes with
  /// any message form, typed messages and host-object calls included.
  package var keepsClassicWire: Bool {
    handlerName == .field && callbackId == .message && answers == .message && nativeCalls == .message
  }
}

/// How page code calls a native handler.
package enum PageCallShape: String, Sendable, Hashable, CaseIterable {
  /// `callHandler(name, data?, callback?)` (classic WVJB).
  case wvjb
  /// `callHandler(name, params)`, the callback function in
  /// `params[callbackKey]` (mushao's `invoke(methodName, {…, callBack})`).
  case paramsCallback = "params-callback"
  /// `callHandler(record, callback?)`: the record holds the handler name
  /// (its field, or its split fields) and the data under the data field
  /// (`callNative({module, action, params}, callback)`).
  case record
  /// `callHandler(name, data?)` takes no callback and returns a Promise
  /// that settles with the answer's data (the ES2017 script of Flutter
  /// wrappers: `let result = await bridge.callHandler(name, data)`).
  case promise
}

/// How page code registers a handler for the native side.
package enum PageRegisterShape: String, Sendable, Hashable, CaseIterable {
  /// `registerHandler(name, fn(data, responseCallback))` (classic WVJB).
  case wvjb
  /// `registerHandler(name, fn(data))`: the handler's return value is its
  /// answer (`registerHandlerForNative`); it cannot answer later.
  case returning
  /// `registerHandler(name, fn(data))`: the handler's return value, awaited
  /// when it is a Promise, is its answer, sent as an answer message when it
  /// settles (`let data = await handler(message.data)`); a Promise that
  /// never settles leaves the request unanswered.
  case awaited
  /// The page cannot register handlers: the dialect only calls native code.
  case none
}

/// Where a page-to-native request carries its handler name.
package enum HandlerNamePlacement: Sendable, Hashable {
  /// In the message's handler-name field (classic WVJB).
  case field
  /// In the signal URL, between the signal URL and the payload, as
  /// `encodeURIComponent(name)` followed by `separator`
  /// (`mushao://<name>://<payload>`). Navigation signals carrying one
  /// message each only.
  case urlPath(separator: String)
  /// Split at the first `separator` into the message members `fields`
  /// (`module.action` → `{module, action}`); a name without the separator
  /// has only its last member (`action`).
  case split(fields: [String], separator: String)
}

/// Where a page-to-native request carries its callback id.
package enum CallbackIdPlacement: String, Sendable, Hashable, CaseIterable {
  /// A member of the message (classic WVJB).
  case message
  /// A member of the data object (mushao's `params.callBackId`): the data
  /// of a request with a callback is always a JSON object.
  case data
}

/// How the native side's answer to a page request reaches the page.
package enum AnswerDelivery: Sendable, Hashable {
  /// A `{responseId, responseData}` message delivered like any other
  /// (classic WVJB).
  case message
  /// The native side evaluates `function('<id>', <value>)`: `function` is a
  /// dotted path of identifiers (`MSF_JsBridge.nativeCallBackToJs`); with
  /// `field`, each request names its own function in that member
  /// (`callbackFunction`), and `function` is what the page writes there.
  case functionCall(function: String, field: String?)
}

/// How the native side calls a page handler.
package enum NativeCallDelivery: Sendable, Hashable {
  /// A `{handlerName, data, callbackId}` message, answered by a response
  /// message (classic WVJB).
  case message
  /// The native side evaluates `function('<name>', <data>)` (the data in
  /// the form of `delivery`, left out when absent), and the evaluation's
  /// completion value is the page handler's answer
  /// (`nativeCallDispatcher(handlerName, 'json')`).
  case functionCall(function: String)
  /// The native side cannot call the page at all.
  case none
}

extension BridgeProfile {
  /// The request member naming the page function an answer goes to, when
  /// the convention has one (`callbackFunction`).
  package var answerFunctionField: String? {
    if case .functionCall(_, let field) = convention.answers { return field }
    return nil
  }

  /// Whether the page's answer to `message` (classic names), a native
  /// request, is the completion value of the script that delivers it.
  package func answersByCompletionValue(_ message: JSONObject) -> Bool {
    guard case .functionCall = convention.nativeCalls else { return false }
    return message["responseId"] == nil
  }
}

extension CallingConvention {
  /// What the convention changes from WVJB, in a few words each, for
  /// `bridgecheck profiles` (empty for classic WVJB).
  package var differences: [String] {
    var words: [String] = []
    if pageCall != .wvjb { words.append("\(pageCall.rawValue) calls") }
    if pageRegister == .awaited { words.append("page handlers answer with their awaited return value") }
    switch handlerName {
    case .field: break
    case .urlPath: words.append("handler name in the URL")
    case .split(let fields, _): words.append("handler name split into \(fields.joined(separator: "/"))")
    }
    if callbackId == .data { words.append("callback id in the data") }
    if case .functionCall(let function, _) = answers { words.append("answers by \(function)(id, value)") }
    switch nativeCalls {
    case .message: break
    case .functionCall(let function): words.append("native calls by \(function)(name, data), answered by their value")
    case .none: words.append("the native side cannot call the page")
    }
    return words
  }
}
