/// A set of Unicode scalars that one step of a pattern consumes: a literal,
/// `.`, a class such as `[a-z\d]`, or an escape such as `\w`. Case-insensitive
/// sets also match the simple lower- and upper-case mappings of the scalar.
struct ScalarSet: Sendable {
  /// One member of a set.
  enum Item: Sendable, Hashable {
    /// The scalars from `lower` through `upper` (a literal is a range of one).
    case range(UInt32, UInt32)
    /// `\d`: Unicode decimal digits (`Nd`).
    case digit
    /// `\w`: letters, marks, decimal digits, connector punctuation, ZWJ and ZWNJ.
    case word
    /// `\s`: tab, line feed, U+000B, form feed, carriage return, U+0085 and the `Z` categories.
    case space
    /// `\D`, `\W`, `\S`: the complement of the class.
    indirect case not(Item)
    /// `.` without `(?s)`: every scalar but the line terminators.
    case notLineTerminator
  }

  var items: [Item]
  var negated = false
  var caseInsensitive = false

  /// Every scalar (`.` under `(?s)`, `[\s\S]`).
  static let all = ScalarSet(items: [.range(0, 0x10FFFF)])

  /// One scalar.
  static func literal(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> ScalarSet {
    ScalarSet(items: [.range(scalar.value, scalar.value)], caseInsensitive: caseInsensitive)
  }

  /// Whether the set holds `scalar`.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    var found = holds(scalar)
    if !found && caseInsensitive {
      let lower = CaseMapping.lower(scalar)
      let upper = CaseMapping.upper(scalar)
      found = (lower != scalar && holds(lower)) || (upper != scalar && holds(upper))
    }
    return found != negated
  }

  private func holds(_ scalar: Unicode.Scalar) -> Bool {
    items.contains { Self.item($0, holds: scalar) }
  }

  private static func item(_ item: Item, holds scalar: Unicode.Scalar) -> Bool {
    switch item {
    case .range(let lower, let upper): return scalar.value >= lower && scalar.value <= upper
    case .digit: return isDigit(scalar)
    case .word: return isWord(scalar)
    case .space: return isSpace(scalar)
    case .not(let inner): return !Self.item(inner, holds: scalar)
    case .notLineTerminator: return !isLineTerminator(scalar)
    }
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value >= 0x30 && scalar.value <= 0x39 }
    return scalar.properties.generalCategory == .decimalNumber
  }

  static func isWord(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = scalar.value
      return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        || value == 0x5F
    }
    if scalar.value == 0x200C || scalar.value == 0x200D { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85: return true
    case 0..<0x80: return false
    default:
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }
  }

  static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}

/// Simple (one scalar to one scalar) case mappings, for `(?i)`.
enum CaseMapping {
  static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }
    return single(scalar.properties.lowercaseMapping) ?? scalar
  }

  static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return scalar.value >= 0x61 && scalar.value <= 0x7A ? Unicode.Scalar(scalar.value - 0x20)! : scalar
    }
    return single(scalar.properties.uppercaseMapping) ?? scalar
  }

  private static func single(_ mapping: String) -> Unicode.Scalar? {
    let scalars = mapping.unicodeScalars
    guard let first = scalars.first, scalars.count == 1 else { return nil }
    return first
  }
}
