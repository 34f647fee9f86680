import Foundation
import JSONModel
import TestSupport
import Testing

@testable import ScenarioRunner

/// Every pattern the shipped fixtures use compiles, and answers as the
/// engines they were written for did: `$regex` used Foundation's
/// `range(of:options: .regularExpression)` (ICU), `appPolicy.cancel` Swift's
/// `Regex`.
@Suite("BoundedRegex: the shipped fixtures' patterns behave as before")
struct BoundedRegexFixtureTests {
  /// Every `$regex` operand and `appPolicy.cancel` pattern under Fixtures/.
  static let shipped: (regex: [String], cancel: [String]) = {
    var regex: [String] = []
    var cancel: [String] = []
    func walk(_ value: JSONValue, key: String?) {
      switch value {
      case .object(let object):
        for (childKey, child) in object {
          if childKey == "$regex", let pattern = child.stringValue { regex.append(pattern) }
          if key == "appPolicy", childKey == "cancel" { cancel += child.arrayValue?.compactMap(\.stringValue) ?? [] }
          walk(child, key: childKey)
        }
      case .array(let elements): elements.forEach { walk($0, key: key) }
      default: break
      }
    }
    for file in FixtureLoader.jsonFiles(under: packageRoot.appendingPathComponent("Fixtures").path) {
      guard let data = FileManager.default.contents(atPath: file), let root = try? JSONValue.parse(utf8: [UInt8](data))
      else { continue }
      walk(root, key: nil)
    }
    return (regex, cancel)
  }()

  /// Texts like the ones the patterns meet: console lines, evaluated
  /// scripts, URLs, queue JSON, with escaped quotes and control characters.
  static let samples: [String] = [
    "", "warn", "warn: skipped", "log: warn", "Warn", "WebViewJavascriptBridge._fetchQueue()",
    "window.WebViewJavascriptBridge._fetchQueue();", " WebViewJavascriptBridge._fetchQueue()",
    "WebViewJavascriptBridge_fetchQueue()",
    #"WebViewJavascriptBridge._handleMessageFromObjC("{\"responseId\":\"a\"}")"#,
    #"WebViewJavascriptBridge._handleMessageFromObjC('{"responseId":"b","responseData":1}')"#,
    #"WebViewJavascriptBridge._handleMessageFromObjC('{\"responseId\":\"c\"}')"#,
    #"WebViewJavascriptBridge._handleMessageFromObjC("{\"responseId\":0,\"responseData\":\"zero id\"}")"#,
    #"WebViewJavascriptBridge._handleMessageFromObjC("{\"responseId\":\"\",\"responseData\":\"empty id\"}")"#,
    "WebViewJavascriptBridge._handleMessageFromObjC('{\"data\":\"fire and forget\"}')",
    "x;\nWebViewJavascriptBridge._handleMessageFromObjC('fire and forget')",
    "WebViewJavascriptBridge._handleMessageFromObjC('{\"error\":\"no-handler\"}')",
    "  window.WebViewJavascriptBridge._handleMessageFromObjC(\"a\u{01}b\")",
    "WebViewJavascriptBridge._handleMessageFromObjC(\"\\u0001\")", "Bridge2._handleMessageFromObjC(\"\u{85}\")",
    "WebViewJavascriptBridge._handleMessageFromObjC(\"\u{2028}\")",
    "WebViewJavascriptBridge._handleMessageFromObjC(\"\t\")",
    "WebViewJavascriptBridge._handleMessageFromObjC(\"\u{7F}\")", "$._handleMessageFromObjC(\"\u{0B}\")",
    #"{"callbackId":"cb_1","data":null,"handlerName":"h"}"#, #"{"data": null, "callbackId": "cb_1"}"#,
    #"{"callbackId":"cb_1","data":{"a":null}}"#, #"{"responseId":"","responseData":"empty id"}"#,
    #"{"responseData":"empty id","responseId":""}"#, #"{"responseId":0,"responseData":"zero id"}"#,
    #"{"responseId": 0 }, "zero id""#, #"{"responseId":10,"responseData":"zero id"}"#,
    "objc_cb_1 then objc_cb_1", "objc_cb_1\nobjc_cb_1", "objc_cb_1 then objc_cb_12", "objc_cb_1",
    "https://__wvjb_queue_message__/", "wvjbscheme://__WVJB_QUEUE_MESSAGE__", "HTTPS://__Wvjb_Queue_Message__/path",
    "http://__wvjb_queue_message__/", "https://app.bridgecheck.test/index.html", "https://elsewhere.example/",
    "https://__bridge_loaded__/", "about:blank", "https://app.bridgecheck.test.evil/", "é😀\u{2028}\r\n",
  ]

