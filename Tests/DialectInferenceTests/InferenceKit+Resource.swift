import Foundation
import JSONModel
import JSRuntime
import Testing

@testable import DialectInference

/// The inference kit lives in `Scripts/inference-kit.js`: it is in the module's resource
/// bundle, parses, and the document-start script made of it parses.
@Suite("Inference kit as a resource")
struct InferenceKitResourceTests {
  @Test("inference-kit.js is in the resource bundle and parses")
  func resourceParses() throws {
    let resources = ScriptResources(fileID: "DialectInference/InferenceKit.swift")
    let url = try #require(resources.url(of: "inference-kit.js"), "inference-kit.js is missing from Scripts")
    #expect(
      url.path.contains("/\(resources.bundleName)/"),
      "inference-kit.js was found only in the source tree: Package.swift does not copy Scripts")
    try ScriptContext().checkSyntax(resources.text(of: "inference-kit.js"), sourceURL: "inference-kit.js")
  }

  @Test("the configured kit script parses, with no placeholder left")
  func configuredScriptParses() throws {
    let script = InferenceKit.script(configuration: ["loadStubs": [], "fabricate": false])
    #expect(ScriptTemplate.placeholders(in: script) == [])
    #expect(script.hasPrefix("(function installInferenceKit(config) {"))
    try ScriptContext().checkSyntax(script, sourceURL: "bridgecheck-infer-kit.js")
  }
}
