import JSONModel
import Testing

@Suite("JSONObject")
struct JSONObjectTests {
  @Test("equality and hashing ignore member order")
  func orderInsensitiveEquality() {
    let first: JSONObject = ["a": 1, "b": [true, .null], "c": ["x": 1, "y": 2]]
    let second: JSONObject = ["c": ["y": 2, "x": 1], "a": 1, "b": [true, .null]]
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(JSONValue.object(first) == .object(second))
    #expect(JSONValue.object(first).hashValue == JSONValue.object(second).hashValue)
    #expect(Set([JSONValue.object(first), .object(second)]).count == 1)
    // Order is still visible where it matters.
    #expect(first.keys == ["a", "b", "c"])
    #expect(second.keys == ["c", "a", "b"])
    #expect(JSONValue.object(first).serialized() != JSONValue.object(second).serialized())
  }

  @Test("objects that differ are unequal")
  func inequality() {
    let base: JSONObject = ["a": 1, "b": 2]
    #expect(base != ["a": 1])
    #expect(base != ["a": 1, "b": 3])
    #expect(base != ["a": 1, "c": 2])
    #expect(base != ["a": 1, "b": 2, "c": 3])
    #expect(base != ["a": 1, "b": "2"])
    #expect(JSONValue.array([1, 2]) != [2, 1])
  }

  @Test("large objects (hash index) compare and hash by content")
  func largeObjects() {
    let pairs = (0..<50).map { ("key\($0)", JSONValue.number(Double($0))) }
    let forward = JSONObject(pairs)
    let backward = JSONObject(pairs.reversed())
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    #expect(forward["key37"] == 37)
    #expect(backward["key0"] == 0)
    #expect(forward["missing"] == nil)
  }

  @Test("keys are compared by exact scalars")
  func exactKeys() {
    var object = JSONObject()
    object["\u{E9}"] = 1
    object["e\u{301}"] = 2
    #expect(object.count == 2)
    #expect(object["\u{E9}"] == 1)
    #expect(object["e\u{301}"] == 2)
    #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
    let composed: JSONObject = ["\u{E9}": 1]
    let decomposed: JSONObject = ["e\u{301}": 1]
    #expect(composed != decomposed)
  }

  @Test("setting keeps position, nil removes, order of the rest is kept")
  func mutation() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = "two"
    #expect(object.keys == ["a", "b", "c"])
    #expect(object["b"] == "two")
    object["d"] = 4
    #expect(object.keys == ["a", "b", "c", "d"])
    object["a"] = nil
    #expect(object.keys == ["b", "c", "d"])
    #expect(object.removeValue(forKey: "c") == 3)
    #expect(object.removeValue(forKey: "c") == nil)
    #expect(object.keys == ["b", "d"])
    #expect(object.values == ["two", 4])
    #expect(object.count == 2)
    #expect(!object.isEmpty)
    #expect(JSONObject().isEmpty)
  }

  @Test("lookups stay right across the hash-index threshold")
  func indexThreshold() {
    var object = JSONObject()
    for index in 0..<30 {
      object["k\(index)"] = .number(Double(index))
      for probe in 0...index {
        #expect(object["k\(probe)"] == .number(Double(probe)))
      }
    }
    for index in stride(from: 0, to: 30, by: 2) {
      object["k\(index)"] = nil
    }
    #expect(object.keys == stride(from: 1, to: 30, by: 2).map { "k\($0)" })
    for index in 0..<30 {
      #expect(object["k\(index)"] == (index.isMultiple(of: 2) ? nil : .number(Double(index))))
    }
    for index in stride(from: 1, to: 25, by: 2) {
      object.removeValue(forKey: "k\(index)")
    }
    #expect(object.keys == ["k25", "k27", "k29"])
    #expect(object["k27"] == 27)
    object["k25"] = "changed"
    #expect(object.keys == ["k25", "k27", "k29"])
    #expect(object["k25"] == "changed")
  }

  @Test("repeated keys in pairs and literals: first position, last value")
  func duplicatesOnInsert() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 3)
    let literal: JSONValue = ["x": 1, "y": 2, "x": 9]
    #expect(literal.serialized() == #"{"x":9,"y":2}"#)
  }

  @Test("iteration yields labelled pairs in order")
  func iteration() {
    let object: JSONObject = ["one": 1, "two": 2]
    var seen: [String] = []
    for member in object {
      seen.append("\(member.key)=\(member.value)")
    }
    #expect(seen == ["one=1", "two=2"])
    #expect(object.map(\.key) == ["one", "two"])
    #expect(object.description == #"{"one":1,"two":2}"#)
  }

  @Test("numbers: 0 equals -0 (and hashes alike); NaN equals nothing")
  func numberEquality() {
    #expect(JSONValue.number(0) == .number(-0.0))
    #expect(JSONValue.number(0).hashValue == JSONValue.number(-0.0).hashValue)
    #expect(JSONValue.array([["z": 0]]) == [["z": .number(-0.0)]])
    #expect(JSONValue.number(.nan) != .number(.nan))
    #expect(JSONValue.number(1) != .string("1"))
    #expect(JSONValue.null != .bool(false))
  }

  @Test("deep values compare without recursion")
  func deepEquality() {
    var left: JSONValue = 1
    var right: JSONValue = 1
    for _ in 0..<2_000 {
      left = .array([left])
      right = .array([right])
    }
    #expect(left == right)
    #expect(left.hashValue == right.hashValue)
    #expect(left != .array([right]))
  }
}
