import Foundation
import TestSupport
import Testing

/// ARCHITECTURE.md against Package.swift: every target is listed in its tables with exactly the
/// dependencies it declares, and the module graph shows exactly the edges that no other path
/// already implies (the transitive reduction), so the page cannot drift from the package.
@Suite("ARCHITECTURE.md matches Package.swift")
struct ArchitectureMatchesPackage {
  @Test("every target is in a table of ARCHITECTURE.md, with the dependencies Package.swift declares")
  func tablesListEveryTargetAndItsDependencies() throws {
    let declared = try PackageManifestTargets.read(packageRoot.appendingPathComponent("Package.swift"))
    let documented = try ArchitecturePage.read(packageRoot.appendingPathComponent("ARCHITECTURE.md"))
    #expect(!declared.isEmpty)
    for name in declared.keys.sorted() where documented.tables[name] == nil {
      Issue.record("ARCHITECTURE.md: target \(name) of Package.swift is in no table; add a row for it")
    }
    for name in documented.tables.keys.sorted() where declared[name] == nil {
      Issue.record("ARCHITECTURE.md: \(name) is listed but Package.swift has no such target; remove its row")
    }
    for (name, dependencies) in declared.sorted(by: { $0.key < $1.key }) {
      guard let listed = documented.tables[name] else { continue }
      #expect(
        listed == dependencies,
        "ARCHITECTURE.md: \(name) depends on \(dependencies.sorted()) in Package.swift, the table says \(listed.sorted())"
      )
    }
  }

  @Test("the module graph of ARCHITECTURE.md is the transitive reduction of Package.swift's targets")
  func graphIsTheTransitiveReduction() throws {
    let declared = try PackageManifestTargets.read(packageRoot.appendingPathComponent("Package.swift"))
      .filter { !$0.key.hasSuffix("Tests") }
    let documented = try ArchitecturePage.read(packageRoot.appendingPathComponent("ARCHITECTURE.md"))
    let reduced = PackageManifestTargets.transitiveReduction(declared).filter { !$0.value.isEmpty }
    #expect(!reduced.isEmpty)
    #expect(
      documented.graph == reduced,
      "ARCHITECTURE.md's module graph should be \(reduced.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value.sorted())" })"
    )
  }

  @Test("the manifest reader finds the dependencies of a target written over several lines")
  func readerFindsMultilineDependencies() throws {
    let manifest = """
      .target(
        name: "Engine",
        dependencies: [
          .target(name: "CLib", condition: .when(traits: ["Trait"])), "Page",
        ]
      ),
      .executableTarget(name: "Tool", dependencies: ["Engine", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
      .systemLibrary(name: "CLib", pkgConfig: "lib"),
      .testTarget(name: "EngineTests", dependencies: ["Engine"]),
      """
    let targets = PackageManifestTargets.parse(manifest)
    #expect(targets["Engine"] == ["CLib", "Page"])
    #expect(targets["Tool"] == ["Engine", "ArgumentParser"])
    #expect(targets["CLib"] == [])
    #expect(targets["EngineTests"] == ["Engine"])
    let reduced = PackageManifestTargets.transitiveReduction(["A": ["B", "C"], "B": ["C"], "C": []])
    #expect(reduced == ["A": ["B"], "B": ["C"], "C": []])
  }
}

/// The targets of a Package.swift and their dependencies (target and product names), read from
/// its text: `.target`, `.executableTarget`, `.systemLibrary` and `.testTarget` calls.
enum PackageManifestTargets {
  static func read(_ url: URL) throws -> [String: Set<String>] {
    parse(try String(contentsOf: url, encoding: .utf8))
  }

