import Foundation
import JSONModel
import Testing

/// What `bridgecheck run --js` says once about the whole run: the profile the
/// page bridge ran in, and that the profile plainly does not fit it, first
/// in the terminal report (under `Notes:`) and in the JSON report
/// (`notices`), never repeated under each failure.
@Suite("Run notices end to end")
struct RunNoticesEndToEndTests {
  static let portPage = "conformance/dialects/wkwebview-port/page.js"

  @Test func theTerminalReportStartsWithTheNotesOnce() throws {
    let outcome = try bridgecheck([
      "run", "--js", Self.portPage, "--profile", "wvjb-classic", "--color", "never", "--filter", "callbacks/*",
      "--filter", "data/*",
    ])
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout.hasPrefix("Notes:\n  the profile wvjb-classic does not fit this page bridge"),
      "\(outcome.stdout.prefix(600))")
    #expect(outcome.stdout.contains("--profile wkwebview-port"), "\(outcome.stdout.prefix(1200))")
    #expect(
      outcome.stdout.components(separatedBy: "profile: the page bridge ran in the dialect").count == 2, "said once")
  }

  @Test func theJSONReportHasTheNotices() throws {
    let outcome = try bridgecheck([
      "run", "--js", Self.portPage, "--profile", "wkwebview-port", "--format", "json", "--filter", "callbacks/*",
    ])
    #expect(outcome.status == 0)
    let notices = try jsonReport(outcome.stdout)["notices"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(notices.count == 1)
    #expect(
      notices.first?.hasPrefix("profile: the page bridge ran in the dialect of the profile wkwebview-port") == true,
      "\(notices)")
  }

  @Test func bridgechecksOwnPageBridgeHasNoNotes() throws {
    let outcome = try bridgecheck(["run", "--format", "json", "--filter", "callbacks/page-to-native-response"])
    #expect(outcome.status == 0)
    #expect(try jsonReport(outcome.stdout)["notices"] == nil)
  }
}
