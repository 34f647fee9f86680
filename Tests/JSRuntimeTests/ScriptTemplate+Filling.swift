import Foundation
import Testing

@testable import JSRuntime

@Suite("Script templates and script resources")
struct ScriptTemplateTests {
  @Test("each placeholder with a value is replaced, in one pass")
  func fillsPlaceholders() {
    let filled = ScriptTemplate.fill(
      "var url = $callURL$;\n$body$\nlimit($limit$, $limit$);",
      with: ["callURL": "\"bridgecheck-host://call\"", "body": "run($limit$);", "limit": "42"])
    // A value's own text is not searched again: `$limit$` inside `body` stays.
    #expect(filled == "var url = \"bridgecheck-host://call\";\nrun($limit$);\nlimit(42, 42);")
  }

  @Test("a placeholder without a value stays, and placeholders(in:) finds it")
  func keepsUnknownPlaceholders() {
    let filled = ScriptTemplate.fill("a($known$, $unknown$)", with: ["known": "1"])
    #expect(filled == "a(1, $unknown$)")
    #expect(ScriptTemplate.placeholders(in: filled) == ["unknown"])
  }

  @Test("dollar signs that are not placeholders are left alone")
  func ignoresOtherDollarSigns() {
    let text = "var $ = jQuery; s.replace(/a$/, '$1'); x = $el$; y = a$b$c; z = '$$'; w = $9x$; t = $"
    #expect(ScriptTemplate.placeholders(in: text) == ["el", "b"])
    #expect(ScriptTemplate.fill(text, with: ["el": "E"]) == text.replacingOccurrences(of: "$el$", with: "E"))
    #expect(ScriptTemplate.placeholders(in: "no placeholders $ here $1$").isEmpty)
  }

  @Test("a resource that cannot be found is a script that throws, naming it and the fix")
  func missingResourceThrowsInThePage() throws {
    let resources = ScriptResources()
    #expect(resources.module == "JSRuntimeTests")
    #expect(resources.url(of: "no-such-script.js") == nil)
    let text = resources.text(of: "no-such-script.js")
    let error = try #require(throws: ScriptError.self) { try ScriptContext().evaluate(text) }
    #expect(error.message.contains("Scripts/no-such-script.js of JSRuntimeTests not found"))
    #expect(error.message.contains("scripts/install.sh"))
  }
}
