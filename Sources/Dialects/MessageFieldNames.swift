import JSONModel

/// The names of the five message fields of a dialect.
package struct MessageFieldNames: Sendable, Hashable {
  /// Classic `handlerName`.
  package var handlerName: String
  /// Classic `data`.
  package var data: String
  /// Classic `callbackId`.
  package var callbackId: String
  /// Classic `responseId`.
  package var responseId: String
  /// Classic `responseData`.
  package var responseData: String

  /// Creates field names; every parameter defaults to classic WVJB.
  package init(
    handlerName: String = "handlerName", data: String = "data", callbackId: String = "callbackId",
    responseId: String = "responseId", responseData: String = "responseData"
  ) {
    self.handlerName = handlerName
    self.data = data
    self.callbackId = callbackId
    self.responseId = responseId
    self.responseData = responseData
  }

  /// Classic WVJB field names.
  package static let classic = MessageFieldNames()

  /// The classic names, in the order of ``all``.
  package static let classicNames = classic.all

  /// The five names in a fixed order: handlerName, data, callbackId,
  /// responseId, responseData.
  package var all: [String] { [handlerName, data, callbackId, responseId, responseData] }

  /// Builds names from a partial map of classic name → dialect name;
  /// returns nil when a key is not a classic field name.
  package init?(renaming map: [String: String]) {
    var names = MessageFieldNames.classic
    for (classic, renamed) in map {
      switch classic {
      case "handlerName": names.handlerName = renamed
      case "data": names.data = renamed
      case "callbackId": names.callbackId = renamed
      case "responseId": names.responseId = renamed
      case "responseData": names.responseData = renamed
      default: return nil
      }
    }
    self = names
  }

  /// The names as a JSON object keyed by the classic names.
  package var json: JSONValue {
    .object(JSONObject(zip(Self.classicNames, all).map { ($0, JSONValue.string($1)) }))
  }

  /// `message`, written with classic field names, renamed for the wire.
  package func toWire(_ message: JSONObject) -> JSONObject {
    guard self != .classic else { return message }
    let renamed = all
    var wire = JSONObject()
    for (key, value) in message {
      let index = Self.classicNames.firstIndex(of: key)
      wire[index.map { renamed[$0] } ?? key] = value
    }
    return wire
  }

  /// `message` as it came over the wire, with classic field names. A
  /// classic name that this dialect renames is not one of its fields, so it
  /// is dropped rather than read as that field.
  package func fromWire(_ message: JSONObject) -> JSONObject {
    guard self != .classic else { return message }
    let renamed = all
    var result = JSONObject()
    for (key, value) in message {
      if let index = renamed.firstIndex(of: key) {
        result[Self.classicNames[index]] = value
      } else if !Self.classicNames.contains(key) {
        result[key] = value
      }
    }
    return result
  }
}
