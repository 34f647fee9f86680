import Foundation
import JSONModel
import TestSupport
import Testing

/// Each dialect mutant (`conformance/mutants/dialects/`) breaks the
/// dialect's own mechanism in our own bridge of that dialect; run as a user
/// runs a third-party bridge (the patched side with the correct other side,
/// under the dialect's profile), the fixtures it names must fail it, while
/// the same pair without the patch passes them (the other suite).
@Suite("Dialect mutants end to end")
struct DialectMutantsEndToEndTests {
  /// Mutants that cannot be judged yet, each with the reason: the
  /// `notYetJudged` field of their files (the data `bridgecheck mutants`
  /// reads too).
  static var notYetJudged: [String: String] {
    let root = packageRoot.appendingPathComponent("conformance/mutants/dialects")
    var found: [String: String] = [:]
    for side in ["page", "native"] {
      let folder = root.appendingPathComponent(side)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      where name.hasSuffix(".json") {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
          let mutant = try? JSONValue.parse(text), let reason = mutant["notYetJudged"]?.stringValue
        else { continue }
        found[String(name.dropLast(5))] = reason
      }
    }
    return found
  }

  /// The mutant files that can be judged, by path.
  static var judgedMutants: [String] {
    let root = packageRoot.appendingPathComponent("conformance/mutants/dialects")
    let pending = notYetJudged
    return ["page", "native"].flatMap { side -> [String] in
      let folder = root.appendingPathComponent(side)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".json") && pending[String($0.dropLast(5))] == nil }.sorted()
        .map { "conformance/mutants/dialects/\(side)/\($0)" }
    }
  }

  @Test func everyDialectMutantIsJudgedOrSaysWhyNot() {
    #expect(Self.judgedMutants.count >= 13, "\(Self.judgedMutants)")
    // The dialect model expresses every dialect: no mutant waits.
    #expect(Self.notYetJudged.isEmpty, "\(Self.notYetJudged)")
  }

  @Test(arguments: judgedMutants)
  func theNamedFixturesKillTheMutant(path: String) throws {
    let mutant = try JSONValue.parse(String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
    let dialect = try #require(mutant["dialect"]?.stringValue)
    let file = try #require(mutant["file"]?.stringValue)
    let killers = (mutant["shouldBeKilledBy"]?.arrayValue ?? []).compactMap(\.stringValue)
    #expect(!killers.isEmpty)
    var source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    for step in mutant["patch"]?.arrayValue ?? [] {
      let find = try #require(step["find"]?.stringValue)
      let replace = try #require(step["replace"]?.stringValue)
      #expect(source.contains(find), "\(path): the patch no longer applies to \(file)")
      source = source.replacingOccurrences(of: find, with: replace)
    }
    // The patched copy sits next to the original (a native side imports
    // its helpers relative to its own folder).
    let original = packageRoot.appendingPathComponent(file)
    let patched = original.deletingLastPathComponent()
      .appendingPathComponent("mutant-\(UUID().uuidString).\(original.pathExtension)")
    try source.write(to: patched, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: patched) }

    let folder = "conformance/dialects/\(dialect)"
    let isPage = original.pathExtension == "js"
    let page = isPage ? patched.path : "\(folder)/page.js"
    let native = isPage ? "\(folder)/native.py" : patched.path
    let profile = dialect == "wvjb-6" ? "wvjb-classic" : dialect
    // Gated at should: where the dialect's peers lower a fixture's level
    // (levelByPeers), the mutant fails it at that level.
    let outcome = try bridgecheck(
      [
        "run", "--js", page, "--native", "python3 \(native)", "--profile", profile, "--format", "json", "--level",
        "should",
      ]
        + killers.flatMap { ["--filter", $0] }, timeLimit: 300)
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    let killed = results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }
      .compactMap { $0["id"]?.stringValue }
    #expect(outcome.status == 1, "\(path): exit \(outcome.status)")
    #expect(!killed.isEmpty, "\(path): no fixture killed it")
  }
}
