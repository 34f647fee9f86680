import JSONModel

/// Value generators a fixture may use wherever it gives JSON data, expanded
/// before anything else reads the file:
///
/// - `{"$repeat": {"text": "ab", "times": 3}}` becomes the string `"ababab"`
///   (for large payloads; at most ``maximumLength`` UTF-16 units each).
///
/// A fixture may use at most ``maximumGenerators`` generators making at most
/// ``maximumTotalLength`` UTF-16 units in all; both are checked before any
/// string is built, so a hostile file cannot make the harness allocate
/// gigabytes. `{"$literal": …}` protects its content from expansion.
enum FixtureGenerators {
  /// The longest string one `$repeat` may make, in UTF-16 units (16 Mi).
  static let maximumLength = 16 << 20
  /// The most UTF-16 units all the `$repeat`s of one fixture may make (64 Mi).
  static let maximumTotalLength = 64 << 20
  /// The most `$repeat` generators one fixture may use.
  static let maximumGenerators = 256

  /// One valid `$repeat`, before expansion.
  private struct Repeat {
    var pointer: JSONPointer
    var text: String
    var times: Int
    var length: Double { Double(text.utf16.count) * Double(times) }
  }

  /// `value` with every valid generator expanded (a malformed one stays as
  /// written, with a problem), or unexpanded when the caps are exceeded.
  static func expand(_ value: JSONValue, at pointer: JSONPointer, problems: ProblemCollector) -> JSONValue {
    // Most fixtures have no generator: a walk that builds no pointers says so.
    guard holdsRepeat(value) else { return value }
    var found: [Repeat] = []
    collect(value, at: pointer, into: &found, problems: problems)
    guard !found.isEmpty, withinCaps(found, problems: problems) else { return value }
    var expanded: [JSONPointer: String] = [:]
    for spec in found { expanded[spec.pointer] = build(spec) }
    return substitute(value, at: pointer, expanded)
  }

  // MARK: Checking

  /// Whether `value` holds a `{"$repeat": …}` object outside `$literal`
  /// (the places ``collect(_:at:into:problems:)`` looks at).
  private static func holdsRepeat(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let elements):
      return elements.contains(where: holdsRepeat)
    case .object(let object):
      if object.count == 1, object["$literal"] != nil { return false }
      if object.count == 1, object["$repeat"] != nil { return true }
      for (_, element) in object where holdsRepeat(element) { return true }
      return false
    default:
      return false
    }
  }

  private static func collect(
    _ value: JSONValue, at pointer: JSONPointer, into found: inout [Repeat], problems: ProblemCollector
  ) {
    switch value {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collect(element, at: pointer.appending(index), into: &found, problems: problems)
      }
    case .object(let object):
      if object.count == 1, object["$literal"] != nil { return }
      if object.count == 1, let spec = object["$repeat"] {
        if let valid = validRepeat(spec, at: pointer.appending("$repeat"), problems: problems) { found.append(valid) }
        return
      }
      for (key, element) in object {
        collect(element, at: pointer.appending(key), into: &found, problems: problems)
      }
    default:
      return
    }
  }

  private static func validRepeat(_ spec: JSONValue, at pointer: JSONPointer, problems: ProblemCollector) -> Repeat? {
    guard let text = spec["text"]?.stringValue, !text.isEmpty, let times = spec["times"]?.numberValue,
      times >= 0, times == times.rounded(), spec.objectValue?.count == 2
    else {
      problems.add(
        pointer, "bad-generator", "$repeat takes {\"text\": <non-empty string>, \"times\": <whole number>}",
        hint: "e.g. {\"$repeat\": {\"text\": \"x\", \"times\": 1048576}} for a 1 MiB string")
      return nil
    }
    guard Double(text.utf16.count) * times <= Double(maximumLength) else {
      problems.add(
        pointer, "bad-generator",
        "$repeat would make \(Self.describe(Double(text.utf16.count) * times)) UTF-16 units, more than \(maximumLength) (16 Mi)",
        hint: "lower \"times\"; one generated string is at most 16 Mi UTF-16 units")
      return nil
    }
    return Repeat(pointer: pointer, text: text, times: Int(times))
  }

  /// Whether the fixture's generators stay under the count and total caps;
  /// records a problem at the first generator past a cap otherwise.
  private static func withinCaps(_ found: [Repeat], problems: ProblemCollector) -> Bool {
    if found.count > maximumGenerators {
      problems.add(
        found[maximumGenerators].pointer, "too-many-generators",
        "the fixture uses \(found.count) $repeat generators, more than \(maximumGenerators)",
        hint: "generate one large string and reuse it, or write short strings out")
      return false
    }
    var total = 0.0
    for spec in found {
      total += spec.length
      if total > Double(maximumTotalLength) {
        let all = found.reduce(0) { $0 + $1.length }
        problems.add(
          spec.pointer, "generators-too-large",
          "the $repeat generators of this fixture make \(describe(all)) UTF-16 units in all, "
            + "more than \(maximumTotalLength) (64 Mi); this one crosses the limit",
          hint: "lower \"times\" or use fewer large payloads; split the scenario into several fixtures if needed")
        return false
      }
    }
    return true
  }

  private static func describe(_ length: Double) -> String {
    length < 1e15 ? String(Int64(length)) : "\(length)"
  }

  // MARK: Building

  private static func substitute(_ value: JSONValue, at pointer: JSONPointer, _ expanded: [JSONPointer: String])
    -> JSONValue
  {
    switch value {
    case .array(let elements):
      return .array(elements.enumerated().map { substitute($1, at: pointer.appending($0), expanded) })
    case .object(let object):
      if object.count == 1, object["$literal"] != nil { return value }
      if object.count == 1, object["$repeat"] != nil {
        return expanded[pointer.appending("$repeat")].map { .string($0) } ?? value
      }
      var result = JSONObject()
      for (key, element) in object { result[key] = substitute(element, at: pointer.appending(key), expanded) }
      return .object(result)
    default:
      return value
    }
  }

  /// Built by doubling: `times` in binary, each set bit appends a run of
  /// 2^bit copies, each run the last one appended to itself. Every piece is
  /// a valid string already, so nothing is validated as UTF-8 again (a
  /// megabyte of text is copied about twice, and `String(repeating:count:)`,
  /// which appends piece by piece, costs tens of milliseconds for one).
  private static func build(_ spec: Repeat) -> String {
    repeated(spec.text, times: spec.times)
  }

  /// `text` `times` times over, built as ``build(_:)`` says.
  static func repeated(_ text: String, times: Int) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count * times)
    var run = text
    var times = times
    while times > 0 {
      if times & 1 == 1 { result += run }
      times >>= 1
      if times > 0 { run += run }
    }
    return result
  }
}
