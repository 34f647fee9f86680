/// The explicit templating step for script resources that need values from
/// Swift: a placeholder is a name between dollar signs (`$callURL$`), which
/// is also a JavaScript identifier, so that a template file still parses
/// and lints as JavaScript. Values are spliced in as they are (a string
/// value is spliced as JSON text by the caller).
package enum ScriptTemplate {
  /// `template` with each placeholder whose name `values` has replaced by
  /// its value, in one pass: a value's own text is not searched again. A
  /// placeholder without a value stays as it is (the tests look for any
  /// left with ``placeholders(in:)``).
  package static func fill(_ template: String, with values: [String: String]) -> String {
    var result = ""
    result.reserveCapacity(template.utf8.count + values.values.reduce(0) { $0 + $1.utf8.count })
    var rest = Substring(template)
    while let (range, name) = firstPlaceholder(in: rest) {
      result += rest[..<range.lowerBound]
      result += values[name] ?? String(rest[range])
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }

  /// The names of the placeholders in `text`, in order.
  package static func placeholders(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let (range, name) = firstPlaceholder(in: rest) {
      names.append(name)
      rest = rest[range.upperBound...]
    }
    return names
  }

  /// The first `$name$` in `text`: a letter, then letters and digits.
  private static func firstPlaceholder(in text: Substring) -> (Range<Substring.Index>, String)? {
    var start = text.startIndex
    while let open = text[start...].firstIndex(of: "$") {
      let afterOpen = text.index(after: open)
      let name = text[afterOpen...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
      if let first = name.first, first.isLetter, name.endIndex < text.endIndex, text[name.endIndex] == "$" {
        return (open..<text.index(after: name.endIndex), String(name))
      }
      start = afterOpen
    }
    return nil
  }
}
