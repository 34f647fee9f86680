import PageSimulation
import Testing

@Suite("Raw line separators in script text")
struct LineSeparatorsScanTests {
  @Test(arguments: [
    ("", 0), ("\u{2028}", 1), ("\u{2029}", 1), ("a\u{2028}b\u{2029}c", 2), ("\u{2028}\u{2028}\u{2029}", 3),
    // Other characters with the same lead byte (E2) are not separators.
    ("\u{2014} \u{2192} \u{20AC}", 0), ("\u{2014}\u{2028}", 1), ("\u{2027}\u{202A}", 0),
    // At the very end, and after a lone lead byte's neighbours.
    (String(repeating: "x", count: 5000) + "\u{2029}", 1), ("\\u2028 written as an escape", 0),
  ])
  func countsAndFindsThem(text: String, expected: Int) {
    #expect(LineSeparators.count(in: text) == expected)
    #expect(LineSeparators.occur(in: text) == (expected > 0))
  }
}
