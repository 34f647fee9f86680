import Foundation
import Testing

@testable import Reporters
@testable import ScenarioRunner

/// The interop matrix tells the verdict first: expected failures are named
/// and never counted as passes, colour follows the verdict and not the pass
/// rate, and one megabyte payload cannot make the published files large.
@Suite("Interop matrix: verdicts, expected failures and size")
struct InteropMatrixVerdictTests {
  static func pair(_ name: String, _ results: [ScenarioResult]) -> InteropPair {
    InteropPair(
      page: ImplementationInfo(name: name, version: "1.0"), native: ImplementationInfo(name: "reference", version: nil),
      results: results)
  }

  static func results(area: String, passing: Int, level: Level = .must) -> [ScenarioResult] {
    (0..<passing).map { index in
      SampleReport.result(
        id: "\(area)/pass-\(index)", title: "passes", area: area, level: level, subject: .pair, status: .pass,
        message: nil, milliseconds: 1)
    }
  }

  static func failing(
    _ id: String, status: ScenarioStatus, level: Level = .must, message: String = "expected event 1 of 2 did not happen"
  ) -> ScenarioResult {
    SampleReport.result(
      id: id, title: "fails", area: String(id.split(separator: "/")[0]), level: level, subject: .pair, status: status,
      message: message, milliseconds: 1)
  }

  @Test func expectedFailuresAreNamedAndNotCountedAsPasses() {
    let xfails = (0..<3).map {
      Self.failing("data/known-\($0)", status: .xfail, message: "expected: vendor bug \($0)\nfails")
    }
    let pair = Self.pair("vendor", Self.results(area: "data", passing: 10) + xfails)
    let tally = pair.tally(area: nil)
    #expect(tally.passed == 10 && tally.judged == 13 && tally.expected == 3)
    #expect(tally.text == "10/13 · 3 xfail", "not 13/13")
    #expect(tally.verdict == .passWithNotes)
    let markdown = InteropMatrixReport.markdown([pair], toolVersion: "1", fixtureCount: 13)
    #expect(markdown.contains("10/13 · 3 xfail"))
    #expect(markdown.contains("## Expected failures of vendor 1.0 × reference"), "\(markdown)")
    for index in 0..<3 {
      #expect(markdown.contains("`data/known-\(index)` (must, xfail): expected: vendor bug \(index)"))
    }
    let html = InteropMatrixReport.html([pair], toolVersion: "1", fixtureCount: 13, explanations: [:])
    #expect(html.contains("Expected failures (xfail)"))
    #expect(html.contains("<code>data/known-2</code>"))
  }

