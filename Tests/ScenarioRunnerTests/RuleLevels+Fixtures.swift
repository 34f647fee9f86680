import Foundation
import JSONModel
import TestSupport
import Testing

@testable import ScenarioRunner

/// Every fixture carries the level of the rule it cites, and the index of
/// docs/protocol.md agrees with the rules: a level is decided once, by the
/// written test in the protocol's conventions, and applied everywhere.
@Suite("Rule levels")
struct RuleLevelsTests {
  /// anchor → level, from the rule paragraphs (`**[anchor] LEVEL**`) or
  /// from the index rows (`| [anchor](#anchor) | LEVEL |`).
  static func levels(indexRows: Bool) throws -> [String: String] {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    var levels: [String: String] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if indexRows {
        if let match = line.wholeMatch(of: /\| \[([a-z0-9-]+)\]\(#[a-z0-9-]+\) \| (MUST|SHOULD|MAY) \|.*/) {
          levels[String(match.1)] = String(match.2)
        }
      } else if let match = line.prefixMatch(of: /\*\*\[([a-z0-9-]+)\] (MUST|SHOULD|MAY)\*\*/) {
        levels[String(match.1)] = String(match.2)
      }
    }
    return levels
  }

  @Test func theIndexAgreesWithTheRules() throws {
    let rules = try Self.levels(indexRows: false)
    #expect(rules.count > 80)
    #expect(try Self.levels(indexRows: true) == rules)
  }

  @Test func everyFixtureHasTheLevelOfItsRule() throws {
    let rules = try Self.levels(indexRows: false)
    let folder = packageRoot.appendingPathComponent("Fixtures")
    var checked = 0
    for area in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let areaFolder = folder.appendingPathComponent(area)
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: areaFolder.path) else { continue }
      for file in files.sorted() where file.hasSuffix(".json") {
        let value = try JSONValue.parse(String(contentsOf: areaFolder.appendingPathComponent(file), encoding: .utf8))
        guard let spec = value["spec"]?.stringValue, let level = value["level"]?.stringValue else { continue }
        #expect(
          rules[spec]?.lowercased() == level,
          "\(area)/\(file): level \(level), rule \(spec) is \(rules[spec] ?? "missing")")
        checked += 1
      }
    }
    #expect(checked > 130)
  }
}
