import Foundation
import TestSupport
import Testing

/// README.md is the front door: short enough to read in minutes, the first `run --js` near the
/// top, and no history (dates and commits belong in CHANGELOG.md).
@Suite("README is the front door")
struct ReadmeFrontDoor {
  static func readmeLines() throws -> [Substring] {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }  // the newline that ends the last line
    return lines
  }

  @Test("at most 300 lines, with `run --js` within the first 60")
  func shortWithRunJSNearTheTop() throws {
    let lines = try Self.readmeLines()
    #expect(lines.count <= 300, "README.md has \(lines.count) lines; move detail to docs/")
    let first = lines.firstIndex { $0.contains("bridgecheck run --js") }
    #expect(first != nil && first! < 60, "the first `bridgecheck run --js` is at line \((first ?? -1) + 1)")
  }

  @Test("no dated or commit-citing paragraph")
  func noHistory() throws {
    let problems = Self.historyLines(in: try Self.readmeLines())
    #expect(problems.isEmpty, "README.md tells history (CHANGELOG.md holds it):\n\(problems.joined(separator: "\n"))")
  }

  @Test("the history check finds a date and a commit")
  func historyCheckFindsDatesAndCommits() {
    let found = Self.historyLines(in: [
      "On 26 November the gate was fixed.", "Fixed in commit `a9985e7`.", "Plain text.",
    ])
    #expect(found.count == 2)
  }

  /// Lines outside code blocks that name a date (`26 November`, `2026-11-27`) or a commit.
  static func historyLines(in lines: [Substring]) -> [String] {
    let months = "January|February|March|April|May|June|July|August|September|October|November|December"
    let patterns = [
      #"\b\d{1,2} ("# + months + #")\b"#, #"\b20\d\d-\d\d-\d\d\b"#, #"\bcommit `?[0-9a-f]{7,40}\b"#,
    ]
    let regexes = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
    var inCode = false
    var found: [String] = []
    for (number, line) in lines.enumerated() {
      if line.hasPrefix("```") || line.hasPrefix("    ```") {
        inCode.toggle()
        continue
      }
      guard !inCode else { continue }
      let text = String(line)
      let range = NSRange(text.startIndex..., in: text)
      if regexes.contains(where: { $0.firstMatch(in: text, range: range) != nil }) {
        found.append("README.md:\(number + 1): \(text)")
      }
    }
    return found
  }
}
