import JSONModel
import Testing

@testable import JSRuntime

@Suite("JSON conversion")
struct JSONConversionTests {
  let context = ScriptContext()

  private func json(_ source: String) throws -> JSONValue? {
    try context.evaluate("(\(source))").toJSON()
  }

  @Test func undefinedIsNilAndNullIsNull() throws {
    #expect(try json("undefined") == nil)
    #expect(try json("null") == .null)
    #expect(try json("[undefined, null, function () {}]") == .array([.null, .null, .null]))
    #expect(try json("({a: undefined, b: null, c: function () {}})") == .object(["b": .null]))
    #expect(context.value(nil).isUndefined)
    #expect(context.value(.null).isNull)
  }

  @Test func lineSeparatorsSurviveBothWays() throws {
    let text = "a\u{2028}b\u{2029}c"
    #expect(try json("'a\\u2028b\\u2029c'") == .string(text))
    let global = context.globalObject
    try global.setProperty("received", context.value(.string(text)))
    #expect(try context.evaluate("received.charCodeAt(1) === 0x2028 && received.length === 5").boolValue == true)
  }

  @Test func nulQuotesAndAstralCharactersSurvive() throws {
    let text = "nul\u{0}'\"\\\n😀"
    try context.globalObject.setProperty("s", context.value(.string(text)))
    #expect(try context.evaluate("s.length").numberValue == Double(text.utf16.count))
    #expect(try context.evaluate("s").toJSON() == .string(text))
  }

  @Test func loneSurrogatesBecomeReplacementCharacters() throws {
    // A Swift String cannot hold a lone surrogate: conversion repairs it.
    #expect(try json("'a\\ud800b'") == .string("a\u{FFFD}b"))
    #expect(try json("'\\udc00'") == .string("\u{FFFD}"))
    #expect(try json("'\\ud83d\\ude00'") == .string("😀"))
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let value = try #require(try json("-0")?.numberValue)
    #expect(value == 0 && value.sign == .minus)
    try context.globalObject.setProperty("z", context.value(.number(-0.0)))
    #expect(try context.evaluate("Object.is(z, -0)").boolValue == true)
  }

  @Test func largeIntegersStayAsTheEngineGivesThem() throws {
    #expect(try json("9007199254740993") == .number(9_007_199_254_740_992))
    #expect(try json("2 ** 53 + 1") == .number(9_007_199_254_740_992))
    #expect(try json("1e308 * 10")?.numberValue == .infinity)
  }

