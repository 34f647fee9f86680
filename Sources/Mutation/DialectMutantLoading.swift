import Foundation
import JSONModel
import ScenarioRunner

/// The dialect mutants under `conformance/mutants/dialects/{page,native}/`:
/// patches of bridgecheck's own dialect bridges (the list of
/// `conformance/dialects/dialects.json`).
///
/// File: `{"name", "dialect", "file", "bug", "seenIn", "patch": [{"find",
/// "replace"}], "shouldBeKilledBy", "checked", "notYetJudged"?}`; `file` is
/// relative to the package root and must be the dialect's page script or
/// a word of its native command; `notYetJudged` says why the mutant cannot
/// be judged yet.
enum DialectMutantLoading {
  static let fields = [
    "name", "dialect", "file", "bug", "seenIn", "patch", "shouldBeKilledBy", "checked", "notYetJudged", "schedules",
  ]

  /// The bridges of `list`, with paths made absolute under `root`.
  static func bridges(list: String, root: String) -> Result<[DialectBridge], LoadProblems> {
    DialectBridge.loadAll(
      from: list, resolvePath: { absolute($0, root: root) },
      resolveProfile: { name in
        if name.hasSuffix(".json") || name.contains("/") { return absolute(name, root: root) }
        let shipped = absolute("conformance/profiles/\(name).json", root: root)
        return FileManager.default.fileExists(atPath: shipped) ? shipped : name
      })
  }

  static func absolute(_ path: String, root: String) -> String {
    path.hasPrefix("/")
      ? path : URL(fileURLWithPath: (root as NSString).appendingPathComponent(path)).standardizedFileURL.path
  }

  /// Decodes one dialect mutant file of `side`.
  static func decode(file: String, side: Mutant.Side, bridges: [DialectBridge], root: String) -> Result<
    Mutant, LoadProblems
  > {
    func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil) -> FixtureProblem {
      FixtureProblem(file: file, pointer: pointer, code: code, message: message, hint: hint)
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      return .failure(LoadProblems([problem(.root, "unreadable", "the file cannot be read")]))
    }
    let document: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: file) {
    case .success(let value): document = value
    case .failure(let problem): return .failure(LoadProblems([problem]))
    }
    var problems: [FixtureProblem] = []
    for key in document.objectValue?.keys ?? [] where !fields.contains(key) {
      problems.append(
        problem(
          JSONPointer.root.appending(key), "unknown-field", "unknown field \"\(key)\" in a dialect mutant",
          "allowed: \(fields.joined(separator: ", "))"))
    }
    func string(_ key: String) -> String? {
      guard let value = document[key]?.stringValue, !value.isEmpty else {
        problems.append(
          problem(JSONPointer.root.appending(key), "missing-field", "the field \"\(key)\" must be a non-empty string"))
        return nil
      }
      return value
    }
    let name = string("name")
    let bug = string("bug")
    let seenIn = string("seenIn")
    let dialect = string("dialect")
    let relative = string("file")
    var notYetJudged: String?
    if let value = document["notYetJudged"] {
      notYetJudged = value.stringValue
      if notYetJudged?.isEmpty != false {
        problems.append(
          problem(
            JSONPointer.root.appending("notYetJudged"), "wrong-type",
            "\"notYetJudged\" must be a non-empty string: why the mutant cannot be judged yet",
            "leave it out once the dialect's model is complete"))
      }
    }
    let bridge = dialect.flatMap { dialect in bridges.first { $0.name == dialect } }
    if let dialect, bridge == nil {
      problems.append(
        problem(
          JSONPointer.root.appending("dialect"), "unknown-dialect",
          "no dialect bridge \"\(dialect)\" in conformance/dialects/dialects.json",
          "dialects: \(bridges.map(\.name).joined(separator: ", "))"))
    }
    var source: String?
    var patched: String?
    if let relative, let bridge {
      let path = absolute(relative, root: root)
      patched = path == bridge.page || bridge.native.contains(path) ? path : nil
      if patched == nil {
        problems.append(
          problem(
            JSONPointer.root.appending("file"), "not-a-bridge-file",
            "\(relative) is neither the page script nor a word of the native command of the dialect bridge \(bridge.name)",
            "name conformance/dialects/\(bridge.name)/page.js or the native side's file"))
      } else if (path == bridge.page) != (side == .page) {
        problems.append(
          problem(
            JSONPointer.root.appending("file"), "wrong-side",
            "\(relative) is the \(side == .page ? "native" : "page") side, and the mutant is in \(side.rawValue)/",
            "move the file to the folder of its side"))
      }
      source = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
      if source == nil, patched != nil {
        problems.append(problem(JSONPointer.root.appending("file"), "unreadable", "\(relative) cannot be read"))
      }
    }
    let patch = document["patch"]?.arrayValue ?? []
    if patch.isEmpty {
      problems.append(
        problem(
          JSONPointer.root.appending("patch"), "missing-field", "a dialect mutant needs a non-empty \"patch\" array"))
    }
    let replacements = MutantPatchReading.replacements(
      patch, source: relative == nil ? nil : source, sourceName: relative ?? "", sourcePath: relative ?? "",
      problems: &problems, problem: problem)
    let gate = MutantSchedules.read(document, problems: &problems, problem: problem)
    guard problems.isEmpty, let name, let bug, let seenIn, let bridge, let patched else {
      return .failure(LoadProblems(problems))
    }
    var mutant = Mutant(
      name: name, side: side, bug: bug, seenIn: seenIn,
      construction: .dialectPatch(Mutant.DialectPatch(bridge: bridge, file: patched, replacements: replacements)),
      crashes: false, file: file)
    mutant.notYetJudged = notYetJudged
    mutant.judgedUnderDefaultGate = gate
    return .success(mutant)
  }
}

extension Mutant {
  /// The patched text of a dialect mutant's file, or nil.
  package func dialectSource() -> String? {
    guard case .dialectPatch(let patch) = construction,
      var source = FileManager.default.contents(atPath: patch.file).flatMap({ String(data: $0, encoding: .utf8) })
    else { return nil }
    for replacement in patch.replacements {
      guard let range = source.range(of: replacement.find) else { return nil }
      source.replaceSubrange(range, with: replacement.replace)
    }
    return source
  }
}
