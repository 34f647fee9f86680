import Foundation
import JSONModel

/// Expected failures of an implementation: scenarios that fail today and are
/// known to. A listed scenario that fails is `xfail`; one that passes is
/// `xpass`, which fails the run so that stale entries get removed.
///
/// File format: `{"expectedFailures": {"<fixture id>": "<reason>", …}}`.
public struct Baseline: Sendable, Hashable {
  /// Fixture id → why it is expected to fail.
  public var expectedFailures: [String: String]

  /// Creates a baseline.
  public init(expectedFailures: [String: String] = [:]) {
    self.expectedFailures = expectedFailures
  }

  /// Reads a baseline file; problems name the file and JSON pointer.
  public static func load(from path: String) -> Result<Baseline, FixtureProblem> {
    func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil) -> Result<Baseline, FixtureProblem> {
      .failure(FixtureProblem(file: path, pointer: pointer, code: code, message: message, hint: hint))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return problem(.root, "unreadable", "the baseline file cannot be read", "write one with --update-baseline")
    }
    let root: JSONValue
    do {
      root = try JSONValue.parse(utf8: [UInt8](data))
    } catch {
      return .failure(
        FixtureProblem(
          file: path, pointer: .root, code: "invalid-json", message: "not valid JSON: \(error.message)",
          line: error.line, column: error.column))
    }
    let pointer = JSONPointer.root.appending("expectedFailures")
    guard let entries = root["expectedFailures"]?.objectValue else {
      return problem(
        pointer, "missing-field", "expected an object \"expectedFailures\" mapping fixture ids to reasons",
        "{\"expectedFailures\": {\"data/falsy-values\": \"drops 0 and false\"}}")
    }
    var failures: [String: String] = [:]
    for (id, reason) in entries {
      guard let reason = reason.stringValue else {
        return problem(pointer.appending(id), "wrong-type", "the reason must be a string")
      }
      failures[id] = reason
    }
    return .success(Baseline(expectedFailures: failures))
  }

  /// The baseline that expects exactly today's failures and errors.
  public static func from(_ results: [ScenarioResult]) -> Baseline {
    var failures: [String: String] = [:]
    for result in results where [.fail, .error, .xfail].contains(result.status) {
      let firstLine = (result.message ?? result.status.rawValue).split(separator: "\n").first.map(String.init) ?? ""
      failures[result.scenario.id] = String(firstLine.prefix(200))
    }
    return Baseline(expectedFailures: failures)
  }

  /// This baseline rewritten from a run: today's failures and errors for the
  /// fixtures the run covered, and the entries of fixtures it did not cover
  /// (other shards, filters, tags) that still exist in `existing`.
  /// `kept` counts the latter.
  public func updated(with results: [ScenarioResult], existing: Set<String>) -> (baseline: Baseline, kept: Int) {
    let covered = Set(results.map(\.scenario.id))
    var failures = Baseline.from(results).expectedFailures
    var kept = 0
    for (id, reason) in expectedFailures where !covered.contains(id) && existing.contains(id) {
      failures[id] = reason
      kept += 1
    }
    return (Baseline(expectedFailures: failures), kept)
  }

  /// The file text, keys sorted so the file diffs well.
  public var serialized: String {
    let entries = expectedFailures.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
    return JSONValue.object(["expectedFailures": .object(JSONObject(entries))]).serialized(pretty: true) + "\n"
  }

  /// `result` as the baseline sees it.
  public func apply(to result: ScenarioResult) -> ScenarioResult {
    guard expectedFailures[result.scenario.id] != nil else { return result }
    var adjusted = result
    switch result.status {
    case .fail, .error:
      adjusted.status = .xfail
    case .pass:
      adjusted.status = .xpass
      adjusted.message = "expected to fail by the baseline, but passed: remove it from the baseline"
    default:
      break
    }
    return adjusted
  }

  /// Ids in the baseline that no loaded fixture has (typos, renamed fixtures).
  public func unknownIDs(among fixtures: [Fixture]) -> [String] {
    let ids = Set(fixtures.map(\.id))
    return expectedFailures.keys.filter { !ids.contains($0) }.sorted()
  }
}
