import Foundation
import Testing

@testable import ScenarioRunner

@Suite("The fixture files under a folder are found as FileManager's enumerator finds them")
struct FixtureLoaderFileTests {
  /// What `FixtureLoader.jsonFiles(under:)` found with `FileManager`'s enumerator, which it read
  /// with `readdir` instead (a tenth of the cost).
  private func enumerated(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      guard relative.hasSuffix(".json"), (relative as NSString).lastPathComponent != "schema.json" else { continue }
      files.append((folder as NSString).appendingPathComponent(relative))
    }
    return files.sorted()
  }

  @Test func nestedHiddenLinkedAndOddlyNamedEntries() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent("bc-files-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    for folder in ["sub/deeper", ".hidden", "folder.json", "elsewhere"] {
      try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in [
      "a.json", "b.txt", "schema.json", ".dot.json", "sub/c.json", "sub/schema.json", "sub/deeper/d.json",
      ".hidden/e.json", "folder.json/f.json", "elsewhere/g.json", "ümlaut é.json", "a.JSON",
    ] {
      try "{}".write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    // Links are listed, not followed into.
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("linked").path,
      withDestinationPath: root.appendingPathComponent("elsewhere").path)
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("link.json").path,
      withDestinationPath: root.appendingPathComponent("a.json").path)

    for folder in [root.path, root.path + "/", root.appendingPathComponent("sub").path] {
      let found = FixtureLoader.jsonFiles(under: folder)
      #expect(found == enumerated(under: folder), "under \(folder)")
    }
    #expect(FixtureLoader.jsonFiles(under: root.path).count >= 9)
    #expect(FixtureLoader.jsonFiles(under: root.appendingPathComponent("missing").path).isEmpty)
  }
}
