import ScenarioRunner

/// The note every report puts at its top when page code reached for APIs
/// that WebKit has and bridgecheck's simulated page lacks: which, in how
/// many scenarios, and how to judge such a bridge in a real engine.
enum MissingPageAPIsNote {
  /// How many APIs the note names before it says how many more there are.
  static let shownAPIs = 12

  /// The note's lines (no colour), or none when nothing was missing.
  static func lines(_ report: RunReport) -> [String] {
    let missing = report.pageAPIsMissing
    guard !missing.isEmpty else { return [] }
    let shown = missing.prefix(shownAPIs).map { entry in
      "\(FailureText.visible(entry.api)) (\(entry.scenarios) scenario\(entry.scenarios == 1 ? "" : "s"))"
    }
    let more = missing.count > shownAPIs ? ", and \(missing.count - shownAPIs) more" : ""
    return [
      "The page code reached for APIs that WebKit has and bridgecheck's simulated page lacks: "
        + shown.joined(separator: ", ") + more + ".",
      "A failure that follows from one of them is a limit of the simulated page, not a fault of the bridge. "
        + "Judge this bridge in WebKit: bridgecheck run --engine webkitgtk (a build with the WebKitGTK trait; "
        + "docs/webkit-engine.md).",
    ]
  }
}
