import BridgeImplementations
import Dialects
import JSONModel
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// Deliberately broken miniature implementations: every failure path of the
/// runner must end in a result with a reason, never in a crash of the run.
@Suite("Runner against miniature broken implementations")
struct ScenarioRunnerMiniatureTests {
  static let echoFixture = """
    {"id": "callbacks/echo", "title": "echo", "area": "callbacks", "level": "must", "spec": "s", "subject": "pair",
     "setup": {"nativeHandlers": {"echo": "echo"}, "pageHandlers": {"pageEcho": "echo"}},
     "steps": [{"action": "settle"}, {"action": "page.call", "handler": "echo", "data": 1, "callback": "c1"},
               {"action": "native.call", "handler": "pageEcho", "data": 2, "callback": "c2"}],
     "expect": {"events": [{"event": "page-callback-invoked", "label": "c1", "data": 1},
                           {"event": "native-callback-invoked", "label": "c2", "data": 2}], "ordered": false}}
    """

  struct NativeThatFailsToStart: NativeImplementation {
    let name = "fails-to-start"
    let version: String? = nil
    let transports = Transport.allCases
    let injections = Injection.allCases
    let features: Set<String> = []
    func startSession(
      webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String, events: any NativeSessionEvents
    ) throws(ImplementationError) -> any NativeSession {
      throw ImplementationError(
        code: "crashed", message: "the adapter exited with status 134", stderrTail: "fatal error: boom")
    }
  }

  /// Attaches nothing to the page and answers nothing: a bridge that does not work at all.
  struct SilentNative: NativeImplementation {
    let name = "silent"
    let version: String? = nil
    let transports = Transport.allCases
    let injections = Injection.allCases
    let features: Set<String> = []
    func startSession(
      webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String, events: any NativeSessionEvents
    ) throws(ImplementationError) -> any NativeSession { Session() }

    final class Session: NativeSession {
      var failure: ImplementationError?
      func registerHandler(_ name: String) throws(ImplementationError) {}
      func removeHandler(_ name: String) throws(ImplementationError) {}
      func respond(invocation: Int, data: JSONValue?) throws(ImplementationError) {}
      func callHandler(_ name: String, data: JSONValue?, callback: Int?) throws(ImplementationError) {
        failure = ImplementationError(code: "protocol-violation", message: "answered out of sequence")
      }
      func reset() throws(ImplementationError) {}
      func disableSafetyTimeout() throws(ImplementationError) {}
      func close() {}
    }
  }

  private func run(
    page: any PageImplementation = ReferencePageImplementation(),
    native: any NativeImplementation = ReferenceNativeImplementation()
  ) throws -> ScenarioResult {
    let runner = FixtureRunner(page: page, native: native, options: RunOptions(scriptTimeLimit: .milliseconds(250)))
    return runner.run(try fixture(Self.echoFixture))
  }

  @Test func theReferencePairPasses() throws {
    #expect(try run().status == .pass)
  }

  @Test func aNativeThatCannotStartIsAnErrorWithItsStderr() throws {
    let result = try run(native: NativeThatFailsToStart())
    #expect(result.status == .error)
    #expect(result.message?.contains("exited with status 134") == true)
    #expect(result.message?.contains("fatal error: boom") == true)
  }

  @Test func aNativeSessionFailureMidScenarioIsAnError() throws {
    let result = try run(native: SilentNative())
    #expect(result.status == .error)
    #expect(result.message?.contains("answered out of sequence") == true)
  }

  @Test func aPageBridgeThatLoopsForeverIsAnError() throws {
    let result = try run(page: ScriptPageImplementation(name: "loops", source: "for (;;) {}"))
    #expect(result.status == .error)
    #expect(result.message?.contains("time limit") == true)
    #expect(!result.trace.isEmpty)
  }

  @Test func aPageBridgeThatThrowsAtLoadIsAnErrorWithTheReason() throws {
    let result = try run(page: ScriptPageImplementation(name: "throws", source: "throw new Error('cannot start');"))
    #expect(result.status == .error)
    #expect(result.message?.contains("WebViewJavascriptBridge is not defined") == true)
    #expect(result.message?.contains("Error: cannot start") == true)
  }

  @Test func aPageBridgeThatRecursesWithoutEndIsAnError() throws {
    let result = try run(page: ScriptPageImplementation(name: "recurses", source: "(function f() { f(); })();"))
    #expect(result.status == .error)
    #expect(result.message?.contains("Maximum call stack size exceeded") == true)
  }

  @Test func aPageBridgeThatAllocatesWithoutBoundIsAnError() throws {
    let result = try run(page: ScriptPageImplementation(name: "allocates", source: "var s = 'x'; for (;;) s += s;"))
    #expect(result.status == .error)
    #expect(result.message?.contains("Out of memory") == true)
  }

  @Test func aPageBridgeThatAnswersWrongFailsWithTheExpectation() throws {
    let wrong = ReferencePageImplementation().source.replacingOccurrences(
      of: "handlers[handlerName](message.data, responseCallback);",
      with: "responseCallback && responseCallback('wrong');")
    #expect(wrong != ReferencePageImplementation().source)
    let result = try run(page: ScriptPageImplementation(name: "wrong", source: wrong))
    #expect(result.status == .fail)
    #expect(result.message?.contains("did not happen") == true)
  }

  @Test func oneBrokenScenarioDoesNotStopTheSuite() throws {
    let good = try fixture(Self.echoFixture)
    var bad = good
    bad.id = "callbacks/impossible"
    bad.expect.events = [
      EventPattern(
        event: "page-callback-invoked", fields: [("label", .exact("c1")), ("data", .exact(99))], pointer: .root)
    ]
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let results = SuiteRunner(runner: runner, jobs: 2).run([bad, good, bad, good])
    #expect(results.map(\.status) == [.fail, .pass, .fail, .pass])
    #expect(
      results.map(\.scenario.id) == [
        "callbacks/impossible", "callbacks/echo", "callbacks/impossible", "callbacks/echo",
      ])
  }

  @Test func runsAreDeterministic() throws {
    var impossible = try fixture(Self.echoFixture)
    impossible.expect.events = [EventPattern(event: "console", fields: [("text", .exact("never"))], pointer: .root)]
    let runner = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: RunOptions(seed: 7))
    let first = SuiteRunner(runner: runner, jobs: 2).run(Array(repeating: impossible, count: 4))
    let second = SuiteRunner(runner: runner, jobs: 1).run(Array(repeating: impossible, count: 4))
    for (a, b) in zip(first, second) {
      #expect(a.message == b.message)
      #expect(a.trace == b.trace)
      #expect(a.traceEventCount == b.traceEventCount)
    }
    #expect(Set(first.map(\.trace)).count == 1)
  }

  @Test func skipsAreExplained() throws {
    var native = try fixture(Self.echoFixture)
    native.subject = .native
    let pageOnly = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    let result = pageOnly.run(native)
    #expect(result.status == .skip)
    #expect(result.message?.contains("judges the native side") == true)
    var needsFeature = try fixture(Self.echoFixture)
    needsFeature.setup.options.answerMissingHandler = true
    let plain = FixtureRunner(
      page: ScriptPageImplementation(name: "plain.js", source: ""), native: ReferenceNativeImplementation())
    #expect(plain.run(needsFeature).message?.contains("answer-missing-handler") == true)
  }
}
