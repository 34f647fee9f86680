/// Turns a pattern into a ``RegexNode`` tree, accepting only the syntax
/// ``BoundedRegex`` can match in linear time and rejecting everything else
/// with a message and a hint.
struct RegexParser {
  /// The inline flags in force.
  struct Flags {
    var caseInsensitive = false
    var dotMatchesNewlines = false
  }

  let scalars: [Unicode.Scalar]
  var position = 0

  init(_ pattern: String) {
    scalars = Array(pattern.unicodeScalars)
  }

  /// Parses the whole pattern.
  mutating func parse() throws(BoundedRegexError) -> RegexNode {
    if scalars.count > BoundedRegex.maximumPatternLength {
      throw error(
        "the pattern is longer than \(BoundedRegex.maximumPatternLength) characters",
        hint: "match a distinctive part of the text instead of all of it", at: BoundedRegex.maximumPatternLength)
    }
    var flags = Flags()
    let node = try alternation(depth: 0, flags: &flags, inLookahead: false)
    if position < scalars.count {  // only a `)` stops the top level early
      throw error("this ) closes no group", hint: "write \\) for a literal parenthesis", at: position)
    }
    return node
  }

  // MARK: Structure

  private mutating func alternation(depth: Int, flags: inout Flags, inLookahead: Bool) throws(BoundedRegexError)
    -> RegexNode
  {
    if depth > BoundedRegex.maximumNesting {
      throw error(
        "groups are nested more than \(BoundedRegex.maximumNesting) deep", hint: "flatten the pattern", at: position)
    }
    var alternatives = [try sequence(depth: depth, flags: &flags, inLookahead: inLookahead)]
    while peek == "|" {
      position += 1
      alternatives.append(try sequence(depth: depth, flags: &flags, inLookahead: inLookahead))
    }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private mutating func sequence(depth: Int, flags: inout Flags, inLookahead: Bool) throws(BoundedRegexError)
    -> RegexNode
  {
    var items: [RegexNode] = []
    while let next = peek, next != "|", next != ")" {
      let start = position
      guard let atom = try atom(depth: depth, flags: &flags, inLookahead: inLookahead, before: items) else {
        if let next = peek, "*+?{".unicodeScalars.contains(next) {
          throw error(
            "an inline flag group cannot be repeated", hint: "put the quantifier after the part to repeat", at: position
          )
        }
        continue
      }
      items.append(try quantified(atom, startingAt: start))
    }
    if items.isEmpty { return .empty }
    return items.count == 1 ? items[0] : .sequence(items)
  }

  /// A quantifier after `atom`, if any.
  private mutating func quantified(_ atom: RegexNode, startingAt start: Int) throws(BoundedRegexError) -> RegexNode {
    guard let next = peek else { return atom }
    let bounds: (minimum: Int, maximum: Int?)
    switch next {
    case "*":
      position += 1
      bounds = (0, nil)
    case "+":
      position += 1
      bounds = (1, nil)
    case "?":
      position += 1
      bounds = (0, 1)
    case "{": bounds = try countedBounds()
    default: return atom
    }
    switch atom {
    case .assertion, .startLookahead:
      throw error(
        "an anchor or lookahead cannot be repeated", hint: "remove the quantifier; an anchor matches no text",
        at: start)
    default: break
    }
    if peek == "?" {
      position += 1  // lazy: the same yes/no answer as greedy
    } else if peek == "+" {
      throw error(
        "possessive quantifiers (*+, ++, ?+, {m,n}+) are not supported",
        hint: "drop the final +: the yes/no answer is the same for almost every pattern", at: position)
    }
    if let next = peek, "*+?".unicodeScalars.contains(next) || (next == "{" && isCountedQuantifier(at: position)) {
      throw error(
        "a quantifier cannot follow another quantifier", hint: "group first, e.g. (?:a+)* instead of a+*", at: position)
    }
    return .repetition(atom, minimum: bounds.minimum, maximum: bounds.maximum)
  }

  /// `{m}`, `{m,}` or `{m,n}`, with `position` on the `{`.
  private mutating func countedBounds() throws(BoundedRegexError) -> (minimum: Int, maximum: Int?) {
    let start = position
    guard isCountedQuantifier(at: start) else {
      throw error(
        "a { that starts no {m}, {m,} or {m,n} quantifier",
        hint: "write \\{ for a literal brace, and {0,n} rather than {,n}", at: start)
    }
    position += 1
    let minimum = try number()
    var maximum: Int? = minimum
    if peek == "," {
      position += 1
      maximum = peek == "}" ? nil : try number()
    }
    position += 1  // the `}`
    if let maximum, maximum < minimum {
      throw error(
        "{\(minimum),\(maximum)} has its bounds the wrong way round", hint: "write {\(maximum),\(minimum)}", at: start)
    }
    return (minimum, maximum)
  }

  private func isCountedQuantifier(at index: Int) -> Bool {
    var cursor = index + 1
    func digits() -> Bool {
      let begin = cursor
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
      return cursor > begin
    }
    guard digits() else { return false }
    if cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      _ = digits()
    }
    return cursor < scalars.count && scalars[cursor] == "}"
  }

  private mutating func number() throws(BoundedRegexError) -> Int {
    let start = position
    var value = 0
    while let next = peek, ("0"..."9").contains(next) {
      value = min(value * 10 + Int(next.value - 0x30), BoundedRegex.maximumRepetition + 1)
      position += 1
    }
    if value > BoundedRegex.maximumRepetition {
      throw error(
        "repetition counts above \(BoundedRegex.maximumRepetition) are not supported",
        hint: "use * or + for \"any number\", or a count up to \(BoundedRegex.maximumRepetition)", at: start)
    }
    return value
  }

