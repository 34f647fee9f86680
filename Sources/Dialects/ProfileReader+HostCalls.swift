import JSONModel

/// Reading and checking host-object calls that carry a message's parts
/// (``HostObjectCalls``: the `handlerMethods`, `answerMethod` and
/// `returnAnswers` members of a `host-object` signal).
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

  /// The checks of host-object calls against the rest of the profile.
  mutating func checkHostCalls(_ profile: BridgeProfile) {
    let root = JSONPointer.root
    if let index = profile.signals.firstIndex(where: { $0.hostCalls != nil }),
      let calls = profile.signals[index].hostCalls
    {
      let at = root.appending("signals").appending(String(index))
      if profile.queue != .perMessage {
        problem(
          root.appending("queue").appending("return"), "conflicting-members",
          "host-object calls with a message's parts carry one message each",
          hint:
            "say \"return\": \"per-message\", or remove handlerMethods, answerMethod and returnAnswers from the signal")
      }
      if profile.encoding != .json || profile.envelope != nil {
        problem(
          root.appending("queue"), "conflicting-members",
          "host-object calls with a message's parts pass plain JSON text",
          hint: "say \"encoding\": \"json\" and \"envelope\": null")
      }
      if calls.genericMethod, calls.answerMethod == profile.signals[index].method {
        problem(
          at.appending("answerMethod"), "conflicting-members", "the answer method is also the signal's method",
          hint:
            "answers and requests go to different methods, e.g. \"method\": \"send\", \"answerMethod\": \"response\"")
      }
      if profile.typedMessages != nil {
        problem(
          root.appending("typedMessages"), "conflicting-members",
          "host-object calls with a message's parts pass the id as an argument",
          hint: "remove typedMessages, or the host-call members of the signal")
      }
    }
  }

  /// A boolean member, or nil when absent (a problem when not a boolean).
  private mutating func flag(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      problem(pointer.appending(key), "wrong-type", "must be true or false")
      return nil
    }
    return flag
  }
}
