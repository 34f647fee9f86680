import Dialects
import Foundation
import JSONModel

/// The messages of the WVJB wire protocol, as the native side writes and
/// reads them.
package enum BridgeMessageCodec {
  /// A request: `{"handlerName", "data"?, "callbackId"?}` in that key order.
  /// `data == nil` writes no `data` key (the page handler sees `undefined`).
  package static func request(handlerName: String, data: JSONValue?, callbackID: String?) -> JSONObject {
    var message: JSONObject = ["handlerName": .string(handlerName)]
    if let data { message["data"] = data }
    if let callbackID { message["callbackId"] = .string(callbackID) }
    return message
  }

  /// A response: `{"responseId", "responseData"}`. The id is echoed with
  /// its exact JSON type; a nil answer is written as `"responseData": null`.
  package static func response(responseID: JSONValue, responseData: JSONValue?) -> JSONObject {
    ["responseId": responseID, "responseData": responseData ?? .null]
  }

  /// The answer to a request for a missing handler:
  /// `{"error": "no-handler", "handlerName": name}` (the name omitted when
  /// the request had none; echoed with its JSON type otherwise).
  package static func noHandlerAnswer(handlerName: JSONValue?) -> JSONValue {
    var answer: JSONObject = ["error": "no-handler"]
    if let handlerName { answer["handlerName"] = handlerName }
    return .object(answer)
  }

  /// The script that delivers one message to the page:
  /// `WebViewJavascriptBridge._handleMessageFromObjC('<escaped JSON>');`.
  package static func deliveryScript(for message: JSONObject) -> String {
    deliveryScript(forJSON: JSONValue.object(message).serializedUTF8())
  }

  /// The delivery script for JSON text given as UTF-8 bytes.
  package static func deliveryScript(forJSON utf8: [UInt8]) -> String {
    utf8.withUnsafeBufferPointer { body in
      JavaScriptStringEscaping.makeString(prefix: deliveryPrefix, body: body, suffix: deliverySuffix)
    }
  }

  /// The script that fetches the page's queue.
  package static let fetchQueueScript = "WebViewJavascriptBridge._fetchQueue();"

  private static let deliveryPrefix = Array("WebViewJavascriptBridge._handleMessageFromObjC('".utf8)
  private static let deliverySuffix = Array("');".utf8)

  /// One entry of a fetched batch, classified.
  package enum Incoming: Sendable, Hashable {
    /// A response (the `responseId` key is present, whatever its value).
    case response(responseID: JSONValue, responseData: JSONValue?)
    /// A request (`handlerName` as sent, any JSON type or absent).
    case request(handlerName: JSONValue?, data: JSONValue?, callbackID: JSONValue?)
  }

  /// Classifies a batch entry that is a JSON object. Response by PRESENCE
  /// of `responseId` ("" and 0 are ids, not absences).
  package static func classify(_ message: JSONObject) -> Incoming {
    if let responseID = message["responseId"] {
      return .response(responseID: responseID, responseData: message["responseData"])
    }
    return .request(handlerName: message["handlerName"], data: message["data"], callbackID: message["callbackId"])
  }
}

// MARK: - Mutation-testing faults (NativeBridgeFault)

/// The codec as a bridge built with deliberate bugs uses it. With none of
/// the faults concerned in `faults`, each function is exactly the correct one
/// above.
extension BridgeMessageCodec {
  /// ``request(handlerName:data:callbackID:)`` with faults.
  /// FAULT `falsy-data-dropped`: falsy data is sent with no `data` key.
  static func request(
    handlerName: String, data: JSONValue?, callbackID: String?, faults: Set<NativeBridgeFault>
  ) -> JSONObject {
    request(handlerName: handlerName, data: outgoingData(data, faults: faults), callbackID: callbackID)
  }