  @Test func thereAreShippedPatterns() {
    // Fewer since the fixtures became dialect-neutral: checks on the wire
    // text moved from regular expressions over scripts to wire events (and
    // two counts of fetches that only a page's initial signal caused went).
    #expect(Self.shipped.regex.count >= 6)
    #expect(!Self.shipped.cancel.isEmpty)
  }

  @Test(arguments: Set(shipped.regex).sorted())
  func regexPatternAgreesWithICU(_ pattern: String) throws {
    let regex = try BoundedRegex(pattern)
    for text in Self.samples + Self.mixed(for: pattern) {
      let before = text.range(of: pattern, options: .regularExpression) != nil
      #expect(regex.matches(in: text) == before, "/\(pattern)/ in \(text.debugDescription)")
    }
  }

  @Test(arguments: Set(shipped.cancel).sorted())
  func cancelPatternAgreesWithSwiftRegex(_ pattern: String) throws {
    let regex = try BoundedRegex(pattern)
    let swift = try Regex(pattern)
    for text in Self.samples {
      #expect(regex.matches(in: text) == text.contains(swift), "/\(pattern)/ in \(text.debugDescription)")
    }
  }

  /// Texts made of pieces of the pattern's own literals, for near misses.
  static func mixed(for pattern: String) -> [String] {
    let pieces =
      pattern.split(whereSeparator: { "\\[]()*+?^$|{}".contains($0) }).map(String.init)
      + ["\"", "\\\"", " ", "\n", ":", "0", ",", "}", "{", "a"]
    var state: UInt64 = UInt64(truncatingIfNeeded: pattern.utf8.reduce(7) { $0 &* 31 &+ Int($1) })
    return (0..<200).map { _ in
      var text = ""
      for _ in 0..<8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      return text
    }
  }
}

@Suite("Fixture patterns are checked and compiled once, at load time")
struct FixtureRegexLoadingTests {
  private func problems(_ json: String) throws -> [FixtureProblem] {
    do {
      _ = try fixture(json, file: "regex.json")
      return []
    } catch let failure as FixtureLoadFailure {
      return failure.problems
    }
  }

  @Test func unsupportedSyntaxIsABadRegexWithPointerAndHint() throws {
    let found = try problems(
      #"""
      {"id": "data/x", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "setup": {"appPolicy": {"cancel": ["(a+)+$", "(?<=x)y"]}},
       "expect": {"events": [{"event": "console", "text": {"$regex": "(a)\\1"}}]}}
      """#)
    #expect(found.map(\.code) == ["bad-regex", "bad-regex"])
    #expect(found.map(\.pointer.description) == ["/setup/appPolicy/cancel/1", "/expect/events/0/text/$regex"])
    #expect(found[0].message.contains("lookbehind"))
    #expect(found[1].message.contains("backreferences"))
    #expect(found[1].message.contains("at character 4"))
    #expect(found.allSatisfy { $0.file.hasSuffix("regex.json") && $0.hint?.isEmpty == false })
  }

  @Test func patternsAreCompiledIntoTheFixture() throws {
    let loaded = try fixture(
      #"""
      {"id": "data/x", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair",
       "setup": {"appPolicy": {"cancel": ["(?i)^https://evil\\."]}},
       "expect": {"events": [{"event": "console", "text": {"$regex": "(a|aa)*$"}}]}}
      """#)
    #expect(loaded.setup.appCancels.map(\.pattern) == [#"(?i)^https://evil\."#])
    #expect(loaded.setup.appCancels[0].matches(in: "HTTPS://EVIL.example/"))
    guard case .regex(let regex)? = loaded.expect.events.first?.fields.first?.matcher else {
      Issue.record("expected a $regex matcher")
      return
    }
    #expect(ValueMatcher.regex(regex).matches(.string(String(repeating: "a", count: 100_000) + "b")))
    #expect(!ValueMatcher.regex(regex).matches(.number(1)))
  }
}
