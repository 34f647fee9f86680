/// Character classes (`[…]`) and backslash escapes.
extension RegexParser {
  /// What a backslash escape stands for.
  enum Escape {
    case scalar(Unicode.Scalar)
    case item(ScalarSet.Item)
    case assertion(RegexAssertion)
  }

  /// A class, with `position` just after its `[`.
  mutating func characterClass(flags: Flags, start: Int) throws(BoundedRegexError) -> ScalarSet {
    var set = ScalarSet(items: [], caseInsensitive: flags.caseInsensitive)
    if peek == "^" {
      set.negated = true
      position += 1
    }
    var first = true
    while true {
      guard let next = peek else {
        throw error("this [ is never closed", hint: "add the missing ], or write \\[ for a literal bracket", at: start)
      }
      if next == "]" && !first {
        position += 1
        return set
      }
      first = false
      let itemStart = position
      if next == "[" {
        throw error(
          "nested classes and POSIX classes such as [[:alpha:]] are not supported",
          hint: "write \\[ for a literal bracket; use \\d, \\w, \\s or ranges such as a-z", at: itemStart)
      }
      if next == "&", position + 1 < scalars.count, scalars[position + 1] == "&" {
        throw error(
          "class intersection (&&) is not supported", hint: "write \\& for a literal ampersand", at: itemStart)
      }
      let lower = try classAtom()
      guard peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" else {
        set.items.append(lower.item)
        continue
      }
      position += 1  // the `-`
      let upperStart = position
      let upper = try classAtom()
      guard case .range(let low, _) = lower.item, lower.isSingle, case .range(let high, _) = upper.item, upper.isSingle
      else {
        throw error(
          "a range in a class goes from one character to another", hint: "write \\- for a literal hyphen",
          at: lower.isSingle ? upperStart : itemStart)
      }
      guard low <= high else {
        throw error(
          "the range is out of order", hint: "write the smaller character first", at: itemStart)
      }
      set.items.append(.range(low, high))
    }
  }

  /// One member of a class: a scalar (single) or an escape class.
  private mutating func classAtom() throws(BoundedRegexError) -> (item: ScalarSet.Item, isSingle: Bool) {
    let scalar = scalars[position]
    position += 1
    guard scalar == "\\" else { return (.range(scalar.value, scalar.value), true) }
    switch try escape(inClass: true) {
    case .scalar(let scalar): return (.range(scalar.value, scalar.value), true)
    case .item(let item): return (item, false)
    case .assertion: fatalError("escape(inClass: true) returns no assertions")
    }
  }

  /// An escape, with `position` just after its backslash.
  mutating func escape(inClass: Bool) throws(BoundedRegexError) -> Escape {
    let start = position - 1
    guard let letter = peek else {
      throw error("the pattern ends with a lone backslash", hint: "write \\\\ for a literal backslash", at: start)
    }
    position += 1
    switch letter {
    case "d": return .item(.digit)
    case "w": return .item(.word)
    case "s": return .item(.space)
    case "D": return .item(.not(.digit))
    case "W": return .item(.not(.word))
    case "S": return .item(.not(.space))
    case "n": return .scalar("\n")
    case "t": return .scalar("\t")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "e": return .scalar("\u{1B}")
    case "a": return .scalar("\u{07}")
    case "0" where !(peek.map { ("0"..."9").contains($0) } ?? false): return .scalar("\0")
    case "x": return .scalar(try hexEscape(start: start))
    case "u": return .scalar(try unicodeEscape(start: start))
    case "b": return inClass ? .scalar("\u{08}") : .assertion(.wordBoundary)
    case "B" where !inClass: return .assertion(.notWordBoundary)
    case "A" where !inClass: return .assertion(.start)
    case "z" where !inClass: return .assertion(.end)
    case "Z" where !inClass: return .assertion(.endOrBeforeFinalNewline)
    case "1"..."9", "k", "g":
      throw error(
        "backreferences (\\1, \\k<name>) are not supported",
        hint: "repeat the text itself, or check it with a second matcher", at: start)
    case "p", "P":
      throw error(
        "Unicode properties (\\p{…}) are not supported",
        hint: "use \\d, \\w, \\s or a range such as [\\x{0400}-\\x{04FF}]", at: start)
    case "Q", "E":
      throw error("\\Q…\\E quoting is not supported", hint: "escape each special character with a backslash", at: start)
    default:
      if letter.properties.isAlphabetic || ("0"..."9").contains(letter) {
        throw error(
          "\\\(letter) is not a supported escape",
          hint:
            "supported: \\n \\t \\r \\f \\e \\a \\0 \\xHH \\x{H…} \\uHHHH \\d \\w \\s \\D \\W \\S \\b \\B \\A \\z \\Z "
            + "and a backslash before punctuation", at: start)
      }
      return .scalar(letter)  // escaped punctuation, space or symbol: itself
    }
  }

  /// `\xHH` or `\x{H…}`, with `position` after the `x`.
  private mutating func hexEscape(start: Int) throws(BoundedRegexError) -> Unicode.Scalar {
    if peek == "{" {
      position += 1
      let value = try hexDigits(minimum: 1, maximum: 6, start: start)
      guard peek == "}" else {
        throw error("\\x{ needs 1 to 6 hex digits and a }", hint: "e.g. \\x{1F600}", at: start)
      }
      position += 1
      return try scalar(value, start: start)
    }
    return try scalar(try hexDigits(minimum: 2, maximum: 2, start: start), start: start)
  }

  /// `\uHHHH` or `\u{H…}`, with `position` after the `u`.
  private mutating func unicodeEscape(start: Int) throws(BoundedRegexError) -> Unicode.Scalar {
    if peek == "{" { return try hexEscape(start: start) }
    return try scalar(try hexDigits(minimum: 4, maximum: 4, start: start), start: start)
  }

  private mutating func hexDigits(minimum: Int, maximum: Int, start: Int) throws(BoundedRegexError) -> UInt32 {
    var value: UInt32 = 0
    var count = 0
    while count < maximum, let next = peek, let digit = next.properties.isASCIIHexDigit ? hexValue(next) : nil {
      value = value * 16 + digit
      count += 1
      position += 1
    }
    guard count >= minimum else {
      throw error(
        "the escape needs \(minimum == maximum ? "\(minimum)" : "\(minimum) to \(maximum)") hex digits",
        hint: "e.g. \\x41, \\x{1F600} or \\u00e9", at: start)
    }
    return value
  }

  private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value - 0x30
    case "a"..."f": return scalar.value - 0x61 + 10
    case "A"..."F": return scalar.value - 0x41 + 10
    default: return nil
    }
  }

  private func scalar(_ value: UInt32, start: Int) throws(BoundedRegexError) -> Unicode.Scalar {
    guard let scalar = Unicode.Scalar(value) else {
      throw error(
        "U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar (a surrogate or beyond U+10FFFF)",
        hint: "patterns match Unicode scalars: write \\x{1F600} for an emoji, not its UTF-16 surrogate pair", at: start)
    }
    return scalar
  }
}
