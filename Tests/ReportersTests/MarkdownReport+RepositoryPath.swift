import Testing

@testable import Reporters

/// bridgecheck run from another folder reads its own fixtures by absolute
/// path; the step summary still links them from their `Fixtures/` folder.
@Suite("Markdown links from anywhere")
struct MarkdownLinkPathTests {
  @Test func absoluteFixturePathsAreLinkedFromTheirFixturesFolder() {
    #expect(MarkdownReport.repositoryPath("/opt/bc/share/bridgecheck/Fixtures/data/x.json") == "Fixtures/data/x.json")
    #expect(MarkdownReport.repositoryPath("Fixtures/data/x.json") == "Fixtures/data/x.json")
    #expect(MarkdownReport.repositoryPath("/home/me/my-fixtures/x.json") == "/home/me/my-fixtures/x.json")
  }
}
