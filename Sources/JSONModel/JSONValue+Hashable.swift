extension JSONValue: Hashable {
  /// Structural equality: same case and equal contents.
  ///
  /// Numbers use `Double` `==` (`0 == -0`; `NaN` is unequal to everything);
  /// strings and keys compare by exact Unicode scalars (no canonical
  /// equivalence); objects ignore member order. Runs without recursion, so
  /// any nesting depth is fine.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = []
    var left = lhs
    var right = rhs
    while true {
      switch (left, right) {
      case (.null, .null):
        break
      case (.bool(let a), .bool(let b)):
        guard a == b else { return false }
      case (.number(let a), .number(let b)):
        guard a == b else { return false }
      case (.string(let a), .string(let b)):
        guard ExactKey.equal(a, b) else { return false }
      case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        pending.append(contentsOf: zip(a, b))
      case (.object(let a), .object(let b)):
        guard a.count == b.count else { return false }
        for member in a.members {
          guard let other = b[member.key] else { return false }
          pending.append((member.value, other))
        }
      default:
        return false
      }
      guard let next = pending.popLast() else { return true }
      (left, right) = next
    }
  }

  /// Hashes the value consistently with `==`.
  ///
  /// Only the first few nesting levels contribute (deeper levels add just
  /// their counts), which keeps hashing bounded without affecting
  /// correctness: equal values always hash equally.
  public func hash(into hasher: inout Hasher) {
    feed(into: &hasher, levels: JSONValue.hashedLevels)
  }

  /// How many nesting levels contribute their contents to a hash.
  static let hashedLevels = 8

  /// Feeds this value to `hasher`, descending at most `levels` levels.
  func feed(into hasher: inout Hasher, levels: Int) {
    switch self {
    case .null:
      hasher.combine(0 as UInt8)
    case .bool(let value):
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(2 as UInt8)
      // Double's own hashing already treats 0 and -0 alike.
      hasher.combine(value)
    case .string(let value):
      hasher.combine(3 as UInt8)
      ExactKey.hash(value, into: &hasher)
    case .array(let elements):
      hasher.combine(4 as UInt8)
      hasher.combine(elements.count)
      guard levels > 0 else { return }
      for element in elements {
        element.feed(into: &hasher, levels: levels - 1)
      }
    case .object(let object):
      hasher.combine(5 as UInt8)
      object.feed(into: &hasher, levels: levels)
    }
  }
}

extension JSONObject: Hashable {
  /// Order-insensitive equality: the same keys (exact Unicode scalars) with
  /// equal values.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == JSONValue.object(rhs)
  }

  /// Hashes the members without regard to their order, consistently with
  /// `==`.
  public func hash(into hasher: inout Hasher) {
    feed(into: &hasher, levels: JSONValue.hashedLevels)
  }

  /// Feeds the member count and, if `levels` allows, an order-independent
  /// combination of per-member hashes to `hasher`.
  func feed(into hasher: inout Hasher, levels: Int) {
    hasher.combine(members.count)
    guard levels > 0 else { return }
    var combined = 0
    for member in members {
      var memberHasher = Hasher()
      ExactKey.hash(member.key, into: &memberHasher)
      member.value.feed(into: &memberHasher, levels: levels - 1)
      combined &+= memberHasher.finalize()
    }
    hasher.combine(combined)
  }
}
