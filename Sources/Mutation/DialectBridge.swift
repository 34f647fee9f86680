import Foundation
import JSONModel
import ScenarioRunner

/// One of bridgecheck's own bridges in a dialect of the WVJB family, as
/// listed in `conformance/dialects/dialects.json`: its profile, its page
/// script and the command of its native side. The interop matrix runs each
/// side with the reference other side and both together; the mutation
/// matrix runs the dialect's mutants with the other side of this bridge.
package struct DialectBridge: Sendable, Hashable {
  /// The dialect, e.g. `wvjb-4` (the folder under `conformance/dialects/`).
  package var name: String
  /// The profile: a shipped name or a file (resolved by the loader).
  package var profile: String
  /// The page script's path (resolved by the loader).
  package var page: String
  /// The native side's adapter command, words resolved by the loader.
  package var native: [String]

  /// Creates an entry.
  package init(name: String, profile: String, page: String, native: [String]) {
    self.name = name
    self.profile = profile
    self.page = page
    self.native = native
  }

  /// Fields of an entry of `dialects`.
  static let fields = ["name", "profile", "page", "native"]

  /// Reads the list. Every problem is reported at once, with the file, the
  /// JSON pointer and a hint. `resolvePath` turns a relative path of the
  /// file (a page script, a word of the command with a `/`) into one the
  /// process can open; `resolveProfile` does the same for a profile name.
  package static func loadAll(
    from file: String, resolvePath: (String) -> String = { $0 }, resolveProfile: (String) -> String = { $0 }
  ) -> Result<[DialectBridge], LoadProblems> {
    func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil) -> FixtureProblem {
      FixtureProblem(file: file, pointer: pointer, code: code, message: message, hint: hint)
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      return .failure(
        LoadProblems([
          problem(
            .root, "unreadable", "the list of dialect bridges cannot be read",
            "restore conformance/dialects/dialects.json")
        ]))
    }
    let root: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: file) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(LoadProblems([problem]))
    }
    guard let entries = root["dialects"]?.arrayValue else {
      return .failure(
        LoadProblems([
          problem(
            JSONPointer.root.appending("dialects"), "missing-field",
            "expected {\"dialects\": [{\"name\", \"profile\", \"page\", \"native\"}, …]}")
        ]))
    }
    var problems: [FixtureProblem] = []
    var bridges: [DialectBridge] = []
    for (index, entry) in entries.enumerated() {
      let pointer = JSONPointer.root.appending("dialects").appending(index)
      for key in entry.objectValue?.keys ?? [] where !fields.contains(key) {
        problems.append(
          problem(
            pointer.appending(key), "unknown-field", "unknown field \"\(key)\"",
            "fields: \(fields.joined(separator: ", "))"))
      }
      func text(_ key: String, hint: String) -> String? {
        guard let value = entry[key]?.stringValue, !value.isEmpty else {
          problems.append(
            problem(pointer.appending(key), "missing-field", "\"\(key)\" must be a non-empty string", hint))
          return nil
        }
        return value
      }
      let name = text("name", hint: "the dialect's folder under conformance/dialects/, e.g. \"wvjb-4\"")
      let profile = text("profile", hint: "a shipped profile name (bridgecheck profiles) or a profile file")
      let page = text("page", hint: "the path of the dialect's page.js")
      let command = entry["native"]?.arrayValue?.compactMap(\.stringValue) ?? []
      if command.isEmpty {
        problems.append(
          problem(
            pointer.appending("native"), "missing-field",
            "\"native\" must be the adapter command, as an array of words",
            "e.g. [\"python3\", \"conformance/dialects/wvjb-4/native.py\"]"))
      }
      if let name, bridges.contains(where: { $0.name == name }) {
        problems.append(
          problem(pointer.appending("name"), "duplicate-dialect", "the dialect \"\(name)\" is listed twice"))
      }
      guard let name, let profile, let page, !command.isEmpty else { continue }
      bridges.append(
        DialectBridge(
          name: name, profile: resolveProfile(profile), page: resolvePath(page),
          native: command.map { $0.contains("/") ? resolvePath($0) : $0 }))
    }
    return problems.isEmpty ? .success(bridges) : .failure(LoadProblems(problems))
  }
}

/// Every problem found while loading a file, each with its pointer and a hint.
package struct LoadProblems: Error, Sendable {
  /// The problems.
  package var problems: [FixtureProblem]

  /// Wraps `problems`.
  package init(_ problems: [FixtureProblem]) { self.problems = problems }
}
