import JSONModel

/// Reading, writing and checking the profile member `convention`
/// (``CallingConvention``).
extension ProfileReader {
  static let conventionMembers = ["pageCall", "pageRegister", "handlerName", "callbackId", "answers", "nativeCalls"]

  mutating func readConvention(_ value: JSONValue, at pointer: JSONPointer) -> CallingConvention {
    var convention = CallingConvention.classic
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object",
        hint: "e.g. {\"pageCall\": {\"kind\": \"wvjb\"}, \"answers\": {\"kind\": \"message\"}}")
      return convention
    }
    for key in object.keys where !Self.conventionMembers.contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown member \"\(key)\"",
        hint: "members: \(Self.conventionMembers.joined(separator: ", "))")
    }
    if let call = object["pageCall"] { readPageCall(call, at: pointer.appending("pageCall"), into: &convention) }
    if let register = object["pageRegister"] {
      convention.pageRegister = choice(register, at: pointer.appending("pageRegister"), PageRegisterShape.self) ?? .wvjb
    }
    if let name = object["handlerName"] {
      convention.handlerName = readHandlerName(name, at: pointer.appending("handlerName"))
    }
    if let id = object["callbackId"] {
      convention.callbackId = choice(id, at: pointer.appending("callbackId"), CallbackIdPlacement.self) ?? .message
    }
    if let answers = object["answers"] { convention.answers = readAnswers(answers, at: pointer.appending("answers")) }
    if let calls = object["nativeCalls"] {
      convention.nativeCalls = readNativeCalls(calls, at: pointer.appending("nativeCalls"))
    }
    return convention
  }

  private mutating func kindObject(
    _ value: JSONValue, at pointer: JSONPointer, members: [String: [String]], example: String
  )
    -> (kind: String, object: JSONObject)?
  {
    guard let object = value.objectValue, let kind = object["kind"]?.stringValue else {
      problem(pointer, "wrong-type", "must be an object with a \"kind\"", hint: "e.g. \(example)")
      return nil
    }
    guard let allowed = members[kind] else {
      problem(
        pointer.appending("kind"), "unknown-value", "must be one of the known names",
        hint: "allowed: \(members.keys.sorted().joined(separator: ", "))")
      return nil
    }
    for key in object.keys where key != "kind" && !allowed.contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "\(kind) has no \"\(key)\"",
        hint: "its members: kind" + allowed.map { ", " + $0 }.joined())
    }
    return (kind, object)
  }

  private mutating func readPageCall(
    _ value: JSONValue, at pointer: JSONPointer, into convention: inout CallingConvention
  ) {
    if case .string = value {
      convention.pageCall = choice(value, at: pointer, PageCallShape.self) ?? .wvjb
      if convention.pageCall == .paramsCallback {
        problem(
          pointer, "missing-field", "params-callback names the member holding the callback",
          hint: "{\"kind\": \"params-callback\", \"callbackKey\": \"callBack\"}")
      }
      return
    }
    let members = ["wvjb": [String](), "params-callback": ["callbackKey"], "record": [], "promise": []]
    guard let (kind, object) = kindObject(value, at: pointer, members: members, example: "{\"kind\": \"wvjb\"}") else {
      return
    }
    convention.pageCall = PageCallShape(rawValue: kind) ?? .wvjb
    if convention.pageCall == .paramsCallback {
      convention.callbackKey = string(object, "callbackKey", at: pointer, required: true) ?? convention.callbackKey
    }
  }

  private mutating func readHandlerName(_ value: JSONValue, at pointer: JSONPointer) -> HandlerNamePlacement {
    if value == .string("field") { return .field }
    let members = ["field": [String](), "url-path": ["separator"], "split": ["fields", "separator"]]
    guard
      let (kind, object) = kindObject(
        value, at: pointer, members: members, example: "{\"kind\": \"url-path\", \"separator\": \"://\"}")
    else { return .field }
    switch kind {
    case "url-path":
      return .urlPath(separator: string(object, "separator", at: pointer, required: true) ?? "://")
    case "split":
      let separator = string(object, "separator", at: pointer, required: true) ?? "."
      let names = object["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []
      guard names.count >= 2, names.count == object["fields"]?.arrayValue?.count, Set(names).count == names.count,
        !names.contains("")
      else {
        problem(
          pointer.appending("fields"), "duplicate-name", "must name two or more distinct message members",
          hint: "e.g. [\"module\", \"action\"]: module.action is sent as {\"module\": …, \"action\": …}")
        return .split(fields: ["module", "action"], separator: separator)
      }
      return .split(fields: names, separator: separator)
    default:
      return .field
    }
  }

  private mutating func readAnswers(_ value: JSONValue, at pointer: JSONPointer) -> AnswerDelivery {
    if value == .string("message") { return .message }
    let members = ["message": [String](), "function-call": ["function", "functionField"]]
    let example = "{\"kind\": \"function-call\", \"function\": \"MyBridge.callback\"}"
    guard let (kind, object) = kindObject(value, at: pointer, members: members, example: example),
      kind == "function-call"
    else { return .message }
    let function = functionPath(object, "function", at: pointer) ?? "callback"
    var field: String?
    if let named = object["functionField"], named != .null {
      field = nonEmpty(named, at: pointer.appending("functionField"))
    }
    return .functionCall(function: function, field: field)
  }

  private mutating func readNativeCalls(_ value: JSONValue, at pointer: JSONPointer) -> NativeCallDelivery {
    if value == .string("message") { return .message }
    if value == .string("none") { return .none }
    let members = ["message": [String](), "none": [], "function-call": ["function"]]
    let example = "{\"kind\": \"function-call\", \"function\": \"nativeCallDispatcher\"}"
    guard let (kind, object) = kindObject(value, at: pointer, members: members, example: example) else {
      return .message
    }
    switch kind {
    case "none": return .none
    case "function-call": return .functionCall(function: functionPath(object, "function", at: pointer) ?? "dispatch")
    default: return .message
    }
  }

  /// A member that is a dotted path of identifiers, optionally from
  /// `window.` (the native side evaluates `path(…)`).
  private mutating func functionPath(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    guard let path = string(object, key, at: pointer, required: true) else { return nil }
    guard CallingConvention.isFunctionPath(path) else {
      problem(
        pointer.appending(key), "bad-identifier", "must be a dotted path of JavaScript identifiers",
        hint: "the native side evaluates `<path>(…)`, e.g. \"window.MyBridge.callbackDispatcher\"")
      return nil
    }
    return path
  }

  /// The checks of the convention against the rest of the profile.
  mutating func checkCallingConvention(_ profile: BridgeProfile) {
    let at = JSONPointer.root.appending("convention")
    let convention = profile.convention
    if !convention.keepsClassicWire, profile.typedMessages != nil || profile.hostObjectCalls != nil {
      // Each lays a message out in its own way; bridgecheck does not combine them. The page API's
      // shape (pageCall, pageRegister) goes with any message form.
      problem(
        at, "conflicting-members",
        "a calling convention that lays messages out otherwise (handlerName, callbackId, answers, nativeCalls) cannot go with typed messages or host-object calls with a message's parts",
        hint:
          "keep only \"pageCall\" and \"pageRegister\" in \"convention\", or remove \"typedMessages\" and the signal's handlerMethods, answerMethod and returnAnswers"
      )
    }
    if case .urlPath = convention.handlerName {
      if profile.queue != .perMessage || profile.signals.contains(where: { !$0.kind.isNavigation }) {
        problem(
          at.appending("handlerName"), "conflicting-members",
          "a handler name in the signal URL needs navigation signals that carry one message each",
          hint: "use iframe or location signals and \"queue\": {\"return\": \"per-message\"}")
      }
    }
    switch (convention.nativeCalls, convention.pageRegister) {
    case (.none, .none), (.functionCall, .returning), (.message, .wvjb), (.message, .awaited): break
    case (.none, _):
      problem(
        at.appending("pageRegister"), "conflicting-members", "a page the native side cannot call registers no handlers",
        hint: "set \"pageRegister\" to \"none\"")
    case (.functionCall, _):
      problem(
        at.appending("pageRegister"), "conflicting-members",
        "the answer to a native function call is the handler's return value",
        hint: "set \"pageRegister\" to \"returning\"")
    case (.message, _):
      problem(
        at.appending("pageRegister"), "conflicting-members",
        "native calls as messages are answered through a response callback",
        hint:
          "set \"pageRegister\" to \"wvjb\" or \"awaited\", or make \"nativeCalls\" a function call (returning) or none"
      )
    }
    if profile.encoding == .object && profile.queue != .fetch
      && profile.signals.contains(where: { $0.kind != .messageHandlers })
    {
      problem(
        JSONPointer.root.appending("queue").appending("encoding"), "conflicting-members",
        "only a script message or a fetch call's value can carry an object",
        hint: "use message-handlers signals or \"return\": \"fetch\", or a text encoding (json, uri-json)")
    }
  }
}

