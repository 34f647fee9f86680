/// Splitting of a command line into words the way a POSIX shell does it, for
/// `--native 'python3 "my adapter.py" --flag'`, without running a shell: no
/// variables, globs, pipes or redirections.
package enum ShellWords {
  /// A command line that cannot be split.
  package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }

  /// Splits `text` into words. Whitespace separates words; `'…'` keeps
  /// everything literally; `"…"` keeps everything except that a backslash
  /// escapes `"`, `\`, `$`, `` ` `` and a newline; outside quotes a backslash
  /// escapes the next character. Quotes may join parts of one word
  /// (`a'b c'` is `ab c`), and `''` is an empty word.
  package static func split(_ text: String) throws(Problem) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var iterator = Array(text.unicodeScalars).makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case " ", "\t", "\n", "\r":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          current.unicodeScalars.append(next)
        }
        if !closed { throw Problem(message: "unterminated single quote in the command \(text)") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { break }
            switch escaped {
            case "\"", "\\", "$", "`": current.unicodeScalars.append(escaped)
            case "\n": break
            default:
              current.unicodeScalars.append("\\")
              current.unicodeScalars.append(escaped)
            }
            continue
          }
          current.unicodeScalars.append(next)
        }
        if !closed { throw Problem(message: "unterminated double quote in the command \(text)") }
      case "\\":
        guard let escaped = iterator.next() else {
          throw Problem(message: "the command ends with a lone backslash: \(text)")
        }
        if escaped != "\n" {
          inWord = true
          current.unicodeScalars.append(escaped)
        }
      default:
        inWord = true
        current.unicodeScalars.append(scalar)
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// `word` quoted for a shell when it needs it (for messages).
  package static func quote(_ word: String) -> String {
    let safe =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:,+@%".unicodeScalars.contains(scalar)
      }
    if safe { return word }
    var quoted = "'"
    for character in word {
      quoted += character == "'" ? "'\\''" : String(character)
    }
    return quoted + "'"
  }
}
