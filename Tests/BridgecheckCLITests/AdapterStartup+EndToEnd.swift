import Foundation
import JSONModel
import TestSupport
import Testing

/// An adapter that never answers bridgecheck's own `hello` costs the run
/// its startup limit and no more: no worker is left waiting for its own
/// adapter, the reports say that nothing ran and why, and no adapter
/// process outlives the run.
@Suite("An adapter that hangs at hello")
struct AdapterStartupEndToEndTests {
  @Test func aHungHelloEndsTheRunWithinItsStartupLimitPlusASecond() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // A copy of the faulty adapter under a path of this test's own, to find its processes.
    let hang = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/adapters/faulty/hang.py"), encoding: .utf8)
    try scratch.write("hang-at-hello.py", hang)
    let marker = scratch.path("hang-at-hello.py")
    let reportPath = scratch.path("report.json")
    defer { for pid in ProcessTable.liveProcesses(commandLineContaining: marker) { kill(pid, SIGKILL) } }

    // What the same run costs when its adapter fails at once (`false` exits
    // before hello): starting bridgecheck, its workers and loading the
    // fixtures, which take a second or more on a loaded machine.
    let fixedStart = Date()
    let fixed = try bridgecheck(
      [
        "run", "--native", "false", "--adapter-startup-timeout", "2", "--jobs", "2", "--filter", "data/*", "--format",
        "json",
      ],
      timeLimit: 60)
    let fixedCost = Date().timeIntervalSince(fixedStart)
    #expect(fixed.status == 1, "\(fixed.stderr)")

    let started = Date()
    // A command limit longer than the startup limit: hello waits for the startup limit only.
    let outcome = try bridgecheck(
      [
        "run", "--native", "python3 \(marker) --at-hello", "--adapter-startup-timeout", "2", "--adapter-timeout", "5",
        "--jobs", "2", "--filter", "data/*", "--json", reportPath, "--format", "json",
      ], timeLimit: 60)
    let elapsed = Date().timeIntervalSince(started)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    // The hung adapter costs its startup limit and at most a second more.
    #expect(
      elapsed - fixedCost <= 3.0,
      "the run took \(elapsed) s for a startup limit of 2 s, against \(fixedCost) s when the adapter fails at once")
    #expect(outcome.stderr.contains("the native adapter did not start"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("within 2.0 seconds"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("bridgecheck doctor --native"), "\(outcome.stderr)")

    let report = try JSONValue.parse(String(contentsOfFile: reportPath, encoding: .utf8))
    #expect(report["results"]?.arrayValue?.isEmpty == true)
    let cutShort = report["cutShort"]?.stringValue ?? ""
    let dataFixtures = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent("Fixtures/data").path
    )
    .filter { $0.hasSuffix(".json") }.count
    #expect(cutShort.contains("none of the \(dataFixtures) scenarios was run"), "\(cutShort)")
    #expect(cutShort.contains("bridgecheck doctor --native"), "\(cutShort)")
    #expect(
      ProcessTable.waitForNoProcess(commandLineContaining: marker, timeout: 2).isEmpty, "an adapter outlived the run")
  }
}
