import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// A fixture's level in a dialect whose profile states facts about the
/// peers of the judged side (`levelByPeers`, profile member `peers`).
@Suite("Levels by the dialect's peers")
struct LevelByPeersTests {
  static let twice = """
    {
      "id": "response-unknown/twice", "title": "t", "area": "response-unknown", "level": "must",
      "spec": "handler-answers-twice-page-sends-once", "subject": "page",
      "levelByPeers": [{"fact": "ignores-unknown-response-ids", "level": "should"}],
      "setup": {"pageHandlers": {"twice": {"respond": "echo", "times": 2}}},
      "steps": [{"action": "settle"}, {"action": "native.call", "handler": "twice", "data": "a", "callback": "n1"}, {"action": "settle"}],
      "captures": [{"event": "wire-to-page", "handlerName": "twice", "callbackId": {"$capture": "n1"}}],
      "expect": {"counts": [{"event": "wire-to-native", "responseId": {"$captured": "n1"}, "$count": 1}]}
    }
    """

  static func profile(stating facts: [PeerFact]) -> BridgeProfile {
    var profile = BridgeProfile(name: "peers-test")
    profile.peers = facts.map { StatedPeerFact($0, evidence: "read in a test") }
    return profile
  }

  @Test func aStatedFactLowersTheLevelAndSaysWhy() throws {
    let loaded = try fixture(Self.twice)
    #expect(loaded.levelByPeers == [PeerLevel(fact: .ignoresUnknownResponseIDs, level: .should)])
    let lowered = loaded.level(in: Self.profile(stating: [.ignoresUnknownResponseIDs, .evaluatesAsynchronously]))
    #expect(lowered.level == .should)
    #expect(lowered.note?.contains("SHOULD here, not MUST") == true)
    #expect(lowered.note?.contains("ignores-unknown-response-ids") == true)
    let kept = loaded.level(in: Self.profile(stating: [.evaluatesAsynchronously]))
    #expect(kept.level == .must && kept.note == nil)
    #expect(loaded.level(in: .classic).level == .must)
  }

  /// A page that sends both answers fails the fixture in both dialects, at
  /// the level of each, and the lowered failure says why.
  @Test func theRunnerJudgesAtTheDialectsLevel() throws {
    let loaded = try fixture(Self.twice)
    var source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    let guardLine = "      if (answered) {\n"
    #expect(source.contains(guardLine))
    source = source.replacingOccurrences(of: guardLine, with: "      if (false) {\n")
    for (profile, level) in [
      (BridgeProfile.classic, Level.must), (Self.profile(stating: [.ignoresUnknownResponseIDs]), .should),
    ] {
      let runner = FixtureRunner(
        page: ScriptPageImplementation(name: "answers-twice", source: source, profile: profile),
        native: ReferenceNativeImplementation(),
        tested: TestedSides(page: true, native: false))
      let result = runner.run(loaded)
      #expect(result.status == .fail, "\(profile.name): \(result.message ?? "")")
      #expect(result.scenario.level == level)
      #expect((result.message ?? "").contains("level: SHOULD here") == (level == .should), "\(result.message ?? "")")
      #expect(result.isGatingFailure(gate: .must) == (level == .must))
    }
  }

