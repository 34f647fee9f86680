import Testing

@testable import JSONModel

/// `JSONPointer.line(in:)`: the line a pointer's value starts on, for the
/// GitHub annotations that point at a fixture's failing expectation.
@Suite("JSONPointer line lookup")
struct JSONPointerLocationTests {
  let text = """
    {
      "id": "a/b",
      "note": "a string with \\"quotes\\", a brace } and a \\\\ backslash",
      "setup": {"pageHandlers": {"echo": "echo"}, "list": [1, [2, 3], {"x": "]"}]},
      "steps": [
        {"action": "settle"},
        {"action": "page.call",
         "data": null}
      ],
      "escaped\\u0041key": 7,
      "expect": {
        "events": [
          {"event": "one"},

          {"event": "two"}
        ]
      }
    }
    """

  func line(_ tokens: [String]) -> Int? { JSONPointer(tokens: tokens).line(in: text) }

  @Test func findsMembersAndElementsAtAnyDepth() {
    #expect(line([]) == 1)
    #expect(line(["id"]) == 2)
    #expect(line(["setup", "pageHandlers", "echo"]) == 4)
    #expect(line(["steps", "1"]) == 7)
    #expect(line(["steps", "1", "data"]) == 8)
    #expect(line(["expect", "events", "0"]) == 13)
    #expect(line(["expect", "events", "1"]) == 15)
    #expect(line(["escapedAkey"]) == 10, "keys are compared decoded")
  }

  @Test func aValueThatIsNotThereHasNoLine() {
    #expect(line(["expect", "events", "2"]) == nil)
    #expect(line(["missing"]) == nil)
    #expect(line(["steps", "x"]) == nil)
    #expect(line(["steps", "01"]) == nil)
    #expect(line(["id", "deeper"]) == nil)
    #expect(JSONPointer(tokens: ["a"]).line(in: "{\"a\": ") == nil)
    #expect(JSONPointer(tokens: ["a"]).line(in: "{\"a\":\n 1") == 2)
    #expect(JSONPointer(tokens: ["b"]).line(in: "{\"a\": [1, 2") == nil)
  }
}
