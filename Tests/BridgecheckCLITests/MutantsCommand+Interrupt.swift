import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bridgecheck mutants` shows progress, and Ctrl-C stops it within a
/// second with exit 130, saying how far it got, without comparing or
/// writing the partial matrix and without suggesting --update-expected.
@Suite("Mutation matrix: progress and Ctrl-C")
struct MutantsInterruptTests {
  /// Standard error of a running process, collected as it is written.
  final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }

  @Test func ctrlCStopsWithin1SecondAndNeitherComparesNorWritesThePartialMatrix() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // A copy of the mutants, so that a wrong write would show and could
    // not touch the committed matrix.
    let mutants = scratch.url.appendingPathComponent("mutants")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("conformance/mutants"), to: mutants)
    let expectedFile = mutants.appendingPathComponent("expected-kills.json")
    let before = try Data(contentsOf: expectedFile)

    let process = Process()
    process.executableURL = try bridgecheckBinary()
    process.arguments = ["mutants", "--mutants", mutants.path, "--update-expected", "--jobs", "2"]
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let errors = ErrorCollector()
    err.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    // The state to wait for: a progress line (the reference row is done,
    // so mutants are running on the workers).
    let deadline = Date().addingTimeInterval(180)
    while !errors.text.contains(" cells, ") && process.isRunning && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    try #require(errors.text.contains(" cells, "), "no progress line on standard error: \(errors.text)")
    try #require(process.isRunning, "the run ended before it could be interrupted")

    let stoppedAfter = try InterruptTests.interruptAndWait(process)
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    err.fileHandleForReading.readabilityHandler = nil
    let stderr = errors.text + String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

    #expect(stoppedAfter < 1.0, "stopped \(stoppedAfter) s after SIGINT")
    #expect(process.terminationStatus == 130, "\(stdout)\n\(stderr)")
    #expect(stdout.contains("mutation matrix interrupted:"), "\(stdout)")
    #expect(stderr.contains("interrupted:") && stderr.contains("cells ran"), "\(stderr)")
    #expect(!stdout.contains("differs") && !stderr.contains("differs"), "a partial run is never compared")
    #expect(!stdout.contains("--update-expected") && !stderr.contains("--update-expected"), "\(stdout)\n\(stderr)")
    #expect(!stdout.contains("NOT CAUGHT") && !stdout.contains("SURVIVES"), "a partial run cannot know that")
    #expect(try Data(contentsOf: expectedFile) == before, "the expected matrix was not written")
  }
}
