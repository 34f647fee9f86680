import Foundation
import JSONModel
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

    let started = Date()
    // A command limit longer than the startup limit: hello waits for the startup limit only.
    let outcome = try bridgecheck(
      [
        "run", "--native", "python3 \(marker) --at-hello", "--adapter-startup-timeout", "2", "--adapter-timeout", "5",
        "--jobs", "2", "--filter", "data/*", "--json", reportPath, "--format", "json",
      ], timeLimit: 60)
    let elapsed = Date().timeIntervalSince(started)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(elapsed <= 3.0, "the run took \(elapsed) s for a startup limit of 2 s")
    #expect(outcome.stderr.contains("the native adapter did not start"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("within 2.0 seconds"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("bridgecheck doctor --native"), "\(outcome.stderr)")

    let report = try JSONValue.parse(String(contentsOfFile: reportPath, encoding: .utf8))
    #expect(report["results"]?.arrayValue?.isEmpty == true)
    let cutShort = report["cutShort"]?.stringValue ?? ""
    #expect(cutShort.contains("none of the 19 scenarios was run"), "\(cutShort)")
    #expect(cutShort.contains("bridgecheck doctor --native"), "\(cutShort)")
    #expect(ProcessTable.waitForNoProcess(commandLineContaining: marker, timeout: 2).isEmpty, "an adapter outlived the run")
  }
}
