import Foundation
import JSONModel
import TestSupport
import Testing

/// `bridgecheck-reference-adapter`, the reference native bridge as a Swift adapter of its own on
/// the `BridgecheckAdapter` product: `swift build` builds it, `run --native` with its path passes
/// every scenario the in-process reference passes, and its command line refuses what it does not
/// know before it serves anything.
@Suite("The standalone Swift reference adapter")
struct ReferenceAdapterEndToEndTests {
  /// id → (subject, status) of every scenario of the shipped suite, with the reference page bridge.
  private func verdicts(native: String?) throws -> [String: (subject: String, status: String, message: String)] {
    // One job and a generous adapter limit: the comparison is about verdicts, not speed.
    var arguments = ["run", "--format", "json", "--jobs", "1"]
    if let native { arguments += ["--native", native, "--adapter-timeout", "120"] }
    let outcome = try bridgecheck(arguments, timeLimit: 600)
    #expect(outcome.status == 0, "\(native ?? "in process"): \(outcome.stderr)")
    var verdicts: [String: (subject: String, status: String, message: String)] = [:]
    for result in try jsonReport(outcome.stdout)["results"]?.arrayValue ?? [] {
      guard let id = result["id"]?.stringValue else { continue }
      verdicts[id] = (
        result["subject"]?.stringValue ?? "?", result["status"]?.stringValue ?? "?",
        result["message"]?.stringValue ?? ""
      )
    }
    return verdicts
  }

  /// `run --native` judges the native side: every scenario that judges the native side or the pair
  /// and passes with the in-process reference pair passes with the standalone adapter too, but for
  /// those the page bridge's dialect cannot run (under `--native` the reference page bridge speaks
  /// wvjb-classic, in process the reference dialect, which has document-start injection and the
  /// messageHandlers transport too).
  @Test func passesEveryScenarioTheInProcessReferencePasses() throws {
    let adapter = try builtBinary(named: "bridgecheck-reference-adapter")
    let inProcess = try verdicts(native: nil)
    let passing = inProcess.keys.filter { inProcess[$0]?.status == "pass" && inProcess[$0]?.subject != "page" }.sorted()
    #expect(passing.count >= 80)
    let standalone = try verdicts(native: adapter.path)
    let lost = passing.filter { id in
      guard let verdict = standalone[id] else { return true }
      return verdict.status != "pass"
        && !(verdict.status == "skip" && verdict.message.contains("which the page bridge"))
    }
    .map { "\($0): in process pass, bridgecheck-reference-adapter \(standalone[$0]?.status ?? "not run")" }
    #expect(passing.filter { standalone[$0]?.status == "pass" }.count >= 80)
    #expect(lost.isEmpty, "\(lost.joined(separator: "\n"))")
  }

  @Test func refusesAnUnknownArgumentBeforeServing() throws {
    let adapter = try builtBinary(named: "bridgecheck-reference-adapter")
    let refused = try run(adapter, ["--fualt", "falsy-data-dropped"], input: #"{"type":"hello","seq":1}"# + "\n")
    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty, "nothing is served: \(refused.stdout)")
    #expect(refused.stderr.contains("unknown argument --fualt"), "\(refused.stderr)")
    let missing = try run(adapter, ["--fault"], input: "")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--fault needs a fault name"), "\(missing.stderr)")
  }

  @Test func aFaultIsSwitchedOnFromTheCommandLine() throws {
    let adapter = try builtBinary(named: "bridgecheck-reference-adapter")
    let hello = #"{"type":"hello","seq":1,"minor":4}"# + "\n" + #"{"type":"exit","seq":2}"# + "\n"
    for arguments in [["--fault", "falsy-data-dropped"], ["--fault=falsy-data-dropped"]] {
      let served = try run(adapter, arguments, input: hello)
      #expect(served.status == 0, "\(served.stderr)")
      #expect(served.stdout.contains(#""name":"reference+falsy-data-dropped""#), "\(arguments): \(served.stdout)")
    }
  }

  /// Runs `executable arguments…` with `input` on its standard input.
  private func run(_ executable: URL, _ arguments: [String], input: String) throws -> CommandOutcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandOutcome(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }
}
