import JSONModel

/// The members of the earlier, flat profile format: read when a profile is
/// written in that format alone, refused when they would be mixed with the
/// current format or would have no effect (a member that is read and then
/// overridden, or never read, is a silent change of what the file says).
extension ProfileReader {
  /// Each flat member, with what the current format writes instead.
  static let legacyEquivalents: [(member: String, current: String)] = [
    ("globalName", "\"names\": {\"global\": …}"),
    ("fetchQueueFunction", "\"names\": {\"fetchQueue\": …}"),
    ("handleMessageFunction", "\"names\": {\"handleMessage\": …}"),
    ("queueMessageURL", "\"signals\": [{\"kind\": \"iframe\", \"url\": …}]"),
    ("messageHandlerName", "\"signals\": [{\"kind\": \"message-handlers\", \"name\": …}]"),
    (
      "transports",
      "\"signals\": [{\"kind\": …}, …], one object per kind (iframe with \"url\", message-handlers with \"name\", …)"
    ),
    ("bridgeLoadedURL", "\"injections\": [{\"kind\": \"bridge-loaded\", \"url\": …}]"),
  ]

  /// The members only the current format has. `fields`, `injections` as
  /// names and `dispatch` as a name are common to both.
  static let currentOnlyMembers = [
    "describes", "names", "signals", "queue", "delivery", "handshake", "userAgent", "typedMessages", "convention",
    "twoArgumentCall", "callbackData", "peers",
  ]

  /// Reports a flat member next to a member of the current format (the
  /// current one would silently win, or the flat one would), and a flat
  /// member that the rest of a flat profile makes ineffective.
  mutating func checkLegacyMembers(_ object: JSONObject) {
    let legacy = Self.legacyEquivalents.filter { object[$0.member] != nil }
    guard !legacy.isEmpty else { return }
    var current = Self.currentOnlyMembers.filter { object[$0] != nil }
    if object["injections"]?.arrayValue?.contains(where: { $0.objectValue != nil }) == true {
      current.append("injections")
    }
    if object["dispatch"]?.objectValue != nil { current.append("dispatch") }
    if let first = current.first {
      for (member, equivalent) in legacy {
        problem(
          .root.appending(member), "mixed-formats",
          "\"\(member)\" belongs to the earlier flat profile format, and this profile is written in the current one "
            + "(it has \"\(first)\"); the two cannot be mixed",
          hint:
            "write it as \(equivalent) (docs/protocol.md section 9.1), or write the whole profile in the flat format")
      }
      return
    }
    let transports = object["transports"]?.arrayValue?.compactMap(\.stringValue)
    if object["messageHandlerName"] != nil, transports?.contains(Transport.messageHandlers.rawValue) != true {
      problem(
        .root.appending("messageHandlerName"), "no-effect",
        "has no effect: the profile has no message-handlers transport",
        hint: "add \"message-handlers\" to \"transports\", or remove \"messageHandlerName\"; in the current format: "
          + "\"signals\": [{\"kind\": \"message-handlers\", \"name\": …}]")
    }
    if object["queueMessageURL"] != nil, let transports, !transports.contains(Transport.iframe.rawValue) {
      problem(
        .root.appending("queueMessageURL"), "no-effect", "has no effect: \"transports\" has no iframe",
        hint: "add \"iframe\" to \"transports\", or remove \"queueMessageURL\"")
    }
    let injections = object["injections"]?.arrayValue?.compactMap(\.stringValue)
    if object["bridgeLoadedURL"] != nil, let injections, !injections.contains(Injection.bridgeLoaded.rawValue) {
      problem(
        .root.appending("bridgeLoadedURL"), "no-effect", "has no effect: \"injections\" has no bridge-loaded",
        hint: "add \"bridge-loaded\" to \"injections\", or remove \"bridgeLoadedURL\"")
    }
  }
}
