/// Whether the results of a run show that the page bridge's profile plainly
/// does not fit it: next to no scenario passed, and most failed with one and
/// the same message (typically a name the bridge does not have). A report
/// then says so first, with the dialect bridgecheck infers from the bridge
/// as the alternative (``DialectNote/unfit``).
public enum ProfileFit {
  /// The fewest judged scenarios for the notice.
  static let minimumJudged = 10
  /// The share of the judged scenarios one message must account for.
  static let sameMessageShare = 0.6
  /// The most of the judged scenarios that may pass.
  static let passedShare = 0.1

  /// What the results show: nil when the profile fits (or too few ran to
  /// tell); otherwise how many passed, how many failed alike, and the message.
  public static func misfit(_ results: [ScenarioResult]) -> (judged: Int, passed: Int, same: Int, message: String)? {
    let judged = results.filter { [.pass, .fail, .error, .xfail, .xpass].contains($0.status) }
    let passed = judged.filter { $0.status == .pass || $0.status == .xpass }.count
    guard judged.count >= minimumJudged, Double(passed) <= passedShare * Double(judged.count) else { return nil }
    var counts: [String: Int] = [:]
    for result in judged where result.status != .pass && result.status != .xpass {
      counts[firstLine(result.message), default: 0] += 1
    }
    guard
      let (message, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
      !message.isEmpty, Double(count) >= sameMessageShare * Double(judged.count)
    else { return nil }
    return (judged.count, passed, count, message)
  }

  /// The notice: the profile, what the results show, and `alternative`
  /// (what to try instead, in words).
  public static func notice(profile: String, results: [ScenarioResult], alternative: String) -> String? {
    guard let misfit = misfit(results) else { return nil }
    return "the profile \(profile) does not fit this page bridge: "
      + (misfit.passed == 0 ? "no scenario passed" : "\(misfit.passed) of \(misfit.judged) scenarios passed")
      + ", and \(misfit.same) of \(misfit.judged) failed with the same message: \"\(misfit.message)\". " + alternative
  }

  /// The first line of a message up to its first `; ` (what follows is the
  /// detail that differs between scenarios).
  static func firstLine(_ message: String?) -> String {
    guard let message, let line = message.split(whereSeparator: \.isNewline).first else { return "" }
    return line.range(of: "; ").map { String(line[..<$0.lowerBound]) } ?? String(line)
  }
}
