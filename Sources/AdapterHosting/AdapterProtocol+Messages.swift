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
