import Foundation
import JSONModel
import TestSupport
import Testing

/// A page bridge whose dialect always defers but that dispatches
/// synchronously (the Flutter wrappers' ES5 scripts define their dispatch
/// function twice, and the second drops the `setTimeout`) is inferred with
/// the dialect's deferred dispatch, and a doubt: the SHOULD findings of
/// deferred dispatch survive, as under the dialect's own profile.
@Suite("Dialect inference: synchronous dispatch taken for a bug", .serialized)
struct InferenceDispatchBugTests {
  /// Our flutter page bridge with a second `nativeCall` that dispatches at once.
  static func duplicatedDispatch() throws -> String {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/flutter/page.js"), encoding: .utf8)
    let deferred = """
          nativeCall: function (encoded) {
            setTimeout(function () { dispatch(encoded); }, 0);
          }

      """
    #expect(source.contains(deferred), "conformance/dialects/flutter/page.js changed: update this test")
    return source.replacingOccurrences(
      of: deferred,
      with: deferred.dropLast() + ",\n    nativeCall: function (encoded) { dispatch(encoded); }\n")
  }

  @Test func theDialectsDeferredDispatchIsKeptAndTheDoubtSaid() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("page.js", try Self.duplicatedDispatch())
    let outcome = try bridgecheck(["profiles", "infer", "--format", "json", scratch.path("page.js")], timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let value = try JSONValue.parse(outcome.stdout)
    #expect(value["profile"]?["name"] == "flutter")
    #expect(value["profile"]?["dispatch"]?["mode"] == "deferred")
    let doubts = (value["doubts"]?.arrayValue ?? []).compactMap(\.stringValue)
    #expect(doubts.contains { $0.hasPrefix("dispatch.mode: the bridge dispatches synchronously") }, "\(doubts)")
  }

  @Test func itsDeferredDispatchFindingsSurviveWithoutAProfile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("page.js", try Self.duplicatedDispatch())
    // The dispatch scenarios: those the dispatch mode decides (the rest do not depend on it).
    let common = ["run", "--js", scratch.path("page.js"), "--format", "json", "--jobs", "1", "--filter", "dispatch/*"]
    let statuses = { (outcome: CommandOutcome) throws -> [String: String] in
      let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
      return Dictionary(
        uniqueKeysWithValues: results.compactMap { result in
          result["id"]?.stringValue.map { ($0, result["status"]?.stringValue ?? "") }
        })
    }
    let without = try statuses(try bridgecheck(common, timeLimit: 600))
    let with = try statuses(try bridgecheck(common + ["--profile", "flutter"], timeLimit: 600))
    #expect(with["dispatch/deferred-dispatch-by-default"] == "fail", "\(with.filter { $0.value != "pass" })")
    let differing = without.filter { with[$0.key] != $0.value }.keys.sorted()
    #expect(differing.isEmpty, "\(differing.map { "\($0): \(without[$0] ?? "-") / \(with[$0] ?? "-")" })")
    #expect(without.count == with.count)
  }
}
