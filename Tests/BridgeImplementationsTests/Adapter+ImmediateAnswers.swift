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

/// What protocol 1.3 changes (docs/adapter-protocol.md, "Answers given in
/// the handler"): a handler that answers at once is registered with its
/// answer and answered by the adapter inside the handler, without a
/// `respond` round trip; `start` is written before the page is built. The
/// verdicts stay those of 1.2.
@Suite("Adapter protocol 1.3: answers given in the handler")
struct AdapterImmediateAnswerTests {
  /// Shipped fixtures that judge the native side, whose native handlers all
  /// answer at once, once, with nothing before the answer, and stay the same
  /// for the whole scenario: at 1.3 none of their answers needs `respond`.
  static func fixturesAnsweredAtOnce() throws -> [Fixture] {
    let selected = AdapterTestSupport.fixtures.filter { fixture in
      guard fixture.subject != .page, (fixture.setup.injection ?? .bridgeLoaded) == .bridgeLoaded else { return false }
      let behaviours = fixture.setup.nativeHandlers.map(\.behaviour)
      let reregisters = fixture.steps.contains { if case .nativeRegister = $0 { true } else { false } }
      return !reregisters && !behaviours.isEmpty
        && behaviours.allSatisfy { $0.respond != nil && $0.call == nil && $0.delay == 0 && $0.times == 1 }
        && !fixture.id.contains("megabyte")
    }
    try #require(selected.count >= 6, "only \(selected.count) fixtures whose native handlers answer at once")
    return Array(selected.prefix(8))
  }

  private func recordedRun(
    minor: Int, fixtures: [Fixture], commandFilter: String = "", eventFilter: String = ""
  ) throws -> (results: [ScenarioResult], commands: [String], events: [String]) {
    try AdapterTestSupport.recordedRun(
      minor: minor, fixtures: fixtures, commandFilter: commandFilter, eventFilter: eventFilter)
  }

  private func count(_ lines: [String], _ text: String) -> Int { lines.filter { $0.contains(text) }.count }

  @Test func theThirdVersionAnswersInsideTheHandlerForTheSameVerdicts() throws {
    try AdapterTestSupport.requireFixtures()
    let fixtures = try Self.fixturesAnsweredAtOnce()
    let old = try recordedRun(minor: 2, fixtures: fixtures)
    let new = try recordedRun(minor: 3, fixtures: fixtures)
    #expect(old.results.map(\.status) == new.results.map(\.status))
    #expect(
      new.results.allSatisfy { $0.status == .pass },
      "\(new.results.map { "\($0.scenario.id): \($0.status) \($0.message ?? "")" })")

