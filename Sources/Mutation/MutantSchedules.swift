import JSONModel
import ScenarioRunner

/// Reads a mutant file's `schedules` field: `"default"` judges the mutant
/// under the default gate's schedules (``Mutant/judgedUnderDefaultGate``),
/// `"single"` (the default when absent) under the default schedule only.
enum MutantSchedules {
  static func read(
    _ root: JSONValue, problems: inout [FixtureProblem],
    problem: (JSONPointer, String, String, String?) -> FixtureProblem
  ) -> Bool {
    guard let value = root["schedules"] else { return false }
    switch value.stringValue {
    case "default": return true
    case "single": return false
    default:
      problems.append(
        problem(
          JSONPointer.root.appending("schedules"), "unknown-value", "\"schedules\" must be \"default\" or \"single\"",
          "\"default\" runs the mutant under the default gate's schedules, as bridgecheck run does; leave it out for the default schedule only"
        ))
      return false
    }
  }
}
