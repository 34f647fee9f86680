import Foundation
import Testing

/// The repository's GitHub Action (action.yml) run locally by
/// scripts/run_action_locally.py: its steps install, then gate a passing
/// and a failing page bridge, appending both summaries to the step summary.
/// The build step is skipped (the binary under test is built already, and
/// a second SwiftPM would wait on this one's lock); it runs in CI's first job.
@Suite("GitHub Action, run locally", .serialized)
struct ActionTests {
  struct Outcome {
    var status: Int32
    var output: String
  }

  func runAction(_ inputs: [String: String], workspace: ScratchFolder, summary: String) throws -> Outcome {
    let binary = try bridgecheckBinary()
    // The action runs <action path>/.build/<configuration>/bridgecheck: the
    // configuration of the binary under test.
    let configuration = binary.deletingLastPathComponent().lastPathComponent
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", packageRoot.appendingPathComponent("scripts/run_action_locally.py").path, "--skip", "build",
       "--workspace", workspace.url.path, "--summary", summary, "--input", "build-configuration=\(configuration)"]
      + inputs.sorted(by: { $0.key < $1.key }).flatMap { ["--input", "\($0.key)=\($0.value)"] }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 77 { try Test.cancel("the Action was not run: \(output)") }
    return Outcome(status: process.terminationStatus, output: output)
  }

  @Test func theActionGatesAPassingAndAFailingBridge() throws {
    let workspace = try ScratchFolder()
    defer { workspace.remove() }
    let reference = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"), encoding: .utf8)
    try workspace.write("web/good-bridge.js", reference)
    let call = "handlers[handlerName](message.data, responseCallback);"
    try workspace.write(
      "web/bad-bridge.js",
      reference.replacingOccurrences(
        of: call, with: "handlers[handlerName](message.data === 0 ? undefined : message.data, responseCallback);"))
    let summary = workspace.path("step-summary.md")

    let good = try runAction(["js": "web/good-bridge.js", "filter": "data/*"], workspace: workspace, summary: summary)
    #expect(good.status == 0, "\(good.output)")
    #expect(good.output.contains("run_action_locally: setup: exit 0"))
    #expect(good.output.contains("run_action_locally: gate: exit 0"))
    #expect(good.output.contains("upload: skipped (uses actions/upload-artifact"))
    #expect(FileManager.default.fileExists(atPath: workspace.path("reports/bridgecheck.xml")), "the JUnit report")
    #expect(FileManager.default.fileExists(atPath: workspace.path("reports/bridgecheck.json")), "the JSON report")

    let bad = try runAction(
      ["js": "web/bad-bridge.js", "filter": "data/*", "junit": "reports/bad.xml"], workspace: workspace, summary: summary)
    #expect(bad.status == 1, "the gate fails the job: \(bad.output)")
    #expect(bad.output.contains("run_action_locally: gate: exit 1"))
    #expect(bad.output.contains("data/falsy-data-native-to-page"), "\(bad.output)")

    // Both runs are in the step summary, appended.
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.contains("good-bridge.js") && text.contains("bad-bridge.js"), "\(text)")
    #expect(text.contains("data/falsy-data-native-to-page"))

    // With the failure recorded as expected, the same bridge passes.
    try workspace.write(
      "expectations.json",
      """
      {"format": "bridgecheck-expectations/1", "expectations": {
        "data/falsy-data-native-to-page": {"outcome": "fail", "checks": ["/expect/events/0", "/expect/events/6", "/expect/counts/1"], "reason": "bug 1"},
        "data/every-json-type-native-to-page": {"outcome": "fail", "checks": ["/expect/events/3", "/expect/events/15"], "reason": "bug 1"}}}
      """)
    let excused = try runAction(
      ["js": "web/bad-bridge.js", "filter": "data/falsy-data-native-to-page", "baseline": "expectations.json"],
      workspace: workspace, summary: summary)
    #expect(excused.status == 0, "\(excused.output)")
  }
}