  static func parse(_ text: String) -> [String: Set<String>] {
    var targets: [String: Set<String>] = [:]
    let chars = Array(text)
    for opener in [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("] {
      var searchStart = text.startIndex
      while let range = text.range(of: opener, range: searchStart..<text.endIndex) {
        searchStart = range.upperBound
        let open = text.distance(from: text.startIndex, to: range.upperBound) - 1
        guard let close = matching(chars, from: open, open: "(", close: ")") else { continue }
        let call = String(chars[(open + 1)..<close])
        // `.target(name: "X", condition: …)` inside a dependency list is a dependency, not a target.
        guard let name = firstQuoted(after: "name:", in: call), !isInsideDependencies(chars, at: open) else { continue }
        targets[name] = dependencies(in: call)
      }
    }
    return targets
  }

  /// The names in the call's `dependencies: [...]`: plain strings, `.target(name:)`, `.product(name:)`.
  static func dependencies(in call: String) -> Set<String> {
    guard let start = call.range(of: "dependencies:") else { return [] }
    let chars = Array(call)
    let from = call.distance(from: call.startIndex, to: start.upperBound)
    guard let open = chars[from...].firstIndex(of: "["),
      let close = matching(chars, from: open, open: "[", close: "]")
    else { return [] }
    var list = String(chars[(open + 1)..<close])
    // Conditions name traits and platforms, not dependencies.
    while let when = list.range(of: ".when(") {
      let listChars = Array(list)
      let whenOpen = list.distance(from: list.startIndex, to: when.upperBound) - 1
      guard let whenClose = matching(listChars, from: whenOpen, open: "(", close: ")") else { break }
      list =
        String(listChars[..<list.distance(from: list.startIndex, to: when.lowerBound)])
        + String(listChars[(whenClose + 1)...])
    }
    // `package: "…"` names a package, not a dependency.
    list = list.replacingOccurrences(of: #"package:\s*"[^"]*""#, with: "", options: .regularExpression)
    var names: Set<String> = []
    let quoted = try! NSRegularExpression(pattern: #""([^"]+)""#)
    for match in quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
      if let range = Range(match.range(at: 1), in: list) { names.insert(String(list[range])) }
    }
    return names
  }

  /// Keeps, for each target, only the dependencies that no other dependency already brings.
  static func transitiveReduction(_ graph: [String: Set<String>]) -> [String: Set<String>] {
    func reachable(from start: String) -> Set<String> {
      var seen: Set<String> = []
      var stack = Array(graph[start] ?? [])
      while let next = stack.popLast() {
        if seen.insert(next).inserted { stack.append(contentsOf: graph[next] ?? []) }
      }
      return seen
    }
    var reduced: [String: Set<String>] = [:]
    for (name, direct) in graph {
      let implied = direct.reduce(into: Set<String>()) { $0.formUnion(reachable(from: $1)) }
      reduced[name] = direct.subtracting(implied)
    }
    return reduced
  }

  private static func firstQuoted(after label: String, in text: String) -> String? {
    guard let label = text.range(of: label) else { return nil }
    let rest = text[label.upperBound...]
    guard let open = rest.firstIndex(of: "\"") else { return nil }
    let afterOpen = rest.index(after: open)
    guard let close = rest[afterOpen...].firstIndex(of: "\"") else { return nil }
    // Only when the string is the label's own value (nothing but spaces between).
    guard rest[rest.startIndex..<open].allSatisfy(\.isWhitespace) else { return nil }
    return String(rest[afterOpen..<close])
  }

  /// Whether the call at `index` sits inside an open `dependencies: [` list.
  private static func isInsideDependencies(_ chars: [Character], at index: Int) -> Bool {
    var depth = 0
    var position = index - 1
    while position >= 0 {
      switch chars[position] {
      case "]": depth += 1
      case "[":
        if depth == 0 {
          let before = String(chars[max(0, position - 20)..<position])
          return before.contains("dependencies:")
        }
        depth -= 1
      default: break
      }
      position -= 1
    }
    return false
  }

  private static func matching(_ chars: [Character], from open: Int, open o: Character, close c: Character) -> Int? {
    var depth = 0
    var inString = false
    for index in open..<chars.count {
      let char = chars[index]
      if char == "\"" { inString.toggle() }
      if inString { continue }
      if char == o { depth += 1 }
      if char == c {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }
}

/// What ARCHITECTURE.md says: the rows of its target tables (target → the backquoted names of its
/// "depends on" column) and the lines of its module graph (module → the names after the arrow).
struct ArchitecturePage {
  var tables: [String: Set<String>] = [:]
  var graph: [String: Set<String>] = [:]

  static func read(_ url: URL) throws -> ArchitecturePage {
    let text = try String(contentsOf: url, encoding: .utf8)
    var page = ArchitecturePage()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      // | `Name` | kind | depends on | job |
      guard cells.count >= 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
      page.tables[String(cells[1].dropFirst().dropLast())] = Set(backquoted(cells[3]))
    }
    if let section = text.range(of: "## The module graph"),
      let open = text.range(of: "```\n", range: section.upperBound..<text.endIndex),
      let close = text.range(of: "```", range: open.upperBound..<text.endIndex)
    {
      for line in text[open.upperBound..<close.lowerBound].split(separator: "\n") {
        let parts = line.components(separatedBy: "→")
        guard parts.count == 2 else { continue }
        let names = parts[1].replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
          .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        page.graph[parts[0].trimmingCharacters(in: .whitespaces)] = Set(names)
      }
    }
    return page
  }

  private static func backquoted(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }
}