  @Test func nestingOfDepth1000Converts() throws {
    let value = try #require(
      try json("(function () { var a = []; for (var i = 0; i < 1000; i++) a = [a]; return a; })()"))
    var depth = 0
    var cursor = value
    while case .array(let elements) = cursor, let first = elements.first {
      depth += 1
      cursor = first
    }
    #expect(depth == 1000)
    try context.globalObject.setProperty("deep", context.value(value))
    #expect(try context.evaluate("JSON.stringify(deep).length").numberValue == 2002)
  }

  @Test func cyclicValuesAreAnErrorNotACrash() throws {
    let error = try #require(throws: ScriptError.self) {
      try json("(function () { var o = {}; o.self = o; return o; })()")
    }
    #expect(error.kind == .cyclic)
    #expect(error.message.contains("cyclic"))
    let inArray = try #require(throws: ScriptError.self) {
      try json("(function () { var a = [1, {}]; a[1].back = [a]; return {list: a}; })()")
    }
    #expect(inArray.kind == .cyclic)
  }

  @Test func aDeepValueWithoutACycleIsNotCalledCyclic() throws {
    let error = try #require(throws: ScriptError.self) {
      try json("(function () { var o = {}; for (var i = 0; i < 3000; i++) o = {next: o}; return o; })()")
    }
    #expect(error.kind == .exception)
    #expect(error.message.contains("nested deeper"))
  }

  @Test func emptyStringKeysAndValuesSurvive() throws {
    #expect(try json("({'': 1, a: ''})") == .object(["": 1, "a": ""]))
    try context.globalObject.setProperty("e", context.value(.object(["": "empty key"])))
    #expect(try context.evaluate("e['']").stringValue == "empty key")
  }

  @Test func objectKeysKeepTheirOrderAndOnlyOwnEnumerableKeysCount() throws {
    let value = try json("Object.create({inherited: 1}, {own: {value: 2, enumerable: true}, hidden: {value: 3}})")
    #expect(value == .object(["own": 2]))
    guard case .object(let object)? = try json("({z: 1, a: 2, m: 3})") else {
      Issue.record("not an object")
      return
    }
    #expect(object.keys == ["z", "a", "m"])
  }

  @Test func conversionDoesNotUseThePagesJSONOrObjectKeys() throws {
    try context.evaluate("JSON.stringify = () => 'hijacked'; Object.keys = () => ['nope'];")
    #expect(try json("({a: [1, 'two']})") == .object(["a": .array([1, "two"])]))
  }

  @Test func roundTripsEveryJSONType() throws {
    let value: JSONValue = [
      "null": .null, "true": true, "false": false, "zero": 0, "pi": 3.14, "text": "héllo",
      "array": [1, [2, [3]], "x"], "object": ["nested": ["deep": true]], "empty": [:], "none": [],
    ]
    try context.globalObject.setProperty("v", context.value(value))
    #expect(try context.evaluate("v").toJSON() == value)
    #expect(try context.evaluate("typeof v.true + Array.isArray(v.array)").stringValue == "booleantrue")
  }

  /// Building a large array allocates enough for the engine to collect
  /// garbage midway; every element made so far must survive that (the
  /// collector scans the stack, not Swift arrays on the heap).
  @Test func largeArraysSurviveGarbageCollectionWhileTheyAreBuilt() throws {
    let elements: [JSONValue] = (0..<60_000).map { index in
      index % 2 == 0
        ? .string("element \(index) " + String(repeating: "x", count: index % 50)) : ["n": .number(Double(index))]
    }
    let value = JSONValue.array([.array(elements), .array(elements)])
    for round in 0..<3 {
      try context.globalObject.setProperty("big", context.value(value))
      let back = try #require(try context.evaluate("big").toJSON()?.arrayValue)
      let lists = back.compactMap(\.arrayValue)
      #expect(lists.count == 2 && lists.allSatisfy { $0.count == elements.count }, "round \(round): wrong shape")
      for list in lists {
        let wrong = zip(list, elements).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(
          wrong.isEmpty, "round \(round): \(wrong.count) element(s) differ, the first at index \(wrong.first ?? 0)")
      }
    }
  }
}

@Suite("String transcoding across the engine boundary")
struct StringTranscodingTests {
  let context = ScriptContext()

  @Test(arguments: [
    "", "a", "héllo", "日本語", "😀🎉", "a\u{0}b", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
    "\u{2028}\u{2029}", String(repeating: "é😀x", count: 1000),
  ])
  func roundTripsExactly(text: String) throws {
    try context.globalObject.setProperty("t", context.string(text))
    #expect(try context.evaluate("t").stringValue == text)
    #expect(try context.evaluate("t.length").numberValue == Double(text.utf16.count))
  }

  @Test func everyScalarClassSurvivesAndLoneSurrogatesAreRepaired() throws {
    let codes = try context.evaluate(
      "(function () { var s = ''; for (var c = 0; c < 0x10000; c += 7) s += String.fromCharCode(c); return s; })()")
    let text = try #require(codes.stringValue)
    // The standard library's own UTF-16 decoding is the oracle: valid pairs
    // join, lone surrogates become U+FFFD.
    let units = stride(from: 0, to: 0x10000, by: 7).map { UInt16($0) }
    #expect(text == String(decoding: units, as: UTF16.self))
  }
}