  /// ``response(responseID:responseData:)`` with faults.
  /// FAULT `falsy-data-dropped`: a falsy answer is sent as no answer (`null`).
  /// FAULT `nil-response-omitted`: no answer is sent with no `responseData` key.
  static func response(responseID: JSONValue, responseData: JSONValue?, faults: Set<NativeBridgeFault>) -> JSONObject {
    let data = outgoingData(responseData, faults: faults)
    if data == nil && faults.contains(.nilResponseOmitted) { return ["responseId": responseID] }
    return response(responseID: responseID, responseData: data)
  }

  /// ``classify(_:)`` with faults: `data` and `responseData` as the faulty
  /// bridge reads them (see ``incomingData(_:faults:)``).
  /// FAULT `response-id-truthiness`: a falsy `responseId` (`""`, `0`,
  /// `false`, `null`) makes the message a request (`if (message.responseId)`).
  static func classify(_ message: JSONObject, faults: Set<NativeBridgeFault>) -> Incoming {
    if faults.contains(.responseIDTruthiness), let responseID = message["responseId"], isFalsy(responseID) {
      return .request(
        handlerName: message["handlerName"], data: incomingData(message["data"], faults: faults),
        callbackID: message["callbackId"])
    }
    switch classify(message) {
    case .response(let responseID, let responseData):
      return .response(responseID: responseID, responseData: incomingData(responseData, faults: faults))
    case .request(let handlerName, let data, let callbackID):
      return .request(handlerName: handlerName, data: incomingData(data, faults: faults), callbackID: callbackID)
    }
  }

  /// ``deliveryScript(for:)`` with faults.
  /// FAULT `data-strings-not-escaped`: the JSON is built by concatenation.
  /// FAULT `numbers-lose-precision`: numbers are written with `%g`.
  /// FAULT `line-separators-not-escaped`, `single-quote-not-escaped`,
  /// `controls-not-escaped`: the literal is escaped without them.
  static func deliveryScript(for message: JSONObject, faults: Set<NativeBridgeFault>) -> String {
    let concatenates = faults.contains(.dataStringsNotEscaped)
    let losesPrecision = faults.contains(.numbersLosePrecision)
    guard concatenates || losesPrecision || !faults.isDisjoint(with: JavaScriptStringEscaping.escapingFaults) else {
      return deliveryScript(for: message)
    }
    let json =
      concatenates
      ? concatenatedJSON(.object(message))
      : losesPrecision ? sixDigitNumbersJSON(.object(message)) : JSONValue.object(message).serialized()
    return String(decoding: deliveryPrefix, as: UTF8.self)
      + JavaScriptStringEscaping.singleQuotedLiteralBody(json, faults: faults)
      + String(decoding: deliverySuffix, as: UTF8.self)
  }

  /// ``deliveryScript(for:faults:)`` for a bridge of `profile`: the
  /// message renamed for the wire, delivered through the dialect's global
  /// and entry point, as a string literal or an object literal. With
  /// classic names, exactly ``deliveryScript(for:faults:)``.
  static func deliveryScript(for message: JSONObject, profile: BridgeProfile, faults: Set<NativeBridgeFault>) -> String
  {
    // A dialect that delivers this message as a function call (docs/protocol.md section 9.1, `convention`).
    if let script = profile.conventionDeliveryScript(for: message) { return script }
    let wire = profile.toWire(message)
    let entry = "\(profile.names.global).\(profile.names.handleMessage)("
    if profile.delivery == .uriJSONString {
      // URI-encoded JSON is ASCII without backslashes; encodeURIComponent keeps `'`, which the
      // single-quoted literal escapes.
      let encoded = BridgeProfile.encodeURIComponent(JSONValue.object(wire).serialized())
      return entry + "'" + encoded.replacingOccurrences(of: "'", with: "\\'") + "');"
    }
    if profile.delivery == .object {
      // JSON is an object literal; U+2028 and U+2029 are escaped for
      // engines before ES2019 (they only occur inside strings). A
      // `__proto__` key in a literal would set the prototype instead of a
      // key: such a message is built by JSON.parse, still as an object.
      let value = JSONValue.object(wire)
      if hasProtoKey(value) {
        let literal = JavaScriptStringEscaping.singleQuotedLiteralBody(value.serialized(), faults: faults)
        return entry + "JSON.parse('" + literal + "'));"
      }
      let json = value.serialized()
        .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
      return entry + json + ");"
    }
    let script = deliveryScript(for: wire, faults: faults)
    let classicPrefix = String(decoding: deliveryPrefix, as: UTF8.self)
    let prefix = entry + "'"
    guard prefix != classicPrefix, script.hasPrefix(classicPrefix) else { return script }
    // Both prefixes are ASCII: characters and bytes count alike.
    return prefix + script.dropFirst(classicPrefix.count)
  }

