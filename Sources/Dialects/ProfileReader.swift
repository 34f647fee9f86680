import JSONModel

/// Reads a profile object member by member, collecting every problem.
struct ProfileReader {
  let file: String
  private(set) var problems: [JSONFileProblem] = []

  init(file: String) { self.file = file }

  /// Records a problem: `code` is one of the profile codes in docs/file-problems.md.
  mutating func problem(_ pointer: JSONPointer, _ code: String, _ message: String, hint: String? = nil) {
    problems.append(JSONFileProblem(file: file, pointer: pointer, code: code, message: message, hint: hint))
  }

  // MARK: - The profile

  mutating func read(_ value: JSONValue) -> BridgeProfile {
    var profile = BridgeProfile.classic
    guard let object = value.objectValue else {
      problem(.root, "wrong-type", "a profile is a JSON object", hint: "see conformance/profiles/wvjb-classic.json")
      return profile
    }
    let known = BridgeProfile.fileFields + BridgeProfile.legacyFileFields
    for key in object.keys where !known.contains(key) {
      problem(
        .root.appending(key), "unknown-field", "unknown member \"\(key)\"",
        hint: "profile members: \(BridgeProfile.fileFields.filter { $0 != "$schema" }.joined(separator: ", "))")
    }
    let root = JSONPointer.root
    if object["name"] == nil {
      problem(
        root.appending("name"), "missing-field", "missing: a profile is known by its name",
        hint:
          "add \"name\": a short name of the dialect, e.g. \"my-bridge\" (reports, expectation files and hints quote it)"
      )
    }
    profile.name = string(object, "name", at: root) ?? profile.name
    profile.summary = string(object, "description", at: root, allowEmpty: true) ?? ""
    if let describes = object["describes"] {
      profile.describes = readDescribes(describes, at: root.appending("describes"))
    }
    checkLegacyMembers(object)
    readLegacy(object, into: &profile)
    if let names = object["names"] { readNames(names, at: root.appending("names"), into: &profile.names) }
    if let fields = object["fields"] { profile.fields = readFields(fields, at: root.appending("fields")) }
    if let signals = object["signals"] { profile.signals = readSignals(signals, at: root.appending("signals")) }
    if let queue = object["queue"] { readQueue(queue, at: root.appending("queue"), into: &profile) }
    if let delivery = object["delivery"] {
      profile.delivery = choice(delivery, at: root.appending("delivery"), DeliveryArgument.self) ?? profile.delivery
    }
    if let injections = object["injections"] {
      readInjections(injections, at: root.appending("injections"), into: &profile)
    }
    if let handshake = object["handshake"] {
      profile.handshake = choice(handshake, at: root.appending("handshake"), StartupHandshake.self) ?? profile.handshake
    }
    if let dispatch = object["dispatch"] { readDispatch(dispatch, at: root.appending("dispatch"), into: &profile) }
    if let userAgent = object["userAgent"], userAgent != .null {
      profile.userAgent = nonEmpty(userAgent, at: root.appending("userAgent"))
    }
    if let typed = object["typedMessages"], typed != .null {
      profile.typedMessages = readTypedMessages(typed, at: root.appending("typedMessages"))
    }
    if let convention = object["convention"] {
      profile.convention = readConvention(convention, at: root.appending("convention"))
    }
    if let startup = object["startupQueue"] {
      profile.startupQueue = choice(startup, at: root.appending("startupQueue"), StartupQueue.self) ?? .afterInjection
    }
    if let twoArgument = object["twoArgumentCall"] {
      if case .bool(let flag) = twoArgument {
        profile.twoArgumentCall = flag
      } else {
        problem(
          root.appending("twoArgumentCall"), "wrong-type", "must be true or false",
          hint:
            "false when callHandler(name, fn) takes fn as data (the page API has only callHandler(name, data, callback))"
        )
      }
    }
    if let callbackData = object["callbackData"] {
      profile.callbackData = choice(callbackData, at: root.appending("callbackData"), CallbackData.self) ?? .value
    }
    if let peers = object["peers"] { profile.peers = readPeers(peers, at: root.appending("peers")) }
    return profile
  }

