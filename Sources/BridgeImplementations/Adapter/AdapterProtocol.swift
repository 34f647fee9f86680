import BridgecheckAdapter
import Dialects
import JSONModel
import WebViewHosting

extension AdapterProtocol {
  /// The `configuration` object of a `start` command. `profile` holds the
  /// classic flat names (1.0) and, since 1.1, the whole dialect under
  /// `profile.dialect` (the profile file format).
  package static func configurationJSON(_ configuration: SessionConfiguration) -> JSONValue {
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
        "fields": profile.fields.json,
        "dialect": profile.json,
      ],
    ]
  }

  /// Reads the `configuration` object of a `start` command (missing parts
  /// take the classic defaults; `profile.dialect`, when present, is the
  /// whole dialect).
  package static func configuration(from value: JSONValue?) throws(AdapterProtocolError) -> SessionConfiguration {
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
    if let dialect = object["profile"]?["dialect"] {
      switch BridgeProfile.decode(dialect, file: "start.configuration.profile.dialect") {
      case .success(let decoded): profile = decoded
      case .failure(let problems): throw AdapterProtocolError("start: \(problems)")
      }
    } else if let fields = object["profile"]?.objectValue {
      var flat = fields
      flat["fields"] = fields["fields"]
      switch BridgeProfile.decode(.object(flat), file: "start.configuration.profile") {
      case .success(let decoded): profile = decoded
      case .failure(let problems): throw AdapterProtocolError("start: \(problems)")
      }
    }
    return SessionConfiguration(transport: transport, injection: injection, options: options, profile: profile)
  }

  /// The members of a `dialogAnswer` event for `answer`.
  package static func answerJSON(_ answer: DialogAnswer) -> JSONObject {
    switch answer {
    case .dismiss: ["answer": "dismiss"]
    case .confirm: ["answer": "confirm"]
    case .text(let text): ["answer": "text", "text": .string(text)]
    }
  }

  /// Reads a `dialogAnswer` event.
  package static func answer(from event: JSONObject) -> DialogAnswer {
    switch event["answer"]?.stringValue {
    case "confirm": .confirm
    case "text": .text(event["text"]?.stringValue ?? "")
    default: .dismiss
    }
  }

  /// The `error` object of a failed `evaluationResult`: `kind`, `message`,
  /// and `name`, `sourceURL`, `line`, `column` when known.
  package static func errorJSON(_ error: EvaluationError) -> JSONValue {
    var object: JSONObject = ["kind": .string(error.kind.rawValue), "message": .string(error.message)]
    if let name = error.name { object["name"] = .string(name) }
    if let source = error.sourceURL { object["sourceURL"] = .string(source) }
    if let line = error.line { object["line"] = .number(Double(line)) }
    if let column = error.column { object["column"] = .number(Double(column)) }
    return .object(object)
  }

  /// Reads the `error` object of a failed `evaluationResult`.
  package static func evaluationError(from value: JSONValue?) -> EvaluationError {
    let object = value?.objectValue ?? [:]
    return EvaluationError(
      kind: EvaluationError.Kind(rawValue: object["kind"]?.stringValue ?? "") ?? .exception,
      name: object["name"]?.stringValue, message: object["message"]?.stringValue ?? "the evaluation failed",
      sourceURL: object["sourceURL"]?.stringValue, line: object.integer("line"), column: object.integer("column"))
  }
}

/// What an adapter says about itself in its `hello` event.
package struct AdapterInfo: Sendable, Hashable {
  /// The protocol version it speaks.
  package var protocolVersion: Int
  /// The minor version it speaks (0 when its `hello` gives none).
  package var minorVersion: Int
  /// Its name, for reports.
  package var name: String
  /// Its version, if it gave one.
  package var version: String?
  /// The transports it supports.
  package var transports: [Transport]
  /// The injection modes it supports.
  package var injections: [Injection]
  /// The optional features it supports.
  package var features: Set<String>

  /// Creates a description.
  package init(
    protocolVersion: Int = AdapterProtocol.version, minorVersion: Int = AdapterProtocol.minorVersion, name: String,
    version: String? = nil,
    transports: [Transport] = Transport.allCases, injections: [Injection] = Injection.allCases,
    features: Set<String> = []
  ) {
    self.protocolVersion = protocolVersion
    self.minorVersion = minorVersion
    self.name = name
    self.version = version
    self.transports = transports
    self.injections = injections
    self.features = features
  }

  /// The `hello` event describing this adapter (without `type`).
  package var helloFields: JSONObject {
    var fields: JSONObject = [
      "protocol": .number(Double(protocolVersion)),
      "minor": .number(Double(minorVersion)),
      "name": .string(name),
    ]
    if let version { fields["version"] = .string(version) }
    fields["transports"] = .array(transports.map { .string($0.rawValue) })
    fields["injections"] = .array(injections.map { .string($0.rawValue) })
    fields["features"] = .array(features.sorted().map { .string($0) })
    return fields
  }

  /// Reads a `hello` event; the message says what is wrong in words.
  package init(hello event: JSONObject) throws(AdapterProtocolError) {
    guard let number = event["protocol"]?.numberValue, number == number.rounded(), abs(number) < 1e9 else {
      throw AdapterProtocolError(
        "the hello event has no `protocol` number (it must be \(AdapterProtocol.version), the version the adapter speaks)"
      )
    }
    protocolVersion = Int(number)
    minorVersion = event.integer("minor") ?? 0
    guard protocolVersion == AdapterProtocol.version else {
      throw AdapterProtocolError(
        "the adapter speaks protocol version \(protocolVersion), and this bridgecheck speaks version \(AdapterProtocol.version)"
      )
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
    if injections.contains(.page) && minorVersion < 2 {
      throw AdapterProtocolError(
        "the hello event lists the injection `page`, which is protocol 1.2: say \"minor\": 2 (it speaks \(minorVersion))"
      )
    }
    let list = event["features"] ?? .array([])
    guard case .array(let values) = list, values.allSatisfy({ $0.stringValue != nil }) else {
      throw AdapterProtocolError("the hello event's `features` must be an array of strings")
    }
    features = Set(values.compactMap(\.stringValue))
  }

  private static func names<T: RawRepresentable>(_ value: JSONValue?, field: String, known: [T])
    throws(AdapterProtocolError)
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
