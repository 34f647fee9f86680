import JSONModel

/// The values a scenario hands to the page (fixture data, behaviours,
/// messages a played native side delivers), passed by reference instead of
/// inside the text of the scripts that use them: the page-side code reads
/// each one with the host function ``function`` (`__bridgecheckText(n)`).
///
/// A value written into a script's text is escaped into a string literal,
/// scanned by the engine's lexer, copied, and hashed twice (the script for
/// the engine's code cache, the literal as an identifier), and every script
/// is different, so none is ever found in that cache: for a megabyte of
/// data, several passes over it and a megabyte kept in the cache. By
/// reference, the text crosses once, as a string, and the scripts that use
/// it are short and mostly alike.
final class PageTextChannel {
  /// The host function the page reads a text with (read-only, non-enumerable,
  /// like ``HarnessPageScript/recordFunction``).
  static let function = "__bridgecheckText"

  private var texts: [String] = []

  /// Page-side code that evaluates to `text`.
  func string(_ text: String) -> String {
    texts.append(text)
    return "\(Self.function)(\(texts.count - 1))"
  }

  /// Page-side code that makes `value` in the page, through the helper's
  /// captured `JSON.parse` (exact keys, including `__proto__`).
  func value(_ value: JSONValue) -> String {
    "\(HarnessPageScript.helperGlobal).json(\(string(value.serialized())))"
  }

  /// The answer to a call of ``function``: the text with that index, or
  /// `undefined` for anything else (page code may call it too).
  func text(for arguments: [JSONValue?]) -> JSONValue? {
    guard let index = arguments.first??.numberValue, index >= 0, index < Double(texts.count), index == index.rounded()
    else { return nil }
    return .string(texts[Int(index)])
  }
}
