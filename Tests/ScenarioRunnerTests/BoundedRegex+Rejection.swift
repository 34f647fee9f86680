import Testing

@testable import ScenarioRunner

@Suite("BoundedRegex: syntax it cannot match in linear time is rejected with a hint")
struct BoundedRegexRejectionTests {
  /// (pattern, a word the message must contain, the 1-based position)
  static let cases: [(String, String, Int)] = [
    (#"(a)\1"#, "backreferences", 4), (#"(?<n>a)\k<n>"#, "named", 1), ("(?P<n>a)", "named", 1),
    ("a(?<=b)", "lookbehind", 2), ("a(?<!b)", "lookbehind", 2), ("a(?=b)", "lookahead", 2),
    ("(^(?!a))", "lookahead", 3),
    ("^a(?!b)", "lookahead", 3), ("^(?!(?!a))", "lookahead", 5), ("a*+", "possessive", 3), ("(?>a)", "(?>", 1),
    ("(?#c)", "(?#", 1), ("(?m)^a", "multi-line", 4), ("(?x)a", "(?x", 1), (#"\p{L}"#, "Unicode properties", 1),
    (#"\Qa\E"#, "quoting", 1), (#"\q"#, "escape", 1), (#"\v"#, "escape", 1), ("[[:alpha:]]", "nested", 2),
    ("[a&&b]", "intersection", 3), ("[z-a]", "out of order", 2), (#"[\d-z]"#, "range", 2), ("a{1001}", "1000", 3),
    ("a{2,1}", "wrong way round", 2), ("a{,3}", "{m,n}", 2), ("a{", "{m,n}", 2), ("{2}", "nothing to repeat", 1),
    ("*a", "nothing to repeat", 1), ("a**", "quantifier", 3), ("^*", "cannot be repeated", 1), ("(?i)*", "repeated", 5),
    ("(a", "never closed", 1), ("a)", "closes no group", 2), ("[ab", "never closed", 1), (#"a\"#, "lone backslash", 2),
    (#"\x{110000}"#, "not a Unicode scalar", 1), (#"\uD83D"#, "not a Unicode scalar", 1), (#"\xG1"#, "hex digits", 1),
    ("((a{100}){100}){100}", "expands", 1), ("(a{1000}){6}", "expands", 1),
  ]

  @Test(arguments: cases.indices)
  func rejects(_ index: Int) {
    let (pattern, word, position) = Self.cases[index]
    do {
      _ = try BoundedRegex(pattern)
      Issue.record("/\(pattern)/ was accepted")
    } catch {
      #expect(error.message.contains(word), "/\(pattern)/: \(error.message)")
      #expect(error.position == position, "/\(pattern)/: \(error)")
      #expect(!error.hint.isEmpty)
    }
  }

  @Test func deepNestingAndLongPatternsAreRejectedWithoutCrashing() throws {
    let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
    #expect(throws: BoundedRegexError.self) { try BoundedRegex(deep) }
    let nested = String(repeating: "(", count: 60) + "a" + String(repeating: ")", count: 60)
    #expect(try BoundedRegex(nested).matches(in: "a"))
    let long = String(repeating: "a", count: BoundedRegex.maximumPatternLength + 1)
    #expect(throws: BoundedRegexError.self) { try BoundedRegex(long) }
  }

  @Test func countsUpToTheLimitCompile() throws {
    let regex = try BoundedRegex("^a{1000}$")
    #expect(regex.matches(in: String(repeating: "a", count: 1000)))
    #expect(!regex.matches(in: String(repeating: "a", count: 1001)))
  }
}