  /// The flat members of the earlier format.
  private mutating func readLegacy(_ object: JSONObject, into profile: inout BridgeProfile) {
    let root = JSONPointer.root
    if let name = identifier(object, "globalName", at: root) { profile.names.global = name }
    if let name = identifier(object, "fetchQueueFunction", at: root) { profile.names.fetchQueue = name }
    if let name = identifier(object, "handleMessageFunction", at: root) { profile.names.handleMessage = name }
    if let url = string(object, "bridgeLoadedURL", at: root) { profile.bridgeLoadedURL = url }
    let queueURL = string(object, "queueMessageURL", at: root) ?? BridgeProfile.classicQueueURL
    let handlerName = string(object, "messageHandlerName", at: root) ?? profile.names.global
    if let transports = object["transports"] {
      let kinds = list(
        transports, at: root.appending("transports"), Transport.self, allowed: [.iframe, .messageHandlers])
      profile.signals = kinds.map { kind in
        kind == .iframe ? SignalMechanism(kind: .iframe, url: queueURL) : SignalMechanism(kind: kind, name: handlerName)
      }
    } else if object["queueMessageURL"] != nil || object["messageHandlerName"] != nil {
      profile.signals = [SignalMechanism(kind: .iframe, url: queueURL)]
    }
  }

