import Foundation
import JSONModel
import ScenarioRunner

/// The committed mutant × fixture matrix (`conformance/mutants/expected-kills.json`):
/// for each mutant, the fixtures it must fail. A change that weakens a
/// fixture (or breaks a mutant) shows up as a difference.
package struct ExpectedKills: Sendable, Equatable {
  /// Mutant name → fixture ids.
  package var kills: [String: Set<String>]
  /// Mutant name → why it cannot be judged yet (``Mutant/notYetJudged``).
  package var notYetJudged: [String: String]

  /// Creates an expectation.
  package init(kills: [String: Set<String>], notYetJudged: [String: String] = [:]) {
    self.kills = kills
    self.notYetJudged = notYetJudged
  }

  /// Reads the file; `nil` when it does not exist.
  package static func load(from path: String) -> Result<ExpectedKills?, FixtureProblem> {
    guard let data = FileManager.default.contents(atPath: path) else { return .success(nil) }
    let root: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: path) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(problem)
    }
    let problems = ProblemCollector(file: path)
    let regenerate = "regenerate it with `bridgecheck mutants --update-expected`"
    let document = JSONNode(value: root, problems: problems).object(allowed: ["mutants", "notYetJudged"])
    var kills: [String: Set<String>] = [:]
    var pending: [String: String] = [:]
    if let document {
      if let mutants = document.required("mutants", hint: regenerate)?.object() {
        for (name, ids) in mutants.entries {
          kills[name] = Set(ids.array()?.compactMap { $0.string() } ?? [])
        }
      }
      for (name, reason) in document.optional("notYetJudged")?.object()?.entries ?? [] {
        pending[name] = reason.string(nonEmpty: false) ?? ""
      }
    }
    // One problem at a time: the callers report a single problem of this file.
    if let first = problems.problems.first { return .failure(first) }
    return .success(ExpectedKills(kills: kills, notYetJudged: pending))
  }

  /// The file text: mutants and ids sorted, one id a line.
  package var serialized: String {
    let entries = kills.sorted { $0.key < $1.key }.map { name, ids in
      (name, JSONValue.array(ids.sorted().map { .string($0) }))
    }
    var object: JSONObject = ["mutants": .object(JSONObject(entries))]
    if !notYetJudged.isEmpty {
      object["notYetJudged"] = .object(
        JSONObject(notYetJudged.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
    }
    return JSONValue.object(object).serialized(pretty: true) + "\n"
  }

  /// Lines describing how `actual` differs from this expectation.
  package func differences(from actual: ExpectedKills) -> [String] {
    var lines: [String] = []
    for name in Set(kills.keys).union(actual.kills.keys).sorted() {
      let expected = kills[name] ?? []
      let found = actual.kills[name] ?? []
      guard expected != found else { continue }
      if kills[name] == nil {
        lines.append("\(name): a new mutant, not in the expected matrix")
        continue
      }
      if actual.kills[name] == nil {
        lines.append("\(name): in the expected matrix, but there is no such mutant")
        continue
      }
      for id in expected.subtracting(found).sorted() { lines.append("\(name): no longer fails \(id)") }
      for id in found.subtracting(expected).sorted() { lines.append("\(name): now also fails \(id)") }
    }
    for name in Set(notYetJudged.keys).union(actual.notYetJudged.keys).sorted()
    where notYetJudged[name] != actual.notYetJudged[name] {
      switch (notYetJudged[name], actual.notYetJudged[name]) {
      case (nil, _?): lines.append("\(name): now not yet judged, not in the expected matrix as such")
      case (_?, nil): lines.append("\(name): expected not yet judged, and it is judged now")
      default: lines.append("\(name): not yet judged for another reason than the expected matrix says")
      }
    }
    return lines
  }
}
