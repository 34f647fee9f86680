import JSONModel

/// Shrinks a failing payload case to a small one that still fails: the
/// value first (a part of it, fewer elements or keys, shorter strings,
/// simpler numbers), then the handler name. Greedy and deterministic.
struct PayloadShrinker {
  /// Whether the case still fails.
  let fails: (PayloadCase) -> Bool
  /// The most runs shrinking may take.
  let budget: Int

  func shrink(_ start: PayloadCase) -> PayloadCase {
    var current = start
    var runs = 0
    var improved = true
    while improved && runs < budget {
      improved = false
      let candidates =
        Self.smaller(current.value).map { PayloadCase(handler: current.handler, value: $0) }
        + Self.smaller(name: current.handler).map { PayloadCase(handler: $0, value: current.value) }
      for candidate in candidates where runs < budget {
        runs += 1
        if fails(candidate) {
          current = candidate
          improved = true
          break
        }
      }
    }
    return current
  }

  /// Simpler values than `value`, simplest first.
  static func smaller(_ value: JSONValue) -> [JSONValue] {
    switch value {
    case .null: return []
    case .bool(let flag): return flag ? [.null, .bool(false)] : [.null]
    case .number(let number):
      var candidates: [JSONValue] = [.null]
      for simpler in [0, 1, number.rounded(.towardZero), (number / 2).rounded(.towardZero)]
      where abs(simpler) < abs(number)
        || (simpler == 0 && number.sign == .minus && number == 0 && simpler.sign == .plus)
      {
        candidates.append(.number(simpler))
      }
      return candidates
    case .string(let text):
      let scalars = Array(text.unicodeScalars)
      var candidates: [JSONValue] = [.null]
      guard !scalars.isEmpty else { return candidates }
      candidates.append(.string(""))
      var chunk = scalars.count / 2
      while chunk >= 1 {
        var start = 0
        while start < scalars.count {
          var rest = scalars
          rest.removeSubrange(start..<min(scalars.count, start + chunk))
          candidates.append(.string(String(String.UnicodeScalarView(rest))))
          start += chunk
        }
        chunk /= 2
        if candidates.count > 200 { break }
      }
      // Each unusual character replaced by a plain one.
      for (index, scalar) in scalars.enumerated() where scalar != "a" && candidates.count < 400 {
        var plain = scalars
        plain[index] = "a"
        candidates.append(.string(String(String.UnicodeScalarView(plain))))
      }
      return candidates
    case .array(let elements):
      var candidates: [JSONValue] = [.null, .array([])]
      candidates += elements.prefix(20)
      candidates += halves(elements.count).map { range in
        var rest = elements
        rest.removeSubrange(range)
        return .array(rest)
      }
      for (index, element) in elements.enumerated().prefix(20) {
        for simpler in smaller(element).prefix(3) {
          var changed = elements
          changed[index] = simpler
          candidates.append(.array(changed))
        }
      }
      return candidates
    case .object(let object):
      let entries = object.map { ($0.key, $0.value) }
      var candidates: [JSONValue] = [.null, .object(JSONObject())]
      candidates += entries.prefix(20).map(\.1)
      candidates += halves(entries.count).map { range in
        var rest = entries
        rest.removeSubrange(range)
        return .object(JSONObject(rest))
      }
      for (index, entry) in entries.enumerated().prefix(20) {
        for simpler in smaller(entry.1).prefix(3) {
          var changed = entries
          changed[index].1 = simpler
          candidates.append(.object(JSONObject(changed)))
        }
        // Shorter keys (a key can be what fails).
        for case .string(let shorter) in smaller(.string(entry.0)).prefix(24)
        where !entries.contains(where: { $0.0 == shorter }) {
          var renamed = entries
          renamed[index].0 = shorter
          candidates.append(.object(JSONObject(renamed)))
        }
      }
      return candidates
    }
  }

  /// Simpler handler names than `name`.
  static func smaller(name: String) -> [String] {
    guard name != "h" else { return [] }
    var candidates = ["h"]
    let scalars = Array(name.unicodeScalars)
    for index in scalars.indices where scalars.count > 1 {
      var rest = scalars
      rest.remove(at: index)
      candidates.append(String(String.UnicodeScalarView(rest)))
    }
    return candidates.filter { !$0.isEmpty && $0 != name }
  }

  /// Ranges that drop half, then quarters, … of `count` elements.
  private static func halves(_ count: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var chunk = count / 2
    while chunk >= 1 && ranges.count < 40 {
      var start = 0
      while start < count {
        ranges.append(start..<min(count, start + chunk))
        start += chunk
      }
      chunk /= 2
    }
    return ranges
  }
}
