import Foundation
import JSONModel
import Testing

/// A `--js` page script that does not load is refused before any scenario
/// runs (exit 2), naming the file, the line and column, and what is wrong:
/// not 78 scenarios reported as "not injected".
@Suite("Page scripts that do not load")
struct PageScriptLoadEndToEndTests {
  private func refusal(_ source: String, profile: String? = nil) throws -> (CommandOutcome, String) {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("page.js", source)
    let path = scratch.path("page.js")
    let outcome = try bridgecheck(
      ["run", "--js", path, "--format", "json"] + (profile.map { ["--profile", $0] } ?? []))
    return (outcome, path)
  }

  @Test func anEmptyFileIsRefused() throws {
    let (outcome, path) = try refusal("  \n\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty, "nothing ran")
    #expect(outcome.stderr.hasPrefix("bridgecheck: \(path): the page script is empty"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("hint: "))
  }

  @Test func aSyntaxErrorIsRefusedWithItsLineAndColumn() throws {
    let (outcome, path) = try refusal("var bridge = {};\nfunction broken() {\n  return 1 +* 2;\n}\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.hasPrefix("bridgecheck: \(path):3:13: SyntaxError: Unexpected token '*'"), "\(outcome.stderr)")
  }

  @Test func aScriptThatThrowsAtLoadIsRefusedWithWhereItThrew() throws {
    let (outcome, path) = try refusal("// a bridge\nwindow.WebViewJavascriptBridge = {};\nnull.registerHandler('x');\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.hasPrefix("bridgecheck: \(path):3:5: the page script throws while it is loaded: TypeError: "),
      "\(outcome.stderr)")
  }

  @Test func aScriptThatThrowsAValueAtLoadIsRefused() throws {
    let (outcome, path) = try refusal("throw 'no bridge today';\n")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("bridgecheck: \(path)"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("no bridge today"), "\(outcome.stderr)")
  }

  /// Under a dialect whose native side injects at document end, the page
  /// script is a user script: a throw there is refused as well.
  @Test func aThrowInAUserScriptIsRefused() throws {
    let (outcome, path) = try refusal(
      "window.WebViewJavascriptBridge = {};\nundefinedFunction();\n", profile: "react-native")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("bridgecheck: \(path):2:"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("ReferenceError"), "\(outcome.stderr)")
  }

  /// A page script that loads, even one that is wrong in every scenario,
  /// runs.
  @Test func aScriptThatLoadsRuns() throws {
    let (outcome, _) = try refusal("window.SomethingElse = {};\n")
    #expect(outcome.status == 1)
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    #expect(results.count > 100)
  }
}
