import Foundation
import JSRuntime
import Testing

@testable import PageSimulation

/// The environment's JavaScript lives in `.js` resources (`Environment/Scripts/`): each is
/// in the module's resource bundle, parses, and the scripts assembled from them have no
/// placeholder left.
@Suite("Environment scripts as resources")
struct EnvironmentScriptResourceTests {
  /// Every file the environment is made of, and how it parses on its own: a whole script,
  /// or a piece of the installing function's body.
  static let files: [(name: String, wholeScript: Bool)] = [
    ("page-environment.js", true), ("worker-environment.js", true), ("environment-prelude.js", false),
    ("environment-events.js", false), ("environment-time.js", false), ("environment-console.js", false),
    ("environment-errors.js", false), ("environment-timers.js", false), ("environment-blobs.js", false),
    ("environment-clone.js", false), ("page-document.js", false), ("page-workers.js", false),
    ("absent-page-apis.js", false),
  ]

  @Test("every environment script is in the resource bundle", arguments: files.map(\.name))
  func isInTheBundle(name: String) throws {
    let url = try #require(environmentScripts.url(of: name), "\(name) is missing from Environment/Scripts")
    #expect(
      url.path.contains("/\(environmentScripts.bundleName)/"),
      "\(name) was found only in the source tree: Package.swift does not copy Environment/Scripts")
  }

  @Test("every file of Environment/Scripts is one the environment reads")
  func noOtherFiles() throws {
    let folder = try #require(environmentScripts.url(of: "page-environment.js")).deletingLastPathComponent()
    let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(present == Self.files.map(\.name).sorted())
  }

  @Test("every environment script parses on its own", arguments: files)
  func parses(name: String, wholeScript: Bool) throws {
    let text = environmentScripts.text(of: name)
    let script = wholeScript ? text : "(function (host) {\n" + text + "\n})"
    try ScriptContext().checkSyntax(script, sourceURL: name)
  }

  @Test("the assembled page and worker environments parse and have no placeholder left")
  func assembledScriptsAreComplete() throws {
    for (name, source) in [("page", PageEnvironmentScript.source), ("worker", WorkerEnvironmentScript.source)] {
      #expect(ScriptTemplate.placeholders(in: source) == [], "\(name) environment")
      try ScriptContext().checkSyntax(source, sourceURL: name)
    }
    #expect(ScriptTemplate.placeholders(in: EnvironmentScriptParts.console) == [])
    #expect(PageEnvironmentScript.source.contains(EnvironmentScriptParts.clone))
    #expect(WorkerEnvironmentScript.source.contains(AbsentPageAPIs.definition))
  }
}
