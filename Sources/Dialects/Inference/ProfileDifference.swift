import JSONModel

/// One member in which two profiles differ, as a path of the profile file
/// (`names.global`, `signals[0].name`) with each side's value.
package struct ProfileDifference: Sendable, Hashable, CustomStringConvertible {
  /// The member, as a path of the profile file.
  package var member: String
  /// Its value in the first profile (nil: the member is absent there).
  package var before: JSONValue?
  /// Its value in the second profile (nil: absent there).
  package var after: JSONValue?

  /// Creates a difference.
  package init(member: String, before: JSONValue?, after: JSONValue?) {
    self.member = member
    self.before = before
    self.after = after
  }

  /// Every leaf in which the profile JSON `after` differs from `before`
  /// (its name, description and `describes` aside), in the order of the file.
  package static func between(_ before: JSONValue, _ after: JSONValue) -> [ProfileDifference] {
    var mine: [(String, JSONValue)] = []
    var theirs: [(String, JSONValue)] = []
    BridgeProfile.leaves(of: before, path: "", into: &mine)
    BridgeProfile.leaves(of: after, path: "", into: &theirs)
    let theirByPath = Dictionary(theirs, uniquingKeysWith: { first, _ in first })
    let mineByPath = Dictionary(mine, uniquingKeysWith: { first, _ in first })
    var result: [ProfileDifference] = []
    for (path, value) in mine where theirByPath[path] != value {
      result.append(ProfileDifference(member: path, before: value, after: theirByPath[path]))
    }
    for (path, value) in theirs where mineByPath[path] == nil {
      result.append(ProfileDifference(member: path, before: nil, after: value))
    }
    return result
  }

  /// `member: before → after`, each value as JSON (`absent` for none).
  package var description: String {
    "\(member): \(before.map { $0.serialized() } ?? "absent") → \(after.map { $0.serialized() } ?? "absent")"
  }
}

extension BridgeProfile {
  /// The members that say what a profile is rather than what the dialect
  /// does: left out when profiles are compared.
  package static let descriptiveMembers: Set<String> = ["$schema", "name", "description", "describes"]

  /// Every member in which `other` differs from this profile, leaf by leaf
  /// (what the profiles say about the dialect; name, description and
  /// `describes` aside), in the order of the profile file.
  package func differences(to other: BridgeProfile) -> [ProfileDifference] {
    ProfileDifference.between(json, other.json)
  }

  /// The dialect this profile describes, as JSON without the members that
  /// only name or describe it: two profiles with the same dialect JSON
  /// drive a bridge the same way.
  package var dialectJSON: JSONValue {
    guard case .object(var object) = json else { return json }
    for member in Self.descriptiveMembers { object[member] = nil }
    return .object(object)
  }

  static func leaves(of value: JSONValue, path: String, into out: inout [(String, JSONValue)]) {
    switch value {
    case .object(let object):
      for (key, member) in object {
        if path.isEmpty && descriptiveMembers.contains(key) { continue }
        leaves(of: member, path: path.isEmpty ? key : path + "." + key, into: &out)
      }
      if object.isEmpty && !path.isEmpty { out.append((path, value)) }
    case .array(let elements):
      for (index, element) in elements.enumerated() { leaves(of: element, path: path + "[\(index)]", into: &out) }
      if elements.isEmpty { out.append((path, value)) }
    default:
      out.append((path, value))
    }
  }

  /// How far `other` is from this profile as a dialect: mechanisms (the
  /// kind of signal, the queue's return and encoding, the delivery form,
  /// typed messages, the handshake, the dispatch mode, the calling
  /// convention) weigh 10, the call forms 3, each other member 1.
  package func distance(to other: BridgeProfile) -> Int {
    var total = 0
    func weigh<T: Equatable>(_ a: T, _ b: T, _ weight: Int) { if a != b { total += weight } }
    weigh(signals.map(\.kind), other.signals.map(\.kind), 10)
    if signals.map(\.kind) == other.signals.map(\.kind) {
      for (mine, theirs) in zip(signals, other.signals)
      where !mine.isSameSignal(as: theirs, carriesPayload: signalCarriesPayload) {
        total += mine.hostCalls != theirs.hostCalls ? 5 : 1
      }
    }
    weigh(queue, other.queue, 10)
    weigh(encoding, other.encoding, 10)
    weigh(envelope == nil, other.envelope == nil, 10)
    weigh(envelope, other.envelope, 1)
    if queue == .navigation && other.queue == .navigation { weigh(queueReturnURL, other.queueReturnURL, 1) }
    weigh(delivery, other.delivery, 10)
    weigh(typedMessages == nil, other.typedMessages == nil, 10)
    weigh(typedMessages, other.typedMessages, 1)
    weigh(handshake, other.handshake, 10)
    weigh(dispatch, other.dispatch, 10)
    // Synchronous dispatch has no switch: its absence then follows from the mode.
    let switchMatters = dispatch == .deferred && other.dispatch == .deferred
    if switchMatters { weigh(safetyTimeoutHandler, other.safetyTimeoutHandler, 1) }
    weigh(convention == .classic, other.convention == .classic, 10)
    weigh(convention, other.convention, 3)
    weigh(twoArgumentCall, other.twoArgumentCall, 3)
    weigh(callbackData, other.callbackData, 3)
    let myNames: [String?] = [
      names.global, names.registerHandler, names.callHandler, names.fetchQueue, names.handleMessage,
      handshake == .initCall ? names.initFunction : nil, names.callbacksArray, names.readyEvent, names.setupFunction,
      names.disableSafetyTimeout,
    ]
    let theirNames: [String?] = [
      other.names.global, other.names.registerHandler, other.names.callHandler, other.names.fetchQueue,
      other.names.handleMessage, other.handshake == .initCall ? other.names.initFunction : nil,
      other.names.callbacksArray, other.names.readyEvent, other.names.setupFunction,
      switchMatters ? other.names.disableSafetyTimeout : names.disableSafetyTimeout,
    ]
    for (a, b) in zip(myNames, theirNames) { weigh(a, b, 1) }
    for (a, b) in zip(fields.all, other.fields.all) { weigh(a, b, 1) }
    return total
  }
}
