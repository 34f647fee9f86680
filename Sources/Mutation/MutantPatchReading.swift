import JSONModel
import ScenarioRunner

/// Reads the `patch` array of a mutant file: each entry a `find` (non-empty)
/// and a `replace` string, and each `find` occurring exactly once in the
/// source it patches. Page mutants and dialect mutants share it.
enum MutantPatchReading {
  /// The replacements of `patch`, with a problem for each bad entry.
  /// - Parameters:
  ///   - source: the text the patch applies to, or nil when it could not be
  ///     read (its own problem was reported), which skips the count check.
  ///   - sourceName: the source as problems name it (`page-bridge.js`).
  ///   - sourcePath: the source's path, for the hint.
  ///   - problem: makes a problem of the mutant file at a pointer.
  static func replacements(
    _ patch: [JSONValue], source: String?, sourceName: String, sourcePath: String,
    problems: inout [FixtureProblem],
    problem: (JSONPointer, String, String, String?) -> FixtureProblem
  ) -> [Mutant.Replacement] {
    var replacements: [Mutant.Replacement] = []
    for (index, entry) in patch.enumerated() {
      let pointer = JSONPointer.root.appending("patch").appending(index)
      guard let find = entry["find"]?.stringValue, !find.isEmpty, let replace = entry["replace"]?.stringValue else {
        problems.append(
          problem(pointer, "bad-patch", "each patch entry needs \"find\" (non-empty) and \"replace\" strings", nil))
        continue
      }
      if let source {
        let occurrences = source.components(separatedBy: find).count - 1
        if occurrences != 1 {
          problems.append(
            problem(
              pointer.appending("find"), "patch-does-not-apply",
              "the text to find occurs \(occurrences) times in \(sourceName); it must occur exactly once",
              "copy a longer, unique excerpt of \(sourcePath)"))
        }
      }
      replacements.append(Mutant.Replacement(find: find, replace: replace))
    }
    return replacements
  }
}
