/// How a profile's messages travel beyond classic WVJB, in words, for
/// `bridgecheck profiles`: host-object calls (``HostObjectCalls``), typed
/// messages (``TypedMessages``), URI-encoded delivery, a fetched array,
/// JSON-text callbacks, no two-argument call, and the facts it states about
/// its peers. The calling convention has its own words
/// (``CallingConvention/differences``).
extension BridgeProfile {
  /// One phrase per way its messages travel differently (empty for a
  /// dialect with classic messages): host-object calls with a message's
  /// parts, typed messages, URI-encoded delivery.
  package var wirePhrases: [String] {
    var phrases: [String] = []
    if let (signal, calls) = hostObjectCalls {
      var phrase = "host calls \(signal.name).<handler>(json, id)"
      if !calls.handlerMethods { phrase = "host calls \(signal.name).\(signal.method)(json, id)" }
      if calls.handlerMethods && calls.genericMethod { phrase += ", else \(signal.method)(message, id)" }
      if calls.handlerMethods && !calls.genericMethod { phrase += " only (handler names are identifiers)" }
      phrase += ", answers to \(calls.answerMethod)(json, id)"
      if calls.returnAnswers { phrase += ", a returned string answers at once" }
      phrases.append(phrase)
    }
    if let typed = typedMessages {
      let types = [typed.request, typed.response] + (typed.error.map { [$0] } ?? [])
      phrases.append(
        "typed messages {\(typed.idField), \(typed.typeField): \(types.joined(separator: "|"))}, \(typed.ids.rawValue) ids"
      )
    }
    if delivery == .uriJSONString { phrases.append("URI-encoded delivery") }
    if encoding == .object && queue == .fetch { phrases.append("the fetch returns the queue array itself") }
    if callbackData == .jsonText { phrases.append("callbacks get the answer's JSON text") }
    if !twoArgumentCall { phrases.append("no callHandler(name, fn)") }
    if !peers.isEmpty { phrases.append("peers: " + peers.map(\.fact.rawValue).joined(separator: ", ")) }
    return phrases
  }
}
