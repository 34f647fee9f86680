import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InterruptTests {
  /// A real SIGINT while `bridgecheck doctor` waits on an adapter that hangs
  /// (and never reads stdin again, so closing it would not end it): the
  /// doctor stops at once, says it was interrupted, exits 130, and leaves no
  /// adapter running. The adapter runs in a process group of its own, so
  /// only bridgecheck can end it.
  @Test(.enabled(if: ProcessTable.isAvailable, "needs /proc to find the adapter processes"))
  func ctrlCDuringDoctorEndsTheAdapter() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let adapter = scratch.path("hang-doctor.py")
    try FileManager.default.copyItem(
      atPath: packageRoot.appendingPathComponent("conformance/adapters/faulty/hang.py").path, toPath: adapter)
    let output = Pipe()
    let process = Process()
    process.executableURL = try bridgecheckBinary()
    // A long timeout: without Ctrl-C handling the doctor would wait 60 s.
    process.arguments = ["doctor", "--native", "python3 \(adapter)", "--timeout", "60"]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    // hang.py touches this file when `start` arrives: the state to wait for.
    let started = scratch.path("start-received")
    var environment = ProcessInfo.processInfo.environment
    environment["HANG_STARTED_MARKER"] = started
    process.environment = environment
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      for pid in ProcessTable.liveProcesses(commandLineContaining: adapter) { kill(pid, SIGKILL) }
    }

    try #require(!ProcessTable.waitForProcess(commandLineContaining: adapter, timeout: 20).isEmpty)
    // hang.py answers hello and then hangs on start: wait until it got
    // there (a state, not a time: a busy machine may take seconds).
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: started) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    try #require(FileManager.default.fileExists(atPath: started), "the adapter never got `start` within 30 s")
    let stoppedAfter = try Self.interruptAndWait(process)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let survivors = ProcessTable.waitForNoProcess(commandLineContaining: adapter, timeout: 1)

    #expect(stoppedAfter < 3, "stopped after \(stoppedAfter) s")
    #expect(process.terminationReason == .exit, "doctor handles SIGINT itself instead of dying of it")
    #expect(process.terminationStatus == 130)
    #expect(text.contains("FAIL interrupted: Ctrl-C while waiting for the answer to start"), "\(text)")
    #expect(text.contains("interrupted (Ctrl-C): the examination did not finish"), "\(text)")
    #expect(survivors.isEmpty, "adapter processes left alive after doctor exited: \(survivors)")
  }
}
