import BridgeImplementations
import Dialects
import JSONModel

/// The dialect an expectations file pins (its scope's `dialect`, written
/// when bridgecheck inferred the profile): a run whose inferred dialect is
/// another is refused, member by member, so a gate never judges a bridge
/// in one dialect against expectations written in another.
enum DialectPin {
  /// The refusal when `current` is not the `pinned` dialect; nil when it is.
  static func problem(pinned: JSONValue, current: JSONValue, profile: String, file: String) -> Diagnostic? {
    let differences = ProfileDifference.between(pinned, current)
    guard !differences.isEmpty else { return nil }
    let shown = differences.prefix(6).map { "    \($0.description)" }
    let more = differences.count > 6 ? ["    …and \(differences.count - 6) more"] : []
    return .error(
      ([
        "\(file)#/scope/dialect: the expectations file was written under another dialect than this run's "
          + "(profile \(profile)); it differs in:"
      ] + shown + more).joined(separator: "\n"),
      hint: "pin the dialect: write the profile the file was written under to a file and give it with --profile FILE, "
        + "or, if the new dialect is right, rewrite the file with --update-baseline")
  }
}
