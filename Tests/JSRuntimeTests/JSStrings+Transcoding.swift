import Testing

@testable import JSRuntime

/// The transcoding loops copy runs of ASCII several units at a time: every
/// kind of character, at every offset around those runs, must come out as
/// the generic conversion gives it.
@Suite("String transcoding")
struct JSStringsTranscodingTests {
  /// One character of each UTF-8 length, and NUL.
  static let specials = ["é", "\u{2028}", "😀", "\u{0}", "\u{7F}", "\u{80}"]

  /// ASCII runs of every length up to 17 with a special character at each end.
  static var samples: [String] {
    var samples: [String] = []
    for special in specials {
      for length in 0...17 {
        let run = String(repeating: "a", count: length)
        samples += [run + special, special + run, run + special + run, special + run + special + "bc"]
      }
    }
    return samples
  }

  @Test func utf8ToUTF16MatchesTheStandardLibrary() {
    for sample in Self.samples {
      var text = sample
      let units = text.withUTF8 { utf8 in
        let out = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(utf8.count, 1))
        defer { out.deallocate() }
        let count = JSStrings.transcode(utf8, into: out)
        return Array(out.prefix(count))
      }
      #expect(units == Array(sample.utf16), "\(sample.debugDescription)")
    }
  }

  @Test func utf16ToUTF8MatchesTheStandardLibrary() {
    for sample in Self.samples {
      let units = Array(sample.utf16)
      let text = units.withUnsafeBufferPointer { units in
        String(unsafeUninitializedCapacity: units.count * 3) { JSStrings.transcode(units, into: $0) }
      }
      #expect(text == sample, "\(sample.debugDescription)")
    }
  }

  @Test func loneSurrogatesAfterAnASCIIRunBecomeReplacementCharacters() {
    for length in 0...9 {
      let units = Array(repeating: UInt16(0x61), count: length) + [0xD800] + Array(repeating: 0x62, count: length)
      let text = units.withUnsafeBufferPointer { units in
        String(unsafeUninitializedCapacity: units.count * 3) { JSStrings.transcode(units, into: $0) }
      }
      #expect(text == String(repeating: "a", count: length) + "\u{FFFD}" + String(repeating: "b", count: length))
    }
  }

  @Test func stringsSurviveTheEngineBothWays() throws {
    let context = ScriptContext()
    for sample in Self.samples {
      try context.globalObject.setProperty("s", context.string(sample))
      #expect(try context.evaluate("s.length").numberValue == Double(sample.utf16.count))
      #expect(try context.evaluate("s").stringValue == sample)
    }
  }
}
