import Foundation
import Testing

/// `$GITHUB_STEP_SUMMARY` is appended to (earlier steps wrote there too);
/// other files are replaced unless `--markdown-append` says otherwise.
@Suite("markdown summary, end to end")
struct MarkdownEndToEnd {
  @Test func theStepSummaryIsAppendedToAndOtherFilesReplaced() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    try scratch.write("summary.md", "# Earlier step\n")
    let summary = scratch.path("summary.md")
    let first = try bridgecheck(
      ["run", scratch.path("fixtures"), "--markdown", summary], environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(first.status == 1)
    var text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("# Earlier step\n"))
    #expect(text.contains("## ❌ bridgecheck: FAIL"))
    #expect(text.contains("[callbacks/wrong]("), "failures are named and linked")

    _ = try bridgecheck(["run", scratch.path("fixtures"), "--markdown", summary, "--markdown-append"])
    text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.components(separatedBy: "## ❌ bridgecheck: FAIL").count == 3)

    _ = try bridgecheck(["run", scratch.path("fixtures"), "--markdown", summary])
    text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("## ❌ bridgecheck: FAIL"), "without the variable or the flag the file is replaced")
  }
}