extension CallingConvention {
  /// Whether `path` is a dotted path of identifiers (`window.A.b`).
  package static func isFunctionPath(_ path: String) -> Bool {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.allSatisfy { ProfileReader.isIdentifier(String($0)) }
  }

  /// The convention as the profile member `convention` writes it.
  package var json: JSONValue {
    var object = JSONObject()
    var call: JSONObject = ["kind": .string(pageCall.rawValue)]
    if pageCall == .paramsCallback { call["callbackKey"] = .string(callbackKey) }
    object["pageCall"] = .object(call)
    object["pageRegister"] = .string(pageRegister.rawValue)
    switch handlerName {
    case .field: object["handlerName"] = ["kind": "field"]
    case .urlPath(let separator): object["handlerName"] = ["kind": "url-path", "separator": .string(separator)]
    case .split(let fields, let separator):
      object["handlerName"] = [
        "kind": "split", "fields": .array(fields.map(JSONValue.string)), "separator": .string(separator),
      ]
    }
    object["callbackId"] = .string(callbackId.rawValue)
    switch answers {
    case .message: object["answers"] = ["kind": "message"]
    case .functionCall(let function, let field):
      object["answers"] = [
        "kind": "function-call", "function": .string(function), "functionField": BridgeProfile.optional(field),
      ]
    }
    switch nativeCalls {
    case .message: object["nativeCalls"] = ["kind": "message"]
    case .functionCall(let function): object["nativeCalls"] = ["kind": "function-call", "function": .string(function)]
    case .none: object["nativeCalls"] = ["kind": "none"]
    }
    return .object(object)
  }
}
