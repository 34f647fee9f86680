/// What a report says first about the dialect a page bridge ran in: that
/// bridgecheck inferred it (and from which shipped profile it differs, in
/// which members), that it could not (and took the default), and that the
/// profile plainly does not fit the bridge (with the inferred alternative).
package struct DialectNote: Sendable, Hashable {
  /// Where the profile came from.
  package enum Origin: String, Sendable, Hashable, CaseIterable {
    /// `--profile`.
    case given
    /// Worked out from the page script (`run --js` without `--profile`).
    case inferred
    /// Inference failed; the default dialect ran.
    case `default`
  }

  /// Where the profile came from.
  package var origin: Origin
  /// The side the dialect was inferred from: the page bridge (the default),
  /// or the native adapter (`run --native CMD` without `--js` and `--profile`).
  package var inferredFromNative = false
  /// The side the dialect was inferred from, or inference was tried on, as
  /// the JSON report's `run.dialect.inferredFrom` says it: `page` or
  /// `native`; nil for a given profile.
  package var inferredFrom: String? {
    switch origin {
    case .given: nil
    case .inferred, .default: inferredFromNative ? "native" : "page"
    }
  }

  /// The shipped profile nearest to the inferred one (nil unless inferred).
  package var nearest: String?
  /// The members in which the inferred profile differs from the nearest
  /// shipped one, each `member: nearest's value → inferred value`.
  package var differences: [String]
  /// What the inference was unsure of (origin `inferred`): members it could
  /// not decide, other shipped dialects as near. Empty when it was sure.
  package var doubts: [String]
  /// Why the dialect could not be inferred (origin `default`).
  package var inferenceFailure: String?
  /// That the profile plainly does not fit the bridge, and what to try
  /// (nil when the results do not show it).
  package var unfit: String?

  /// Creates a note.
  package init(
    origin: Origin, nearest: String? = nil, differences: [String] = [], doubts: [String] = [],
    inferenceFailure: String? = nil, unfit: String? = nil
  ) {
    self.doubts = doubts
    self.origin = origin
    self.nearest = nearest
    self.differences = differences
    self.inferenceFailure = inferenceFailure
    self.unfit = unfit
  }

  /// Where the profile came from, as the report's notices say it (plain
  /// text, one paragraph each; none for a given profile). The unfit notice
  /// is a notice of its own (``RunNotices``).
  package func lines(profile: String) -> [String] {
    var out: [String] = []
    switch origin {
    case .given:
      break
    case .inferred where inferredFromNative:
      out.append(
        "profile: \(profile), inferred from the native adapter (what its hello declares and how it answers probes in "
          + "each shipped dialect; bridgecheck profiles infer --native CMD prints the evidence); --profile overrides it"
      )
      if !doubts.isEmpty { out.append("profile: the inference is unsure: " + doubts.joined(separator: "; ")) }
    case .inferred:
      if differences.isEmpty, let nearest {
        out.append(
          "profile: \(profile), inferred from the page bridge (it speaks the shipped dialect \(nearest)); --profile overrides it"
        )
      } else {
        out.append(
          "profile: \(profile), inferred from the page bridge: the shipped profile \(nearest ?? "?") with "
            + differences.joined(separator: "; ")
            + " (bridgecheck profiles infer FILE prints it with its evidence; --profile overrides it)")
      }
      if !doubts.isEmpty {
        out.append(
          "profile: the inference is unsure: " + doubts.joined(separator: "; ")
            + ". Check with bridgecheck profiles infer FILE, and give --profile if another dialect fits better")
      }
    case .default where inferredFromNative:
      out.append(
        "profile: \(profile), the default: the dialect could not be inferred from the native adapter: "
          + (inferenceFailure ?? "no reason given") + " (give --profile to choose one)")
    case .default:
      out.append(
        "profile: \(profile), the default: the dialect could not be inferred from the page bridge: "
          + (inferenceFailure ?? "no reason given") + " (give --profile to choose one)")
    }
    return out
  }
}
