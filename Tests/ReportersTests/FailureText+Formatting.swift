import JSONModel
import Reporters
import ScenarioRunner
import Testing
import WebViewHosting

@Suite struct FailureTextFormatting {
  @Test func firstLineSkipsBlankLinesAndTrailingSpace() {
    #expect(FailureText.firstLine(nil) == "")
    #expect(FailureText.firstLine("") == "")
    #expect(FailureText.firstLine("one\ntwo") == "one")
    #expect(FailureText.firstLine("\n  \r\n  indented  \r\nnext") == "  indented")
    #expect(FailureText.firstLine("cr\ronly") == "cr")
    #expect(FailureText.firstLine("ls\u{2028}is not a line end") == "ls\u{2028}is not a line end")
  }

  @Test func linesSplitAtLFCRAndCRLF() {
    #expect(FailureText.lines("a\nb\r\nc\rd") == ["a", "b", "c", "d"])
    #expect(FailureText.lines("a\n\nb\n") == ["a", "", "b", ""])
  }

  @Test func headlinesFallBackToTheStatus() {
    var result = SampleReport.results[0]
    #expect(FailureText.headline(result) == "passed")
    result.status = .fail
    result.message = " \n"
    #expect(FailureText.headline(result) == "failed (no message)")
  }

  @Test func truncationCountsCharacters() {
    #expect(FailureText.truncated("abcdef", to: 3) == "abc…")
    #expect(FailureText.truncated("abc", to: 3) == "abc")
    #expect(FailureText.truncated("👩‍💻👩‍💻👩‍💻", to: 2) == "👩‍💻👩‍💻…")
  }

  @Test func visibleMarksControlCharacters() {
    #expect(FailureText.visible("a\u{0}b\u{1B}c\u{2028}d\u{7F}e\u{9B}") == "a\\u{00}b\\u{1B}c\\u{2028}d\\u{7F}e\\u{9B}")
    #expect(FailureText.visible("a\nb\tc", keepingLineBreaks: true) == "a\nb\tc")
    #expect(FailureText.visible("a\r\nb\rc", keepingLineBreaks: true) == "a\nb\nc")
    #expect(FailureText.visible("a\nb") == "a\\u{0A}b")
    #expect(FailureText.visible("emoji 🎉 and é stay") == "emoji 🎉 and é stay")
  }

  @Test func eventLinesLookLikeTheEventDescription() {
    let event = SampleReport.events[1]
    #expect(FailureText.eventLine(event) == event.description)
  }

  @Test func eventLinesCutLongValuesWithoutBreakingEscapes() throws {
    let nuls = TraceEvent(
      sequence: 9, time: .zero, source: .native, name: "x",
      fields: ["s": .string(String(repeating: "\u{0}", count: 100))])
    let line = FailureText.eventLine(nuls, fieldLimit: 20)
    // `"` then three `\u0000` (18 characters); the fourth would be cut.
    #expect(line == #"#9 @0ms native x {"s":"\u0000\u0000\u0000…"}"#)

    let array = TraceEvent(
      sequence: 1, time: .zero, source: .page, name: "y", fields: ["a": .array((0..<100).map { .number(Double($0)) })])
    #expect(FailureText.eventLine(array, fieldLimit: 10) == "#1 @0ms page y {\"a\":[0,1,2,3,4…}")

    let short = TraceEvent(sequence: 1, time: .zero, source: .page, name: "y", fields: ["q": "say \"hi\""])
    #expect(FailureText.eventLine(short, fieldLimit: 20) == #"#1 @0ms page y {"q":"say \"hi\""}"#)
    #expect(FailureText.eventLine(short, fieldLimit: 7) == #"#1 @0ms page y {"q":"say \"…"}"#)
    #expect(FailureText.eventLine(short, fieldLimit: 6) == #"#1 @0ms page y {"q":"say …"}"#, "no half escape")
    #expect(FailureText.eventLine(short, fieldLimit: 4) == #"#1 @0ms page y {"q":"say…"}"#)
  }

  @Test func eventLinesEscapeWhatJSONLeavesRaw() {
    let event = TraceEvent(
      sequence: 2, time: .zero, source: .page, name: "na\u{1B}me", fields: ["t": "ls\u{2028} del\u{7F} bidi\u{202E}"])
    #expect(FailureText.eventLine(event) == #"#2 @0ms page na\u{1B}me {"t":"ls\u2028 del\u007f bidi\u202e"}"#)
  }

  @Test func traceLinesMarkTheFocusEvent() {
    let lines = FailureText.traceLines(SampleReport.failing)
    #expect(lines.count == 4)
    #expect(lines[2].hasPrefix("> #2 "))
    #expect(lines.enumerated().allSatisfy { $0.offset == 2 || $0.element.hasPrefix("  #") })
    #expect(
      FailureText.traceHeading(SampleReport.failing)
        == "trace: all 4 events (\">\" marks the event the failure is about)")
    #expect(
      FailureText.traceHeading(SampleReport.erroring)
        == "trace: events #3–#6 of 40 (\">\" marks the event the failure is about)")
    #expect(FailureText.traceHeading(SampleReport.results[7]) == "trace: event #6 of 7")
    #expect(FailureText.traceHeading(SampleReport.results[2]) == "trace: the only event")
    #expect(FailureText.traceHeading(SampleReport.results[0]) == nil)
  }

  @Test func locationsNameTheFileAndPointer() {
    #expect(FailureText.location(SampleReport.failing) == "Fixtures/data/falsy-values.json#/expect/events/0")
    #expect(
      FailureText.location(SampleReport.erroring) == "Fixtures/handler-missing/page-to-native-batch-continues.json")
  }
}
