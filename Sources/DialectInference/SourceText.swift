/// What the text of a script says without running it: whether it holds
/// anything but white space and comments, and the string literals in it.
/// A small lexer: comments, quoted strings and template literals; a `/`
/// after an operator or at the start starts a regular expression literal.
enum SourceText {
  /// Whether `source` is only white space and comments.
  static func isBlank(_ source: String) -> Bool {
    var blank = true
    scan(source) { token in
      if case .code = token { blank = false }
      if case .string = token { blank = false }
    }
    return blank
  }

  /// The string literals of `source` that are JavaScript identifiers, each
  /// once, in the order of the file: the names a bridge keeps in strings
  /// (handler names such as its safety-timeout switch, URLs' parts).
  static func identifierLiterals(in source: String) -> [String] {
    var seen: Set<String> = []
    var out: [String] = []
    scan(source) { token in
      guard case .string(let text) = token, isIdentifier(text), seen.insert(text).inserted else { return }
      out.append(text)
    }
    return out
  }

  /// The member names the script assigns (`x.NAME = …`, `x['NAME'] = …`),
  /// each once, sorted.
  static func assignedMembers(in source: String) -> [String] {
    let scalars = Array(source.unicodeScalars)
    var names: Set<String> = []
    var index = 0
    func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar == "$" || scalar.properties.isIDContinue }
    func skipSpace(_ start: Int) -> Int {
      var at = start
      while at < scalars.count && (scalars[at] == " " || scalars[at] == "\t") { at += 1 }
      return at
    }
    func assignmentFollows(_ start: Int) -> Bool {
      let at = skipSpace(start)
      return at + 1 < scalars.count && scalars[at] == "=" && scalars[at + 1] != "=" && scalars[at + 1] != ">"
        || at + 1 >= scalars.count && at < scalars.count && scalars[at] == "="
    }
    while index < scalars.count {
      if scalars[index] == "." {
        var end = skipSpace(index + 1)
        let start = end
        while end < scalars.count && isWord(scalars[end]) { end += 1 }
        if end > start, assignmentFollows(end) {
          names.insert(String(String.UnicodeScalarView(scalars[start..<end])))
        }
        index = max(end, index + 1)
      } else if scalars[index] == "[" {
        let open = skipSpace(index + 1)
        if open < scalars.count, scalars[open] == "'" || scalars[open] == "\"" {
          var end = open + 1
          while end < scalars.count && scalars[end] != scalars[open] && scalars[end] != "\n" { end += 1 }
          let close = skipSpace(end + 1)
          if end < scalars.count, close < scalars.count, scalars[close] == "]", assignmentFollows(close + 1) {
            names.insert(String(String.UnicodeScalarView(scalars[(open + 1)..<end])))
          }
        }
        index += 1
      } else {
        index += 1
      }
    }
    return names.sorted()
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first == "$" || first.properties.isIDStart else {
      return false
    }
    return text.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isIDContinue }
  }

  private enum Token {
    case code
    case string(String)
  }

  private static func scan(_ source: String, _ visit: (Token) -> Void) {
    let scalars = Array(source.unicodeScalars)
    var index = 0
    var regexAllowed = true
    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
        index += 1
      } else if scalar == "/" && peek(1) == "/" {
        while index < scalars.count && scalars[index] != "\n" && scalars[index] != "\r" { index += 1 }
      } else if scalar == "/" && peek(1) == "*" {
        index += 2
        while index < scalars.count && !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
        index += 2
      } else if scalar == "'" || scalar == "\"" || scalar == "`" {
        var text = String.UnicodeScalarView()
        index += 1
        while index < scalars.count && scalars[index] != scalar {
          if scalars[index] == "\\" { index += 1 }
          if index < scalars.count { text.append(scalars[index]) }
          index += 1
        }
        index += 1
        visit(.string(String(text)))
        regexAllowed = false
      } else if scalar == "/" && regexAllowed {
        index += 1
        var inClass = false
        while index < scalars.count && scalars[index] != "\n" {
          if scalars[index] == "\\" {
            index += 2
            continue
          }
          if scalars[index] == "[" { inClass = true }
          if scalars[index] == "]" { inClass = false }
          if scalars[index] == "/" && !inClass { break }
          index += 1
        }
        index += 1
        visit(.code)
        regexAllowed = false
      } else {
        visit(.code)
        let isWord = scalar == "_" || scalar == "$" || scalar.properties.isIDContinue
        if isWord {
          var word = String.UnicodeScalarView()
          while index < scalars.count
            && (scalars[index] == "_" || scalars[index] == "$" || scalars[index].properties.isIDContinue)
          {
            word.append(scalars[index])
            index += 1
          }
          regexAllowed = ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw"]
            .contains(String(word))
        } else {
          regexAllowed = !(scalar == ")" || scalar == "]" || scalar == "}")
          index += 1
        }
      }
    }
  }
}
