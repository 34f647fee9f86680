import Foundation
import JSONModel
import TestSupport

/// What one run of the built `bridgecheck` binary produced.
struct CommandOutcome {
  var stdout: String
  var stderr: String
  var status: Int32
  /// Whether the run was killed for taking longer than its time limit.
  var timedOut = false
}

/// Runs `bridgecheck arguments…` in `directory` (the package root by default);
/// with a `timeLimit`, kills it (and reports `timedOut`) when it runs longer,
/// so a command that never ends fails its test instead of hanging the suite.
func bridgecheck(
  _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
  timeLimit: TimeInterval? = nil
) throws -> CommandOutcome {
  let process = Process()
  process.executableURL = try bridgecheckBinary()
  process.arguments = arguments
  process.currentDirectoryURL = directory
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = "1"
  for (key, value) in environment { env[key] = value }
  process.environment = env
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // The watchdog is cancelled as soon as the process has exited.
  let started = Date()
  let pid = process.processIdentifier
  let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
  if let timeLimit { DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog) }
  // Read both pipes while the process runs, so a large output cannot block it.
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  group.enter()
  DispatchQueue.global().async {
    outData = out.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  errData = err.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  watchdog.cancel()
  let timedOut =
    timeLimit.map { Date().timeIntervalSince(started) >= $0 } == true && process.terminationReason == .uncaughtSignal
  return CommandOutcome(
    stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
    status: process.terminationStatus, timedOut: timedOut)
}

/// A scratch folder with fixture files, removed by the caller.
struct ScratchFolder {
  let url: URL

  init() throws {
    url = try temporaryFolder("bridgecheck-e2e")
  }

  func write(_ relativePath: String, _ text: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  func path(_ relativePath: String) -> String { url.appendingPathComponent(relativePath).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A small fixture: echo through the native side; `expected` is what the
/// page callback must receive (give a wrong value to make it fail).
func echoFixture(id: String, expected: String = "1") -> String {
  let area = id.split(separator: "/").first.map(String.init) ?? "callbacks"
  return """
    {"id": "\(id)", "title": "An echo comes back", "area": "\(area)", "level": "must", "spec": "api-callhandler-forms",
     "subject": "pair", "setup": {"nativeHandlers": {"echo": "echo"}},
     "steps": [{"action": "settle"}, {"action": "page.call", "handler": "echo", "data": 1, "callback": "c1"}],
     "expect": {"events": [{"event": "page-callback-invoked", "label": "c1", "data": \(expected)}]}}
    """
}

/// Parses a JSON report.
func jsonReport(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }
