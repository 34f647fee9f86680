import JSONModel

/// A dialect worked out from what a bridge does (``DialectFacts``): the
/// profile to drive it with, the shipped profile nearest to it, the members
/// in which the two differ, the evidence of each member the probes decided
/// and what they could not decide.
///
/// The profile is the nearest shipped profile with every member the facts
/// contradict replaced by what the probes saw. So a bridge of a shipped
/// dialect gets exactly that profile (name included), and a bridge that
/// differs from one in a few names gets that profile with those names: the
/// members no probe can see (injections, user agent, peers) are the nearest
/// dialect's.
package struct InferredDialect: Sendable {
  /// The profile to drive the bridge with.
  package var profile: BridgeProfile
  /// The name of the nearest shipped profile.
  package var nearest: String
  /// The members in which ``profile`` differs from the nearest shipped
  /// profile (empty: it is that profile).
  package var differences: [ProfileDifference]
  /// What the probes established, member by member, in profile order.
  package var evidence: [(member: String, text: String)]
  /// What they could not decide, and the value taken (the nearest profile's).
  package var undecided: [DialectFacts.Undecided]
  /// The members a probe of this kind of bridge never sees, taken from the
  /// nearest profile.
  package var notObservable: [String]
  /// Other shipped profiles exactly as near as ``nearest`` that would give
  /// another profile: the probes could not tell their dialects apart, and
  /// ``nearest`` was taken only for coming first in order of preference.
  package var equallyNear: [String] = []
  /// Behaviour the bridge showed that the profile does not take from it,
  /// because only a bug shows it in the nearest dialect
  /// (``DialectFacts/dispatchTakenForABug(in:)``): what was seen, and what
  /// was kept instead.
  package var keptFromNearest: [String] = []

  /// The members that say how a bridge behaves rather than how it spells
  /// its names: a bridge that behaves otherwise than its nearest shipped
  /// dialect may have a bug there, which a profile taking the behaviour
  /// from the bridge no longer judges.
  static let behaviourMembers = [
    "dispatch", "twoArgumentCall", "callbackData", "handshake", "delivery", "queue.return", "queue.encoding",
    "convention.answers", "convention.nativeCalls", "convention.pageRegister",
  ]

  /// The differences from the nearest shipped profile in how the bridge
  /// behaves (``behaviourMembers``).
  package var behaviourDifferences: [ProfileDifference] {
    differences.filter { difference in
      Self.behaviourMembers.contains { difference.member == $0 || difference.member.hasPrefix($0 + ".") }
    }
  }

  /// Whether the inference is unsure: a member it could not decide, another
  /// shipped dialect as near as the one taken, or a behaviour that differs
  /// from the nearest shipped dialect's (a dialect of its own, or a bug).
  package var isUnsure: Bool { !doubts.isEmpty }

  /// What the inference is unsure of, one line each (empty when it is sure).
  package var doubts: [String] {
    undecided.map { "\($0.member) not decided (\($0.reason)); the value of \(nearest) is kept" }
      + equallyNear.map { "the shipped profile \($0) is as near as \(nearest): the probes could not tell them apart" }
      + keptFromNearest
      + behaviourDifferences.map { difference in
        "\(difference.member) is \(Self.text(difference.after)) where \(nearest) has \(Self.text(difference.before)): "
          + "if the bridge is meant to speak \(nearest), that is a bug this profile does not judge (--profile \(nearest) judges it)"
      }
  }

  /// Whether the bridge speaks the nearest shipped dialect exactly.
  package var isShipped: Bool { differences.isEmpty }

  /// The members a page script's probes never see: what its native side
  /// does (how it injects, its peers) and what the page around it holds.
  package static let notObservableOfPages = [
    "injections", "userAgent", "peers", "names.setupFunction",
  ]

  /// Works out the dialect from `facts`: the shipped profile (of `shipped`,
  /// in order of preference for ties) that the facts contradict least, with
  /// the contradicted members replaced. `name` names a profile that differs
  /// from every shipped one (nil: `inferred-from-<nearest>`).
  package static func infer(
    from facts: DialectFacts, shipped: [BridgeProfile], notObservable: [String] = notObservableOfPages,
    summary: String? = nil
  ) -> InferredDialect? {
    var best: (profile: BridgeProfile, base: BridgeProfile, distance: Int)?
    var tried: [(profile: BridgeProfile, base: BridgeProfile, distance: Int)] = []
    for base in shipped {
      let candidate = facts.applied(to: base)
      // Behaviour kept from `base` for a bug still counts against it.
      let distance = base.distance(to: candidate) + (facts.dispatchTakenForABug(in: base) ? 10 : 0)
      tried.append((candidate, base, distance))
      if best == nil || distance < best!.distance { best = (candidate, base, distance) }
    }
    guard let (candidate, base, distance) = best else { return nil }
    // A tie with another shipped profile matters only when it would drive
    // the bridge differently (not just under another name).
    let equallyNear = tried.filter { other in
      other.base.name != base.name && other.distance == distance
        && !ProfileDifference.between(Self.comparable(candidate), Self.comparable(other.profile)).isEmpty
    }.map(\.base.name)
    var profile = candidate
    let differences = base.differences(to: candidate)
    if differences.isEmpty {
      profile = base
    } else {
      profile.name = "inferred-from-\(base.name)"
      profile.describes = nil
      profile.summary =
        summary
        ?? "Inferred by bridgecheck: the dialect of \(base.name) with "
        + differences.map(\.member).joined(separator: ", ") + " as the bridge has them."
    }
    var kept: [String] = []
    if facts.dispatchTakenForABug(in: base) {
      kept.append(
        "dispatch.mode: the bridge dispatches synchronously (\(facts.dispatch?.evidence ?? "")) where \(base.name) "
          + "defers and has no switch: no bridge of that dialect does by design, so it is taken for a bug and "
          + "\(base.name)'s deferred dispatch is kept (the scenarios that need it judge the bridge); if the bridge "
          + "means to dispatch synchronously, give a profile with dispatch.mode synchronous")
    }
    return InferredDialect(
      profile: profile, nearest: base.name, differences: differences, evidence: facts.evidenceList,
      undecided: facts.undecided, notObservable: notObservable, equallyNear: equallyNear, keptFromNearest: kept)
  }

  /// A profile's JSON without what only names or describes it.
  static func comparable(_ profile: BridgeProfile) -> JSONValue {
    guard case .object(var object) = profile.json else { return profile.json }
    for member in ["name", "description", "describes", "summary", "peers"] { object[member] = nil }
    return .object(object)
  }

  /// The members of ``profile`` in which it differs from the nearest shipped
  /// profile, in a few words: `names.global WebViewJavascriptBridge →
  /// MyBridge`.
  package var differenceLines: [String] {
    differences.map { difference in
      "\(difference.member): \(Self.text(difference.before)) (\(nearest)) → \(Self.text(difference.after))"
    }
  }

  /// One line for the top of a report: which profile was inferred.
  package var headline: String {
    if isShipped { return "\(profile.name) (inferred: the bridge speaks this shipped dialect)" }
    let shown = differences.prefix(4).map { "\($0.member) \(Self.text($0.after))" }
    let more = differences.count > 4 ? " and \(differences.count - 4) more" : ""
    return
      "\(profile.name) (inferred: nearest shipped profile \(nearest); differs in \(shown.joined(separator: ", "))\(more))"
  }

  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "absent" }
    if case .string(let string) = value { return string }
    return value.serialized()
  }

  /// The evidence as text lines: the profile, each member's evidence, what
  /// was not decided and what no probe can see (for `profiles infer`).
  package func report(file: String) -> String {
    var lines: [String] = []
    if isShipped {
      lines.append("\(file): the bridge speaks the shipped dialect \(nearest)")
    } else {
      lines.append("\(file): nearest shipped profile \(nearest); the bridge differs from it in:")
      for line in differenceLines { lines.append("  \(line)") }
    }
    lines.append("evidence:")
    for (member, text) in evidence { lines.append("  \(member): \(text)") }
    if !undecided.isEmpty {
      lines.append("not decided (the value of \(nearest) is kept):")
      for entry in undecided { lines.append("  \(entry.member): \(entry.reason)") }
    }
    for kept in keptFromNearest { lines.append("unsure: \(kept)") }
    for difference in behaviourDifferences {
      lines.append(
        "unsure: \(difference.member) behaves otherwise than in \(nearest); if the bridge is meant to speak \(nearest), "
          + "that is a bug this profile does not judge: run with --profile \(nearest) to judge it")
    }
    if !equallyNear.isEmpty {
      lines.append(
        "unsure: \(equallyNear.joined(separator: ", ")) \(equallyNear.count == 1 ? "is" : "are") as near as \(nearest); "
          + "\(nearest) was taken for coming first. Check the evidence, and give --profile if another fits better.")
    }
    if !notObservable.isEmpty {
      lines.append("not visible in the bridge itself (from \(nearest)): \(notObservable.joined(separator: ", "))")
    }
    return lines.joined(separator: "\n")
  }
}

