import Foundation
import TestSupport
import Testing

/// The README's "Check your Swift native bridge" shows the mapping file
/// whole: it must be the one our own kit-built bridge compiles with in CI
/// (conformance/native-kits/swift/wkwebview-port/main.swift), word for word,
/// so that the file a user copies is known to build and pass.
@Suite("Swift native kit README steps")
struct SwiftKitReadmeTests {
  static let mappingFile = "conformance/native-kits/swift/wkwebview-port/main.swift"

  /// The Swift code block of step 2 of `text`'s section, its indentation
  /// of three spaces removed; nil when there is none.
  static func shownMapping(in text: String) -> String? {
    guard let section = text.components(separatedBy: "## Check your Swift native bridge\n").dropFirst().first,
      let step = section.components(separatedBy: "\n2. ").dropFirst().first,
      let block = step.components(separatedBy: "   ```swift\n").dropFirst().first,
      let code = block.components(separatedBy: "   ```\n").first
    else { return nil }
    return code.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("   ") ? String($0.dropFirst(3)) : String($0)
    }.joined(separator: "\n")
  }

  @Test func theReadmeShowsTheCheckedInMappingFileWhole() throws {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let mapping = try String(contentsOf: packageRoot.appendingPathComponent(Self.mappingFile), encoding: .utf8)
    let shown = try #require(Self.shownMapping(in: readme), "README.md: no Swift block in step 2 of the section")
    #expect(shown == mapping, "README.md's step 2 differs from \(Self.mappingFile)")
  }

  /// The extraction finds a difference of one character.
  @Test func aChangedReadmeBlockIsSeen() throws {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let mapping = try String(contentsOf: packageRoot.appendingPathComponent(Self.mappingFile), encoding: .utf8)
    let changed = readme.replacingOccurrences(of: "bridge.reset()", with: "bridge.reset(all: true)")
    #expect(changed != readme)
    #expect(Self.shownMapping(in: changed) != mapping)
  }
}