  // MARK: Atoms

  /// One atom, or `nil` for an inline flag group such as `(?i)`.
  private mutating func atom(depth: Int, flags: inout Flags, inLookahead: Bool, before items: [RegexNode])
    throws(BoundedRegexError) -> RegexNode?
  {
    let start = position
    let scalar = scalars[position]
    position += 1
    switch scalar {
    case "(": return try group(depth: depth, flags: &flags, inLookahead: inLookahead, before: items, start: start)
    case "[": return .scalar(try characterClass(flags: flags, start: start))
    case ".":
      return .scalar(flags.dotMatchesNewlines ? .all : ScalarSet(items: [.notLineTerminator]))
    case "^": return .assertion(.start)
    case "$": return .assertion(.endOrBeforeFinalNewline)
    case "\\":
      switch try escape(inClass: false) {
      case .scalar(let scalar): return .scalar(.literal(scalar, caseInsensitive: flags.caseInsensitive))
      case .item(let item): return .scalar(ScalarSet(items: [item]))
      case .assertion(let assertion): return .assertion(assertion)
      }
    case "*", "+", "?":
      throw error("\(scalar) has nothing to repeat", hint: "write \\\(scalar) for a literal \(scalar)", at: start)
    case "{" where isCountedQuantifier(at: start):
      throw error("{…} has nothing to repeat", hint: "write \\{ for a literal brace", at: start)
    case "{":
      throw error("a lone { is ambiguous", hint: "write \\{ for a literal brace", at: start)
    default:
      return .scalar(.literal(scalar, caseInsensitive: flags.caseInsensitive))
    }
  }

  private mutating func group(
    depth: Int, flags: inout Flags, inLookahead: Bool, before items: [RegexNode], start: Int
  ) throws(BoundedRegexError) -> RegexNode? {
    var inner = flags
    var lookahead: Bool?  // negated?
    if peek == "?" {
      position += 1
      switch peek {
      case ":": position += 1
      case "=", "!":
        lookahead = peek == "!"
        position += 1
        try checkLookahead(depth: depth, inLookahead: inLookahead, before: items, start: start)
      case "<" where position + 1 < scalars.count && (scalars[position + 1] == "=" || scalars[position + 1] == "!"):
        throw error(
          "lookbehind ((?<=…), (?<!…)) is not supported",
          hint: "match the text before as part of the pattern, e.g. ab instead of (?<=a)b", at: start)
      case "<", "P", "'":
        throw error(
          "named groups and named references are not supported",
          hint: "use (…) or (?:…): a yes/no match needs no names", at: start)
      default:
        guard try inlineFlags(&inner, start: start) else {
          flags = inner  // `(?i)`: the rest of the enclosing group
          return nil
        }
      }
    }
    let body = try alternation(depth: depth + 1, flags: &inner, inLookahead: inLookahead || lookahead != nil)
    guard peek == ")" else {
      throw error(
        "this ( is never closed", hint: "add the missing ), or write \\( for a literal parenthesis", at: start)
    }
    position += 1
    if let negated = lookahead { return .startLookahead(body, negated: negated) }
    return body
  }

  /// Lookahead is linear only where it is tested once: right after a
  /// leading `^` (optionally after other such lookaheads), outside groups.
  private func checkLookahead(depth: Int, inLookahead: Bool, before items: [RegexNode], start: Int)
    throws(BoundedRegexError)
  {
    let afterLeadingAnchor =
      depth == 0 && !inLookahead && items.first.map(Self.isStartAnchor) == true
      && items.allSatisfy { item in
        if case .startLookahead = item { return true }
        return Self.isStartAnchor(item)
      }
    guard afterLeadingAnchor else {
      throw error(
        "lookahead is only supported right after a leading ^, e.g. ^(?!https://app\\.example/)",
        hint: "match the text itself instead, or split the check into two patterns", at: start)
    }
  }

  private static func isStartAnchor(_ node: RegexNode) -> Bool {
    if case .assertion(.start) = node { return true }
    return false
  }

  /// Reads `i`, `s` and `-` after `(?`; `true` when a `:` group body follows,
  /// `false` after the closing `)` of a flags-only group.
  private mutating func inlineFlags(_ flags: inout Flags, start: Int) throws(BoundedRegexError) -> Bool {
    var enable = true
    while let next = peek {
      position += 1
      switch next {
      case "i": flags.caseInsensitive = enable
      case "s": flags.dotMatchesNewlines = enable
      case "-" where enable: enable = false
      case ")": return false
      case ":": return true
      case "m":
        throw error(
          "multi-line mode (?m) is not supported: ^ and $ match only at the start and end of the whole text",
          hint: "match a line break explicitly, e.g. (^|\\n)warn", at: position)
      default:
        throw error(
          "(?\(next)… is not supported: the only group forms are (…), (?:…), (?i), (?s), (?i:…) and ^(?!…)",
          hint: "lookbehind, atomic groups, comments, conditionals and other flags are not supported", at: start)
      }
    }
    throw error("this ( is never closed", hint: "add the missing )", at: start)
  }

  // MARK: Helpers

  var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  /// An error at a 0-based index into the pattern.
  func error(_ message: String, hint: String, at index: Int) -> BoundedRegexError {
    BoundedRegexError(message, hint: hint, position: index + 1)
  }
}
