/// Whether the results of a run show that the page bridge's profile plainly
/// does not fit it: next to no scenario passed, and most failed with one and
/// the same message (typically a name the bridge does not have), or the
/// dialect bridgecheck infers from the bridge is another. A report then
/// says so first, with the inferred dialect as the alternative
/// (``DialectNote/unfit``).
package enum ProfileFit {
  /// The fewest judged scenarios for the notice.
  static let minimumJudged = 10
  /// The share of the judged scenarios one message must account for.
  static let sameMessageShare = 0.6
  /// The most of the judged scenarios that may pass.
  static let passedShare = 0.1

  /// What the results of a run show about its profile.
  package struct Misfit: Sendable, Hashable {
    /// Scenarios judged (not skipped).
    package var judged: Int
    /// Of those, passed.
    package var passed: Int
    /// The commonest failure message (its first line) and how many failed with it.
    package var message: String
    package var same: Int

    /// Whether one message accounts for most of the judged scenarios.
    package var failsAlike: Bool { !message.isEmpty && Double(same) >= ProfileFit.sameMessageShare * Double(judged) }
  }

  /// Nil when enough scenarios passed (or too few ran to tell); otherwise
  /// how many passed and the commonest failure.
  package static func misfit(_ results: [ScenarioResult]) -> Misfit? {
    let judged = results.filter { [.pass, .fail, .error, .xfail, .xpass].contains($0.status) }
    let passed = judged.filter { $0.status == .pass || $0.status == .xpass }.count
    guard judged.count >= minimumJudged, Double(passed) <= passedShare * Double(judged.count) else { return nil }
    var counts: [String: Int] = [:]
    for result in judged where result.status != .pass && result.status != .xpass {
      counts[firstLine(result.message), default: 0] += 1
    }
    let (message, count) = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) } ?? ("", 0)
    return Misfit(judged: judged.count, passed: passed, message: message, same: count)
  }

  /// The notice: the profile, what the results show, and `alternative`
  /// (what to try instead, in words); `side` names the bridge under test.
  package static func notice(profile: String, misfit: Misfit, alternative: String, side: String = "page bridge")
    -> String
  {
    "the profile \(profile) does not fit this \(side): "
      + (misfit.passed == 0 ? "no scenario passed" : "\(misfit.passed) of \(misfit.judged) scenarios passed")
      + (misfit.failsAlike
        ? ", and \(misfit.same) of \(misfit.judged) failed with the same message: \"\(misfit.message)\". "
        : " of \(misfit.judged). ")
      + alternative
  }

  /// The first line of a message up to its first `; ` (what follows is the
  /// detail that differs between scenarios).
  static func firstLine(_ message: String?) -> String {
    guard let message, let line = message.split(whereSeparator: \.isNewline).first else { return "" }
    return line.range(of: "; ").map { String(line[..<$0.lowerBound]) } ?? String(line)
  }
}
