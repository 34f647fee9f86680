import BridgeImplementations
import Dialects

/// What a report says once, at its top, about a whole run of a page bridge
/// under test: the profile it ran in (said once, not under every failure),
/// and, when the results show it, that the profile plainly does not fit the
/// bridge (next to no scenario passed and most failed with one and the same message),
/// with what to try.
package enum RunNotices {
  /// The least number of judged scenarios for the unfit-profile notice.
  static let minimumJudged = 10
  /// The share of the judged scenarios one message must account for.
  static let sameMessageShare = 0.6
  /// The most of the judged scenarios that may pass (a handful that need
  /// nothing of the profile's mechanisms).
  static let passedShare = 0.1

  /// The notices of a run whose page bridge ran in `profile` (nil or the
  /// reference profile: bridgecheck's own page bridge, nothing to say).
  /// `shipped` are the profiles bridgecheck ships, to suggest one.
  /// `dialect`, when given, says where the profile came from (inferred
  /// from the bridge, or the default because inference failed) and may
  /// carry the unfit notice already, with the inferred dialect as the
  /// alternative: it then replaces the one worked out here.
  package static func notices(
    results: [ScenarioResult], profile: BridgeProfile?, shipped: [BridgeProfile] = [], dialect: DialectNote? = nil
  ) -> [String] {
    guard let profile, profile != .reference else { return [] }
    var notices = (dialect?.lines(profile: profile.name) ?? []) + [profileNotice(profile)]
    if let unfit = dialect?.unfit ?? unfitNotice(results: results, profileName: profile.name, shipped: shipped) {
      notices.insert(unfit, at: 0)
    }
    return notices
  }

  /// The dialect the page bridge was driven in, member by member.
  static func profileNotice(_ profile: BridgeProfile) -> String {
    let signals = profile.signals.map { $0.kind.rawValue }.joined(separator: ", ")
    let injections = profile.injections.map(\.rawValue).joined(separator: ", ")
    return "profile: the page bridge ran in the dialect of the profile \(profile.name): signals[].kind \(signals); "
      + "injections[].kind \(injections); dispatch.mode \(profile.dispatch.rawValue); names.global "
      + "\(profile.globalName), names.handleMessage \(profile.handleMessageFunction), names.fetchQueue "
      + "\(profile.fetchQueueFunction). A failure that a field of it plausibly decided says so in a line starting "
      + "\"profile:\"; to change a field, give a profile file (--profile FILE; bridgecheck profiles lists the shipped ones)."
  }

  /// The notice that the profile does not fit, when next to no scenario
  /// passed and one message accounts for most judged scenarios; nil otherwise.
  static func unfitNotice(results: [ScenarioResult], profileName: String, shipped: [BridgeProfile]) -> String? {
    let judged = results.filter { [.pass, .fail, .error, .xfail, .xpass].contains($0.status) }
    let passed = judged.filter { $0.status == .pass || $0.status == .xpass }.count
    guard judged.count >= minimumJudged, Double(passed) <= passedShare * Double(judged.count) else { return nil }
    var counts: [String: Int] = [:]
    for result in judged { counts[firstLine(result.message), default: 0] += 1 }
    guard let (message, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
      !message.isEmpty, Double(count) >= sameMessageShare * Double(judged.count)
    else { return nil }
    var text =
      "the profile \(profileName) does not fit this page bridge: "
      + (passed == 0 ? "no scenario passed" : "\(passed) of \(judged.count) scenarios passed") + ", and \(count) of "
      + "\(judged.count) failed with the same message: \"\(message)\". "
    let others = suggestions(for: message, profileName: profileName, shipped: shipped)
    if others.isEmpty, let missing = ProfileHint.missingVariable(in: message) {
      text +=
        "The page bridge reaches for \(missing), which the profile \(profileName) does not provide: if the app "
        + "adds \(missing) (a channel, a host object), copy the profile to a file, name \(missing) in signals[].name "
        + "and give the file with --profile FILE (docs/protocol.md section 9)."
    } else if others.isEmpty {
      text +=
        "Try the profile of the bridge's dialect (bridgecheck profiles lists them: --profile NAME), or write a "
        + "profile file for it (docs/protocol.md section 9: --profile FILE)."
    } else {
      text +=
        "Try " + others.map { "--profile \($0)" }.joined(separator: " or ")
        + " (bridgecheck profiles lists them all), or write a profile file for it (docs/protocol.md section 9)."
    }
    return text
  }

  /// Shipped profiles the message points at: one whose global is the name
  /// the harness found the page API under, or whose signal or global is the
  /// name the page bridge reached for.
  static func suggestions(for message: String, profileName: String, shipped: [BridgeProfile]) -> [String] {
    var names: [String] = []
    if let range = message.range(of: ", and window.") {
      names.append(String(message[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }))
    }
    if let missing = ProfileHint.missingVariable(in: message) { names.append(missing) }
    guard !names.isEmpty else { return [] }
    return shipped.filter { candidate in
      candidate.name != profileName
        && names.contains { name in
          candidate.globalName == name
            || candidate.signals.contains { ($0.kind == .channel || $0.kind == .hostObject) && $0.name == name }
        }
    }.map(\.name)
  }

  /// The first line of a message up to its first `; ` (what follows is the
  /// detail that differs between scenarios: the first page error, its line).
  private static func firstLine(_ message: String?) -> String {
    guard let message, let line = message.split(whereSeparator: \.isNewline).first else { return "" }
    return line.range(of: "; ").map { String(line[..<$0.lowerBound]) } ?? String(line)
  }
}
