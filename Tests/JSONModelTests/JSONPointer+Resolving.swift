import JSONModel
import Testing

@Suite("JSON Pointer")
struct JSONPointerTests {
  @Test("building and rendering")
  func rendering() {
    #expect(JSONPointer.root.description == "")
    #expect(JSONPointer.root.isRoot)
    let pointer = JSONPointer.root.appending("steps").appending(3).appending("expect")
    #expect(pointer.description == "/steps/3/expect")
    #expect(pointer.tokens == ["steps", "3", "expect"])
    #expect(pointer.parent?.description == "/steps/3")
    #expect(JSONPointer.root.parent == nil)
    #expect(JSONPointer.root.appending("a/b").appending("m~n").description == "/a~1b/m~0n")
    #expect(JSONPointer.root.appending("").description == "/")
    #expect(JSONPointer.root.appending("~1").description == "/~01")
  }

  @Test(
    "parsing round-trips",
    arguments: ["", "/", "//", "/a~1b/m~0n", "/steps/3/expect", "/~01", "/é/😀", "/ "])
  func parsing(text: String) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(pointer.description == text)
  }

  @Test("parsing unescapes ~1 then ~0, never producing a second escape")
  func unescaping() throws {
    #expect(try JSONPointer(parsing: "/~01").tokens == ["~1"])
    #expect(try JSONPointer(parsing: "/a~1b").tokens == ["a/b"])
    #expect(try JSONPointer(parsing: "").tokens == [])
    #expect(try JSONPointer(parsing: "/").tokens == [""])
  }

  @Test("invalid pointers", arguments: ["a", "#/a", "/~2", "/~", "/a~"])
  func invalid(text: String) {
    let error = #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: text) }
    #expect(error?.text == text)
    #expect(error?.message.isEmpty == false)
  }

  /// The example document of RFC 6901, section 5.
  static let rfcDocument: JSONValue = [
    "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6,
    " ": 7,
    "m~n": 8,
  ]

  @Test(
    "RFC 6901 section 5 examples",
    arguments: [
      ("/foo", ["bar", "baz"] as JSONValue), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
      ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ])
  func rfcExamples(text: String, expected: JSONValue) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(Self.rfcDocument.value(at: pointer) == expected)
  }

  @Test("the root pointer resolves to the whole document")
  func rootResolves() {
    #expect(Self.rfcDocument.value(at: .root) == Self.rfcDocument)
  }

  @Test("unresolvable pointers give nil")
  func unresolvable() throws {
    let value: JSONValue = ["list": [10, 20, ["x": true]], "n": 1]
    #expect(value.value(at: JSONPointer(tokens: ["list", "2", "x"])) == true)
    #expect(value.value(at: JSONPointer(tokens: ["list", "1"])) == 20)
    #expect(value.value(at: JSONPointer(tokens: ["list", "3"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", "01"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", "-"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", "-1"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", "+1"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", ""])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["list", "99999999999999999999999"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["n", "0"])) == nil)
    #expect(value.value(at: JSONPointer(tokens: ["missing"])) == nil)
    #expect(value.value(at: .root.appending("list").appending(0)) == 10)
  }

  @Test("pointers are hashable and compare tokens exactly")
  func hashing() throws {
    let a = try JSONPointer(parsing: "/a/0")
    let b = JSONPointer.root.appending("a").appending(0)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(JSONPointer(tokens: ["\u{E9}"]) != JSONPointer(tokens: ["e\u{301}"]))
  }
}
