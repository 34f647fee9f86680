import Foundation
import JSONModel
import ReferenceBridges
import TestSupport
import Testing

@testable import Mutation

@Suite("Mutant definitions")
struct MutantCatalogTests {
  private func catalog(_ files: [String: String]) throws -> MutantCatalog {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-mutants-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return MutantCatalog.load(from: folder.path, referencePage: "var a = 1;\nvar b = 1;\nvar c = 2;\n")
  }

  @Test func validMutantsLoadAndPatch() throws {
    let loaded = try catalog([
      "page/p.json":
        #"{"name": "page-p", "bug": "b", "seenIn": "s", "patch": [{"find": "var c = 2;", "replace": "var c = 3;"}]}"#,
      "native/n.json": #"{"name": "native-n", "bug": "b", "seenIn": "s", "fault": "falsy-data-dropped"}"#,
    ])
    #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    #expect(loaded.mutants.map(\.name) == ["native-n", "page-p"])
    let page = try #require(loaded.mutants.last)
    #expect(
      page.pageSource(reference: "var a = 1;\nvar b = 1;\nvar c = 2;\n") == "var a = 1;\nvar b = 1;\nvar c = 3;\n")
  }

  @Test func everyProblemIsReportedWithItsPointer() throws {
    let loaded = try catalog([
      "page/ambiguous.json":
        #"{"name": "page-a", "bug": "b", "seenIn": "s", "patch": [{"find": "= 1;", "replace": "= 0;"}]}"#,
      "page/missing.json":
        #"{"name": "page-m", "bug": "b", "seenIn": "s", "patch": [{"find": "nowhere", "replace": ""}], "extra": 1}"#,
      "native/unknown.json": #"{"name": "native-u", "bug": "b", "seenIn": "", "fault": "no-such-fault"}"#,
      "native/ok.json": #"{"name": "native-ok", "bug": "b", "seenIn": "s", "fault": "falsy-data-dropped"}"#,
      "native/twin.json": #"{"name": "native-ok", "bug": "b", "seenIn": "s", "fault": "falsy-data-dropped"}"#,
      "native/timing.json":
        #"{"name": "native-t", "bug": "b", "seenIn": "s", "fault": "falsy-data-dropped", "engineTiming": 5}"#,
    ])
    let described = loaded.problems.map { "\($0.pointer) \($0.code)" }.sorted()
    #expect(
      described == [
        "/engineTiming missing-field", "/extra unknown-field", "/fault unknown-fault", "/name duplicate-mutant",
        "/patch/0/find patch-does-not-apply",
        "/patch/0/find patch-does-not-apply", "/seenIn missing-field",
      ])
    #expect(loaded.problems.first { $0.code == "unknown-fault" }?.hint?.contains("falsy-data-dropped") == true)
  }

  @Test func everyNativeFaultHasAShippedMutantAndEveryShippedMutantLoads() throws {
    let shipped = MutantCatalog.load(from: packageRoot.appendingPathComponent("conformance/mutants").path)
    #expect(shipped.problems.isEmpty, "\(shipped.problems)")
    var faults: Set<String> = []
    for mutant in shipped.mutants {
      if case .nativeFault(let fault) = mutant.construction { faults.insert(fault) }
    }
    #expect(faults == Set(NativeBridgeFault.allCases.map(\.rawValue)))
  }
}

@Suite("Expected matrix")
struct ExpectedKillsTests {
  @Test func differencesNameWhatChanged() {
    let expected = ExpectedKills(kills: ["m1": ["a", "b"], "m2": ["c"]])
    let actual = ExpectedKills(kills: ["m1": ["a", "d"], "m3": ["c"]])
    #expect(
      expected.differences(from: actual) == [
        "m1: no longer fails b", "m1: now also fails d", "m2: in the expected matrix, but there is no such mutant",
        "m3: a new mutant, not in the expected matrix",
      ])
    #expect(expected.differences(from: expected).isEmpty)
  }

  @Test func serializationRoundTrips() throws {
    let kills = ExpectedKills(kills: ["m1": ["b", "a"], "m0": []])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-kills-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: folder) }
    try kills.serialized.write(to: folder, atomically: true, encoding: .utf8)
    #expect(try ExpectedKills.load(from: folder.path).get() == kills)
    #expect(kills.serialized.contains("\"m0\": []"))
  }

  @Test func aBadExpectedKillsFileNamesCodePointerAndFix() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bc-kills-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try #"{"mutants": {"m1": "a"}}"#.write(to: file, atomically: true, encoding: .utf8)
    guard case .failure(let problem) = ExpectedKills.load(from: file.path) else {
      Issue.record("a mutant whose fixtures are not an array was accepted")
      return
    }
    #expect(problem.code == "wrong-type")
    #expect(problem.file == file.path)
    #expect(problem.pointer.description == "/mutants/m1")
    #expect(problem.description == "\(file.path)#/mutants/m1: expected an array, found string [wrong-type]")
    try #"{"mutant": {}}"#.write(to: file, atomically: true, encoding: .utf8)
    guard case .failure(let missing) = ExpectedKills.load(from: file.path) else {
      Issue.record("a file without mutants was accepted")
      return
    }
    #expect(missing.code == "unknown-field")
    #expect(missing.hint?.hasPrefix("did you mean \"mutants\"?") == true)
  }

  @Test func aMutantFileThatIsNotJSONGivesLineAndColumn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-mutants-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("page/broken.json")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "{\"name\": \"m\",\n}".write(to: file, atomically: true, encoding: .utf8)
    let found = MutantCatalog.load(from: folder.path, referencePage: "var a = 1;\n")
    let problem = try #require(found.problems.first)
    #expect(problem.code == "invalid-json")
    #expect(problem.line == 2 && problem.column == 1)
    #expect(problem.hint == JSONValue.strictJSONHint)
  }
}
