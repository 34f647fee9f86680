import Foundation
import JSONModel
import TestSupport
import Testing

/// `bridgecheck run` on page bridges that reach for what WebKit has: a
/// bridge that dispatches through a dedicated worker is judged like any
/// other (the worker-dispatch calibration bridge is run in
/// `Calibration+EndToEnd.swift`); one that touches an API the simulated
/// page lacks gets a note at the top of the report naming it and
/// `--engine webkitgtk`; one whose worker script is a file cannot be judged,
/// and says why.
@Suite("Page APIs end to end")
struct PageAPIsEndToEndTests {
  private func run(_ head: String, _ extra: [String] = []) throws -> CommandOutcome {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let bridge = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    try scratch.write("touching.js", head + "\n" + bridge)
    return try bridgecheck(
      ["run", "--js", scratch.path("touching.js"), "--jobs", "1", "--filter", "callbacks/*", "--color", "never"]
        + extra,
      timeLimit: 300)
  }

  @Test func aBridgeTouchingWhatTheSimulatedPageLacksIsToldAtTheTop() throws {
    let outcome = try run("var stored = window.localStorage; var cookie = document.cookie;")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // After the notes (the profile, inferred from the bridge), before the results.
    let all = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let notes = all.first == "Notes:" ? (all.firstIndex(of: "") ?? 0) + 1 : 0
    let lines = all.dropFirst(notes).filter { !$0.isEmpty }
    #expect(
      lines.first?.hasPrefix("The page code reached for APIs that WebKit has and bridgecheck's simulated page lacks: ")
        == true, "\(outcome.stdout.prefix(500))")
    #expect(lines.first?.contains("localStorage (9 scenarios)") == true, "\(lines.first ?? "")")
    #expect(lines.first?.contains("document.cookie (9 scenarios)") == true, "\(lines.first ?? "")")
    #expect(lines.dropFirst().first?.contains("bridgecheck run --engine webkitgtk") == true)
  }

  @Test func theJSONReportListsThem() throws {
    let outcome = try run("var stored = window.localStorage;", ["--format", "json"])
    let report = try jsonReport(outcome.stdout)
    #expect(report["pageAPIsMissing"] == [["api": "localStorage", "scenarios": 9]])
  }

  @Test func aBridgeThatUsesOnlyWhatThePageHasGetsNoNote() throws {
    let outcome = try run(
      "var w = new Worker(URL.createObjectURL(new Blob(['onmessage = function (e) { postMessage(e.data); };']))); "
        + "w.postMessage(document.getElementsByTagName('script').length);")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("simulated page lacks"), "\(outcome.stdout.prefix(500))")
  }

  @Test func aWorkerScriptFromAFileCannotBeJudgedAndSaysWhy() throws {
    let outcome = try run("new Worker('bridge-worker.js');", ["--format", "json"])
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    let judged = results.filter { $0["status"] != "skip" }
    #expect(!judged.isEmpty)
    for result in judged {
      #expect(result["status"] == "error")
      #expect(
        result["message"]?.stringValue?.contains("bridgecheck's pages serve no files") == true,
        "\(result["message"] ?? .null)")
    }
  }
}
