import Foundation
import Reporters
import ScenarioRunner
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct JUnitReportGolden {
  static let redacted = JUnitReport.Options(redactDurations: true)

  @Test func matchesTheGoldenFile() {
    Golden.check(JUnitReport.render(SampleReport.report, options: Self.redacted), named: "report.junit.xml")
  }

  @Test func isWellFormed() throws {
    for options in [Self.redacted, JUnitReport.Options()] {
      _ = try XMLSupport.document(JUnitReport.render(SampleReport.report, options: options))
    }
    _ = try XMLSupport.document(JUnitReport.render(SampleReport.passingReport))
    var empty = SampleReport.report
    empty.results = []
    _ = try XMLSupport.document(JUnitReport.render(empty))
  }

  @Test func hasOneSuitePerAreaWithItsCounts() throws {
    let document = try XMLSupport.document(JUnitReport.render(SampleReport.report))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(XMLSupport.attribute(root, "tests") == "8")
    #expect(XMLSupport.attribute(root, "failures") == "2", "the should failure does not gate")
    #expect(XMLSupport.attribute(root, "errors") == "1")
    #expect(XMLSupport.attribute(root, "skipped") == nil, "junit-10.xsd has no skipped on testsuites")
    #expect(XMLSupport.attribute(root, "time") == "0.424")

    let suites = try XMLSupport.elements(document, "/testsuites/testsuite")
    #expect(suites.map { XMLSupport.attribute($0, "name") } == ["data", "handler-missing"])
    #expect(suites.map { XMLSupport.attribute($0, "tests") } == ["3", "5"])
    #expect(suites.map { XMLSupport.attribute($0, "failures") } == ["1", "1"])
    #expect(suites.map { XMLSupport.attribute($0, "errors") } == ["0", "1"])
    #expect(suites.map { XMLSupport.attribute($0, "skipped") } == ["1", "3"])
    #expect(suites.map { XMLSupport.attribute($0, "time") } == ["0.020", "0.520"])
  }

  @Test func hasOneTestcasePerScenario() throws {
    let document = try XMLSupport.document(JUnitReport.render(SampleReport.report))
    let cases = try XMLSupport.elements(document, "//testcase")
    #expect(cases.map { XMLSupport.attribute($0, "name") } == SampleReport.results.map(\.scenario.id))
    #expect(
      cases.map { XMLSupport.attribute($0, "classname") }
        == SampleReport.results.map { "bridgecheck.\($0.scenario.area)" })
    #expect(XMLSupport.attribute(cases[1], "time") == "0.012")
    #expect(XMLSupport.attribute(cases[1], "file") == nil, "junit-10.xsd has no file on testcase")

    func children(_ element: XMLElement) -> [String] {
      (element.children ?? []).compactMap { ($0 as? XMLElement)?.name }
    }
    #expect(
      cases.map(children) == [
        [], ["failure"], ["skipped"], ["error"], ["skipped"], ["skipped"], ["failure"], ["skipped"],
      ])
  }

  @Test func describesEachOutcome() throws {
    let document = try XMLSupport.document(JUnitReport.render(SampleReport.report))
    let failures = try XMLSupport.elements(document, "//failure")
    #expect(failures.map { XMLSupport.attribute($0, "type") } == ["fail", "xpass"])
    #expect(
      XMLSupport.attribute(failures[1], "message")
        == "expected to fail by the baseline, but passed: remove it from the baseline")
    let skipped = try XMLSupport.elements(document, "//skipped")
    let nonGating = try #require(skipped.last)
    #expect(XMLSupport.attribute(nonGating, "type") == "fail")
    #expect(XMLSupport.attribute(nonGating, "message")?.hasPrefix("does not gate: expected at most 1 events") == true)
    let failureText = nonGating.stringValue ?? ""
    #expect(failureText.hasPrefix("expected at most 1 events matching native-callback-invoked, found 2\n"))
    #expect(failureText.contains("level: should (does not gate the run at gate must)"))
    #expect(failureText.contains("file: Fixtures/handler-missing/callback-once.json#/expect/counts/0"))

    let error = try #require(try XMLSupport.elements(document, "//error").first)
    #expect(XMLSupport.attribute(error, "type") == "error")
    let errorText = error.stringValue ?? ""
    #expect(errorText.contains("> #5 @502ms page script-terminated {\"reason\":\"time-limit\",\"task\":\"t7\"}"))
    #expect(
      errorText.contains(#"  #4 @2ms host evaluate {"script":"</script><script>"#), "scripts are shown as written")
    #expect(errorText.contains("…\"}"), "long scripts are cut")

    #expect(
      XMLSupport.attribute(skipped[2], "message")
        == "judges the native side, and only the page side is under test\n(the native side is the reference)")

    let expected = skipped[0]
    #expect(XMLSupport.attribute(expected, "type") == "xfail")
    #expect(
      XMLSupport.attribute(expected, "message")
        == "expected failure: expected event 2 of 2 did not happen: native-handler-called {\"data\":1e21}")
  }
}
