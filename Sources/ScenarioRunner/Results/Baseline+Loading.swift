import Foundation
import JSONModel

extension Baseline {
  /// Reads an expectations file (or an old-format baseline); every problem
  /// names the file, the JSON pointer and the fix.
  package static func load(from path: String) -> Result<Baseline, FixtureProblem> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(
        FixtureProblem(
          file: path, pointer: .root, code: "unreadable", message: "the expectations file cannot be read",
          hint: "write one with --update-baseline"))
    }
    let root: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: path) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(problem)
    }
    do {
      return .success(try ExpectationsReader(path: path).read(root))
    } catch {
      return .failure(error)
    }
  }
}

/// Reads the JSON of an expectations file, new format or old.
private struct ExpectationsReader {
  let path: String

  func read(_ root: JSONValue) throws(FixtureProblem) -> Baseline {
    guard root.objectValue != nil else {
      throw problem(.root, "wrong-type", "expected an object", Self.example)
    }
    if root["expectations"] == nil, root["expectedFailures"] != nil { return try legacy(root) }
    let formatPointer = JSONPointer.root.appending("format")
    guard let format = root["format"]?.stringValue else {
      throw problem(
        formatPointer, "missing-field", "expected \"format\": \"\(Baseline.formatName)\"",
        "write the file with --update-baseline, or start from: \(Self.example)")
    }
    guard format == Baseline.formatName else {
      throw problem(
        formatPointer, "unknown-format",
        "unknown format \(JSONValue.string(format)); this bridgecheck reads \(Baseline.formatName)",
        "rewrite the file with this bridgecheck's --update-baseline")
    }
    var scope: Baseline.Scope?
    if let value = root["scope"] {
      let pointer = JSONPointer.root.appending("scope")
      func field(_ key: String) throws(FixtureProblem) -> String {
        guard let text = value[key]?.stringValue else {
          throw problem(
            pointer.appending(key), "missing-field", "the scope needs a string \"\(key)\"",
            "{\"page\": \"my-bridge.js\", \"native\": \"reference\", \"profile\": \"wvjb-classic\"}")
        }
        return text
      }
      scope = Baseline.Scope(page: try field("page"), native: try field("native"), profile: try field("profile"))
      if let dialect = value["dialect"] {
        guard dialect.objectValue != nil else {
          throw problem(
            pointer.appending("dialect"), "wrong-type",
            "the scope's \"dialect\" must be the profile object it was written under",
            "rewrite the file with --update-baseline")
        }
        scope?.dialect = dialect
      }
    }
    let pointer = JSONPointer.root.appending("expectations")
    guard let object = root["expectations"]?.objectValue else {
      throw problem(
        pointer, "missing-field", "expected an object \"expectations\" mapping fixture ids to entries", Self.example)
    }
    var entries: [String: Baseline.Entry] = [:]
    for (id, value) in object { entries[id] = try entry(value, at: pointer.appending(id)) }
    return Baseline(scope: scope, entries: entries)
  }

  private func entry(_ value: JSONValue, at pointer: JSONPointer) throws(FixtureProblem) -> Baseline.Entry {
    guard let object = value.objectValue else {
      throw problem(pointer, "wrong-type", "an entry must be an object", Self.entryExample)
    }
    let outcomes = FailureOutcome.allCases.map(\.rawValue).joined(separator: ", ")
    guard let outcomeText = object["outcome"]?.stringValue else {
      throw problem(
        pointer.appending("outcome"), "missing-field", "the entry needs \"outcome\" (\(outcomes))", Self.entryExample)
    }
    guard let outcome = FailureOutcome(rawValue: outcomeText) else {
      throw problem(
        pointer.appending("outcome"), "unknown-value", "unknown outcome \(JSONValue.string(outcomeText))",
        "use one of \(outcomes)")
    }
    guard let checkValues = object["checks"]?.arrayValue else {
      throw problem(
        pointer.appending("checks"), "missing-field",
        "the entry needs \"checks\": the ids of the checks it fails (\"/expect/events/0\", \"invariant/…\", \"timeout/script\")",
        "the JSON report's \"failedChecks\" of the scenario lists them; or rewrite the entry with --update-baseline")
    }
    var checks: [String] = []
    for (index, check) in checkValues.enumerated() {
      guard let text = check.stringValue else {
        throw problem(pointer.appending("checks").appending(String(index)), "wrong-type", "a check id must be a string")
      }
      checks.append(text)
    }
    guard let reason = object["reason"]?.stringValue else {
      throw problem(
        pointer.appending("reason"), "missing-field", "the entry needs a string \"reason\": why it is expected to fail",
        Self.entryExample)
    }
    var issue: String?
    if let value = object["issue"] {
      guard let text = value.stringValue else {
        throw problem(pointer.appending("issue"), "wrong-type", "\"issue\" must be a string (a link to the bug report)")
      }
      issue = text
    }
    var extra: JSONObject = [:]
    for (key, value) in object where !["outcome", "checks", "reason", "issue"].contains(key) { extra[key] = value }
    return Baseline.Entry(outcome: outcome, checks: checks, reason: reason, issue: issue, extra: extra)
  }

  private func legacy(_ root: JSONValue) throws(FixtureProblem) -> Baseline {
    let pointer = JSONPointer.root.appending("expectedFailures")
    guard let entries = root["expectedFailures"]?.objectValue else {
      throw problem(
        pointer, "missing-field", "expected an object \"expectedFailures\" mapping fixture ids to reasons",
        "{\"expectedFailures\": {\"data/falsy-values\": \"drops 0 and false\"}}, or rewrite it with --update-baseline")
    }
    var failures: [String: String] = [:]
    for (id, reason) in entries {
      guard let reason = reason.stringValue else {
        throw problem(pointer.appending(id), "wrong-type", "the reason must be a string")
      }
      failures[id] = reason
    }
    return Baseline(expectedFailures: failures)
  }

  private func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil)
    -> FixtureProblem
  {
    FixtureProblem(file: path, pointer: pointer, code: code, message: message, hint: hint)
  }

  static let entryExample =
    "{\"outcome\": \"fail\", \"checks\": [\"/expect/events/0\"], \"reason\": \"drops 0 and false\", \"issue\": \"https://…\"}"
  static let example =
    "{\"format\": \"\(Baseline.formatName)\", \"expectations\": {\"data/falsy-values\": \(entryExample)}}"
}
