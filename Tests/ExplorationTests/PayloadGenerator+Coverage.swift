import JSONModel
import Testing

@testable import Exploration

@Suite("Payload generators")
struct PayloadGeneratorTests {
  /// Every string and key in a value, and every number.
  static func parts(_ value: JSONValue, strings: inout [String], numbers: inout [Double]) {
    switch value {
    case .string(let text): strings.append(text)
    case .number(let number): numbers.append(number)
    case .array(let elements): for element in elements { parts(element, strings: &strings, numbers: &numbers) }
    case .object(let object):
      for (key, member) in object {
        strings.append(key)
        parts(member, strings: &strings, numbers: &numbers)
      }
    default: break
    }
  }

  @Test("the same seed gives the same values")
  func deterministic() {
    var first = PayloadGenerator(seed: 9)
    var second = PayloadGenerator(seed: 9)
    for size in 1...200 {
      #expect(first.value(size: size % 100 + 1) == second.value(size: size % 100 + 1))
      #expect(first.handlerName() == second.handlerName())
    }
  }

  @Test("a thousand values contain what breaks bridges")
  func weightedToTheEdges() {
    var generator = PayloadGenerator(seed: 1)
    var strings: [String] = []
    var numbers: [Double] = []
    for index in 0..<1000 { Self.parts(generator.value(size: index % 100 + 1), strings: &strings, numbers: &numbers) }
    let text = strings.joined()
    for needle in ["\u{2028}", "\u{2029}", "\u{FEFF}", "</script>", "\u{0}", "\u{85}", "\\", "'", "\""] {
      #expect(text.contains(needle), "no \(needle.unicodeScalars.map { String($0.value, radix: 16) }) in 1000 values")
    }
    #expect(strings.contains("__proto__"))
    #expect(numbers.contains(9_007_199_254_740_992))
    #expect(numbers.contains { $0 == 0 && $0.sign == .minus })
    #expect(strings.contains { $0.utf16.count > 16_000 }, "no large string")
  }

  @Test("handler names are never empty")
  func names() {
    var generator = PayloadGenerator(seed: 3)
    for _ in 0..<2000 { #expect(!generator.handlerName().isEmpty) }
  }
}

@Suite("Shrinking a failing value")
struct PayloadShrinkerTests {
  @Test("a nested value that fails because of one character shrinks to that character")
  func oneCharacter() {
    let value: JSONValue = ["a": [1, "x\u{FEFF}yz", true], "b": .string(String(repeating: "q", count: 300))]
    let shrinker = PayloadShrinker(
      fails: { $0.value.serialized().contains("\u{FEFF}") }, budget: 2000)
    let shrunk = shrinker.shrink(PayloadCase(handler: "echo-handler", value: value))
    #expect(shrunk.value == .string("\u{FEFF}"))
    #expect(shrunk.handler == "h")
  }

  @Test("a key that fails shrinks to its failing character")
  func failingKey() {
    let value: JSONValue = ["<!--\tk\u{FEFF}\u{0}": 12.5, "other": [true]]
    let shrinker = PayloadShrinker(fails: { $0.value.serialized().contains("\u{FEFF}") }, budget: 2000)
    let shrunk = shrinker.shrink(PayloadCase(handler: "h", value: value))
    #expect(shrunk.value == ["\u{FEFF}": .null])
  }
}
