import Dialects
import JSONModel

/// What the command line gets before ArgumentParser reads it, so that a
/// mistake is explained with the rule instead of a parser's guess.
enum CommandLineRepair {
  /// `--jobs -1` as `--jobs=-1`: ArgumentParser reads a word that starts
  /// with `-` as an option, and says "Missing value for '--jobs <jobs>'";
  /// joined, the value reaches the option's own check ("--jobs must be at
  /// least 1"). Only a negative number right after a long option is joined.
  static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" {
        out += arguments[index...]
        break
      }
      if word.hasPrefix("--"), word.count > 2, !word.contains("="), index + 1 < arguments.count,
        isNegativeNumber(arguments[index + 1])
      {
        out.append(word + "=" + arguments[index + 1])
        index += 2
        continue
      }
      out.append(word)
      index += 1
    }
    return out
  }

  /// `-1`, `-2.5`, `-.5`.
  static func isNegativeNumber(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let rest = word.dropFirst()
    return Double(rest) != nil && rest.allSatisfy { $0.isNumber || $0 == "." }
  }

  /// The problem with a first word that names no command (`bridgecheck rnu`),
  /// with the closest command; nil when it names one, or is an option.
  /// `hidden` commands (the worker) are known but never suggested.
  static func unknownCommand(_ arguments: [String], commands: [String], hidden: [String] = []) -> Diagnostic? {
    guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), !hidden.contains(first),
      first != "help"
    else {
      return nil
    }
    let suggestion =
      NameSuggestion.closest(to: first, among: commands).map { " (did you mean `bridgecheck \($0)`?)" } ?? ""
    return .error(
      "there is no command \(first.debugDescription)\(suggestion)",
      hint: "the commands are \(commands.joined(separator: ", ")); `bridgecheck --help` says what each does")
  }
}
