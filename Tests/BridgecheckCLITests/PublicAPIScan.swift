import Foundation

/// The public declarations of Swift source, read from its text: a small scan for the access rules of
/// ARCHITECTURE.md (`public` means the API of a library product; every other module uses `package`).
///
/// A declaration is public when it says `public` or `open`, and when it sits directly in the body of
/// a public protocol (its requirements), a public enum (its `case`s) or a `public extension` (its
/// members). Comments, string literals and multi-line strings are skipped. A declaration is
/// documented when the line above it (past attributes, `#if` lines and `// swift-format-ignore`)
/// ends a `///` or `/** */` comment.
enum PublicAPIScan {
  /// One public declaration.
  struct Declaration: Equatable {
    /// Its line (from 1).
    var line: Int
    /// The line's text, trimmed.
    var text: String
    /// Whether it says `public` or `open` itself (false: public because of where it is).
    var explicit: Bool
    /// Whether a doc comment comes right before it.
    var documented: Bool
  }

  /// The modules of the library products of a Package.swift: the `targets:` of its `.library` calls.
  static func productModules(manifest: String) -> Set<String> {
    var modules: Set<String> = []
    let library = try! NSRegularExpression(pattern: #"\.library\(\s*name:\s*"[^"]+",\s*targets:\s*\[([^\]]*)\]"#)
    let quoted = try! NSRegularExpression(pattern: #""([^"]+)""#)
    for match in library.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
      guard let list = Range(match.range(at: 1), in: manifest).map({ String(manifest[$0]) }) else { continue }
      for name in quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
        if let range = Range(name.range(at: 1), in: list) { modules.insert(String(list[range])) }
      }
    }
    return modules
  }

  /// Every public declaration of `source`, in order.
  static func publicDeclarations(in source: String) -> [Declaration] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [Declaration] = []
    var depth = 0
    // The bodies whose members are public without saying so: the depth of their members and the
    // kind of body (`protocol`, `enum` or `extension`).
    var implicitBodies: [(depth: Int, kind: String)] = []
    var inBlockComment = false
    var inMultilineString = false
    for (index, raw) in lines.enumerated() {
      let code = codePart(of: raw, inBlockComment: &inBlockComment, inMultilineString: &inMultilineString)
      let trimmed = code.trimmingCharacters(in: .whitespaces)
      implicitBodies.removeAll { $0.depth > depth }
      let explicit = firstMatch(explicitPublic, in: trimmed) != nil
      let implicit =
        !explicit && implicitBodies.last.map { $0.depth == depth && isMember(trimmed, of: $0.kind) } == true
      if explicit || implicit {
        found.append(
          Declaration(
            line: index + 1, text: raw.trimmingCharacters(in: .whitespaces), explicit: explicit,
            documented: isDocumented(lineIndex: index, lines: lines)))
      }
      let opens = code.filter { $0 == "{" }.count
      let closes = code.filter { $0 == "}" }.count
      if opens > closes, let kind = firstMatch(publicBody, in: trimmed) {
        implicitBodies.append((depth + 1, kind))
      }
      depth += opens - closes
    }
    return found
  }

  /// `public`/`open` at the start of a declaration, past its attributes and other modifiers.
  private static let explicitPublic =
    #"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|static|class|final|override|required|convenience|mutating|dynamic|indirect)\s+)*(?:public|open)\s+[a-z@]"#
  /// A public protocol, enum or extension (the kind is the capture).
  private static let publicBody =
    #"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+|indirect\s+)*(protocol|enum|extension)\b"#

  private static func isMember(_ line: String, of kind: String) -> Bool {
    switch kind {
    case "enum": return firstMatch(#"^(?:indirect\s+)?(case)\s"#, in: line) != nil
    case "protocol":
      return firstMatch(
        #"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:static|mutating|nonisolated)\s+)*(func|var|init|subscript|associatedtype|typealias)\b"#,
        in: line) != nil
    default:
      // Members of a `public extension`, unless they say less than public themselves.
      return firstMatch(
        #"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:static|mutating|nonisolated|final|override)\s+)*(func|var|let|init|subscript|struct|enum|class|typealias)\b"#,
        in: line) != nil
    }
  }

  private static func isDocumented(lineIndex: Int, lines: [String]) -> Bool {
    var above = lineIndex - 1
    while above >= 0 {
      let line = lines[above].trimmingCharacters(in: .whitespaces)
      let skipped = ["@", "#if", "#else", "#endif", "// swift-format-ignore"]
      if skipped.contains(where: { line.hasPrefix($0) }) {
        above -= 1
        continue
      }
      return line.hasPrefix("///") || line.hasSuffix("*/")
    }
    return false
  }

  /// The code of a line: without comments and the contents of string literals.
  private static func codePart(of line: String, inBlockComment: inout Bool, inMultilineString: inout Bool) -> String {
    var code = ""
    var chars = Substring(line)
    while !chars.isEmpty {
      if inBlockComment {
        guard let end = chars.range(of: "*/") else { return code }
        chars = chars[end.upperBound...]
        inBlockComment = false
      } else if inMultilineString {
        guard let end = chars.range(of: "\"\"\"") else { return code }
        chars = chars[end.upperBound...]
        inMultilineString = false
      } else if chars.hasPrefix("//") {
        return code
      } else if chars.hasPrefix("/*") {
        inBlockComment = true
        chars = chars.dropFirst(2)
      } else if chars.hasPrefix("\"\"\"") {
        inMultilineString = true
        chars = chars.dropFirst(3)
      } else if chars.first == "\"" {
        // A one-line string: skip to its closing quote.
        chars = chars.dropFirst()
        while let next = chars.first, next != "\"" { chars = chars.dropFirst(next == "\\" ? 2 : 1) }
        chars = chars.dropFirst()
        code += "\"\""
      } else {
        code.append(chars.removeFirst())
      }
    }
    return code
  }

  private static func firstMatch(_ pattern: String, in text: String) -> String? {
    let regex = try! NSRegularExpression(pattern: pattern)
    guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
    if match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text) { return String(text[range]) }
    return String(text[Range(match.range, in: text)!])
  }
}
