import JSONModel

/// Value generators a fixture may use wherever it gives JSON data, expanded
/// before anything else reads the file:
///
/// - `{"$repeat": {"text": "ab", "times": 3}}` becomes the string `"ababab"`
///   (for large payloads; at most 16 Mi characters).
///
/// `{"$literal": …}` protects its content from expansion.
enum FixtureGenerators {
  static let maximumLength = 16 << 20

  static func expand(_ value: JSONValue, at pointer: JSONPointer, problems: ProblemCollector) -> JSONValue {
    switch value {
    case .array(let elements):
      return .array(
        elements.enumerated().map { expand($1, at: pointer.appending($0), problems: problems) })
    case .object(let object):
      if object.count == 1, object["$literal"] != nil { return value }
      if object.count == 1, let spec = object["$repeat"] {
        return repeatString(spec, at: pointer.appending("$repeat"), problems: problems) ?? value
      }
      var expanded = JSONObject()
      for (key, element) in object { expanded[key] = expand(element, at: pointer.appending(key), problems: problems) }
      return .object(expanded)
    default:
      return value
    }
  }

  private static func repeatString(_ spec: JSONValue, at pointer: JSONPointer, problems: ProblemCollector) -> JSONValue? {
    guard let text = spec["text"]?.stringValue, !text.isEmpty, let times = spec["times"]?.numberValue,
      times >= 0, times == times.rounded(), spec.objectValue?.count == 2
    else {
      problems.add(
        pointer, "bad-generator", "$repeat takes {\"text\": <non-empty string>, \"times\": <whole number>}",
        hint: "e.g. {\"$repeat\": {\"text\": \"x\", \"times\": 1048576}} for a 1 MiB string")
      return nil
    }
    guard Double(text.utf16.count) * times <= Double(maximumLength) else {
      problems.add(pointer, "bad-generator", "$repeat would make more than \(maximumLength) characters")
      return nil
    }
    // Built as UTF-8 bytes in one buffer: String(repeating:count:) appends
    // piece by piece, which costs tens of milliseconds for a megabyte.
    // Doubling keeps it to about twenty copies whatever the count.
    let unit = Array(text.utf8)
    let total = unit.count * Int(times)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(total)
    if total > 0 { bytes.append(contentsOf: unit) }
    while bytes.count < total {
      bytes.append(contentsOf: bytes[0..<min(bytes.count, total - bytes.count)])
    }
    return .string(String(decoding: bytes, as: UTF8.self))
  }
}
