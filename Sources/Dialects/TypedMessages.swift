import JSONModel

/// Messages that say what they are in a type member and carry one id for
/// both directions of a call, instead of classic WVJB's separate
/// `callbackId` and `responseId` (the Flutter wrappers' envelope
/// `{index, type: request|response|error, handlerName?, data?}`).
///
/// In classic terms (how the harness and the reference bridges think):
/// - a request `{handlerName, data?, callbackId}` is
///   `{<idField>: callbackId, <typeField>: <request>, handlerName, data?}`;
/// - a response `{responseId, responseData}` is
///   `{<idField>: responseId, <typeField>: <response>, data: responseData}`
///   (the answer travels in the dialect's data field);
/// - with an ``error`` type, the answer to a request for a missing handler
///   is `{<idField>: responseId, <typeField>: <error>, handlerName}`; in
///   classic terms a response with an `error` member and no `responseData`
///   (`{"responseId", "error": "no-handler", "handlerName"}`): it settles
///   the request, whose callback is released without being called.
///
/// Every request carries an id (either side may answer any request), so a
/// side numbers all its requests; the other side echoes the id in its
/// answer, and the type tells a request from an answer with the same id.
package struct TypedMessages: Sendable, Hashable {
  /// How a side writes the ids it issues.
  package enum IDForm: String, Sendable, Hashable, CaseIterable {
    /// Numbers counted by each side from 0 (Flutter's `index`).
    case counter
    /// Strings, as classic WVJB issues them.
    case string
  }

  /// The member holding the id (`index`).
  package var idField: String
  /// The member holding the type (`type`).
  package var typeField: String
  /// The type of a request (`request`).
  package var request: String
  /// The type of an answer (`response`).
  package var response: String
  /// The type of the answer to a request for a missing handler (`error`),
  /// or nil when the dialect has none.
  package var error: String?
  /// How ids are written.
  package var ids: IDForm

  /// Creates the description; the defaults are the Flutter wrappers'.
  package init(
    idField: String = "index", typeField: String = "type", request: String = "request", response: String = "response",
    error: String? = "error", ids: IDForm = .counter
  ) {
    self.idField = idField
    self.typeField = typeField
    self.request = request
    self.response = response
    self.error = error
    self.ids = ids
  }

  /// The first counter id of the requests the harness plays on a side's
  /// behalf (`wire.toNative`, `wire.toPage`) without an id of their own:
  /// far beyond what a side counts to in a scenario.
  package static let playedIDBase = 1_000_000

  /// The members of its JSON form.
  package static let members = ["idField", "typeField", "request", "response", "error", "ids"]

  /// Its JSON form (the `typedMessages` member of a profile).
  package var json: JSONValue {
    [
      "idField": .string(idField), "typeField": .string(typeField), "request": .string(request),
      "response": .string(response), "error": error.map(JSONValue.string) ?? .null, "ids": .string(ids.rawValue),
    ]
  }

  /// The classic form of an ``error`` message: the response settling
  /// request `id` for the missing handler `handlerName`.
  package static func noHandlerResponse(id: JSONValue, handlerName: JSONValue?) -> JSONObject {
    var message: JSONObject = ["responseId": id, "error": "no-handler"]
    if let handlerName { message["handlerName"] = handlerName }
    return message
  }

  /// `message` (classic field names) as this dialect writes it; `fields`
  /// renames the handler name and data members.
  package func toWire(_ message: JSONObject, fields: MessageFieldNames) -> JSONObject {
    var wire = JSONObject()
    if let responseID = message["responseId"] {
      let answer = message["responseData"]
      if let error, message["error"] != nil, answer == nil {
        wire[idField] = responseID
        wire[typeField] = .string(error)
        if let name = message["handlerName"] { wire[fields.handlerName] = name }
        return wire
      }
      wire[idField] = responseID
      wire[typeField] = .string(response)
      if let name = message["handlerName"] { wire[fields.handlerName] = name }
      if let answer { wire[fields.data] = answer }
      return wire
    }
    if let callbackID = message["callbackId"] { wire[idField] = callbackID }
    wire[typeField] = .string(request)
    for (key, value) in message where key != "callbackId" {
      wire[key == "handlerName" ? fields.handlerName : key == "data" ? fields.data : key] = value
    }
    return wire
  }

  /// `message` as it came over the wire, in classic terms; a message of
  /// no known type is returned as it is (the native side reports it).
  package func fromWire(_ message: JSONObject, fields: MessageFieldNames) -> JSONObject {
    guard let type = message[typeField]?.stringValue else { return message }
    var classic = JSONObject()
    let id = message[idField]
    let name = message[fields.handlerName]
    if type == request {
      if let name { classic["handlerName"] = name }
      if let data = message[fields.data] { classic["data"] = data }
      if let id { classic["callbackId"] = id }
    } else if type == response {
      if let name { classic["handlerName"] = name }
      classic["responseId"] = id ?? .null
      if let data = message[fields.data] { classic["responseData"] = data }
    } else if let error, type == error {
      return Self.noHandlerResponse(id: id ?? .null, handlerName: name)
    } else {
      return message
    }
    return classic
  }
}