  private mutating func readDescribes(_ value: JSONValue, at pointer: JSONPointer) -> DescribedProject? {
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object",
        hint: "{\"project\": \"owner/name\", \"versions\": \"6.0.x\", \"home\": URL}")
      return nil
    }
    for key in object.keys where !["project", "versions", "home"].contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown member \"\(key)\"", hint: "members: project, versions, home")
    }
    guard let project = string(object, "project", at: pointer, required: true),
      let versions = string(object, "versions", at: pointer, required: true)
    else { return nil }
    return DescribedProject(project: project, versions: versions, home: string(object, "home", at: pointer))
  }

  private mutating func readNames(_ value: JSONValue, at pointer: JSONPointer, into names: inout DialectNames) {
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object of page names", hint: "e.g. {\"global\": \"WebViewJavascriptBridge\"}"
      )
      return
    }
    let required = ["global", "registerHandler", "callHandler", "fetchQueue", "handleMessage", "init"]
    let optional = ["callbacksArray", "readyEvent", "setupFunction", "disableSafetyTimeout"]
    for key in object.keys where !(required + optional).contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown name \"\(key)\"",
        hint: "names: \((required + optional).joined(separator: ", "))")
    }
    if let name = identifier(object, "global", at: pointer) { names.global = name }
    if let name = identifier(object, "registerHandler", at: pointer) { names.registerHandler = name }
    if let name = identifier(object, "callHandler", at: pointer) { names.callHandler = name }
    if let name = identifier(object, "fetchQueue", at: pointer) { names.fetchQueue = name }
    if let name = identifier(object, "handleMessage", at: pointer) { names.handleMessage = name }
    if let name = identifier(object, "init", at: pointer) { names.initFunction = name }
    if object["callbacksArray"] != nil {
      names.callbacksArray = nullableIdentifier(object, "callbacksArray", at: pointer)
    }
    if object["setupFunction"] != nil { names.setupFunction = nullableIdentifier(object, "setupFunction", at: pointer) }
    if object["disableSafetyTimeout"] != nil {
      names.disableSafetyTimeout = nullableIdentifier(object, "disableSafetyTimeout", at: pointer)
    }
    if let event = object["readyEvent"] {
      names.readyEvent = event == .null ? nil : nonEmpty(event, at: pointer.appending("readyEvent"))
    }
  }

  private mutating func readFields(_ value: JSONValue, at pointer: JSONPointer) -> MessageFieldNames {
    guard let entries = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object mapping classic field names to this dialect's",
        hint: "e.g. {\"callbackId\": \"callbackID\", \"responseId\": \"responseID\"}")
      return .classic
    }
    var map: [String: String] = [:]
    for (key, renamed) in entries {
      guard MessageFieldNames.classicNames.contains(key) else {
        problem(
          pointer.appending(key), "unknown-field", "not a classic field name",
          hint: "the keys are classic names: \(MessageFieldNames.classicNames.joined(separator: ", "))")
        continue
      }
      guard let renamed = nonEmpty(renamed, at: pointer.appending(key)) else { continue }
      map[key] = renamed
    }
    let names = MessageFieldNames(renaming: map) ?? .classic
    if Set(names.all).count != names.all.count {
      problem(pointer, "duplicate-name", "two fields would have the same name: \(names.all.joined(separator: ", "))")
    }
    return names
  }

  private mutating func readSignals(_ value: JSONValue, at pointer: JSONPointer) -> [SignalMechanism] {
    guard let entries = value.arrayValue, !entries.isEmpty else {
      problem(
        pointer, "wrong-type", "must be a non-empty array of signals",
        hint: "e.g. [{\"kind\": \"iframe\", \"url\": \"https://__wvjb_queue_message__\"}]")
      return BridgeProfile.classic.signals
    }
    var signals: [SignalMechanism] = []
    for (index, entry) in entries.enumerated() {
      let at = pointer.appending(String(index))
      guard let object = entry.objectValue, let kindValue = object["kind"],
        let kind = choice(kindValue, at: at.appending("kind"), Transport.self)
      else {
        if entry.objectValue == nil { problem(at, "wrong-type", "a signal is an object with a \"kind\"") }
        continue
      }
      let members: [String]
      var signal = SignalMechanism(kind: kind)
      switch kind {
      case .iframe, .location:
        members = ["url"]
        signal.url = string(object, "url", at: at, required: true) ?? signal.url
      case .messageHandlers, .channel:
        members = ["name"]
        signal.name = string(object, "name", at: at, required: true) ?? signal.name
      case .hostObject:
        members = ["name", "method"] + HostObjectCalls.members
        signal.name = identifier(object, "name", at: at, required: true) ?? signal.name
        signal.hostCalls = readHostCalls(object, at: at)
        if object["method"] == .null, signal.hostCalls?.handlerMethods == true {
          signal.method = ""
        } else if object["method"] == .null {
          problem(
            at.appending("method"), "conflicting-members",
            "only a host object whose requests call handler methods can do without a method",
            hint: "name the method that takes the encoded payload, or add \"handlerMethods\": true and \"answerMethod\""
          )
        } else {
          signal.method = identifier(object, "method", at: at, required: true) ?? signal.method
          signal.hostCalls?.genericMethod = true
        }
      case .prompt:
        members = ["marker"]
        signal.marker = string(object, "marker", at: at, required: true) ?? signal.marker
      }
      for key in object.keys where key != "kind" && !members.contains(key) {
        problem(
          at.appending(key), "unknown-field", "a \(kind.rawValue) signal has no \"\(key)\"",
          hint: "its members: kind, \(members.joined(separator: ", "))")
      }
      if signals.contains(where: { $0.kind == kind }) {
        problem(
          at.appending("kind"), "duplicate-name", "a second \(kind.rawValue) signal",
          hint: "list each kind of signal once")
      }
      signals.append(signal)
    }
    return signals.isEmpty ? BridgeProfile.classic.signals : signals
  }

  private mutating func readQueue(_ value: JSONValue, at pointer: JSONPointer, into profile: inout BridgeProfile) {
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object",
        hint: "{\"return\": \"fetch\", \"encoding\": \"json\", \"envelope\": null}")
      return
    }
    for key in object.keys where !["return", "url", "encoding", "envelope"].contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown member \"\(key)\"",
        hint: "members: return, url, encoding, envelope")
    }
    if let mode = object["return"] {
      profile.queue = choice(mode, at: pointer.appending("return"), QueueReturn.self) ?? .fetch
    }
    if profile.queue == .navigation {
      profile.queueReturnURL = string(object, "url", at: pointer, required: true) ?? ""
    } else if object["url"] != nil {
      problem(
        pointer.appending("url"), "conflicting-members", "only a queue returned by navigation has a URL",
        hint: "remove it, or say \"return\": \"navigation\"")
    }
    if let encoding = object["encoding"] {
      profile.encoding = choice(encoding, at: pointer.appending("encoding"), TextEncoding.self) ?? .json
    }
    if let envelope = object["envelope"], envelope != .null {
      profile.envelope = readEnvelope(envelope, at: pointer.appending("envelope"))
    }
  }

  private mutating func readEnvelope(_ value: JSONValue, at pointer: JSONPointer) -> Envelope? {
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object or null",
        hint: "{\"payloadKey\": \"messages\", \"constants\": {\"url\": \"…\"}}")
      return nil
    }
    for key in object.keys where !["payloadKey", "constants", "counterKey"].contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown member \"\(key)\"",
        hint: "members: payloadKey, constants, counterKey")
    }
    guard let key = string(object, "payloadKey", at: pointer, required: true) else { return nil }
    var constants: [String: String] = [:]
    if let members = object["constants"] {
      if let entries = members.objectValue {
        for (name, text) in entries {
          guard let text = text.stringValue else {
            problem(pointer.appending("constants").appending(name), "wrong-type", "must be a string")
            continue
          }
          constants[name] = text
        }
      } else {
        problem(pointer.appending("constants"), "wrong-type", "must be an object of strings")
      }
    }
    var counter: String?
    if let value = object["counterKey"], value != .null {
      counter = nonEmpty(value, at: pointer.appending("counterKey"))
    }
    return Envelope(payloadKey: key, constants: constants, counterKey: counter)
  }

  private mutating func readInjections(_ value: JSONValue, at pointer: JSONPointer, into profile: inout BridgeProfile) {
    guard let entries = value.arrayValue, !entries.isEmpty else {
      problem(
        pointer, "wrong-type", "must be a non-empty array of injections",
        hint: "e.g. [{\"kind\": \"bridge-loaded\", \"url\": \"https://__bridge_loaded__\"}]")
      return
    }
    var modes: [Injection] = []
    for (index, entry) in entries.enumerated() {
      let at = pointer.appending(String(index))
      var mode: Injection?
      if case .string = entry {
        mode = choice(entry, at: at, Injection.self)
        if mode == .onPost {
          problem(
            at, "missing-field", "on-post injection names its handler",
            hint: "{\"kind\": \"on-post\", \"handler\": \"iOS_Native_InjectJavascript\"}")
        }
      } else if let object = entry.objectValue, let kind = object["kind"] {
        mode = choice(kind, at: at.appending("kind"), Injection.self)
        let members: [String] = mode == .bridgeLoaded ? ["url"] : mode == .onPost ? ["handler"] : []
        for key in object.keys where key != "kind" && !members.contains(key) {
          problem(
            at.appending(key), "unknown-field", "this injection has no \"\(key)\"",
            hint: "its members: kind" + members.map { ", " + $0 }.joined())
        }
        if mode == .bridgeLoaded, let url = string(object, "url", at: at) { profile.bridgeLoadedURL = url }
        if mode == .onPost { profile.injectHandlerName = string(object, "handler", at: at, required: true) ?? "" }
      } else {
        problem(at, "wrong-type", "an injection is an object with a \"kind\" (or the kind's name)")
      }
      guard let mode else { continue }
      if modes.contains(mode) { problem(at, "duplicate-name", "\(mode.rawValue) is listed twice") }
      modes.append(mode)
    }
    if !modes.isEmpty { profile.injectionModes = modes }
  }

  private mutating func readDispatch(_ value: JSONValue, at pointer: JSONPointer, into profile: inout BridgeProfile) {
    if case .string = value {
      // The earlier flat form: a synchronous dialect has no switch at all.
      profile.dispatch = choice(value, at: pointer, DispatchMode.self) ?? .deferred
      if profile.dispatch == .synchronous {
        profile.safetyTimeoutHandler = nil
        profile.names.disableSafetyTimeout = nil
      }
      return
    }
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object",
        hint: "{\"mode\": \"deferred\", \"switch\": \"_disableJavascriptAlertBoxSafetyTimeout\"}")
      return
    }
    for key in object.keys where !["mode", "switch"].contains(key) {
      problem(pointer.appending(key), "unknown-field", "unknown member \"\(key)\"", hint: "members: mode, switch")
    }
    if let mode = object["mode"] {
      profile.dispatch = choice(mode, at: pointer.appending("mode"), DispatchMode.self) ?? .deferred
    }
    if let handler = object["switch"] {
      profile.safetyTimeoutHandler = handler == .null ? nil : nonEmpty(handler, at: pointer.appending("switch"))
    } else if profile.dispatch == .synchronous {
      profile.safetyTimeoutHandler = nil
    }
  }

  // MARK: - Member readers

  mutating func string(
    _ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool = false, allowEmpty: Bool = false
  ) -> String? {
    guard let value = object[key] else {
      if required {
        problem(pointer.appending(key), "missing-field", "missing", hint: "give \"\(key)\" a non-empty string")
      }
      return nil
    }
    guard let text = value.stringValue, allowEmpty || !text.isEmpty else {
      problem(pointer.appending(key), "wrong-type", "must be a non-empty string")
      return nil
    }
    return text
  }

  mutating func nonEmpty(_ value: JSONValue, at pointer: JSONPointer) -> String? {
    guard let text = value.stringValue, !text.isEmpty else {
      problem(pointer, "wrong-type", "must be a non-empty string")
      return nil
    }
    return text
  }

  mutating func identifier(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool = false)
    -> String?
  {
    guard let name = string(object, key, at: pointer, required: required) else { return nil }
    guard Self.isIdentifier(name) else {
      problem(
        pointer.appending(key), "bad-identifier", "must be a JavaScript identifier",
        hint: "the native side evaluates `<global>.<function>(…)`, e.g. \"WebViewJavascriptBridge\"")
      return nil
    }
    return name
  }

  mutating func nullableIdentifier(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
    if object[key] == .null { return nil }
    return identifier(object, key, at: pointer)
  }

  mutating func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, at pointer: JSONPointer, _ type: T.Type)
    -> T?
  where T.RawValue == String {
    guard let name = value.stringValue, let parsed = T(rawValue: name) else {
      problem(
        pointer, "unknown-value", "must be one of the known names",
        hint: "allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
      return nil
    }
    return parsed
  }

  mutating func list<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue, at pointer: JSONPointer, _ type: T.Type, allowed: [T]
  )
    -> [T] where T.RawValue == String, T: Equatable
  {
    let names = value.arrayValue?.compactMap(\.stringValue) ?? []
    let parsed = names.compactMap(T.init(rawValue:)).filter { allowed.contains($0) }
    guard !names.isEmpty, parsed.count == names.count, value.arrayValue?.count == names.count else {
      problem(
        pointer, "unknown-value", "must be a non-empty array of known names",
        hint: "allowed: \(allowed.map(\.rawValue).joined(separator: ", "))")
      return []
    }
    return parsed
  }

  /// `[A-Za-z_$][A-Za-z0-9_$]*`, checked byte by byte: a regex literal is
  /// compiled again at every call, and an adapter decodes a profile per
  /// distinct configuration.
  static func isIdentifier(_ name: String) -> Bool {
    var utf8 = name.utf8.makeIterator()
    guard let first = utf8.next(), isIdentifierStart(first) else { return false }
    while let byte = utf8.next() {
      guard isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
    }
    return true
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"),
      UInt8(ascii: "$"):
      true
    default: false
    }
  }
}
