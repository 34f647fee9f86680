import Testing

@testable import ScenarioRunner

/// Patterns that make a backtracking engine run for ages (exponential in the
/// length: 100,000 characters would never finish) answer at once here. The
/// test asserts the answers; a hang would be the failure.
@Suite("BoundedRegex: catastrophic patterns match in linear time")
struct BoundedRegexLinearityTests {
  static let length = 100_000
  static let manyA = String(repeating: "a", count: length)

  @Test func alternationOfOverlappingBranches() throws {
    #expect(try BoundedRegex("(a|aa)*$").matches(in: Self.manyA + "b"))  // the empty match at the end
    #expect(try !BoundedRegex("^(a|aa)*$").matches(in: Self.manyA + "b"))
    #expect(try BoundedRegex("^(a|aa)*$").matches(in: Self.manyA))
    #expect(try !BoundedRegex("(a|aa)*c").matches(in: Self.manyA + "b"))
  }

  @Test func nestedPlus() throws {
    #expect(try !BoundedRegex("(a+)+$").matches(in: Self.manyA + "b"))
    #expect(try BoundedRegex("(a+)+$").matches(in: Self.manyA))
    #expect(try !BoundedRegex("^(a+)+b$").matches(in: Self.manyA + "c"))
  }

  @Test func nestedPlusWithTwoLoops() throws {
    let manyX = String(repeating: "x", count: Self.length)
    #expect(try !BoundedRegex("(x+x+)+y").matches(in: manyX))
    #expect(try BoundedRegex("(x+x+)+y").matches(in: manyX + "y"))
  }

  @Test func largeCountsAndLongLines() throws {
    let line = String(repeating: "ab", count: Self.length / 2)
    #expect(try !BoundedRegex(#"(.*?,){11}P"#).matches(in: line))
    #expect(try !BoundedRegex(#"^(\w+\s?)*$"#).matches(in: line + "!"))
    #expect(try BoundedRegex("[ab]{1000}$").matches(in: line))
  }

  @Test func caseInsensitiveOnALongLine() throws {
    let line = String(repeating: "Ab", count: Self.length / 2)
    #expect(try BoundedRegex("(?i)(ab)+$").matches(in: line))
    #expect(try !BoundedRegex("(?i)(ab|a)*c").matches(in: line))
  }
}

@Suite("BoundedRegex: the state cache stays correct when it overflows")
struct BoundedRegexStateCacheTests {
  /// A seeded random text of a and b: `a[ab]{20}…` has up to 2^20 thread
  /// sets, far more than the cache keeps.
  static let text: String = {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var scalars = String.UnicodeScalarView()
    for _ in 0..<100_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      scalars.append(state >> 63 == 0 ? "a" : "b")
    }
    return String(scalars)
  }()

  @Test func manyThreadSets() throws {
    let characters = Array(Self.text)
    #expect(try !BoundedRegex("a[ab]{20}c").matches(in: Self.text))
    let expected = characters[characters.count - 21] == "a"
    #expect(try BoundedRegex("a[ab]{20}$").matches(in: Self.text) == expected)
    #expect(try BoundedRegex("a[ab]{20}b$").matches(in: Self.text + "b") == expected)
    #expect(try BoundedRegex("(a|b)*a[ab]{19}$").matches(in: Self.text) == expected)
  }
}
