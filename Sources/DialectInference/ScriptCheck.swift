import JSRuntime

/// Whether a file is JavaScript that a page can run: not empty, and no
/// syntax error (with its line and column).
enum ScriptCheck {
  /// The problem of `source`, or nil when it parses.
  static func problem(in source: String, file: String) -> PageInferenceFailure? {
    if SourceText.isBlank(source) { return .empty(file: file) }
    let context = ScriptContext(configuration: .init(timeLimit: .seconds(2), name: "syntax check"))
    defer { context.close() }
    do {
      try context.checkSyntax(source, sourceURL: file)
      return nil
    } catch {
      let line = error.line ?? 1
      let column = error.column ?? Self.column(of: error, line: line, in: source, context: context)
      return .syntax(file: file, line: line, column: column, message: error.message)
    }
  }

  /// The column of a syntax error the engine reports by line only: the
  /// shortest prefix of the line that already gives the same error (the
  /// parser stops at the first), less the offending token when the message
  /// quotes it.
  private static func column(of error: ScriptError, line: Int, in source: String, context: ScriptContext) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return 1 }
    let head = lines[..<(line - 1)].joined(separator: "\n")
    let text = Array(lines[line - 1].utf16)
    let errorMessage = error.message
    func failsTheSame(_ length: Int) -> Bool {
      let prefix = String(decoding: text[..<length], as: UTF16.self)
      let candidate = (line > 1 ? head + "\n" : "") + prefix
      do {
        try context.checkSyntax(candidate)
        return false
      } catch {
        return error.message == errorMessage && (error.line ?? line) == line
      }
    }
    var low = 0
    var high = text.count
    // The whole line fails the same; find the shortest prefix that does.
    while low < high {
      let middle = (low + high) / 2
      if failsTheSame(middle) { high = middle } else { low = middle + 1 }
    }
    var column = max(low, 1)
    if let token = quotedToken(in: errorMessage), token.utf16.count <= column {
      column = column - token.utf16.count + 1
    }
    return column
  }

  /// The token a message quotes (`Unexpected identifier 'foo'` → `foo`).
  private static func quotedToken(in message: String) -> String? {
    guard let open = message.firstIndex(of: "'"), let close = message.lastIndex(of: "'"), open < close else {
      return nil
    }
    let token = message[message.index(after: open)..<close]
    return token.isEmpty ? nil : String(token)
  }
}
