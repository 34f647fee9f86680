import AdapterHosting
import BridgeImplementations
import Foundation
import JSONModel
import ReferenceAdapter
import ReferenceImplementations
import Testing

@testable import BridgeImplementations
@testable import ScenarioRunner

/// What protocol 1.4 changes (docs/adapter-protocol.md, "Long texts as raw
/// blocks"): a long script or evaluation result crosses as raw UTF-8 after
/// its line instead of as an escaped JSON string; the verdicts stay those of
/// 1.3, and a block that does not match its announced length is a protocol
/// violation on either side.
@Suite("Adapter protocol 1.4: long texts as raw blocks")
struct AdapterTextBlockTests {
  /// The two shipped fixtures whose payloads are a megabyte.
  static func megabyteFixtures() throws -> [Fixture] {
    let selected = AdapterTestSupport.fixtures.filter { $0.id.hasPrefix("data/one-megabyte-") }
    try #require(selected.count == 2)
    return selected
  }

  private func count(_ lines: [String], _ text: String) -> Int { lines.filter { $0.contains(text) }.count }

  @Test func megabytePayloadsCrossAsBlocksForTheSameVerdicts() throws {
    try AdapterTestSupport.requireFixtures()
    let fixtures = try Self.megabyteFixtures()
    let old = try AdapterTestSupport.recordedRun(minor: 3, fixtures: fixtures)
    let new = try AdapterTestSupport.recordedRun(minor: 4, fixtures: fixtures)
    for run in [old, new] {
      #expect(
        run.results.allSatisfy { $0.status == .pass },
        "\(run.results.map { "\($0.scenario.id): \($0.status) \($0.message ?? "")" })")
    }
    #expect(count(new.events, #""scriptBytes":"#) >= 4, "every megabyte delivery is a script block")
    #expect(count(new.commands, #""resultBytes":"#) >= 2, "every megabyte queue fetch comes back as a result block")
    #expect(
      count(old.events, #""scriptBytes""#) == 0 && count(old.commands, #""resultBytes""#) == 0, "1.3 has neither member"
    )
    // Short texts stay JSON strings.
    #expect(new.events.contains { $0.contains(#""script":"WebViewJavascriptBridge._fetchQueue();""#) })
    // Without the second escaping, fewer bytes cross.
    let oldBytes = (old.commands + old.events).reduce(0) { $0 + $1.utf8.count }
    let newBytes = (new.commands + new.events).reduce(0) { $0 + $1.utf8.count }
    #expect(newBytes < oldBytes, "\(newBytes) bytes at 1.4, \(oldBytes) at 1.3")
  }

  /// An adapter whose block is not as long as it says, or that announces a
  /// block where there is none, is stopped with the reason.
  @Test(arguments: [
    (#"s/"scriptBytes":[0-9]*/"scriptBytes":1/"#, "does not end with a newline"),
    (#"s/"scriptBytes":/"script":"x","scriptBytes":/"#, "is not a byte count"),
    (#"s/^{"type":"log",/{"type":"log","scriptBytes":3,/"#, "only `evaluate` has a script block"),
  ])
  func aWrongBlockIsAViolation(filter: String, reason: String) throws {
    try AdapterTestSupport.requireFixtures()
    let fixture = try #require(try Self.megabyteFixtures().first { $0.id.hasSuffix("native-to-page") })
    let run = try AdapterTestSupport.recordedRun(minor: 4, fixtures: [fixture], eventFilter: filter)
    let result = try #require(run.results.first)
    #expect(result.status == .error, "\(result.status): \(result.message ?? "")")
    #expect(result.message?.contains(reason) == true, "\(result.message ?? "")")
    #expect(result.message?.contains("protocol-violation") == true || result.message?.contains("protocol") == true)
  }

  /// The Swift server reads a result block into `result`; a block without
  /// its newline, or that is not UTF-8, is answered with an error (and
  /// `done`), and the server reads on after it.
  @Test func theServerChecksResultBlocks() throws {
    let hello = #"{"type":"hello","seq":1,"protocol":1,"minor":4}"# + "\n"
    let badEnd = #"{"type":"evaluationResult","seq":2,"id":1,"ok":true,"resultBytes":3}"# + "\nabcX"
    let exit = #"{"type":"exit","seq":4}"# + "\n"
    var input = Data((hello + badEnd).utf8)
    input.append(Data((#"{"type":"evaluationResult","seq":3,"id":1,"ok":true,"resultBytes":2}"# + "\n").utf8))
    input.append(contentsOf: [0xC3, 0x28, 0x0A])
    input.append(Data(exit.utf8))
    let events = try AdapterTestSupport.serve(ReferenceAdapterBridge.server(), bytes: input)
    let errors = events.filter { $0["type"] == "error" }.compactMap { $0["message"]?.stringValue }
    #expect(errors.count == 2, "\(events)")
    #expect(errors.first?.contains("does not end with a newline after its 3 bytes") == true, "\(errors)")
    #expect(errors.last?.contains("not UTF-8") == true, "\(errors)")
    #expect(events.filter { $0["type"] == "done" }.compactMap { $0.integer("seq") } == [1, 2, 3, 4])
  }
}

/// The Swift reference adapter in every shipped dialect: the native bridge
/// behind the adapter protocol gives the verdicts of the same bridge in
/// process. (At 1.3 a JsBridge 2.x page's `response(undefined, id)`, an
/// answer without data, reached the adapter as `response(null, id)`, which
/// the bridge rightly refuses as no JSON text: three MUST fixtures failed
/// through the adapter alone. 1.4 names the `undefined` arguments.)
@Suite("The Swift reference adapter in every dialect")
struct AdapterDialectTests {
  @Test(arguments: AdapterTestSupport.profileNames)
  func theAdapterGivesTheInProcessVerdicts(name: String) throws {
    try AdapterTestSupport.requireFixtures()
    let profile = try AdapterTestSupport.profile(name)
    let native = AdapterNativeImplementation(
      command: try AdapterTestSupport.referenceAdapter(), limits: AdapterTestSupport.verdictLimits)
    defer { native.shutdown() }
    #expect(native.startupFailure == nil, "\(native.startupFailure.map(String.init(describing:)) ?? "")")
    let inProcess = FixtureRunner(
      page: ReferencePageImplementation(profile: profile), native: ReferenceNativeImplementation())
    let adapter = FixtureRunner(page: ReferencePageImplementation(profile: profile), native: native)
    var compared = 0
    for fixture in AdapterTestSupport.fixtures where fixture.subject != .page && !fixture.id.contains("megabyte") {
      let expected = inProcess.run(fixture)
      guard expected.status != .skip else { continue }
      let result = adapter.run(fixture)
      #expect(
        result.status == expected.status,
        "\(name) \(fixture.id): \(result.status) through the adapter (\(result.message ?? "")), \(expected.status) in process"
      )
      compared += 1
    }
    #expect(compared >= 8, "\(name): only \(compared) fixtures compared")
  }
}