  @Test func aRowFailingMustOrWithAnErrorIsRedWhateverItsRate() {
    // 97% pass rate, one must failure: red, "fail at must".
    let mustFailure = Self.pair(
      "must", Self.results(area: "data", passing: 40) + [Self.failing("data/x", status: .fail)])
    #expect(mustFailure.tally(area: nil).verdict == .failMust)
    // One error (a hang) among passes: error, red.
    let hang = Self.pair("hang", Self.results(area: "data", passing: 40) + [Self.failing("data/h", status: .error)])
    #expect(hang.tally(area: nil).verdict == .error)
    // A stale expectation (xpass) gates too.
    let stale = Self.pair("stale", Self.results(area: "data", passing: 5) + [Self.failing("data/s", status: .xpass)])
    #expect(stale.tally(area: nil).verdict == .failMust)
    // Failures of should rules do not gate: the gate passes, with notes.
    let should = Self.pair(
      "should", Self.results(area: "data", passing: 5) + [Self.failing("data/w", status: .fail, level: .should)])
    #expect(should.tally(area: nil).verdict == .passWithNotes)
    // A low rate that is all skips but one pass is still a pass.
    #expect(Self.pair("ok", Self.results(area: "data", passing: 1)).tally(area: nil).verdict == .pass)

    let pairs = [mustFailure, hang, stale, should]
    let html = InteropMatrixReport.html(pairs, toolVersion: "1", fixtureCount: 41, explanations: [:])
    #expect(html.contains("<td class=\"verdict v-fail\">fail at must: 1 must failure</td>"), "\(html)")
    #expect(html.contains("<td class=\"verdict v-error\">error: 1 error</td>"))
    #expect(html.contains("<td class=\"verdict v-pass-notes\">pass with notes: 1 should/may failure</td>"))
    let markdown = InteropMatrixReport.markdown(pairs, toolVersion: "1", fixtureCount: 41)
    #expect(markdown.contains("| must 1.0 × reference | ❌ fail at must: 1 must failure | ❌ 40/41 |"), "\(markdown)")
    #expect(markdown.contains("| hang 1.0 × reference | ⛔ error: 1 error | ⛔ 40/41 · 1 error |"), "\(markdown)")
    for verdict in [InteropVerdict.pass, .passWithNotes, .failMust, .error] {
      #expect(
        markdown.contains("- \(verdict.icon) \(verdict.label): \(verdict.meaning)"), "the legend names \(verdict)")
      #expect(html.contains("<span class=\"swatch v-\(verdict.rawValue)\">"), "the legend shows \(verdict)")
    }
  }

  @Test func eachDialectHasARowWithItsThreeWaysAndTheWorstVerdict() {
    func named(_ page: String, _ native: String, _ results: [ScenarioResult]) -> InteropPair {
      InteropPair(
        page: ImplementationInfo(name: page, version: nil), native: ImplementationInfo(name: native, version: nil),
        results: results)
    }
    let passing = InteropDialectRow(
      dialect: "wvjb-4", profile: "wvjb-4",
      pageSide: named("wvjb-4 page.js", "reference native", Self.results(area: "data", passing: 3)),
      nativeSide: named("reference page", "wvjb-4 native.py", Self.results(area: "data", passing: 2)),
      bothSides: named("wvjb-4 page.js", "wvjb-4 native.py", Self.results(area: "data", passing: 4)))
    let failing = InteropDialectRow(
      dialect: "mushao", profile: "mushao",
      pageSide: named("mushao page.js", "reference native", [Self.failing("data/m", status: .fail)]),
      nativeSide: named("reference page", "mushao native.py", [Self.failing("data/e", status: .error)]),
      bothSides: named("mushao page.js", "mushao native.py", []))
    let markdown = InteropMatrixReport.markdown(
      [Self.pair("vendor", Self.results(area: "data", passing: 1))], toolVersion: "1", fixtureCount: 4,
      dialects: [passing, failing])
    #expect(markdown.contains("| wvjb-4 | wvjb-4 | ✅ pass | ✅ 3/3 | ✅ 2/2 | ✅ 4/4 |"), "\(markdown)")
    #expect(markdown.contains("| mushao | mushao | ⛔ error | ❌ 0/1 | ⛔ 0/1 · 1 error | – |"), "\(markdown)")
    #expect(markdown.contains("## Failures of mushao page.js × reference native"), "failing dialects are not hidden")
    #expect(markdown.contains("- – not judged: every scenario was skipped"), "the legend explains the empty cell")
  }

  @Test func aFailingMegabyteScenarioKeepsBothFilesSmall() {
    let payload = String(repeating: "x", count: 1 << 20)
    let big = Self.failing(
      "data/one-megabyte", status: .fail,
      message:
        "expected event 1 of 4 did not happen: page-handler-invoked {\"data\":\"\(payload)\"}\n  closest: \(payload)")
    let pair = Self.pair("vendor", Self.results(area: "data", passing: 130) + [big])
    let explanations = ["data/one-megabyte": "Data: " + payload]
    let markdown = InteropMatrixReport.markdown([pair], toolVersion: "1", fixtureCount: 131)
    let html = InteropMatrixReport.html([pair], toolVersion: "1", fixtureCount: 131, explanations: explanations)
    #expect(markdown.utf8.count < 8 << 10, "Markdown: \(markdown.utf8.count) bytes")
    #expect(html.utf8.count < 32 << 10, "HTML: \(html.utf8.count) bytes")
    #expect(html.contains("1048"), "the cut says how long the payload was")
    #expect(html.contains("sha256"))
  }

  @Test func thePageHasTheBasicsOfAPhoneAndOfAccessibility() {
    let pair = Self.pair("vendor", Self.results(area: "data", passing: 2) + [Self.failing("data/x", status: .fail)])
    let html = InteropMatrixReport.html([pair], toolVersion: "1", fixtureCount: 3, explanations: [:])
    #expect(html.contains("<html lang=\"en\">"))
    #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("<main>") && html.contains("</main>"))
    #expect(html.contains("<th scope=\"col\">verdict</th>"))
    #expect(html.contains("<th scope=\"row\">vendor 1.0 × reference</th>"))
    #expect(html.contains("<div class=\"scroll\" role=\"region\" aria-labelledby=\"matrix\" tabindex=\"0\">"))
    // Headings in order: one h1, then h2s, h3s only below an h2.
    let levels = html.matches(of: /<h([1-6])/).compactMap { Int($0.1) }
    #expect(levels.first == 1 && levels.filter { $0 == 1 }.count == 1)
    #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 }, "\(levels)")
  }

  /// WCAG 2 contrast of each verdict's text on its background: at least
  /// 4.5:1 (AA for normal text).
  @Test(arguments: InteropVerdict.allCases)
  func verdictColoursHaveEnoughContrast(_ verdict: InteropVerdict) throws {
    let colour = try #require(InteropMatrixPage.colours[verdict])
    let ratio = Self.contrast(colour.text, colour.background)
    #expect(ratio >= 4.5, "\(verdict): \(colour.text) on \(colour.background) is \(ratio):1")
  }

  static func contrast(_ first: String, _ second: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let value = Int(hex.dropFirst(), radix: 16) ?? 0
      let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
      let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
      return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
