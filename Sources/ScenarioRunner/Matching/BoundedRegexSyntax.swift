/// The parsed form of a ``BoundedRegex`` pattern: what the parser produces
/// and the compiler turns into a program. Capturing and non-capturing groups
/// are the same here (a yes/no match needs no captures), and lazy and greedy
/// quantifiers too (laziness changes which match is found, not whether one is).
indirect enum RegexNode: Sendable {
  /// Matches the empty string.
  case empty
  /// Consumes one Unicode scalar from the set.
  case scalar(ScalarSet)
  /// Each part in turn.
  case sequence([RegexNode])
  /// Any one of the alternatives.
  case alternation([RegexNode])
  /// The node `minimum` to `maximum` times (`nil`: no upper bound).
  case repetition(RegexNode, minimum: Int, maximum: Int?)
  /// A zero-width test of the position.
  case assertion(RegexAssertion)
  /// `(?=…)` or `(?!…)`: whether the node matches a prefix of the input.
  /// The parser accepts it only right after a leading `^`, so it is only
  /// ever tested at the start of the input.
  case startLookahead(RegexNode, negated: Bool)
}

/// The zero-width assertions a pattern may use.
enum RegexAssertion: Sendable, Hashable {
  /// `^` and `\A`: the start of the input (there is no multi-line mode).
  case start
  /// `$` and `\Z`: the end of the input, or just before one final line
  /// terminator (`\n`, `\r\n`, `\r`, U+000B, U+000C, U+0085, U+2028,
  /// U+2029), as ICU and Perl do.
  case endOrBeforeFinalNewline
  /// `\z`: the very end of the input.
  case end
  /// `\b`: between a word scalar (`\w`) and a non-word scalar or an edge.
  case wordBoundary
  /// `\B`: not at a word boundary.
  case notWordBoundary
}