  /// Whether `value` has a `__proto__` key at any depth.
  static func hasProtoKey(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object): return object.keys.contains("__proto__") || object.values.contains(where: hasProtoKey)
    case .array(let elements): return elements.contains(where: hasProtoKey)
    default: return false
    }
  }

  /// Incoming `data` or `responseData` as a faulty bridge reads it.
  /// FAULT `falsy-data-dropped`: `0`, `false`, `""`, `null` become absent.
  /// FAULT `data-cast-to-dictionary`: anything but an object becomes absent.
  static func incomingData(_ data: JSONValue?, faults: Set<NativeBridgeFault>) -> JSONValue? {
    guard let data else { return nil }
    if faults.contains(.falsyDataDropped) && isFalsy(data) { return nil }
    if faults.contains(.dataCastToDictionary) && data.objectValue == nil { return nil }
    return data
  }

  /// Outgoing `data` or `responseData` as a faulty bridge writes it.
  /// FAULT `falsy-data-dropped`: falsy values are treated as absent.
  static func outgoingData(_ data: JSONValue?, faults: Set<NativeBridgeFault>) -> JSONValue? {
    guard let data, faults.contains(.falsyDataDropped), isFalsy(data) else { return data }
    return nil
  }

  /// Whether `value` is falsy in JavaScript (`if (data)` skips it).
  static func isFalsy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: true
    case .bool(let bool): !bool
    case .number(let number): number == 0 || number.isNaN
    case .string(let string): string.isEmpty
    case .array, .object: false
    }
  }

  /// JSON text built the way home-made bridges do it, by concatenation:
  /// strings (keys included) go between quotes unescaped. Other scalars are
  /// written as the correct serializer writes them.
  static func concatenatedJSON(_ value: JSONValue) -> String {
    switch value {
    case .string(let string):
      return "\"" + string + "\""
    case .array(let elements):
      return "[" + elements.map(concatenatedJSON).joined(separator: ",") + "]"
    case .object(let object):
      return "{" + object.map { "\"" + $0.key + "\":" + concatenatedJSON($0.value) }.joined(separator: ",") + "}"
    case .null, .bool, .number:
      return value.serialized()
    }
  }

  /// JSON text as a serializer that formats numbers with `%g` writes it
  /// (FAULT `numbers-lose-precision`): 6 significant digits, so `0.1` stays
  /// `0.1` but `123456789.125` becomes `1.23457e+08`. Everything else is
  /// written as the correct serializer writes it.
  static func sixDigitNumbersJSON(_ value: JSONValue) -> String {
    switch value {
    case .number(let number):
      return String(format: "%g", number)
    case .array(let elements):
      return "[" + elements.map(sixDigitNumbersJSON).joined(separator: ",") + "]"
    case .object(let object):
      return "{"
        + object.map { JSONValue.string($0.key).serialized() + ":" + sixDigitNumbersJSON($0.value) }
        .joined(separator: ",") + "}"
    case .null, .bool, .string:
      return value.serialized()
    }
  }
}
