import BridgeImplementations
import Foundation
import JSONModel
import ReferenceBridges
import ScenarioRunner

/// The mutants under `conformance/mutants/`: `page/*.json` (patches of the
/// reference page bridge) and `native/*.json` (named faults of the reference
/// native bridge).
///
/// Page mutant file: `{"name", "bug", "seenIn", "patch": [{"find", "replace"}], "engineTiming"?, "schedules"?}`.
/// Native mutant file: `{"name", "bug", "seenIn", "fault", "crashes"?, "engineTiming"?, "schedules"?}`.
/// `"schedules": "default"` runs the mutant under the default gate's
/// schedules (``Mutant/judgedUnderDefaultGate``); `"single"`, the default,
/// under the default schedule only.
package struct MutantCatalog: Sendable {
  /// The mutants, sorted by name.
  package var mutants: [Mutant]
  /// Problems found while loading (each names file, pointer and a hint).
  package var problems: [FixtureProblem]

  /// Loads every mutant under `folder`, checking each patch against the
  /// reference page bridge (every `find` must occur exactly once) and each
  /// fault name against the faults the reference native bridge knows.
  ///
  /// Dialect mutants (`dialects/{page,native}/*.json`) patch bridgecheck's
  /// own dialect bridges, which `dialectList` lists (default: the
  /// `conformance/dialects/dialects.json` of the package `folder` is in);
  /// the list's paths, and the mutants' `file`, are relative to the package
  /// root the list is in (two levels up from it).
  package static func load(
    from folder: String, referencePage: String = ReferenceScripts.pageBridge, dialectList: String? = nil
  ) -> MutantCatalog {
    var mutants: [Mutant] = []
    var problems: [FixtureProblem] = []
    let (dialectMutants, dialectProblems) = loadDialectMutants(folder: folder, list: dialectList)
    mutants += dialectMutants
    problems += dialectProblems
    for side in Mutant.Side.allCases {
      let sideFolder = (folder as NSString).appendingPathComponent(side.rawValue)
      let files = ((try? FileManager.default.contentsOfDirectory(atPath: sideFolder)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
      for name in files {
        let file = (sideFolder as NSString).appendingPathComponent(name)
        switch decode(file: file, side: side, referencePage: referencePage) {
        case .success(let mutant): mutants.append(mutant)
        case .failure(let found): problems += found.problems
        }
      }
    }
    var seen: [String: String] = [:]
    for mutant in mutants {
      if let other = seen[mutant.name] {
        problems.append(
          FixtureProblem(
            file: mutant.file, pointer: JSONPointer.root.appending("name"), code: "duplicate-mutant",
            message: "the mutant name \"\(mutant.name)\" is already used by \(other)"))
      }
      seen[mutant.name] = mutant.file
    }
    return MutantCatalog(mutants: mutants.sorted { $0.name < $1.name }, problems: problems)
  }

  private struct Problems: Error { var problems: [FixtureProblem] }

  private static func loadDialectMutants(folder: String, list: String?) -> ([Mutant], [FixtureProblem]) {
    let dialectsFolder = (folder as NSString).appendingPathComponent("dialects")
    let files = Mutant.Side.allCases.flatMap { side in
      let sideFolder = (dialectsFolder as NSString).appendingPathComponent(side.rawValue)
      return ((try? FileManager.default.contentsOfDirectory(atPath: sideFolder)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted()
        .map { (side, (sideFolder as NSString).appendingPathComponent($0)) }
    }
    guard !files.isEmpty else { return ([], []) }
    let packageRoot = URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent()
      .deletingLastPathComponent()
    let listFile = list ?? packageRoot.appendingPathComponent("conformance/dialects/dialects.json").path
    let root = URL(fileURLWithPath: listFile).standardizedFileURL.deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().path
    let bridges: [DialectBridge]
    switch DialectMutantLoading.bridges(list: listFile, root: root) {
    case .success(let loaded): bridges = loaded
    case .failure(let found): return ([], found.problems)
    }
    var mutants: [Mutant] = []
    var problems: [FixtureProblem] = []
    for (side, file) in files {
      switch DialectMutantLoading.decode(file: file, side: side, bridges: bridges, root: root) {
      case .success(let mutant): mutants.append(mutant)
      case .failure(let found): problems += found.problems
      }
    }
    return (mutants, problems)
  }

  private static func decode(file: String, side: Mutant.Side, referencePage: String) -> Result<Mutant, Problems> {
    func problem(_ pointer: JSONPointer, _ code: String, _ message: String, _ hint: String? = nil) -> FixtureProblem {
      FixtureProblem(file: file, pointer: pointer, code: code, message: message, hint: hint)
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      return .failure(Problems(problems: [problem(.root, "unreadable", "the file cannot be read")]))
    }
    let root: JSONValue
    switch JSONValue.parse(fileContents: [UInt8](data), file: file) {
    case .success(let value): root = value
    case .failure(let problem): return .failure(Problems(problems: [problem]))
    }
    var problems: [FixtureProblem] = []
    func string(_ key: String) -> String? {
      guard let value = root[key]?.stringValue, !value.isEmpty else {
        problems.append(
          problem(JSONPointer.root.appending(key), "missing-field", "the field \"\(key)\" must be a non-empty string"))
        return nil
      }
      return value
    }
    let allowed =
      side == .page
      ? ["name", "bug", "seenIn", "patch", "engineTiming", "schedules"]
      : ["name", "bug", "seenIn", "fault", "crashes", "engineTiming", "schedules"]
    for key in root.objectValue?.keys ?? [] where !allowed.contains(key) {
      problems.append(
        problem(
          JSONPointer.root.appending(key), "unknown-field", "unknown field \"\(key)\" in a \(side.rawValue) mutant",
          "allowed: \(allowed.joined(separator: ", "))"))
    }
    let name = string("name")
    let bug = string("bug")
    let seenIn = string("seenIn")
    var construction: Mutant.Construction?
    var crashes = false
    switch side {
    case .page:
      let patch = root["patch"]?.arrayValue ?? []
      if patch.isEmpty {
        problems.append(
          problem(
            JSONPointer.root.appending("patch"), "missing-field", "a page mutant needs a non-empty \"patch\" array"))
      }
      let replacements = MutantPatchReading.replacements(
        patch, source: referencePage, sourceName: "page-bridge.js",
        sourcePath: "Sources/ReferenceBridges/Resources/page-bridge.js", problems: &problems, problem: problem)
      construction = .pagePatch(replacements)
    case .native:
      if let fault = string("fault") {
        if NativeBridgeFault(rawValue: fault) == nil {
          problems.append(
            problem(
              JSONPointer.root.appending("fault"), "unknown-fault",
              "the reference native bridge has no fault \"\(fault)\"",
              "faults: \(NativeBridgeFault.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        construction = .nativeFault(fault)
      }
      crashes = root["crashes"]?.boolValue ?? false
    }
    var engineTiming: String?
    if root["engineTiming"] != nil { engineTiming = string("engineTiming") }
    let gate = MutantSchedules.read(root, problems: &problems, problem: problem)
    guard problems.isEmpty, let name, let bug, let seenIn, let construction else {
      return .failure(Problems(problems: problems))
    }
    var mutant = Mutant(
      name: name, side: side, bug: bug, seenIn: seenIn, construction: construction, crashes: crashes, file: file)
    mutant.engineTiming = engineTiming
    mutant.judgedUnderDefaultGate = gate
    return .success(mutant)
  }
}

extension Mutant {
  /// The reference page bridge with this mutant's patch applied.
  package func pageSource(reference: String = ReferenceScripts.pageBridge) -> String? {
    guard case .pagePatch(let replacements) = construction else { return nil }
    var source = reference
    for replacement in replacements {
      guard let range = source.range(of: replacement.find) else { return nil }
      source.replaceSubrange(range, with: replacement.replace)
    }
    return source
  }
}
