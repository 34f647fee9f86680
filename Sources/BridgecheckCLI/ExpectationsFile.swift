import Foundation
import JSONModel
import ScenarioRunner

/// Loading the expectations file (`--baseline`, docs/expectations.md) for
/// `run` and `merge`.
enum ExpectationsFile {
  /// The expectations at `path` for a run of `scope`: an empty set (with a
  /// notice) when the file does not exist yet, so a first adoption still
  /// runs and writes its reports; a usage error when it cannot be read or
  /// was written for other implementations.
  static func load(_ path: String, scope: Baseline.Scope) throws -> Baseline {
    guard FileManager.default.fileExists(atPath: path) else {
      Diagnostic.note(
        "the expectations file \(path) does not exist yet: judging against an empty one",
        hint:
          "to adopt bridgecheck on a bridge that fails some scenarios today, write it with --update-baseline and commit it"
      ).emit()
      return Baseline(scope: scope)
    }
    let loaded: Baseline
    switch Baseline.load(from: path) {
    case .success(let value): loaded = value
    case .failure(let problem): throw CLIError.usage(problem)
    }
    if loaded.isLegacy {
      Diagnostic.note(
        "\(path) is an old-format baseline (reasons only): its entries excuse any failure",
        hint: "rewrite it with --update-baseline to pin each entry's outcome and failing checks (reasons are kept)"
      ).emit()
    }
    if let fileScope = loaded.scope, !fileScope.sameImplementations(as: scope) {
      throw CLIError.usage(
        JSONFileProblem(
          file: path, pointer: JSONPointer.root.appending("scope"), code: "other-implementations",
          message: "the expectations file was written for \(fileScope.description), "
            + "and this run tests \(scope.description)",
          hint: "give the expectations file of this implementation, or rewrite this one with --update-baseline"))
    }
    if let pinned = loaded.scope?.dialect, let current = scope.dialect,
      let problem = DialectPin.problem(
        pinned: pinned, current: current, profile: scope.profile, file: path)
    {
      throw CLIError(diagnostic: problem, exitCode: CLIError.usageExitCode)
    }
    return loaded
  }

  /// The problems that fail a run judged against `expectations`: entries
  /// naming fixtures that are not among `known` (ids).
  static func unknownEntries(_ expectations: Baseline, known: [String], file: String?) -> [String] {
    let ids = Set(known)
    return expectations.entries.keys.filter { !ids.contains($0) }.sorted().map { id in
      "\(file ?? "the expectations file")#\(JSONPointer.root.appending("expectations").appending(id)): "
        + "the expectations file names \(id), which no fixture has: remove the entry, or rewrite "
        + "the file with --update-baseline"
    }
  }
}
