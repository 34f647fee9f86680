import Foundation
import JSONModel
import ReferenceBridges
import ScenarioRunner

/// Loads the exploration mutants of a folder (`page/` and `native/`), with a
/// problem (file, JSON pointer, hint) for everything wrong in them.
package enum ExplorationMutantCatalog {
  /// The default folder.
  package static let defaultFolder = "conformance/mutants/exploration"

  /// Loads every mutant under `folder`, sorted by name.
  package static func load(from folder: String = defaultFolder) -> (
    mutants: [ExplorationMutant], problems: [FixtureProblem]
  ) {
    var mutants: [ExplorationMutant] = []
    var problems: [FixtureProblem] = []
    for side in ["page", "native"] {
      let sideFolder = (folder as NSString).appendingPathComponent(side)
      let files = ((try? FileManager.default.contentsOfDirectory(atPath: sideFolder)) ?? []).filter {
        $0.hasSuffix(".json")
      }
      for name in files.sorted() {
        let file = (sideFolder as NSString).appendingPathComponent(name)
        switch decode(file: file, page: side == "page") {
        case .success(let mutant): mutants.append(mutant)
        case .failure(let found): problems += found.problems
        }
      }
    }
    if mutants.isEmpty && problems.isEmpty {
      problems.append(
        FixtureProblem(
          file: folder, pointer: .root, code: "no-mutants", message: "no exploration mutants found",
          hint: "run from the bridgecheck checkout, or give the folder that holds page/ and native/"))
    }
    return (mutants.sorted { $0.name < $1.name }, problems)
  }

  private struct Problems: Error { var problems: [FixtureProblem] }

  private static func decode(file: String, page: Bool) -> Result<ExplorationMutant, Problems> {
    var problems: [FixtureProblem] = []
    func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil) {
      problems.append(FixtureProblem(file: file, pointer: pointer, code: code, message: message, hint: hint))
    }
    let root: JSONValue
    switch JSONValue.parse(fileContents: FileManager.default.contents(atPath: file).map { [UInt8]($0) }, file: file) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(Problems(problems: [problem]))
    }
    guard root.objectValue != nil else {
      problem(.root, "wrong-type", "expected an object, found \(root.typeName)", "a mutant file is one JSON object")
      return .failure(Problems(problems: problems))
    }
    let allowed = ["name", "bug", "seenIn", "foundBy"] + (page ? ["patch"] : ["fault"])
    for key in root.objectValue?.keys ?? [] where !allowed.contains(key) {
      problem(
        JSONPointer.root.appending(key), "unknown-field", "unknown field \"\(key)\" in an exploration mutant",
        "allowed: \(allowed.joined(separator: ", "))")
    }
    func string(_ key: String) -> String? {
      guard let value = root[key]?.stringValue, !value.isEmpty else {
        problem(JSONPointer.root.appending(key), "missing-field", "the field \"\(key)\" must be a non-empty string")
        return nil
      }
      return value
    }
    let name = string("name")
    let bug = string("bug")
    let seenIn = string("seenIn")
    var finder: ExplorationMutant.Finder?
    if let text = string("foundBy") {
      finder = ExplorationMutant.Finder(rawValue: text)
      if finder == nil {
        problem(
          JSONPointer.root.appending("foundBy"), "unknown-value", "\"\(text)\" is not allowed here",
          "use explore or fuzz")
      }
    }
    var construction: ExplorationMutant.Construction?
    if page {
      var pairs: [[String]] = []
      let patch = root["patch"]?.arrayValue ?? []
      if patch.isEmpty {
        problem(JSONPointer.root.appending("patch"), "missing-field", "a page mutant needs a non-empty \"patch\" array")
      }
      for (index, entry) in patch.enumerated() {
        let pointer = JSONPointer.root.appending("patch").appending(index)
        guard let find = entry["find"]?.stringValue, !find.isEmpty, let replace = entry["replace"]?.stringValue else {
          problem(pointer, "bad-patch", "each patch entry needs \"find\" (non-empty) and \"replace\" strings")
          continue
        }
        let occurrences = ReferenceScripts.pageBridge.components(separatedBy: find).count - 1
        if occurrences != 1 {
          problem(
            pointer.appending("find"), "patch-does-not-apply",
            "the text to find occurs \(occurrences) times in page-bridge.js; it must occur exactly once",
            "copy a longer, unique excerpt of Sources/ReferenceBridges/Resources/page-bridge.js")
        }
        pairs.append([find, replace])
      }
      construction = .pagePatch(pairs)
    } else if let text = string("fault") {
      if let fault = ExplorationFault(rawValue: text) {
        construction = .nativeFault(fault)
      } else {
        problem(
          JSONPointer.root.appending("fault"), "unknown-fault", "there is no exploration fault \"\(text)\"",
          "faults: \(ExplorationFault.allCases.map(\.rawValue).joined(separator: ", "))")
      }
    }
    guard problems.isEmpty, let name, let bug, let seenIn, let finder, let construction else {
      return .failure(Problems(problems: problems))
    }
    return .success(
      ExplorationMutant(name: name, bug: bug, seenIn: seenIn, construction: construction, foundBy: finder, file: file))
  }
}
