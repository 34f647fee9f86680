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
/// - Lookup uses a hash index once an object has more than 8 members;
///   smaller objects (the vast majority in
///   bridge traffic) are searched linearly, which is faster than hashing
///   and saves allocating an index per object.
public struct JSONObject: Sendable {
  /// One key/value member.
  struct Member: Sendable {
    var key: String
    var value: JSONValue
  }

  /// The members in insertion order.
  var members: [Member]
  /// The position in `members` of each key when there are more than
  /// `linearSearchLimit` members; empty otherwise.
  var positions: [ExactKey: Int]

  /// The largest object that is searched linearly instead of through a
  /// hash index.
  static let linearSearchLimit = 8

  /// Creates an empty object.
  public init() {
    members = []
    positions = [:]
  }

  /// Creates an object from key/value pairs in order. A repeated key keeps
  /// the position of its first occurrence and the value of its last one.
  public init(_ pairs: [(String, JSONValue)]) {
    self.init()
    members.reserveCapacity(pairs.count)
    for (key, value) in pairs {
      set(value, for: key)
    }
  }

  /// Creates an object from members that may repeat keys (the first
  /// position and the last value win).
  init(members candidates: [Member]) {
    self.init()
    guard candidates.count > JSONObject.linearSearchLimit || JSONObject.repeatsKeys(candidates)
    else {
      members = candidates
      return
    }
    members.reserveCapacity(candidates.count)
    for member in candidates {
      set(member.value, for: member.key)
    }
  }

  /// Whether some key occurs twice in `candidates` (quadratic: for small
  /// arrays only).
  static func repeatsKeys(_ candidates: [Member]) -> Bool {
    candidates.withUnsafeBufferPointer { buffer in
      for later in buffer.indices.dropFirst() {
        for earlier in 0..<later where ExactKey.equal(buffer[earlier].key, buffer[later].key) {
          return true
        }
      }
      return false
    }
  }

  /// The value for `key`, or `nil` if there is none. Assigning a value
  /// replaces an existing member in place or appends a new one; assigning
  /// `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      guard let position = position(of: key) else { return nil }
      return members[position].value
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
    guard let position = position(of: key) else { return nil }
    let removed = members.remove(at: position).value
    if members.count <= JSONObject.linearSearchLimit {
      positions = [:]
    } else {
      positions.removeValue(forKey: ExactKey(key))
      for index in position..<members.count {
        positions[ExactKey(members[index].key)] = index
      }
    }
    return removed
  }

  /// The keys in insertion order.
  public var keys: [String] {
    members.map(\.key)
  }

  /// The values in key insertion order.
  public var values: [JSONValue] {
    members.map(\.value)
  }

  /// The number of members.
  public var count: Int {
    members.count
  }

  /// Whether there are no members.
  public var isEmpty: Bool {
    members.isEmpty
  }

  /// Replaces the value of an existing key (keeping its position) or
  /// appends a new member.
  mutating func set(_ value: JSONValue, for key: String) {
    if let position = position(of: key) {
      members[position].value = value
      return
    }
    members.append(Member(key: key, value: value))
    if members.count > JSONObject.linearSearchLimit + 1 {
      positions[ExactKey(key)] = members.count - 1
    } else if members.count == JSONObject.linearSearchLimit + 1 {
      positions.reserveCapacity(members.count * 2)
      for (index, member) in members.enumerated() {
        positions[ExactKey(member.key)] = index
      }
    }
  }

  /// The position of `key` in `members`.
  func position(of key: String) -> Int? {
    if members.count > JSONObject.linearSearchLimit {
      return positions[ExactKey(key)]
    }
    return members.firstIndex { ExactKey.equal($0.key, key) }
  }
}

extension JSONObject: Sequence {
  /// Iterates over the members in insertion order as `(key:value:)` pairs.
  public struct Iterator: IteratorProtocol {
    var base: IndexingIterator<[Member]>

    /// The next member, or `nil` after the last one.
    public mutating func next() -> (key: String, value: JSONValue)? {
      guard let member = base.next() else { return nil }
      return (member.key, member.value)
    }
  }

  /// Iterates over the members in insertion order.
  public func makeIterator() -> Iterator {
    Iterator(base: members.makeIterator())
  }

  /// The number of members.
  public var underestimatedCount: Int {
    members.count
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a dictionary literal, keeping the literal's
  /// order. A repeated key keeps its first position and its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
