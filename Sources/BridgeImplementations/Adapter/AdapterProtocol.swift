import JSONModel
import ReferenceBridges
import JSRuntime
import PageSimulation

/// The adapter protocol (see `docs/adapter-protocol.md`): JSON lines between
/// bridgecheck (the harness) and a native bridge running in another process
/// (the adapter).
///
/// The harness writes one command per line to the adapter's stdin; the
/// adapter answers every command with the events it caused, one per line on
/// stdout, followed by `{"type":"done","seq":N}` with the command's `seq`.
public enum AdapterProtocol {
  /// The protocol version this bridgecheck speaks.
  public static let version = 1

  /// Command types (harness → adapter).
  public enum Command {
    public static let hello = "hello"
    public static let start = "start"
    public static let registerHandler = "registerHandler"
    public static let removeHandler = "removeHandler"
    public static let callHandler = "callHandler"
    public static let respond = "respond"
    public static let reset = "reset"
    public static let disableSafetyTimeout = "disableSafetyTimeout"
    public static let navigation = "navigation"
    public static let scriptMessage = "scriptMessage"
    public static let evaluationResult = "evaluationResult"
    public static let stop = "stop"
    public static let exit = "exit"

    /// Every command type.
    public static let all: Set<String> = [
      hello, start, registerHandler, removeHandler, callHandler, respond, reset, disableSafetyTimeout, navigation,
      scriptMessage, evaluationResult, stop, exit,
    ]
  }

  /// Event types (adapter → harness).
  public enum Event {
    public static let hello = "hello"
    public static let evaluate = "evaluate"
    public static let addUserScript = "addUserScript"
    public static let addScriptMessageHandler = "addScriptMessageHandler"
    public static let handlerInvoked = "handlerInvoked"
    public static let callbackInvoked = "callbackInvoked"
    public static let log = "log"
    public static let policy = "policy"
    public static let error = "error"
    public static let done = "done"

    /// Every event type.
    public static let all: Set<String> = [
      hello, evaluate, addUserScript, addScriptMessageHandler, handlerInvoked, callbackInvoked, log, policy, error, done,
    ]
  }

  /// The `injectionTime` values of `addUserScript`.
  public static let documentStart = "document-start"
  public static let documentEnd = "document-end"

  /// The `configuration` object of a `start` command.
  public static func configurationJSON(_ configuration: SessionConfiguration) -> JSONValue {
    let profile = configuration.profile
    return [
      "transport": .string(configuration.transport.rawValue),
      "injection": .string(configuration.injection.rawValue),
      "options": ["answerMissingHandler": .bool(configuration.options.answerMissingHandler)],
      "profile": [
        "name": .string(profile.name),
        "globalName": .string(profile.globalName),
        "fetchQueueFunction": .string(profile.fetchQueueFunction),
        "handleMessageFunction": .string(profile.handleMessageFunction),
        "queueMessageURL": .string(profile.queueMessageURL),
        "bridgeLoadedURL": .string(profile.bridgeLoadedURL),
        "messageHandlerName": .string(profile.messageHandlerName),
        "fields": [
          "handlerName": .string(profile.fields.handlerName), "data": .string(profile.fields.data),
          "callbackId": .string(profile.fields.callbackId), "responseId": .string(profile.fields.responseId),
          "responseData": .string(profile.fields.responseData),
        ],
      ],
    ]
  }

  /// Reads the `configuration` object of a `start` command (missing parts
  /// take the classic defaults).
  public static func configuration(from value: JSONValue?) throws(AdapterProtocolError) -> SessionConfiguration {
    guard let object = value?.objectValue else {
      throw AdapterProtocolError("start: `configuration` must be an object")
    }
    let transportName = object["transport"]?.stringValue ?? Transport.iframe.rawValue
    guard let transport = Transport(rawValue: transportName) else {
      throw AdapterProtocolError("start: unknown transport \(JSONValue.string(transportName))")
    }
    let injectionName = object["injection"]?.stringValue ?? Injection.bridgeLoaded.rawValue
    guard let injection = Injection(rawValue: injectionName) else {
      throw AdapterProtocolError("start: unknown injection \(JSONValue.string(injectionName))")
    }
    let options = BridgeOptions(answerMissingHandler: object["options"]?["answerMissingHandler"]?.boolValue ?? false)
    var profile = BridgeProfile.classic
    if let fields = object["profile"]?.objectValue {
      if let name = fields["name"]?.stringValue { profile.name = name }
      if let name = fields["globalName"]?.stringValue { profile.globalName = name }
      if let name = fields["fetchQueueFunction"]?.stringValue { profile.fetchQueueFunction = name }
      if let name = fields["handleMessageFunction"]?.stringValue { profile.handleMessageFunction = name }
      if let url = fields["queueMessageURL"]?.stringValue { profile.queueMessageURL = url }
      if let url = fields["bridgeLoadedURL"]?.stringValue { profile.bridgeLoadedURL = url }
      if let name = fields["messageHandlerName"]?.stringValue { profile.messageHandlerName = name }
      if let names = fields["fields"]?.objectValue {
        var map: [String: String] = [:]
        for (key, value) in names { if let renamed = value.stringValue { map[key] = renamed } }
        guard let parsed = MessageFieldNames(renaming: map) else {
          throw AdapterProtocolError("start: `profile.fields` has a key that is not a classic field name")
        }
        profile.fields = parsed
      }
    }
    return SessionConfiguration(transport: transport, injection: injection, options: options, profile: profile)
  }

