import Foundation
import JSONModel
import TestSupport
import Testing

@testable import ScenarioRunner

/// `bridgecheck explain` is read by bridge authors who never saw the fixture
/// JSON: invisible characters are spelled out, literal text is not mistaken
/// for escaped text, and counts read as English.
@Suite("Explaining fixtures")
struct FixtureExplanationWordingTests {
  private func explain(_ id: String) throws -> String {
    let path = packageRoot.appendingPathComponent("Fixtures/\(id).json").path
    switch FixtureLoader().loadFile(path) {
    case .success(let fixture): return FixtureExplanation.text(of: fixture, rule: nil)
    case .failure(let problems): throw FixtureLoadFailure(problems: problems.problems)
    }
  }

  @Test func lineSeparatorsInDataAreShownAsEscapes() throws {
    let text = try explain("escaping/line-separators-escaped-in-script-text")
    #expect(text.contains(#"with data {"text":"a\u2028b\u2029c"}"#), "\(text)")
    #expect(!text.unicodeScalars.contains("\u{2028}") && !text.unicodeScalars.contains("\u{2029}"))
  }

  @Test func theScriptTextCheckShowsTheEscapeSequenceOnceAndSaysItIsNotTheCharacter() throws {
    let text = try explain("escaping/line-separators-escaped-in-script-text")
    #expect(
      text.contains(
        "the native side evaluates a script containing the text `\\u2028` "
          + "(a backslash, then u2028: the escape sequence itself, not the character U+2028)"), "\(text)")
    #expect(!text.contains(#"\\u2028"#))
  }

  @Test func delC1AndNULAreShownAsEscapesAndLoneSurrogatesAsTheirReplacement() throws {
    let c1 = try explain("escaping/c1-controls-and-delete-both-directions")
    #expect(c1.contains(#""nel":"a\u0085b","key\u0085nel":"\u009b""#), "\(c1)")
    #expect(c1.contains(#""del-and-c1":"\u007f\u0080"#))
    #expect(c1.contains("café üß"), "visible non-ASCII text stays as it is")
    let c0 = try explain("escaping/nul-and-c0-controls-both-directions")
    #expect(c0.contains(#""inside":"a\u0000b""#))
    #expect(!c0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    let surrogate = try explain("escaping/lone-surrogate-native-to-page")
    #expect(surrogate.contains(#"{"text":"a\ufffdb","pair":"😀"}"#), "\(surrogate)")
  }

  @Test func countsReadAsEnglishAndAMissingHandlerFieldMeansAnyHandler() throws {
    let once = try explain("transport/non-object-entry-skipped")
    #expect(once.contains("  Exactly once: any native handler is called"), "\(once)")
    #expect(!once.contains("time(s)") && !once.contains("handler any"))
    let twice = try explain("callbacks/reentrant-native-handler-calls-page-mid-batch")
    #expect(twice.contains("  Exactly twice: any native handler is called"))
    let many = try explain("transport/message-handlers-burst-both-ways")
    #expect(many.contains("  Exactly 24 times: native handler \"rec\" is called"))
    #expect(many.contains("  At least once: the page posts a message to window.webkit.messageHandlers"))
  }

  @Test func howOftenCoversEveryBound() throws {
    let pattern = EventPattern(event: "native-handler-invoked", fields: [], pointer: .root)
    func text(_ minimum: Int, _ maximum: Int?) -> String {
      FixtureExplanation.howOften(CountExpectation(pattern: pattern, minimum: minimum, maximum: maximum))
    }
    #expect(text(0, 0) == "Never")
    #expect(text(1, 1) == "Exactly once")
    #expect(text(3, 3) == "Exactly 3 times")
    #expect(text(2, nil) == "At least twice")
    #expect(text(0, 1) == "At most once")
    #expect(text(2, 4) == "Between 2 and 4 times")
  }

  @Test func scriptedHandlersNameTheHandlerTheyCallAndHowOftenTheyAnswer() throws {
    let nested = try explain("callbacks/reentrant-native-handler-calls-page-mid-batch")
    #expect(
      nested.contains(
        #"Native handler "ask" first calls page handler "leaf" with data {"from":"ask"}, expecting an answer (callback n-inner), then answers with the data it received."#
      ), "\(nested)")
    #expect(
      nested.contains("the next queue fetch return the text `[{\"handlerName\":\"ask\""),
      "raw text, not a JSON string literal")
    let twice = try explain("response-unknown/page-handler-answering-twice-sends-one-response")
    #expect(twice.contains(#"Page handler "twice" answers with the data it received, twice."#), "\(twice)")
    #expect(
      twice.contains("the native side delivers a message to the page (callbackId any value, captured as n1"), "\(twice)"
    )
    #expect(
      twice.contains("Exactly once: the page hands a message to the native side (responseId the value captured as n1)"))
  }

  @Test func stepEventsAndUndefinedDataReadAsSentences() throws {
    let delay = try explain("callbacks/native-handler-answers-after-delay")
    #expect(delay.contains("2. the harness starts step 4 (settle)"), "\(delay)")
    let absent = try explain("data/absent-versus-null-data")
    #expect(absent.contains(#"1. native handler "probe" is called with no data (undefined)"#), "\(absent)")
    let again = try explain("response-unknown/native-ignores-already-answered-response")
    #expect(again.contains(#"- any native callback receives "again""#), "\(again)")
    let signal = try explain("transport/iframe-signal-carries-no-message")
    #expect(
      signal.contains("- the page requests a navigation to a URL containing the text `queued-only-marker`"), "\(signal)"
    )
    let boom = try explain("dispatch/throwing-handler-synchronous-dispatch-isolated")
    #expect(boom.contains(#"Page handler "boom" throws an error "handler failure" without answering."#), "\(boom)")
  }

  @Test func longValuesAreCutBetweenEscapesNotInsideOne() {
    let value = JSONValue.string(String(repeating: "\u{2028}", count: 300))
    let shown = VisibleText.json(value)
    #expect(shown.hasSuffix("… (\(value.serialized().utf8.count) bytes)"))
    let kept = shown.components(separatedBy: "…")[0]
    #expect(kept.hasPrefix("\"\\u2028"))
    #expect(kept.hasSuffix("\\u2028"), "\(kept.suffix(12))")
  }

  @Test func plainTextSpellsOutWhatItCannotShow() {
    #expect(VisibleText.plain("a\u{2028}b\u{00A0}c\u{200B}d e") == "a<U+2028>b<U+00A0>c<U+200B>d e")
    #expect(VisibleText.json(.string("\u{FEFF}x\u{7F}")) == #""\ufeffx\u007f""#)
  }
}
