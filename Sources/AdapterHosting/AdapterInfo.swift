import BridgecheckAdapter
import Dialects
import JSONModel

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
