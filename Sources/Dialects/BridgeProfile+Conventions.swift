/// The calling conventions of a profile in words, for `bridgecheck profiles`.
extension BridgeProfile {
  /// One phrase per convention beyond classic messages (empty for a
  /// dialect with classic messages): host-object calls with a message's
  /// parts, typed messages, URI-encoded delivery.
  public var conventionPhrases: [String] {
    var phrases: [String] = []
    if let (signal, calls) = hostObjectCalls {
      var phrase = "host calls \(signal.name).<handler>(json, id)"
      if !calls.handlerMethods { phrase = "host calls \(signal.name).\(signal.method)(json, id)" }
      phrase += ", answers to \(calls.answerMethod)(json, id)"
      if calls.returnAnswers { phrase += ", a returned string answers at once" }
      phrases.append(phrase)
    }
    if let typed = typedMessages {
      let types = [typed.request, typed.response] + (typed.error.map { [$0] } ?? [])
      phrases.append(
        "typed messages {\(typed.idField), \(typed.typeField): \(types.joined(separator: "|"))}, \(typed.ids.rawValue) ids")
    }
    if delivery == .uriJSONString { phrases.append("URI-encoded delivery") }
    return phrases
  }
}
