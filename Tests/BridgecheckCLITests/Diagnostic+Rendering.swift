import Foundation
import JSONModel
import ScenarioRunner
import TestSupport
import Testing

@testable import BridgecheckCLI

/// Every error, warning and note the CLI prints goes through one renderer:
/// `bridgecheck: [label: ]message`, then one `  hint:` line per hint.
@Suite("Diagnostics: one shape")
struct DiagnosticRenderingTests {
  @Test func eachSeverityHasItsLabelAndTheHintItsLine() {
    #expect(
      Diagnostic.error("x.json: broken", hint: "fix it").description == "bridgecheck: x.json: broken\n  hint: fix it")
    #expect(Diagnostic.warning("careful").description == "bridgecheck: warning: careful")
    #expect(Diagnostic.note("fyi", hint: "h").description == "bridgecheck: note: fyi\n  hint: h")
    #expect(Diagnostic.status("wrote a.json").description == "bridgecheck: wrote a.json")
  }

  @Test func aUsageErrorExitsTwoAndRendersTheFileProblem() {
    let problem = JSONFileProblem(
      file: "e.json", pointer: JSONPointer.root.appending("scope"), code: "other-implementations",
      message: "written for others", hint: "rewrite it")
    let error = CLIError.usage(problem)
    #expect(error.exitCode == CLIError.usageExitCode)
    #expect(
      error.message == "bridgecheck: e.json#/scope: written for others [other-implementations]\n  hint: rewrite it")
  }

  @Test func aBadExpectationsFileNamesCodePointerAndFix() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "e.json",
      #"{"format": "bridgecheck-expectations/1", "scope": {"page": "other.js", "native": "reference", "profile": "wvjb-classic"}, "expectations": {}}"#
    )
    let path = scratch.path("e.json")
    #expect {
      _ = try ExpectationsFile.load(
        path, scope: Baseline.Scope(page: "mine.js", native: "reference", profile: "wvjb-classic"))
    } throws: { error in
      guard let error = error as? CLIError else { return false }
      return error.exitCode == 2 && error.message.hasPrefix("bridgecheck: \(path)#/scope: ")
        && error.message.contains("[other-implementations]\n  hint: give the expectations file of this implementation")
    }
  }

  @Test func aBadImplementationManifestNamesCodePointerAndFix() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("m.json", #"{"name": "x", "side": "page", "kind": "reference", "comand": []}"#)
    guard case .failure(let problem) = ImplementationManifest.load(scratch.path("m.json")) else {
      Issue.record("a manifest with an unknown field loaded")
      return
    }
    #expect(problem.code == "unknown-field")
    #expect(problem.pointer.description == "/comand")
    #expect(problem.hint?.hasPrefix("manifest fields: ") == true)
  }
}
