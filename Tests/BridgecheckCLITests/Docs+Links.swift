import Foundation
import TestSupport
import Testing

/// The documentation's links and paths resolve: every relative Markdown link names a file of the
/// repository (and, with `#anchor`, a heading or `<a id>` of that file), every backquoted path that
/// starts with a folder of the repository or with `../` exists in the repository, and every `*.swift`
/// file and `../` path a Swift comment cites exists in the repository. Code blocks are left out (they show commands and output, not references).
@Suite("links and paths in docs and comments")
struct DocumentationLinks {
  /// Pages other branches add; a link to one is accepted only while the page is missing here.
  /// Remove an entry once its page has been merged.
  static let pagesFromOtherBranches: Set<String> = []

  @Test("relative links, anchors and backquoted paths in Markdown resolve")
  func markdownReferencesResolve() throws {
    var problems: [String] = []
    for page in try DocumentationPages.all() {
      problems += try DocumentationPages.problems(in: page, acceptingMissing: Self.pagesFromOtherBranches)
    }
    #expect(problems.isEmpty, "\(problems.count) dangling reference(s):\n\(problems.joined(separator: "\n"))")
  }

  @Test("Swift files and relative paths cited in comments exist")
  func citedSwiftFilesExist() throws {
    let files = try DocumentationPages.files(withExtension: "swift")
    let names = Set(files.map(\.lastPathComponent))
    var problems: [String] = []
    for file in files {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() {
        guard let comment = line.range(of: "//") else { continue }
        let text = String(line[comment.upperBound...])
        for name in DocumentationPages.matches(#"([A-Za-z0-9_+]+\.swift)\b"#, in: text) where !names.contains(name) {
          problems.append(
            "\(DocumentationPages.relative(file)):\(number + 1): cites \(name), which is no file of the repository")
        }
        for path in DocumentationPages.matches(#"(?<![\w/.])(\.\./[\w./+-]*[\w+-])"#, in: text) {
          let resolved = file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
          if !DocumentationPages.isInsideRepository(resolved) || !FileManager.default.fileExists(atPath: resolved.path)
          {
            problems.append(
              "\(DocumentationPages.relative(file)):\(number + 1): cites \(path), which is not in the repository")
          }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("docs/performance.md has each generated block's markers once, where the scripts rewrite them")
  func performanceBlocksHaveTheirMarkersOnce() throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/performance.md"), encoding: .utf8)
    // scripts/benchmarks.sh and scripts/webkit-benchmark.sh replace what lies between the first begin and end.
    for block in ["benchmarks", "webkit-benchmarks"] {
      for marker in ["<!-- \(block):begin -->", "<!-- \(block):end -->"] {
        #expect(
          text.components(separatedBy: marker).count == 2, "docs/performance.md should hold \(marker) exactly once")
      }
    }
  }

  @Test("the checker finds a missing file, a missing anchor and a missing path")
  func checkerFindsDanglingReferences() throws {
    let page = packageRoot.appendingPathComponent("docs/cli.md")
    let text = """
      # Title
      [ok](../README.md#install) [gone](no-such-page.md) [anchor](../README.md#no-such-heading)
      [self](#title) `docs/no-such-file.md` `Fixtures/<area>/` and `scripts/setup.sh`
      `../../shared/NOTES.md` and `../README.md`
      ```
      [in a code block](not-checked.md)
      ```
      """
    let problems = try DocumentationPages.problems(in: page, text: text, acceptingMissing: [])
    #expect(problems.count == 4, "\(problems)")
    #expect(problems.contains { $0.contains("no-such-page.md") })
    #expect(problems.contains { $0.contains("#no-such-heading") })
    #expect(problems.contains { $0.contains("docs/no-such-file.md") })
    #expect(problems.contains { $0.contains("../../shared/NOTES.md") })
  }
}

enum DocumentationPages {
  static let repositoryFolders = [
    "Sources", "Tests", "scripts", "conformance", "docs", "Fixtures", "NativeKits", ".ci",
  ]

  /// The Markdown pages of the repository (top level, docs/, conformance/, NativeKits/).
  static func all() throws -> [URL] {
    try files(withExtension: "md").filter { url in
      let path = relative(url)
      return !path.contains("/") || ["docs/", "conformance/", "NativeKits/"].contains { path.hasPrefix($0) }
    }
  }

  static func files(withExtension ext: String) throws -> [URL] {
    guard let walker = FileManager.default.enumerator(at: packageRoot, includingPropertiesForKeys: [.isDirectoryKey])
    else {
      return []
    }
    var found: [URL] = []
    for case let url as URL in walker {
      let name = url.lastPathComponent
      if name.hasPrefix(".build") || name == ".git" || name == ".swiftpm" || name == "node_modules" {
        walker.skipDescendants()
        continue
      }
      if url.pathExtension == ext { found.append(url) }
    }
    return found.sorted { $0.path < $1.path }
  }

  static func relative(_ url: URL) -> String {
    String(url.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1))
  }

  static func problems(in page: URL, text: String? = nil, acceptingMissing: Set<String>) throws -> [String] {
    let prose = withoutCodeBlocks(try text ?? String(contentsOf: page, encoding: .utf8))
    let folder = page.deletingLastPathComponent()
    var problems: [String] = []
    for target in matches(#"\]\(([^)\s]+)\)"#, in: prose) {
      if target.range(of: #"^[a-zA-Z][a-zA-Z+.-]*:"#, options: .regularExpression) != nil { continue }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      let resolved = path.isEmpty ? page : folder.appendingPathComponent(path).standardizedFileURL
      guard FileManager.default.fileExists(atPath: resolved.path) else {
        if !acceptingMissing.contains(relative(resolved)) {
          problems.append("\(relative(page)): link to \(target): no such file")
        }
        continue
      }
      if parts.count == 2, resolved.pathExtension == "md" {
        let anchor = String(parts[1])
        let targetText = path.isEmpty && text != nil ? text! : try String(contentsOf: resolved, encoding: .utf8)
        if !anchors(in: targetText).contains(anchor) {
          problems.append(
            "\(relative(page)): link to \(target): no heading or anchor #\(anchor) in \(relative(resolved))")
        }
      }
    }
    for path in matches(
      #"`((?:"# + repositoryFolders.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        + #")/[^`\s]*)`"#, in: prose)
    {
      // Placeholders and globs name no one file.
      if path.range(of: #"[<>*{}…]|\.\.\."#, options: .regularExpression) != nil { continue }
      let file = String(path.split(separator: ":")[0].split(separator: "#")[0])
      if !FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(file).path) {
        problems.append("\(relative(page)): `\(path)`: no such file or folder in the repository")
      }
    }
    for path in matches(#"`(\.\./[^`\s]*)`"#, in: prose) {
      let resolved = folder.appendingPathComponent(path).standardizedFileURL
      if !isInsideRepository(resolved) || !FileManager.default.fileExists(atPath: resolved.path) {
        problems.append("\(relative(page)): `\(path)`: no such file or folder in the repository")
      }
    }
    return problems
  }

  static func isInsideRepository(_ url: URL) -> Bool {
    url.standardizedFileURL.path.hasPrefix(packageRoot.standardizedFileURL.path + "/")
  }

  /// GitHub's anchors: each heading lower-cased, punctuation dropped, spaces as hyphens; and `<a id>`s.
  static func anchors(in text: String) -> Set<String> {
    var anchors = Set(matches(#"<a id="([^"]+)""#, in: text))
    for heading in matches(#"(?m)^#{1,6} (.+)$"#, in: withoutCodeBlocks(text)) {
      var slug = ""
      for char in heading.lowercased() {
        if char.isLetter || char.isNumber || char == "-" || char == "_" {
          slug.append(char)
        } else if char == " " {
          slug.append("-")
        }
      }
      anchors.insert(slug)
    }
    return anchors
  }

  static func withoutCodeBlocks(_ text: String) -> String {
    text.replacingOccurrences(of: #"(?s)```.*?```"#, with: "", options: .regularExpression)
  }

  /// The first capture group of every match.
  static func matches(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
