import Foundation
import JSONModel
import ScenarioRunner
import Supervision
import Testing

@testable import Mutation

/// Dialect mutants (`conformance/mutants/dialects/`) load with the dialect
/// bridges they patch; every problem is reported with its pointer; the ones
/// not judged yet keep their reason in the expected matrix.
@Suite("Dialect mutants")
struct DialectMutantLoadingTests {
  /// A package-like folder: conformance/dialects/{dialects.json, d/page.js,
  /// d/native.py} and conformance/mutants/dialects/{page,native}/….
  private func catalog(_ mutants: [String: String]) throws -> MutantCatalog {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bc-dialect-mutants-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files: [String: String] = [
      "conformance/dialects/dialects.json":
        #"{"dialects": [{"name": "d", "profile": "wvjb-4", "page": "conformance/dialects/d/page.js", "native": ["python3", "conformance/dialects/d/native.py"]}]}"#,
      "conformance/dialects/d/page.js": "var held = [];\nfunction deliver(m) { held.push(m); }\n",
      "conformance/dialects/d/native.py": "QUEUE = []\n",
    ].merging(mutants.map { ("conformance/mutants/dialects/\($0.key)", $0.value) }) { $1 }
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return MutantCatalog.load(from: root.appendingPathComponent("conformance/mutants").path)
  }

  @Test func aDialectMutantPatchesItsBridgeAndRunsWithTheOtherSide() throws {
    let loaded = try catalog([
      "page/d-early.json":
        #"{"name": "d-early", "dialect": "d", "file": "conformance/dialects/d/page.js", "bug": "b", "seenIn": "s", "patch": [{"find": "held.push(m);", "replace": "run(m);"}], "shouldBeKilledBy": ["x/y"], "checked": "c"}"#,
      "native/d-later.json":
        #"{"name": "d-later", "dialect": "d", "file": "conformance/dialects/d/native.py", "bug": "b", "seenIn": "s", "patch": [{"find": "QUEUE = []", "replace": "QUEUE = None"}], "notYetJudged": "the model lacks it"}"#,
    ])
    #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    let early = try #require(loaded.mutants.first { $0.name == "d-early" })
    #expect(early.side == .page && early.notYetJudged == nil)
    guard case .dialectPatch(let patch) = early.construction else {
      Issue.record("not a dialect patch")
      return
    }
    #expect(patch.bridge.profile.hasSuffix("wvjb-4") || patch.bridge.profile.hasSuffix("wvjb-4.json"))
    #expect(patch.bridge.native.last?.hasSuffix("conformance/dialects/d/native.py") == true)
    let later = try #require(loaded.mutants.first { $0.name == "d-later" })
    #expect(later.side == .native && later.notYetJudged == "the model lacks it")

    let rows = SupervisedMutationMatrix.configurations(
      mutants: [early], executable: "bridgecheck", copies: ["d-early": "/tmp/copy.js"], dialects: [patch.bridge])
    #expect(rows.count == 3, "the reference pair, the mutant, the dialect's own pair")
    #expect(rows[1].page == .script(path: "/tmp/copy.js", profile: patch.bridge.profile))
    #expect(rows[1].tested == TestedSides(page: true, native: false))
    #expect(rows[2].page == .script(path: patch.bridge.page, profile: patch.bridge.profile))
    #expect(rows[2].tested == .both)
  }

  @Test func everyProblemOfADialectMutantIsReported() throws {
    let loaded = try catalog([
      "page/unknown.json":
        #"{"name": "u", "dialect": "nowhere", "file": "x.js", "bug": "b", "seenIn": "s", "patch": [{"find": "a", "replace": "b"}]}"#,
      "page/side.json":
        #"{"name": "w", "dialect": "d", "file": "conformance/dialects/d/native.py", "bug": "b", "seenIn": "s", "patch": [{"find": "QUEUE", "replace": "Q"}]}"#,
      "page/twice.json":
        #"{"name": "t", "dialect": "d", "file": "conformance/dialects/d/page.js", "bug": "b", "seenIn": "s", "patch": [{"find": "held", "replace": "x"}], "extra": 1, "notYetJudged": ""}"#,
    ])
    let described = loaded.problems.map { "\(($0.file as NSString).lastPathComponent) \($0.pointer) \($0.code)" }
      .sorted()
    #expect(
      described == [
        "side.json /file wrong-side", "twice.json /extra unknown-field", "twice.json /notYetJudged wrong-type",
        "twice.json /patch/0/find patch-does-not-apply", "unknown.json /dialect unknown-dialect",
      ], "\(described)")
  }

  @Test func theExpectedMatrixKeepsTheReasonOfMutantsNotJudgedYet() throws {
    let expected = ExpectedKills(kills: ["m": ["a/b"]], notYetJudged: ["later": "the model lacks it"])
    let text = expected.serialized
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-kills-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder, atomically: true, encoding: .utf8)
    let read = try #require(try ExpectedKills.load(from: folder.path).get())
    #expect(read == expected)
    let judgedNow = ExpectedKills(kills: ["m": ["a/b"], "later": ["c/d"]])
    #expect(
      expected.differences(from: judgedNow) == [
        "later: a new mutant, not in the expected matrix", "later: expected not yet judged, and it is judged now",
      ])
  }
}
