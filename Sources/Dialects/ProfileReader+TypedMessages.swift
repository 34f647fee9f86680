import JSONModel

/// Reading and checking the profile member `typedMessages`
/// (``TypedMessages``: one id for both directions, a type member).
extension ProfileReader {
  /// The `typedMessages` member.
  mutating func readTypedMessages(_ value: JSONValue, at pointer: JSONPointer) -> TypedMessages? {
    guard let object = value.objectValue else {
      problem(
        pointer, "wrong-type", "must be an object or null",
        hint: "{\"idField\": \"index\", \"typeField\": \"type\", \"request\": \"request\", \"response\": \"response\", "
          + "\"error\": \"error\", \"ids\": \"counter\"}")
      return nil
    }
    for key in object.keys where !TypedMessages.members.contains(key) {
      problem(
        pointer.appending(key), "unknown-field", "unknown member \"\(key)\"",
        hint: "members: \(TypedMessages.members.joined(separator: ", "))")
    }
    var typed = TypedMessages()
    typed.idField = string(object, "idField", at: pointer, required: true) ?? typed.idField
    typed.typeField = string(object, "typeField", at: pointer, required: true) ?? typed.typeField
    typed.request = string(object, "request", at: pointer, required: true) ?? typed.request
    typed.response = string(object, "response", at: pointer, required: true) ?? typed.response
    if let error = object["error"] {
      typed.error = error == .null ? nil : nonEmpty(error, at: pointer.appending("error"))
    } else {
      typed.error = nil
    }
    if let ids = object["ids"] {
      typed.ids = choice(ids, at: pointer.appending("ids"), TypedMessages.IDForm.self) ?? typed.ids
    }
    return typed
  }

  /// The checks of typed messages against the rest of the profile.
  mutating func checkTypedMessages(_ profile: BridgeProfile) {
    let root = JSONPointer.root
    guard let typed = profile.typedMessages else { return }
    let at = root.appending("typedMessages")
    let renamed = [
      "callbackId": profile.fields.callbackId, "responseId": profile.fields.responseId,
      "responseData": profile.fields.responseData,
    ].filter { $0.key != $0.value }
    if let first = renamed.keys.sorted().first {
      problem(
        root.appending("fields").appending(first), "conflicting-members",
        "typed messages carry ids in idField and answers in the data field",
        hint: "rename the id with typedMessages.idField and the data with fields.data; remove \(first)")
    }
    let members = [typed.idField, typed.typeField, profile.fields.handlerName, profile.fields.data]
    if Set(members).count != members.count {
      problem(
        at, "duplicate-name",
        "the id, type, handler name and data members need four different names: \(members.joined(separator: ", "))")
    }
    let types = [typed.request, typed.response] + (typed.error.map { [$0] } ?? [])
    if Set(types).count != types.count {
      problem(
        at, "duplicate-name",
        "the request, response and error types need different names: \(types.joined(separator: ", "))")
    }
  }
}