extension DialectFacts {
  /// The evidence of every established member, in profile order.
  package var evidenceList: [(member: String, text: String)] {
    var out: [(String, String)] = []
    func add<T>(_ member: String, _ fact: Observed<T>?) { if let fact { out.append((member, fact.evidence)) } }
    add("names.global", global)
    add("names.registerHandler", registerHandler)
    add("names.callHandler", callHandler)
    add("names.fetchQueue", fetchQueue)
    add("names.handleMessage", handleMessage)
    add("names.init", initFunction)
    add("names.callbacksArray", callbacksArrays)
    add("names.readyEvent", readyEvents)
    add("names.disableSafetyTimeout", disableSafetyTimeout)
    for classic in MessageFieldNames.classicNames { add("fields.\(classic)", fields[classic]) }
    add("signals", signals)
    add("queue.return", queue)
    add("queue.url", queueReturnURL)
    add("queue.encoding", encoding)
    add("queue.envelope", envelope)
    add("delivery", deliveries)
    add("typedMessages", typedMessages)
    add("handshake", handshake)
    add("dispatch.mode", dispatch)
    add("dispatch.switch", safetySwitch)
    add("convention", convention)
    add("twoArgumentCall", twoArgumentCall)
    add("callbackData", callbackData)
    add("userAgent", userAgent)
    return out
  }
}
