/// The members of a JSON object: string keys with values, in insertion
/// order, with O(1) lookup by key.
///
/// - Order is kept for display and serialization only: `==` and hashing
///   ignore it (two objects are equal when they have the same key set and
///   equal values for each key).
/// - Keys are compared by their exact Unicode scalars, not by Swift's
///   canonical equivalence, so `"é"` and `"e\u{301}"` are two different
///   keys, as in JavaScript.
/// - Setting an existing key replaces its value and keeps its original
///   position (this is also what happens to a repeated key in JSON text:
///   the last value wins, at the first key's position). Setting `nil`
///   removes the member, which costs O(count).
/// - Unlike a JavaScript object, integer-like keys (`"1"`, `"2"`) are not
///   moved to the front: the order is exactly the insertion order.
public struct JSONObject: Sendable {
  /// The members in insertion order.
  var entries: [(key: String, value: JSONValue)]
  /// The position in `entries` of each key.
  var positions: [ExactKey: Int]

  /// Creates an empty object.
  public init() {
    entries = []
    positions = [:]
  }

  /// Creates an object from key/value pairs in order. A repeated key keeps
  /// the position of its first occurrence and the value of its last one.
  public init(_ pairs: [(String, JSONValue)]) {
    self.init()
    entries.reserveCapacity(pairs.count)
    positions.reserveCapacity(pairs.count)
    for (key, value) in pairs {
      self[key] = value
    }
  }

  /// The value for `key`, or `nil` if there is none. Assigning a value
  /// replaces an existing member in place or appends a new one; assigning
  /// `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      guard let position = positions[ExactKey(key)] else { return nil }
      return entries[position].value
    }
    set {
      if let newValue {
        set(newValue, for: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Removes the member named `key` and returns its value, or returns `nil`
  /// if there is none. Later members keep their relative order. O(count).
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let position = positions.removeValue(forKey: ExactKey(key)) else { return nil }
    let removed = entries.remove(at: position).value
    for index in position..<entries.count {
      positions[ExactKey(entries[index].key)] = index
    }
    return removed
  }

  /// The keys in insertion order.
  public var keys: [String] {
    entries.map(\.key)
  }

  /// The values in key insertion order.
  public var values: [JSONValue] {
    entries.map(\.value)
  }

  /// The number of members.
  public var count: Int {
    entries.count
  }

  /// Whether there are no members.
  public var isEmpty: Bool {
    entries.isEmpty
  }

  /// Replaces the value of an existing key (keeping its position) or
  /// appends a new member.
  mutating func set(_ value: JSONValue, for key: String) {
    let exact = ExactKey(key)
    if let position = positions[exact] {
      entries[position].value = value
    } else {
      positions[exact] = entries.count
      entries.append((key, value))
    }
  }
}

extension JSONObject: Sequence {
  /// Iterates over the members in insertion order.
  public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
    entries.makeIterator()
  }

  /// The number of members.
  public var underestimatedCount: Int {
    entries.count
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a dictionary literal, keeping the literal's
  /// order. A repeated key keeps its first position and its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
