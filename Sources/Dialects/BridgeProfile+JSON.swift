import JSONModel

/// A profile written as JSON: the format of `conformance/profiles/*.json`,
/// of the `profile` member of the adapter protocol's `start` command and of
/// the dialect the harness hands bridgecheck's page bridge. Members appear
/// in a fixed order, so the text is deterministic.
extension BridgeProfile {
  /// The profile as JSON (every member written, defaults included).
  package var json: JSONValue {
    var object = JSONObject()
    object["name"] = .string(name)
    object["description"] = .string(summary)
    if let describes {
      var project: JSONObject = ["project": .string(describes.project), "versions": .string(describes.versions)]
      if let home = describes.home { project["home"] = .string(home) }
      object["describes"] = .object(project)
    }
    object["names"] = [
      "global": .string(names.global), "registerHandler": .string(names.registerHandler),
      "callHandler": .string(names.callHandler), "fetchQueue": .string(names.fetchQueue),
      "handleMessage": .string(names.handleMessage), "init": .string(names.initFunction),
      "callbacksArray": Self.optional(names.callbacksArray), "readyEvent": Self.optional(names.readyEvent),
      "setupFunction": Self.optional(names.setupFunction),
      "disableSafetyTimeout": Self.optional(names.disableSafetyTimeout),
    ]
    object["fields"] = fields.json
    object["signals"] = .array(signals.map(Self.signalJSON))
    var queueObject: JSONObject = ["return": .string(queue.rawValue)]
    if queue == .navigation { queueObject["url"] = .string(queueReturnURL) }
    queueObject["encoding"] = .string(encoding.rawValue)
    queueObject["envelope"] = envelope.map(Self.envelopeJSON) ?? .null
    object["queue"] = .object(queueObject)
    object["delivery"] = .string(delivery.rawValue)
    object["injections"] = .array(injectionModes.map(injectionJSON))
    object["handshake"] = .string(handshake.rawValue)
    object["dispatch"] = ["mode": .string(dispatch.rawValue), "switch": Self.optional(safetyTimeoutHandler)]
    object["userAgent"] = Self.optional(userAgent)
    if let typedMessages { object["typedMessages"] = typedMessages.json }
    if convention != .classic { object["convention"] = convention.json }
    if startupQueue != .afterInjection { object["startupQueue"] = .string(startupQueue.rawValue) }
    object["twoArgumentCall"] = .bool(twoArgumentCall)
    object["callbackData"] = .string(callbackData.rawValue)
    if !peers.isEmpty { object["peers"] = peersJSON }
    return .object(object)
  }

  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  static func signalJSON(_ signal: SignalMechanism) -> JSONValue {
    var object: JSONObject = ["kind": .string(signal.kind.rawValue)]
    switch signal.kind {
    case .iframe, .location: object["url"] = .string(signal.url)
    case .messageHandlers, .channel: object["name"] = .string(signal.name)
    case .hostObject:
      object["name"] = .string(signal.name)
      object["method"] = signal.hostCalls?.genericMethod == false ? .null : .string(signal.method)
      if let calls = signal.hostCalls {
        object["handlerMethods"] = .bool(calls.handlerMethods)
        object["answerMethod"] = .string(calls.answerMethod)
        object["returnAnswers"] = .bool(calls.returnAnswers)
      }
    case .prompt: object["marker"] = .string(signal.marker)
    }
    return .object(object)
  }

  static func envelopeJSON(_ envelope: Envelope) -> JSONValue {
    var constants = JSONObject()
    for key in envelope.constants.keys.sorted() { constants[key] = envelope.constants[key].map(JSONValue.string) }
    var object: JSONObject = ["payloadKey": .string(envelope.payloadKey), "constants": .object(constants)]
    object["counterKey"] = optional(envelope.counterKey)
    return .object(object)
  }

  func injectionJSON(_ injection: Injection) -> JSONValue {
    switch injection {
    case .bridgeLoaded: ["kind": .string(injection.rawValue), "url": .string(bridgeLoadedURL)]
    case .onPost: ["kind": .string(injection.rawValue), "handler": .string(injectHandlerName)]
    case .documentStart, .documentEnd, .afterLoad, .page: ["kind": .string(injection.rawValue)]
    }
  }

  /// One line saying what the profile describes, for `bridgecheck profiles`.
  package var describesLine: String {
    guard let describes else { return summary }
    return "\(describes.project) \(describes.versions)"
  }
}
