/// One thing wrong with a JSON file the harness reads (a fixture, a profile,
/// an expectations file, a mutant, a manifest): where (file and JSON pointer,
/// or line and column for a syntax error), what (a stable kebab-case code and
/// a sentence) and how to fix it (a hint). docs/file-problems.md lists the
/// codes.
package struct JSONFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as given on the command line or found under a folder.
  package var file: String
  /// Where in the file; the root pointer for whole-file problems.
  package var pointer: JSONPointer
  /// A stable code, e.g. `missing-field`, `unknown-field`, `wrong-type`.
  package var code: String
  /// What is wrong.
  package var message: String
  /// How to fix it.
  package var hint: String?
  /// 1-based line and column, for JSON syntax errors.
  package var line: Int?
  /// 1-based column, for JSON syntax errors.
  package var column: Int?

  /// Creates a problem.
  package init(
    file: String, pointer: JSONPointer, code: String, message: String, hint: String? = nil,
    line: Int? = nil, column: Int? = nil
  ) {
    self.file = file
    self.pointer = pointer
    self.code = code
    self.message = message
    self.hint = hint
    self.line = line
    self.column = column
  }

  /// `Fixtures/a/b.json#/steps/2/action: message [code]` (the file alone for
  /// a problem of the whole file) and the hint on the next line.
  ///
  /// Messages, hints and pointers quote the file (keys, values), which is
  /// untrusted: line breaks, controls and other hard-to-see characters are
  /// spelled `<U+XXXX>` and long quotes are cut, so a problem is always
  /// exactly one line (two with the hint) of bounded length.
  package var description: String {
    var text = "\(location): \(Self.visible(message, limit: 600)) [\(code)]"
    if let hint { text += "\n  hint: \(Self.visible(hint, limit: 1200))" }
    return text
  }

  /// `file`, `file:line:column` or `file#/pointer`, sanitised.
  package var location: String {
    var location = file
    if let line {
      location += ":\(line)" + (column.map { ":\($0)" } ?? "")
    } else if !pointer.isRoot {
      location += "#" + Self.visible(pointer.description, limit: 300)
    }
    return location
  }

  /// `text` on one line, with at most `limit` scalars shown.
  package static func visible(_ text: String, limit: Int) -> String {
    let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    let shown = VisibleText.plain(head, limit: limit)
    return head.utf8.count < text.utf8.count ? shown + "… (\(text.utf8.count) bytes)" : shown
  }
}

/// Every problem of one file (or of several), reported together: one per
/// line pair, in the order found.
package struct JSONFileProblems: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problems, in the order of the file.
  package var problems: [JSONFileProblem]

  /// Wraps `problems`.
  package init(_ problems: [JSONFileProblem]) { self.problems = problems }

  package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Collects the problems of one file so that all of them are reported at once.
package final class ProblemCollector {
  /// The file every problem names.
  package let file: String
  /// The problems so far, in the order found.
  package private(set) var problems: [JSONFileProblem] = []

  /// A collector for `file`.
  package init(file: String) { self.file = file }

  /// Records a problem at `pointer`.
  package func add(_ pointer: JSONPointer, _ code: String, _ message: String, hint: String? = nil) {
    problems.append(JSONFileProblem(file: file, pointer: pointer, code: code, message: message, hint: hint))
  }

  /// Records `problem` as it is.
  package func add(_ problem: JSONFileProblem) { problems.append(problem) }
}

/// The closest candidate to `word` by edit distance, for "did you mean" hints.
package func closest(to word: String, among candidates: [String]) -> String? {
  NameSuggestion.closest(to: word, among: candidates)
}