  /// The `error` object of a failed `evaluationResult`: `kind`, `message`,
  /// and `name`, `sourceURL`, `line`, `column` when known.
  public static func errorJSON(_ error: ScriptError) -> JSONValue {
    var object: JSONObject = ["kind": .string(error.kind.rawValue), "message": .string(error.message)]
    if let name = error.name { object["name"] = .string(name) }
    if let source = error.sourceURL { object["sourceURL"] = .string(source) }
    if let line = error.line { object["line"] = .number(Double(line)) }
    if let column = error.column { object["column"] = .number(Double(column)) }
    return .object(object)
  }

  /// Reads the `error` object of a failed `evaluationResult`.
  public static func scriptError(from value: JSONValue?) -> ScriptError {
    let object = value?.objectValue ?? [:]
    return ScriptError(
      kind: ScriptError.Kind(rawValue: object["kind"]?.stringValue ?? "") ?? .exception,
      name: object["name"]?.stringValue, message: object["message"]?.stringValue ?? "the evaluation failed",
      sourceURL: object["sourceURL"]?.stringValue, line: object.integer("line"), column: object.integer("column"))
  }
}

/// A command or event that does not follow the adapter protocol.
public struct AdapterProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// What an adapter says about itself in its `hello` event.
public struct AdapterInfo: Sendable, Hashable {
  /// The protocol version it speaks.
  public var protocolVersion: Int
  /// Its name, for reports.
  public var name: String
  /// Its version, if it gave one.
  public var version: String?
  /// The transports it supports.
  public var transports: [Transport]
  /// The injection modes it supports.
  public var injections: [Injection]
  /// The optional features it supports.
  public var features: Set<String>

  /// Creates a description.
  public init(
    protocolVersion: Int = AdapterProtocol.version, name: String, version: String? = nil,
    transports: [Transport] = Transport.allCases, injections: [Injection] = Injection.allCases,
    features: Set<String> = []
  ) {
    self.protocolVersion = protocolVersion
    self.name = name
    self.version = version
    self.transports = transports
    self.injections = injections
    self.features = features
  }

  /// The `hello` event describing this adapter (without `type`).
  public var helloFields: JSONObject {
    var fields: JSONObject = [
      "protocol": .number(Double(protocolVersion)),
      "name": .string(name),
    ]
    if let version { fields["version"] = .string(version) }
    fields["transports"] = .array(transports.map { .string($0.rawValue) })
    fields["injections"] = .array(injections.map { .string($0.rawValue) })
    fields["features"] = .array(features.sorted().map { .string($0) })
    return fields
  }

  /// Reads a `hello` event; the message says what is wrong in words.
  public init(hello event: JSONObject) throws(AdapterProtocolError) {
    guard let number = event["protocol"]?.numberValue, number == number.rounded(), abs(number) < 1e9 else {
      throw AdapterProtocolError(
        "the hello event has no `protocol` number (it must be \(AdapterProtocol.version), the version the adapter speaks)")
    }
    protocolVersion = Int(number)
    guard protocolVersion == AdapterProtocol.version else {
      throw AdapterProtocolError(
        "the adapter speaks protocol version \(protocolVersion), and this bridgecheck speaks version \(AdapterProtocol.version)")
    }
    guard let name = event["name"]?.stringValue, !name.isEmpty else {
      throw AdapterProtocolError("the hello event needs a non-empty `name` string")
    }
    self.name = name
    switch event["version"] {
    case nil, .null?: version = nil
    case .string(let text)?: version = text
    default: throw AdapterProtocolError("the hello event's `version` must be a string")
    }
    transports = try Self.names(event["transports"], field: "transports", known: Transport.allCases)
    injections = try Self.names(event["injections"], field: "injections", known: Injection.allCases)
    let list = event["features"] ?? .array([])
    guard case .array(let values) = list, values.allSatisfy({ $0.stringValue != nil }) else {
      throw AdapterProtocolError("the hello event's `features` must be an array of strings")
    }
    features = Set(values.compactMap(\.stringValue))
  }

  private static func names<T: RawRepresentable>(_ value: JSONValue?, field: String, known: [T]) throws(AdapterProtocolError)
    -> [T] where T.RawValue == String
  {
    let valid = known.map(\.rawValue).joined(separator: ", ")
    guard case .array(let values)? = value else {
      throw AdapterProtocolError("the hello event needs `\(field)`: an array with some of \(valid)")
    }
    var result: [T] = []
    for value in values {
      guard let text = value.stringValue, let item = T(rawValue: text) else {
        throw AdapterProtocolError("the hello event lists an unknown \(field) entry \(value); known: \(valid)")
      }
      if !result.contains(where: { $0.rawValue == item.rawValue }) { result.append(item) }
    }
    return result
  }
}

extension JSONObject {
  /// An integer field, if present and integral.
  func integer(_ key: String) -> Int? {
    guard let number = self[key]?.numberValue, number == number.rounded(), abs(number) < 9e15 else { return nil }
    return Int(number)
  }
}
