import Foundation
import JSONModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InterruptTests {
  /// What an interrupted `bridgecheck run --native …` left.
  struct InterruptedRun {
    /// Seconds from SIGINT to the exit of bridgecheck.
    var stoppedAfter: TimeInterval
    var reason: Process.TerminationReason
    var status: Int32
    /// The `--json` report, if one was written.
    var report: JSONValue?
    /// Adapter processes still alive after bridgecheck exited.
    var survivors: [Int32]
  }

  /// Runs `bridgecheck run --native COMMAND` over fixtures that each make
  /// the hung adapter wait for the 5 s command timeout (half a minute in
  /// all), sends a real SIGINT `delay` seconds after an adapter process
  /// (found in /proc by `marker`, a path unique to the test) appeared, or,
  /// with `waitForScenario`, once a scenario is in flight (the hung adapter
  /// got its `start`), and reports what was left.
  private func interruptRun(
    native command: String, marker: String, delay: TimeInterval, waitForScenario: Bool = false,
    in scratch: ScratchFolder
  ) throws -> InterruptedRun {
    let started = scratch.path("scenario-started")
    let reportPath = scratch.path("r.json")
    let process = Process()
    process.executableURL = try bridgecheckBinary()
    process.arguments = [
      // The profile is given: without it the adapter's dialect is inferred first, with probes of its
      // own, and the interrupt would land in those.
      "run", "--native", command, "--profile", "wvjb-classic", "--filter", "handler-missing/*", "--jobs", "1",
      "--json", reportPath,
    ]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    var environment = ProcessInfo.processInfo.environment
    environment["HANG_STARTED_MARKER"] = started
    process.environment = environment
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      // Whatever the outcome, the test itself leaves nothing behind.
      for pid in ProcessTable.liveProcesses(commandLineContaining: marker) { kill(pid, SIGKILL) }
    }

    let adapters = ProcessTable.waitForProcess(commandLineContaining: marker, timeout: 20)
    try #require(!adapters.isEmpty, "the adapter process never appeared")
    if waitForScenario {
      let deadline = Date().addingTimeInterval(30)
      while !FileManager.default.fileExists(atPath: started) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
      }
      try #require(FileManager.default.fileExists(atPath: started), "no scenario started within 30 s")
    }
    Thread.sleep(forTimeInterval: delay)
    let stoppedAfter = try Self.interruptAndWait(process)
    // The adapters here never exit by themselves (hang.py sleeps without
    // reading stdin): the short wait only lets a SIGKILL already sent land.
    let survivors = ProcessTable.waitForNoProcess(commandLineContaining: marker, timeout: 1)
    let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)).flatMap { try? JSONValue.parse($0) }
    return InterruptedRun(
      stoppedAfter: stoppedAfter, reason: process.terminationReason, status: process.terminationStatus, report: report,
      survivors: survivors)
  }

  /// Sends a real SIGINT to `process` and waits (10 s at most) for it to
  /// exit; returns the seconds it took.
  static func interruptAndWait(_ process: Process) throws -> TimeInterval {
    let interruptedAt = Date()
    try #require(kill(process.processIdentifier, SIGINT) == 0)
    while process.isRunning && Date().timeIntervalSince(interruptedAt) < 10 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let stoppedAfter = Date().timeIntervalSince(interruptedAt)
    try #require(!process.isRunning, "bridgecheck was still running 10 s after SIGINT")
    process.waitUntilExit()
    return stoppedAfter
  }

  /// A copy of hang.py under a unique path, so its processes are told apart
  /// from those of other tests running at the same time.
  private func hangingAdapter(in scratch: ScratchFolder) throws -> String {
    let path = scratch.path("hang-interrupted.py")
    try FileManager.default.copyItem(
      atPath: packageRoot.appendingPathComponent("conformance/adapters/faulty/hang.py").path, toPath: path)
    return path
  }

  /// A real SIGINT while a native adapter hangs in a scenario: the wait for
  /// it is cut short, the report is written and says so, and no adapter
  /// outlives the run.
  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to find the adapter processes"))
  func ctrlCDuringAHungAdapterEndsTheAdapterAndWritesTheReport() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let adapter = try hangingAdapter(in: scratch)
    // Once the first native scenario hangs (its 5 s limit is far off).
    let run = try interruptRun(
      native: "python3 \(adapter)", marker: adapter, delay: 0.2, waitForScenario: true, in: scratch)
    #expect(run.stoppedAfter < 3, "the wait for the hung adapter is cut short (stopped after \(run.stoppedAfter) s)")
    #expect(run.reason == .exit, "bridgecheck handles SIGINT itself instead of dying of it")
    #expect(run.status == 130, "an interrupted run exits 128 + SIGINT (README: exit codes)")
    let report = try #require(run.report, "the --json report was written")
    #expect(report["interrupted"] == true)
    let results = report["results"]?.arrayValue ?? []
    #expect(!results.isEmpty && results.count < 13, "\(results.count) of 13 scenarios ran before the interrupt")
    #expect(
      results.contains { $0["message"]?.stringValue?.contains("interrupted (Ctrl-C)") == true },
      "the scenario in flight says it was interrupted: \(results)")
    #expect(run.survivors.isEmpty, "adapter processes left alive after bridgecheck exited: \(run.survivors)")
  }

  /// A real SIGINT while the first adapter is still starting (before its
  /// hello): bridgecheck must not die of the signal and leave the adapter
  /// behind; the (empty) report is written and says it was interrupted.
  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to find the adapter processes"))
  func ctrlCWhileTheAdapterStartsEndsItAndWritesTheReport() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let adapter = try hangingAdapter(in: scratch)
    // Slow to start: the shell is found at once, and hello is 30 s away; a run that waited for it
    // would take far longer than the bound below, which leaves room for a loaded machine.
    let run = try interruptRun(
      native: "sh -c 'sleep 30; exec python3 \(adapter)'", marker: adapter, delay: 0, in: scratch)
    #expect(run.stoppedAfter < 8, "stopped after \(run.stoppedAfter) s")
    #expect(run.reason == .exit, "bridgecheck handles SIGINT itself instead of dying of it")
    #expect(run.status == 130)
    let report = try #require(run.report, "the --json report was written")
    #expect(report["interrupted"] == true)
    #expect(run.survivors.isEmpty, "adapter processes left alive after bridgecheck exited: \(run.survivors)")
  }
}
