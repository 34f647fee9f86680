import BridgeImplementations
import JSONModel
import JSRuntime
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// Scenarios that one thread runs share a JavaScriptCore context group, and
/// a page bridge that leaves things behind must not change the next
/// scenario; a scenario that ends in an error leaves a fresh group behind.
@Suite("Scenarios sharing a context group")
struct ScenarioRunnerSharedGroupIsolationTests {
  /// A fixture whose page runs `script` and expects nothing but that the
  /// page logged `expectedLog` (or anything when nil).
  private func scenario(_ id: String, script: String, expectedLog: String? = nil) throws -> Fixture {
    let expect: JSONValue =
      expectedLog.map { ["events": [["event": "console", "text": .string($0)]]] } ?? ["events": []]
    let json: JSONValue = [
      "id": .string("isolation/\(id)"), "title": "t", "area": "isolation", "level": "must", "spec": "s",
      "subject": "page",
      "setup": ["pageScripts": [.string(script)]],
      "steps": [["action": "settle"]],
      "expect": expect,
    ]
    return try fixture(json.serialized())
  }

  /// Globals, built-ins, timers, pending promises, an unhandled rejection
  /// and memory held by one page bridge: the next scenario sees none of it.
  static let hostileScript = """
    globalThis.leaked = 'hostile';
    Object.defineProperty(Object.prototype, 'polluted', {value: 1, enumerable: false});
    Object.defineProperty(Array.prototype, 'extra', {value: 1, enumerable: false});
    String.prototype.trim = function () { return 'hijacked'; };
    Math.random = function () { return 4; };
    setTimeout(function () { globalThis.timerRan = true; }, 50);
    globalThis.pending = new Promise(function () {});
    (async function () { await new Promise(function () {}); globalThis.resumed = true; })();
    globalThis.hoard = new Array(200000).fill('held');
    console.log('hostile done');
    """

  /// A rejection no handler catches (the scenario fails on it, without
  /// retiring the group), and one still pending when the page closes.
  static let rejectingScript = """
    Promise.reject('left unhandled by the hostile page');
    new Promise(function (resolve, reject) { globalThis.rejectLater = reject; });
    """

  static let probeScript = """
    var seen = [];
    if (typeof leaked !== 'undefined') seen.push('global');
    if ('polluted' in Object.prototype) seen.push('Object.prototype');
    if ([].extra !== undefined) seen.push('Array.prototype');
    if (' a '.trim() !== 'a') seen.push('String.prototype.trim');
    if (Math.random() === 4) seen.push('Math.random');
    if (typeof timerRan !== 'undefined') seen.push('timer');
    if (typeof pending !== 'undefined' || typeof resumed !== 'undefined') seen.push('promises');
    if (typeof hoard !== 'undefined') seen.push('memory');
    console.log('leaks: [' + seen.join(',') + ']');
    """

  @Test func aHostilePageBridgeLeavesNothingForTheNextScenario() throws {
    let runner = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    let hostile = try scenario("hostile", script: Self.hostileScript)
    let probe = try scenario("probe", script: Self.probeScript, expectedLog: "leaks: []")
    SharedContextGroup.retireOnThisThread()  // a fresh group, far from its recycling

    #expect(runner.run(probe).status == .pass)
    let serial = try #require(SharedContextGroup.serialOnThisThread)
    let hostileResult = runner.run(hostile)
    #expect(hostileResult.status == .pass, "\(hostileResult.message ?? "")")
    var rejectingTrace: [TraceEvent] = []
    let rejecting = runner.run(try scenario("rejecting", script: Self.rejectingScript)) { rejectingTrace.append($0) }
    #expect(rejecting.status == .fail, "its unhandled rejection fails it (not an error: the group is kept)")
    #expect(rejectingTrace.contains { $0.name == TraceEventName.unhandledRejection })
    #expect(SharedContextGroup.serialOnThisThread == serial, "the probe below runs in the hostile page's group")

    var probeTrace: [TraceEvent] = []
    let result = runner.run(probe) { probeTrace.append($0) }
    #expect(result.status == .pass, "\(result.message ?? "")")
    #expect(!probeTrace.contains { $0.name == TraceEventName.unhandledRejection })
    #expect(SharedContextGroup.serialOnThisThread == serial)
  }

  /// A page that passes a limit, or a scenario that ends in an error for any
  /// reason, is followed by a fresh context group.
  @Test func anErrorOrALimitGivesTheNextScenarioAFreshGroup() throws {
    let runner = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(),
      options: RunOptions(scriptTimeLimit: .milliseconds(50)))
    let quiet = try scenario("quiet", script: "console.log('quiet')", expectedLog: "quiet")
    SharedContextGroup.retireOnThisThread()  // a fresh group, far from its recycling
    #expect(runner.run(quiet).status == .pass)
    let first = try #require(SharedContextGroup.serialOnThisThread)

    let hang = try scenario("hang", script: "for (;;) {}")
    #expect(runner.run(hang).status == .error)
    #expect(SharedContextGroup.serialOnThisThread == nil, "the hung page's group is retired")
    #expect(runner.run(quiet).status == .pass)
    let second = try #require(SharedContextGroup.serialOnThisThread)
    #expect(second != first)

    let timers = try scenario("timers", script: "for (var i = 0; i < 20000; i++) setTimeout(function () {}, 1);")
    #expect(runner.run(timers).status == .error)
    #expect(SharedContextGroup.serialOnThisThread == nil, "a page past a limit retires its group")
    #expect(runner.run(quiet).status == .pass)
    #expect(SharedContextGroup.serialOnThisThread != second)
  }

  @Test func aGroupPerPageWhenAsked() throws {
    var options = RunOptions()
    options.sharesContextGroups = false
    let runner = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), options: options)
    SharedContextGroup.retireOnThisThread()
    let quiet = try scenario("quiet", script: "console.log('quiet')", expectedLog: "quiet")
    #expect(runner.run(quiet).status == .pass)
    #expect(SharedContextGroup.serialOnThisThread == nil, "no shared group was made")
  }
}
