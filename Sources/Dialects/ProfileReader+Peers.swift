import JSONModel

/// Reading the profile member `peers` (``PeerFact``): per side, the facts
/// its real implementations share, each with its evidence.
extension ProfileReader {
  mutating func readPeers(_ value: JSONValue, at pointer: JSONPointer) -> [StatedPeerFact] {
    let example =
      "{\"native\": [{\"fact\": \"ignores-unknown-response-ids\", \"evidence\": \"project version, file: what it does\"}]}"
    guard let sides = value.objectValue else {
      problem(pointer, "wrong-type", "must be an object of sides", hint: example)
      return []
    }
    var facts: [StatedPeerFact] = []
    for (key, entries) in sides {
      let at = pointer.appending(key)
      guard let side = PeerSide(rawValue: key) else {
        problem(
          at, "unknown-field", "not a side", hint: "sides: \(PeerSide.allCases.map(\.rawValue).joined(separator: ", "))"
        )
        continue
      }
      guard let list = entries.arrayValue else {
        problem(at, "wrong-type", "must be an array of facts", hint: example)
        continue
      }
      for (index, entry) in list.enumerated() {
        let entryAt = at.appending(String(index))
        guard let object = entry.objectValue else {
          problem(entryAt, "wrong-type", "a fact is an object with \"fact\" and \"evidence\"", hint: example)
          continue
        }
        for member in object.keys where member != "fact" && member != "evidence" {
          problem(
            entryAt.appending(member), "unknown-field", "unknown member \"\(member)\"", hint: "members: fact, evidence")
        }
        let known = PeerFact.allCases.filter { $0.side == side }.map(\.rawValue)
        guard let factValue = object["fact"] else {
          problem(
            entryAt.appending("fact"), "missing-field", "missing",
            hint: "facts about \(side.rawValue) peers: \(known.joined(separator: ", "))")
          continue
        }
        guard let name = factValue.stringValue, let fact = PeerFact(rawValue: name), fact.side == side else {
          problem(
            entryAt.appending("fact"), "unknown-value", "not a fact about \(side.rawValue) peers",
            hint: known.isEmpty
              ? "bridgecheck knows no fact about \(side.rawValue) peers yet" : "facts: \(known.joined(separator: ", "))"
          )
          continue
        }
        guard let evidence = string(object, "evidence", at: entryAt, required: true) else { continue }
        if facts.contains(where: { $0.fact == fact }) {
          problem(
            entryAt.appending("fact"), "duplicate-name", "\(fact.rawValue) is stated twice",
            hint: "state each fact once")
          continue
        }
        facts.append(StatedPeerFact(fact, evidence: evidence))
      }
    }
    return facts
  }
}

extension BridgeProfile {
  /// The `peers` member as a profile file writes it.
  var peersJSON: JSONValue {
    var object = JSONObject()
    for side in PeerSide.allCases {
      let stated = peers.filter { $0.fact.side == side }
      guard !stated.isEmpty else { continue }
      object[side.rawValue] = .array(
        stated.map { ["fact": .string($0.fact.rawValue), "evidence": .string($0.evidence)] })
    }
    return .object(object)
  }
}
