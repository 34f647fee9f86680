import Testing

@testable import ScenarioRunner

@Suite("BoundedRegex: the supported syntax matches as documented")
struct BoundedRegexSyntaxTests {
  /// (pattern, text, whether it matches somewhere in the text)
  static let cases: [(String, String, Bool)] = [
    // literals, search anywhere
    ("abc", "xxabcxx", true), ("abc", "ab", false), ("", "", true), ("", "anything", true),
    // escapes
    (#"a\.b"#, "a.b", true), (#"a\.b"#, "axb", false), (#"\\"#, #"a\b"#, true), (#"\n"#, "a\nb", true),
    (#"\t"#, "a\tb", true), (#"\x41"#, "A", true), (#"\x{1F600}"#, "😀", true), (#"\u00e9"#, "é", true),
    (#"\u{e9}"#, "é", true), (#"\(\)\[\]\{\}\*\+\?\|\^\$"#, "()[]{}*+?|^$", true), (#"\-\/\""#, "-/\"", true),
    // classes
    (#"\d+"#, "ab12", true), (#"\d"#, "abc", false), (#"\d"#, "٣", true), (#"\w"#, "é", true), (#"\w"#, "-", false),
    (#"\s"#, "a b", true), (#"\s"#, "\u{A0}", true), (#"\S"#, "   ", false), (#"\D"#, "123", false),
    (#"\W"#, "a_1", false),
    ("[a-c]x", "bx", true), ("[a-c]x", "dx", false), ("[^a-c]x", "dx", true), ("[^a-c]x", "ax", false),
    (#"[\s\S]"#, "\n", true), (#"[\d_]"#, "_", true), ("[a-]", "-", true), ("[-a]", "-", true), ("[]a]", "]", true),
    (#"[\]]"#, "]", true), (#"[\x{00}-\x{09}]"#, "a\u{1}", true), (#"[\x{00}-\x{09}]"#, "abc", false),
    ("[.]", "a", false),
    ("]", "]", true), ("}", "}", true),
    // dot
    ("a.c", "abc", true), ("a.c", "a\nc", false), ("a.c", "a\rc", false), ("a.c", "a\u{2028}c", false),
    ("(?s)a.c", "a\nc", true), ("a.c", "a😀c", true), ("^.$", "e\u{301}", false),
    // anchors
    ("^ab", "abc", true), ("^ab", "cab", false), ("ab$", "cab", true), ("ab$", "abc", false), ("ab$", "ab\n", true),
    ("ab$", "ab\r\n", true), ("ab$", "ab\n\n", false), (#"ab\z"#, "ab\n", false), (#"ab\Z"#, "ab\n", true),
    (#"\Aab"#, "ab", true), (#"\bfoo\b"#, "a foo b", true), (#"\bfoo\b"#, "afoo", false), (#"\Bfoo"#, "afoo", true),
    ("^$", "", true), ("^$", "\n", true), ("^$", "x", false),
    // groups, alternation
    ("(ab)+c", "ababc", true), ("(?:ab)+c", "abac", false), ("a|b", "b", true), ("x(a|b)y", "xby", true),
    ("x(a|b)y", "xcy", false), ("^(https|wvjb)://", "wvjb://x", true), ("(a|)b", "b", true), ("(|a)+b", "b", true),
    // quantifiers
    ("a{3}", "aa", false), ("a{3}", "aaa", true), ("^a{2,3}$", "aaaa", false), ("^a{2,3}$", "aaa", true),
    ("^a{2,}$", "aaaaaa", true), ("^a{2,}$", "a", false), ("^a{0}b", "b", true), ("^ab?c", "ac", true),
    ("^ab*c", "abbbc", true), ("^ab+c", "ac", false), ("^a*?b", "aab", true), ("^a+?b", "b", false),
    ("^a{1,2}?b", "aab", true), ("^(a*)*b", "aaab", true), ("^(a?){3}a{3}$", "aaa", true), ("^(a|b)*$", "abba", true),
    // flags
    ("(?i)abc", "xABCx", true), ("(?i)[a-c]", "B", true), ("(?i)[^a-c]", "B", false), ("(?i)é", "É", true),
    ("(?i)k", "\u{212A}", true), ("abc", "ABC", false), ("a(?i)bc", "aBC", true), ("a(?i)bc", "ABC", false),
    ("(?i:a)b", "Ab", true), ("(?i:a)b", "AB", false), ("(?i)a(?-i)b", "AB", false), ("(?is)a.b", "A\nB", true),
    // lookahead after a leading ^
    (#"^(?!https://app\.example/)"#, "https://app.example/x", false),
    (#"^(?!https://app\.example/)"#, "https://evil.example/", true), ("^(?=ab)a", "abc", true),
    ("^(?=ab)a", "acb", false),
    ("^(?!a)|x", "ax", true), ("^(?=a$)", "a\n", true),
  ]

  @Test(arguments: cases.indices)
  func matches(_ index: Int) throws {
    let (pattern, text, expected) = Self.cases[index]
    let regex = try BoundedRegex(pattern)
    #expect(regex.matches(in: text) == expected, "/\(pattern)/ in \(text.debugDescription)")
  }

  @Test func comparesByPattern() throws {
    #expect(try BoundedRegex("a+") == BoundedRegex("a+"))
    #expect(try BoundedRegex("a+") != BoundedRegex("a*"))
    #expect(try BoundedRegex("a+").description == "a+")
  }
}
