import JSONModel

/// Reading and checking the calling conventions beyond classic messages:
/// host-object calls that carry a message's parts (``HostObjectCalls``)
/// and typed messages with one id (``TypedMessages``).
extension ProfileReader {
  /// The host-call members of a `host-object` signal, or nil when it has
  /// none (the method then takes one encoded payload).
  mutating func readHostCalls(_ object: JSONObject, at pointer: JSONPointer) -> HostObjectCalls? {
    guard HostObjectCalls.members.contains(where: { object[$0] != nil }) else { return nil }
    var calls = HostObjectCalls()
    calls.handlerMethods = flag(object, "handlerMethods", at: pointer) ?? false
    calls.returnAnswers = flag(object, "returnAnswers", at: pointer) ?? false
    if let method = identifier(object, "answerMethod", at: pointer, required: true) { calls.answerMethod = method }
    return calls
  }

  /// The `typedMessages` member.
  mutating func readTypedMessages(_ value: JSONValue, at pointer: JSONPointer) -> TypedMessages? {
    guard let object = value.objectValue else {
      problem(
        pointer, "must be an object or null",
        hint: "{\"idField\": \"index\", \"typeField\": \"type\", \"request\": \"request\", \"response\": \"response\", "
          + "\"error\": \"error\", \"ids\": \"counter\"}")
      return nil
    }
    for key in object.keys where !TypedMessages.members.contains(key) {
      problem(pointer.appending(key), "unknown member \"\(key)\"", hint: "members: \(TypedMessages.members.joined(separator: ", "))")
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

  /// The checks of these conventions against the rest of the profile.
  mutating func checkConventions(_ profile: BridgeProfile) {
    let root = JSONPointer.root
    if let index = profile.signals.firstIndex(where: { $0.hostCalls != nil }), let calls = profile.signals[index].hostCalls {
      let at = root.appending("signals").appending(String(index))
      if profile.queue != .perMessage {
        problem(
          root.appending("queue").appending("return"), "host-object calls with a message's parts carry one message each",
          hint: "say \"return\": \"per-message\", or remove handlerMethods, answerMethod and returnAnswers from the signal")
      }
      if profile.encoding != .json || profile.envelope != nil {
        problem(
          root.appending("queue"), "host-object calls with a message's parts pass plain JSON text",
          hint: "say \"encoding\": \"json\" and \"envelope\": null")
      }
      if calls.answerMethod == profile.signals[index].method {
        problem(
          at.appending("answerMethod"), "the answer method is also the signal's method",
          hint: "answers and requests go to different methods, e.g. \"method\": \"send\", \"answerMethod\": \"response\"")
      }
      if profile.typedMessages != nil {
        problem(
          root.appending("typedMessages"), "host-object calls with a message's parts pass the id as an argument",
          hint: "remove typedMessages, or the host-call members of the signal")
      }
    }
    guard let typed = profile.typedMessages else { return }
    let at = root.appending("typedMessages")
    let renamed = ["callbackId": profile.fields.callbackId, "responseId": profile.fields.responseId,
      "responseData": profile.fields.responseData].filter { $0.key != $0.value }
    if let first = renamed.keys.sorted().first {
      problem(
        root.appending("fields").appending(first), "typed messages carry ids in idField and answers in the data field",
        hint: "rename the id with typedMessages.idField and the data with fields.data; remove \(first)")
    }
    let members = [typed.idField, typed.typeField, profile.fields.handlerName, profile.fields.data]
    if Set(members).count != members.count {
      problem(at, "the id, type, handler name and data members need four different names: \(members.joined(separator: ", "))")
    }
    let types = [typed.request, typed.response] + (typed.error.map { [$0] } ?? [])
    if Set(types).count != types.count {
      problem(at, "the request, response and error types need different names: \(types.joined(separator: ", "))")
    }
  }

  /// A boolean member, or nil when absent (a problem when not a boolean).
  private mutating func flag(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      problem(pointer.appending(key), "must be true or false")
      return nil
    }
    return flag
  }
}
