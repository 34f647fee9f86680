import AdapterHosting
import BridgeImplementations
import BridgecheckAdapter
import Dialects
import Foundation
import JSONModel
import ReferenceAdapter
import ReferenceImplementations
import Testing

@testable import BridgeImplementations
@testable import ScenarioRunner

/// What protocol 1.2 changes on the wire (docs/adapter-protocol.md,
/// "Version 1.2"): the page script crosses once per process, successful
/// deliveries are not reported back, and commands written together are
/// answered in order. The verdicts stay those of 1.1.
@Suite("Adapter protocol 1.2 on the wire")
struct AdapterPipeliningTests {
  /// The command lines and event lines of one run of `fixtures` through the
  /// Python adapter at `minor`, recorded by `tee` around it.
  private func recordedRun(minor: Int, fixtures: [Fixture]) throws -> (
    statuses: [ScenarioStatus], commands: [String], events: [String]
  ) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-wire-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let commandsFile = folder.appendingPathComponent("commands.jsonl").path
    let eventsFile = folder.appendingPathComponent("events.jsonl").path
    let command = [
      "sh", "-c", #"tee "$0" | python3 "$1" | tee "$2""#, commandsFile, AdapterTestSupport.pythonAdapter[1], eventsFile,
    ]
    let native = AdapterNativeImplementation(
      command: command, limits: AdapterTestSupport.verdictLimits, protocolMinorVersion: minor)
    #expect(native.startupFailure == nil, "\(native.startupFailure?.message ?? "")")
    #expect(native.protocolMinorVersion == minor)
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
    let statuses = SuiteRunner(runner: runner, jobs: 1).run(fixtures).map(\.status)
    native.shutdown()
    func lines(_ path: String) throws -> [String] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }
    return (statuses, try lines(commandsFile), try lines(eventsFile))
  }

  @Test func theSecondVersionSendsLessForTheSameVerdicts() throws {
    try AdapterTestSupport.requireFixtures()
    let fixtures = try AdapterTestSupport.nativeFixtures(6)
    let old = try recordedRun(minor: 1, fixtures: fixtures)
    let new = try recordedRun(minor: 2, fixtures: fixtures)
    #expect(old.statuses == new.statuses)
    #expect(new.statuses.allSatisfy { $0 == .pass }, "\(new.statuses)")

    // The page script: in every start of 1.1 and echoed in every injection;
    // once per process in 1.2, and named in the injections.
    let marker = "the classic build of page-bridge.js"
    let starts = old.commands.filter { $0.contains(#""type":"start""#) }.count
    #expect(starts == fixtures.count)
    #expect(old.commands.filter { $0.contains(marker) }.count == starts)
    #expect(new.commands.filter { $0.contains(marker) }.count == 1)
    #expect(new.commands.filter { $0.contains(#""samePageScript":true"#) }.count == starts - 1)
    #expect(old.events.contains { $0.contains(marker) })
    #expect(!new.events.contains { $0.contains(marker) })
    #expect(new.events.contains { $0.contains(#""pageScript":true"#) })

    // Deliveries ask to hear of failures only, so their successes cost no
    // evaluationResult.
    func count(_ lines: [String], _ text: String) -> Int { lines.filter { $0.contains(text) }.count }
    #expect(count(new.events, #""report":"failure""#) > 0)
    #expect(count(old.events, #""report""#) == 0, "1.1 has no report member")
    let evaluations = count(old.events, #""type":"evaluate""#)
    #expect(count(new.events, #""type":"evaluate""#) == evaluations)
    #expect(
      count(new.commands, #""type":"evaluationResult""#) == evaluations - count(new.events, #""report":"failure""#),
      "every evaluation is reported except the successful deliveries")
    #expect(count(old.commands, #""type":"evaluationResult""#) == evaluations)

    let oldBytes = old.commands.reduce(0) { $0 + $1.utf8.count } + old.events.reduce(0) { $0 + $1.utf8.count }
    let newBytes = new.commands.reduce(0) { $0 + $1.utf8.count } + new.events.reduce(0) { $0 + $1.utf8.count }
    #expect(newBytes * 3 < oldBytes, "1.2 moved \(newBytes) bytes, 1.1 \(oldBytes)")
  }

  /// The harness's side: answers are read in order, whether they come
  /// while a command longer than the pipe holds is still being written
  /// (the answer of a command not waited for arrives meanwhile) or when
  /// they are settled.
  @Test func answersComeInOrderAroundALongCommand() throws {
    let connection = try AdapterConnection(
      command: AdapterTestSupport.pythonAdapter, limits: AdapterTestSupport.verdictLimits, shouldStop: { false })
    defer { connection.kill(reason: ImplementationError(code: "closed", message: "test over")) }
    try connection.handshake()
    #expect(connection.pipelines)
    let configuration = AdapterProtocol.configurationJSON(
      SessionConfiguration(transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: .classic))
    _ = try connection.exchange(.start, ["configuration": configuration, "pageScript": "/* page */"])
    try connection.post(.registerHandler, ["name": "echo"])
    #expect(connection.hasUnansweredCommands)
    // 2 MB of data: more than a pipe holds, so the harness reads while it writes.
    let long = JSONValue.string(String(repeating: "x", count: 2 << 20))
    let answers = try connection.exchange(.callHandler, ["name": "ping", "data": long])
    #expect(answers.map(\.command) == [.registerHandler, .callHandler])
    #expect(answers.map(\.seq) == [3, 4])
    #expect(answers[1].events.contains { $0["code"] == "startup-queued" }, "held until injection: \(answers[1].events)")
    #expect(!connection.hasUnansweredCommands)
    try connection.post(.removeHandler, ["name": "echo"])
    try connection.post(.stop)
    let settled = try connection.settle()
    #expect(settled.map(\.command) == [.removeHandler, .stop])
    #expect(try connection.settle().isEmpty)
  }

  /// The Swift adapter server answers commands that arrive together in
  /// order, and one write answers them all.
  @Test func theServerAnswersCommandsWrittenTogether() throws {
    let server = ReferenceAdapterBridge.server()
    let configuration = AdapterProtocol.configurationJSON(
      SessionConfiguration(transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: .classic))
    let commands: [JSONValue] = [
      ["type": "hello", "seq": 1, "protocol": 1, "minor": 2],
      ["type": "start", "seq": 2, "configuration": configuration, "pageScript": "/* page */"],
      ["type": "registerHandler", "seq": 3, "name": "echo"],
      ["type": "navigation", "seq": 4, "id": 1, "url": "https://__bridge_loaded__", "frame": "iframe"],
      ["type": "stop", "seq": 5],
      ["type": "start", "seq": 6, "configuration": configuration, "samePageScript": true],
      ["type": "navigation", "seq": 7, "id": 2, "url": "https://__bridge_loaded__", "frame": "iframe"],
      ["type": "exit", "seq": 8],
    ]
    let input = commands.map { $0.serialized() + "\n" }.joined()
    let events = try AdapterTestSupport.serve(server, input: input)
    #expect(events.filter { $0["type"] == "done" }.map { $0["seq"] } == (1...8).map { .number(Double($0)) })
    let injections = events.filter { $0["type"] == "evaluate" }
    #expect(injections.count == 2)
    #expect(injections.allSatisfy { $0["pageScript"] == true && $0["script"] == nil }, "\(injections)")
    #expect(events.first { $0["type"] == "hello" }?["minor"] == .number(Double(AdapterProtocol.minorVersion)))
  }

  /// Talking to a 1.1 harness, the server uses nothing of 1.2, and a
  /// `samePageScript` it is sent anyway is an error, not a guess.
  @Test func theServerSpeaksTheHarnessVersion() throws {
    let server = ReferenceAdapterBridge.server()
    let configuration = AdapterProtocol.configurationJSON(
      SessionConfiguration(transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: .classic))
    let commands: [JSONValue] = [
      ["type": "hello", "seq": 1, "protocol": 1, "minor": 1],
      ["type": "start", "seq": 2, "configuration": configuration, "pageScript": "/* page */"],
      ["type": "navigation", "seq": 3, "id": 1, "url": "https://__bridge_loaded__", "frame": "iframe"],
      ["type": "callHandler", "seq": 4, "name": "x"],
      ["type": "start", "seq": 5, "configuration": configuration, "samePageScript": true],
    ]
    let events = try AdapterTestSupport.serve(server, input: commands.map { $0.serialized() + "\n" }.joined())
    let evaluations = events.filter { $0["type"] == "evaluate" }
    #expect(evaluations.count == 2)
    #expect(evaluations.allSatisfy { $0["script"]?.stringValue != nil && $0["report"] == nil }, "\(evaluations)")
    #expect(events.contains { $0["type"] == "error" && $0["message"]?.stringValue?.contains("pageScript") == true })
  }
}