  @Test func levelByPeersIsCheckedAtLoad() throws {
    func codes(_ entries: String, level: String = "must", subject: String = "page") throws -> [String] {
      do {
        _ = try fixture(
          """
          {"id": "data/x", "title": "t", "area": "data", "level": "\(level)", "spec": "msg-data-absent-vs-null",
           "subject": "\(subject)", "levelByPeers": \(entries), "steps": [{"action": "settle"}]}
          """)
        return []
      } catch let failure as FixtureLoadFailure {
        return failure.problems.map { "\($0.pointer) \($0.code)" }
      }
    }
    #expect(try codes(#"[{"fact": "evaluates-asynchronously", "level": "should"}]"#).isEmpty)
    #expect(
      try codes(#"[{"fact": "evaluates-asynchronously", "level": "must"}]"#) == [
        "/levelByPeers/0/level level-not-lowered"
      ])
    #expect(
      try codes(#"[{"fact": "evaluates-asynchronously", "level": "should"}]"#, level: "should")
        == ["/levelByPeers/0/level level-not-lowered"])
    #expect(
      try codes(#"[{"fact": "evaluates-asynchronously", "level": "should"}]"#, subject: "native")
        == ["/levelByPeers/0/fact fact-of-the-judged-side"])
    #expect(
      try codes(
        #"[{"fact": "evaluates-asynchronously", "level": "should"}, {"fact": "evaluates-asynchronously", "level": "may"}]"#
      )
        == ["/levelByPeers/1/fact duplicate-fact"])
    #expect(try codes(#"[{"fact": "crashes", "level": "should"}]"#) == ["/levelByPeers/0/fact unknown-value"])
  }

  /// The written test is applied once per fact: protocol.md's table of facts
  /// names every fixture a fact lowers and every shipped profile that
  /// states it, so a reader of the rules sees where a level depends on the
  /// dialect.
  @Test func theProtocolListsEveryLoweredFixtureAndEveryDialectThatLowersIt() throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    var rows: [String: Substring] = [:]
    for line in text.split(separator: "\n") {
      for fact in PeerFact.allCases where line.hasPrefix("| `\(fact.rawValue)` |") { rows[fact.rawValue] = line }
    }
    #expect(rows.count == PeerFact.allCases.count, "\(rows.keys.sorted())")
    let outcome = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    for fixture in outcome.fixtures {
      for entry in fixture.levelByPeers {
        #expect(
          rows[entry.fact.rawValue]?.contains("`\(fixture.id)`") == true, "\(fixture.id) under \(entry.fact.rawValue)")
      }
    }
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    for name in BridgeProfile.shippedNames(in: folder) {
      let profile = try BridgeProfile.load(name, profilesFolder: folder).get()
      for stated in profile.peers {
        #expect(rows[stated.fact.rawValue]?.contains("`\(name)`") == true, "\(name) states \(stated.fact.rawValue)")
      }
    }
  }
}

/// What the page API of a dialect cannot express is skipped with the field
/// that decided it: the two-argument call, and handlers that page calls
/// cannot reach where host methods named after handlers are the only way.
@Suite("Page API of a dialect")
struct PageAPIApplicabilityTests {
  static func call(_ handler: String, form: String = "standard", registered: [String] = ["echo"]) -> String {
    let handlers = registered.map { "\(JSONValue.string($0).serialized()): \"echo\"" }.joined(separator: ", ")
    return """
      {"id": "callbacks/x", "title": "t", "area": "callbacks", "level": "must", "spec": "api-callhandler-forms",
       "subject": "page", "setup": {"nativeHandlers": {\(handlers)}},
       "steps": [{"action": "page.call", "handler": \(JSONValue.string(handler).serialized()), "callback": "c", "form": "\(form)"}],
       "expect": {"events": [{"event": "page-callback-invoked", "label": "c"}]}}
      """
  }

  static func runner(_ profile: BridgeProfile) -> FixtureRunner {
    FixtureRunner(page: ReferencePageImplementation(profile: profile), native: ReferenceNativeImplementation())
  }

  @Test func aTwoArgumentCallIsSkippedWhereThePageAPIHasNone() throws {
    var profile = BridgeProfile(name: "three-arguments-only")
    profile.twoArgumentCall = false
    let twoArgument = try fixture(Self.call("echo", form: "two-argument"))
    #expect(Self.runner(profile).skipReason(twoArgument)?.contains("\"twoArgumentCall\": false") == true)
    #expect(Self.runner(.classic).skipReason(twoArgument) == nil)
    #expect(Self.runner(profile).skipReason(try fixture(Self.call("echo"))) == nil)
  }

  @Test func onlyHandlersWithAHostMethodAreCalledWhereThereIsNoGenericMethod() throws {
    let profile = try BridgeProfile.load(
      "jsbridge-2", profilesFolder: packageRoot.appendingPathComponent("conformance/profiles").path
    ).get()
    let runner = Self.runner(profile)
    #expect(runner.skipReason(try fixture(Self.call("echo"))) == nil)
    let quoted = runner.skipReason(try fixture(Self.call("it's", registered: ["it's"])))
    #expect(quoted?.contains("not an identifier") == true, "\(quoted ?? "")")
    let missing = runner.skipReason(try fixture(Self.call("nope")))
    #expect(missing?.contains("no native handler when the page loads") == true, "\(missing ?? "")")
    var generic = profile
    generic.signals[0].method = "send"
    generic.signals[0].hostCalls?.genericMethod = true
    #expect(Self.runner(generic).skipReason(try fixture(Self.call("it's", registered: ["it's"]))) == nil)
  }
}
