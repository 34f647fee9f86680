import JSONModel
import Testing

@Suite("Accessors and literals")
struct AccessorTests {
  @Test("literals build the expected cases")
  func literals() {
    let string: JSONValue = "text"
    let integer: JSONValue = 7
    let float: JSONValue = 2.5
    let boolean: JSONValue = true
    let array: JSONValue = [1, "two", .null]
    let object: JSONValue = ["b": 1, "a": 2]
    #expect(string == .string("text"))
    #expect(integer == .number(7))
    #expect(float == .number(2.5))
    #expect(boolean == .bool(true))
    #expect(array == .array([.number(1), .string("two"), .null]))
    #expect(object.objectValue?.keys == ["b", "a"])
  }

  @Test("typed accessors")
  func typedAccessors() {
    let value: JSONValue = [
      "s": "x", "n": 1.5, "b": false, "a": [1], "o": ["k": .null], "z": .null,
    ]
    #expect(value["s"]?.stringValue == "x")
    #expect(value["n"]?.numberValue == 1.5)
    #expect(value["b"]?.boolValue == false)
    #expect(value["a"]?.arrayValue == [1])
    #expect(value["o"]?.objectValue == ["k": .null])
    #expect(value["z"]?.isNull == true)
    #expect(value["s"]?.numberValue == nil)
    #expect(value["n"]?.stringValue == nil)
    #expect(value["b"]?.isNull == false)
    #expect(value.arrayValue == nil)
    #expect(value["missing"] == nil)
    #expect(value["z"] == .null)
  }

  @Test("subscripts return nil for the wrong type or a missing member")
  func subscripts() {
    let array: JSONValue = [10, 20]
    #expect(array[0] == 10)
    #expect(array[1] == 20)
    #expect(array[2] == nil)
    #expect(array[-1] == nil)
    #expect(array["0"] == nil)
    let object: JSONValue = ["0": "zero"]
    #expect(object["0"] == "zero")
    #expect(object[0] == nil)
    #expect(JSONValue.string("abc")[0] == nil)
    #expect(JSONValue.null["a"] == nil)
  }

  @Test("typeName uses the six JSON Schema names")
  func typeNames() {
    #expect(JSONValue.null.typeName == "null")
    #expect(JSONValue.bool(true).typeName == "boolean")
    #expect(JSONValue.number(1).typeName == "number")
    #expect(JSONValue.number(1.5).typeName == "number")
    #expect(JSONValue.string("").typeName == "string")
    #expect(JSONValue.array([]).typeName == "array")
    #expect(JSONValue.object([:]).typeName == "object")
  }

  @Test("description is the compact serialization")
  func description() {
    let value: JSONValue = ["list": [1, 2.5, "x"], "flag": .null]
    #expect(value.description == #"{"list":[1,2.5,"x"],"flag":null}"#)
    #expect("\(value)" == value.serialized())
  }
}
