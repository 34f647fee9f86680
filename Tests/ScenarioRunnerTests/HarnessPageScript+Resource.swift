import Dialects
import Foundation
import JSRuntime
import TestSupport
import Testing

@testable import ScenarioRunner

/// The harness's page helper lives in `Running/Scripts/harness-page.js`: it is in the
/// module's resource bundle and parses, and the script made of it for each shipped profile
/// parses with no placeholder left.
@Suite("Harness page script as a resource")
struct HarnessPageScriptResourceTests {
  @Test("harness-page.js is in the resource bundle and parses")
  func resourceParses() throws {
    let resources = ScriptResources(fileID: "ScenarioRunner/HarnessPageScript.swift")
    let url = try #require(resources.url(of: "harness-page.js"), "harness-page.js is missing from Running/Scripts")
    #expect(
      url.path.contains("/\(resources.bundleName)/"),
      "harness-page.js was found only in the source tree: Package.swift does not copy Running/Scripts")
    // The file is a function expression, applied to the recorder and the settings.
    try ScriptContext().checkSyntax("(" + resources.text(of: "harness-page.js") + ")", sourceURL: "harness-page.js")
  }

  @Test("the harness script of every shipped profile parses, with no placeholder left")
  func everyProfileScriptParses() throws {
    let folder = packageRoot.appendingPathComponent("conformance/profiles")
    var profiles = [BridgeProfile.classic]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
      profiles.append(try BridgeProfile.load(folder.appendingPathComponent(file).path).get())
    }
    #expect(profiles.count > 5)
    for profile in profiles {
      let source = HarnessPageScript.source(profile: profile)
      #expect(ScriptTemplate.placeholders(in: source) == [], "\(profile.name)")
      #expect(source.hasSuffix(");"))
      try ScriptContext().checkSyntax(source, sourceURL: profile.name)
    }
  }
}