    let answered = count(new.events, #""answered":true"#)
    #expect(answered > 0)
    #expect(count(new.commands, #""type":"respond""#) == 0, "every answer was given in the handler")
    #expect(count(old.commands, #""type":"respond""#) == answered, "at 1.2 each of them is a respond round trip")
    #expect(count(old.commands, #""answer":"#) == 0 && count(old.events, #""answered""#) == 0, "1.2 has neither member")
    let registrations = new.commands.filter { $0.contains(#""type":"registerHandler""#) }
    #expect(
      !registrations.isEmpty && registrations.allSatisfy { $0.contains(#""answer":{"#) }, "\(registrations.prefix(3))")
    // The configuration crosses once per process (every fixture here has
    // the same one), like the page script.
    let starts = count(new.commands, #""type":"start""#)
    #expect(starts == fixtures.count)
    #expect(count(new.commands, #""sameConfiguration":true"#) == starts - 1)
    #expect(count(old.commands, #""configuration":{"#) == starts, "1.2 sends the configuration in every start")
    // The same page-side outcome: the response reaches the page as often.
    #expect(count(new.events, #"responseId"#) == count(old.events, #"responseId"#))
  }

  /// An adapter may ignore `answer`: it reports the call without
  /// `answered`, and the harness answers with `respond` as at 1.2. (`answer`
  /// is the last member of a `registerHandler`, so the filter cuts from it
  /// to the end of the line.)
  @Test func anAdapterThatIgnoresTheAnswerIsAnsweredByTheHarness() throws {
    try AdapterTestSupport.requireFixtures()
    let fixtures = try Self.fixturesAnsweredAtOnce()
    let run = try recordedRun(
      minor: 3, fixtures: fixtures, commandFilter: #"/"type":"registerHandler"/s/,"answer":.*}$/}/"#)
    #expect(
      run.results.allSatisfy { $0.status == .pass },
      "\(run.results.map { "\($0.scenario.id): \($0.status) \($0.message ?? "")" })")
    #expect(count(run.commands, #""answer":"#) == 0, "the filter took every answer out")
    #expect(count(run.events, #""answered""#) == 0)
    #expect(count(run.commands, #""type":"respond""#) > 0)
  }

  /// `answered` for a handler registered without an answer (here one that
  /// answers after a delay) would make the harness skip an answer the
  /// scenario gives: a protocol violation that names the handler.
  @Test func answeredForAHandlerRegisteredWithoutAnAnswerIsAViolation() throws {
    try AdapterTestSupport.requireFixtures()
    let fixture = try #require(
      AdapterTestSupport.fixtures.first { $0.id == "callbacks/native-handler-answers-after-delay" })
    try #require(fixture.setup.nativeHandlers.contains { $0.behaviour.delay > 0 })
    let run = try recordedRun(
      minor: 3, fixtures: [fixture], eventFilter: #"s/"canRespond":true}$/"canRespond":true,"answered":true}/"#)
    let result = try #require(run.results.first)
    #expect(result.status == .error, "\(result.status): \(result.message ?? "")")
    #expect(result.message?.contains("registered without an `answer`") == true, "\(result.message ?? "")")
    #expect(
      result.message?.contains("protocol-violation") == true || result.message?.contains("answered a call") == true)
  }

  /// The Swift server: at 1.3 the registered answer is given inside the
  /// handler, twice when `times` is 2 (the bridge sends the first only);
  /// talking to a 1.2 harness it ignores `answer`.
  @Test(arguments: [2, 3])
  func theServerAnswersInsideTheHandler(harnessMinor: Int) throws {
    let configuration = AdapterProtocol.configurationJSON(
      SessionConfiguration(transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: .classic))
    let queue = #"[{"handlerName":"echo","data":"hi","callbackId":"cb_1"},{"handlerName":"echo","data":"again"}]"#
    let commands: [JSONValue] = [
      ["type": "hello", "seq": 1, "protocol": 1, "minor": .number(Double(harnessMinor))],
      ["type": "start", "seq": 2, "configuration": configuration, "pageScript": "/* page */"],
      ["type": "registerHandler", "seq": 3, "name": "echo", "answer": ["times": 2, "echo": true]],
      ["type": "navigation", "seq": 4, "id": 1, "url": "https://__bridge_loaded__", "frame": "iframe"],
      ["type": "navigation", "seq": 5, "id": 2, "url": "https://__wvjb_queue_message__", "frame": "iframe"],
      ["type": "evaluationResult", "seq": 6, "id": 2, "ok": true, "result": .string(queue)],
      ["type": "exit", "seq": 7],
    ]
    let events = try AdapterTestSupport.serve(
      ReferenceAdapterBridge.server(), input: commands.map { $0.serialized() + "\n" }.joined())
    let lastDone = try #require(events.lastIndex { $0["type"] == "done" && $0["seq"] == 5 })
    let answer = Array(events[(lastDone + 1)...].prefix { $0["type"] != "done" })
    let invoked = answer.filter { $0["type"] == "handlerInvoked" }
    #expect(invoked.count == 2)
    let responses = answer.filter { $0["type"] == "evaluate" && $0["script"]?.stringValue?.contains("cb_1") == true }
    if harnessMinor >= 3 {
      #expect(invoked.map { $0["answered"] } == [true, nil], "only the call with a callback is answered: \(invoked)")
      #expect(responses.count == 1, "the second answer of the same call is dropped by the bridge: \(answer)")
      let first = try #require(answer.firstIndex { $0["type"] == "handlerInvoked" })
      let response = try #require(answer.firstIndex { $0["type"] == "evaluate" })
      let second = try #require(answer.lastIndex { $0["type"] == "handlerInvoked" })
      #expect(
        first < response && response < second, "the answer is given inside the first handler, before the next message")
    } else {
      #expect(invoked.allSatisfy { $0["answered"] == nil })
      #expect(responses.isEmpty, "a 1.2 harness answers with respond")
    }
  }

  /// At 1.3 `start` is written before the page is built; a prepared session
  /// that is never started gives its process back, which serves the next
  /// scenario. Below 1.3 nothing is prepared.
  @Test func startIsWrittenBeforeThePageIsBuilt() throws {
    try AdapterTestSupport.requireFixtures()
    let fixture = try #require(try Self.fixturesAnsweredAtOnce().first)
    let configuration = SessionConfiguration(
      transport: .iframe, injection: .bridgeLoaded, options: fixture.setup.options, profile: .classic)
    let pageScript = try ReferencePageImplementation().script(for: configuration)
    for minor in [2, 3] {
      let native = AdapterNativeImplementation(
        command: AdapterTestSupport.pythonAdapter, limits: AdapterTestSupport.verdictLimits, protocolMinorVersion: minor
      )
      defer { native.shutdown() }
      let process = native.idleProcessIDs
      do {
        let prepared = native.prepareSession(configuration: configuration, pageScript: pageScript)
        #expect((prepared != nil) == (minor >= 3), "minor \(minor)")
        #expect(native.idleProcessIDs == (minor >= 3 ? [] : process), "a prepared session holds the process")
        withExtendedLifetime(prepared) {}
      }
      #expect(native.idleProcessIDs == process, "dropped unused, it gives the process back")
      let runner = FixtureRunner(page: ReferencePageImplementation(), native: native, tested: .both)
      let result = runner.run(fixture)
      #expect(result.status == .pass, "minor \(minor): \(result.status) \(result.message ?? "")")
      #expect(native.spawnedProcessIDs == process, "the same process served the scenario")
    }
  }
}
