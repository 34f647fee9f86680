import JSONModel

/// One thing wrong with a fixture file: where (file and JSON pointer), what
/// (a stable kebab-case code and a sentence) and how to fix it (a hint).
public struct FixtureProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as given on the command line or found under a folder.
  public var file: String
  /// Where in the file; the root pointer for whole-file problems.
  public var pointer: JSONPointer
  /// A stable code, e.g. `missing-field`, `unknown-field`, `wrong-type`.
  public var code: String
  /// What is wrong.
  public var message: String
  /// How to fix it.
  public var hint: String?
  /// 1-based line and column, for JSON syntax errors.
  public var line: Int?
  /// 1-based column, for JSON syntax errors.
  public var column: Int?

  /// Creates a problem.
  public init(
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

  /// `Fixtures/a/b.json#/steps/2/action: message [code]` and the hint on the next line.
  ///
  /// Messages, hints and pointers quote the fixture (keys, values), which is
  /// untrusted: line breaks, controls and other hard-to-see characters are
  /// spelled `<U+XXXX>` and long quotes are cut, so a problem is always
  /// exactly one line (two with the hint) of bounded length.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)" + (column.map { ":\($0)" } ?? "")
    } else {
      location += "#" + (pointer.isRoot ? "" : Self.visible(pointer.description, limit: 300))
    }
    var text = "\(location): \(Self.visible(message, limit: 600)) [\(code)]"
    if let hint { text += "\n  hint: \(Self.visible(hint, limit: 1200))" }
    return text
  }

  /// `text` on one line, with at most `limit` scalars shown.
  static func visible(_ text: String, limit: Int) -> String {
    let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    let shown = VisibleText.plain(head, limit: limit)
    return head.utf8.count < text.utf8.count ? shown + "… (\(text.utf8.count) bytes)" : shown
  }
}

/// Collects the problems of one file so that all of them are reported at once.
final class ProblemCollector {
  let file: String
  private(set) var problems: [FixtureProblem] = []

  init(file: String) { self.file = file }

  func add(_ pointer: JSONPointer, _ code: String, _ message: String, hint: String? = nil) {
    problems.append(FixtureProblem(file: file, pointer: pointer, code: code, message: message, hint: hint))
  }
}

/// The closest candidate to `word` by edit distance, for "did you mean" hints.
func closest(to word: String, among candidates: [String]) -> String? {
  // The distance is at least the difference in length, and a suggestion
  // needs a distance of at most max(2, length / 3): a word more than twice
  // as long as every candidate has none (and a 10 MB key costs nothing).
  let longest = candidates.map(\.count).max() ?? 0
  guard word.utf8.count <= 2 * longest + 3 else { return nil }
  func distance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
  let target = Array(word.lowercased())
  let scored = candidates.map { ($0, distance(target, Array($0.lowercased()))) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
  return best.0
}
