/// A regular expression that matches in time linear in the text, for
/// patterns written in fixtures (`$regex` matchers and `setup.appPolicy.cancel`),
/// which are untrusted input: `(a|aa)*$` or `(a+)+$` against a long line
/// takes as long as `a*$`.
///
/// Matching is a search (the pattern may match anywhere unless anchored with
/// `^`) over the text's **Unicode scalars**: `.` and classes consume one
/// scalar, so `é` written as `e` + U+0301 is two. The syntax:
///
/// - literals; escapes `\n \t \r \f \e \a \0 \xHH \x{H…} \uHHHH \u{H…}` and a
///   backslash before any punctuation (`\. \\ \( \$` …);
/// - `.` (any scalar but a line terminator; any scalar under `(?s)`),
///   `\d \w \s \D \W \S` (Unicode-aware), classes `[a-z\d_]`, `[^…]`, `[\s\S]`;
/// - anchors `^` and `\A` (start), `$` and `\Z` (end, or before one final
///   line terminator), `\z` (very end), `\b` and `\B`;
/// - groups `(…)` and `(?:…)`, alternation `|`, quantifiers `* + ? {m} {m,}
///   {m,n}` (counts up to ``maximumRepetition``) and their lazy forms (`*?` …);
/// - inline flags `(?i)` (case-insensitive, simple case mappings), `(?s)`,
///   `(?-i)`, `(?i:…)`;
/// - lookahead `(?=…)`/`(?!…)` only right after a leading `^` (tested once,
///   at the start), e.g. `^(?!https://app\.example/)`.
///
/// Everything else (backreferences, lookbehind, lookahead elsewhere,
/// possessive quantifiers, atomic and named groups, `\p{…}`, nested classes,
/// `(?m)`) is rejected by ``init(_:)`` with a ``BoundedRegexError``.
package struct BoundedRegex: Sendable, Hashable, CustomStringConvertible {
  /// The largest count a `{m,n}` quantifier may give.
  package static let maximumRepetition = 1000
  /// The largest number of NFA states a pattern may compile to (counted
  /// repetitions multiply: `(a{100}){100}` is 10,000). A match costs at most
  /// this many steps per scalar of the text.
  package static let maximumProgramSize = 5000
  /// The longest pattern, in Unicode scalars.
  package static let maximumPatternLength = 4096
  /// The deepest nesting of groups.
  package static let maximumNesting = 64

  /// The pattern as written.
  package let pattern: String
  private let machine: RegexMachine
  /// The DFA learned by earlier matches, kept from one match to the next
  /// (each pattern is compiled once, where it is written in a fixture).
  private let learned: LearnedSteps?

  /// Compiles `pattern`, or throws why it is not supported.
  package init(_ pattern: String) throws(BoundedRegexError) {
    var parser = RegexParser(pattern)
    let node = try parser.parse()
    guard RegexProgram.size(of: node, limit: Self.maximumProgramSize) <= Self.maximumProgramSize else {
      throw BoundedRegexError(
        "the pattern expands to more than \(Self.maximumProgramSize) steps (counted repetitions multiply)",
        hint: "use smaller counts, or * and + instead of large {m,n}", position: 1)
    }
    self.pattern = pattern
    let program = RegexProgram(node)
    machine = RegexMachine(program: program)
    learned = program.lookaheads.isEmpty ? LearnedSteps() : nil
  }

  /// Whether the pattern matches somewhere in `text` (at the start only when
  /// it begins with `^`).
  package func matches(in text: String) -> Bool {
    guard let learned else { return machine.matches(text.unicodeScalars, searching: true) }
    return learned.use { cache in machine.matches(text.unicodeScalars, searching: true, cache: &cache) }
  }

  /// Patterns are equal when written the same.
  package static func == (lhs: BoundedRegex, rhs: BoundedRegex) -> Bool { lhs.pattern == rhs.pattern }

  /// Hashes the pattern as written.
  package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

  /// The pattern as written.
  package var description: String { pattern }
}
