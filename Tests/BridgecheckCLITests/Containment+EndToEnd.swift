import Foundation
import JSONModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// No process that a run starts outlives it, however it detached, and a
/// run stopped by a signal still writes complete reports.
@Suite("Containment", .serialized)
struct ContainmentTests {
  /// The detaching adapter, copied under a path unique to the test (its
  /// leftovers carry that path on their command lines).
  private func detachingAdapter(in scratch: ScratchFolder) throws -> (command: String, marker: String) {
    let marker = scratch.path("detaches-children.py")
    try FileManager.default.copyItem(
      atPath: packageRoot.appendingPathComponent("conformance/adapters/leaky/detaches-children.py").path, toPath: marker
    )
    let reference = packageRoot.appendingPathComponent("conformance/adapters/python/adapter.py").path
    return ("python3 \(marker) \(reference)", marker)
  }

  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to find the processes"))
  func processesAnAdapterDetachesDieWithTheRun() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let (command, marker) = try detachingAdapter(in: scratch)
    defer { for pid in ProcessTable.liveProcesses(commandLineContaining: marker) { kill(pid, SIGKILL) } }
    let outcome = try bridgecheck(
      ["run", "--native", command, "--filter", "callbacks/*", "--format", "json"], timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    #expect(results.count == 13)
    // Children in the adapter's group, in sessions of their own, double-forked
    // daemons and one per scenario: none is left.
    let survivors = ProcessTable.waitForNoProcess(commandLineContaining: marker, timeout: 2)
    #expect(survivors.isEmpty, "left alive after the run: \(survivors)")
  }

  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to find the processes"))
  func sigtermEndsWorkersAndAdaptersAndWritesTheReport() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let (command, marker) = try detachingAdapter(in: scratch)
    defer { for pid in ProcessTable.liveProcesses(commandLineContaining: marker) { kill(pid, SIGKILL) } }
    let reportPath = scratch.path("report.json")
    let process = Process()
    process.executableURL = try bridgecheckBinary()
    process.arguments = ["run", "--native", command, "--jobs", "1", "--json", reportPath]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // Once the workers' adapters run (the supervisor's own is ended by then).
    #expect(!ProcessTable.waitForProcess(commandLineContaining: marker, timeout: 30).isEmpty)
    Thread.sleep(forTimeInterval: 0.3)
    try #require(kill(process.processIdentifier, SIGTERM) == 0)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    try #require(!process.isRunning, "bridgecheck still ran 10 s after SIGTERM")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 143)
    let report = try JSONValue.parse(String(contentsOfFile: reportPath, encoding: .utf8))
    #expect(report["interrupted"] == true)
    let survivors = ProcessTable.waitForNoProcess(commandLineContaining: marker, timeout: 2)
    #expect(survivors.isEmpty, "left alive after SIGTERM: \(survivors)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains(".tmp") }
    #expect(leftovers.isEmpty, "no temporary report file is left: \(leftovers)")
  }

  @Test func aReportPathThatIsAFolderIsExplained() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("reports"), withIntermediateDirectories: true)
    let outcome = try bridgecheck([
      "run", "--filter", "callbacks/page-to-native-response", "--json", scratch.path("reports"),
    ])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("cannot write \(scratch.path("reports")): it is a folder"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("hint: give a file path"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("NSCocoaErrorDomain"))
  }

  @Test func aReportPathUnderAFileIsExplained() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("reports", "a file, not a folder")
    let outcome = try bridgecheck(
      ["run", "--filter", "callbacks/page-to-native-response", "--junit", scratch.path("reports") + "/junit.xml"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("is a file, not a folder"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("NSCocoaErrorDomain"))
  }
}
