import Dialects
import JSONModel
import Testing

/// An inference that is unsure says so: members the probes could not
/// decide, and shipped dialects the facts cannot tell apart, are listed in
/// its doubts and its report, never picked silently.
@Suite("Inferred dialect: doubts")
struct InferredDialectDoubtsTests {
  static let classic = BridgeProfile.classic
  static let other: BridgeProfile = {
    var profile = BridgeProfile.classic
    profile.name = "other"
    profile.names.global = "OtherBridge"
    return profile
  }()

  @Test func factsThatTellTwoDialectsApartAreSure() throws {
    var facts = DialectFacts()
    facts.global = Observed("OtherBridge", "window.OtherBridge defined at load")
    let inferred = try #require(InferredDialect.infer(from: facts, shipped: [Self.classic, Self.other]))
    #expect(inferred.nearest == "other")
    #expect(inferred.isShipped)
    #expect(inferred.equallyNear.isEmpty)
    #expect(!inferred.isUnsure)
    #expect(inferred.doubts.isEmpty)
    #expect(!inferred.report(file: "x.js").contains("unsure"))
  }

  @Test func factsThatCannotTellTwoDialectsApartSaySo() throws {
    // Nothing established: both shipped profiles are as near; the first is taken, and the tie said.
    let inferred = try #require(InferredDialect.infer(from: DialectFacts(), shipped: [Self.classic, Self.other]))
    #expect(inferred.nearest == Self.classic.name)
    #expect(inferred.equallyNear == ["other"])
    #expect(inferred.isUnsure)
    #expect(inferred.doubts.contains { $0.contains("other is as near as \(Self.classic.name)") }, "\(inferred.doubts)")
    #expect(inferred.report(file: "x.js").contains("unsure: other is as near as \(Self.classic.name)"))
  }

  @Test func aTieBetweenProfilesThatOnlyNameTheSameDialectIsNoDoubt() throws {
    var twin = BridgeProfile.classic
    twin.name = "twin"
    let inferred = try #require(InferredDialect.infer(from: DialectFacts(), shipped: [Self.classic, twin]))
    #expect(inferred.equallyNear.isEmpty)
  }

  @Test func anUndecidedMemberIsADoubt() throws {
    var facts = DialectFacts()
    facts.global = Observed("OtherBridge", "window.OtherBridge defined at load")
    facts.leaveUndecided("callbackData", "no answer came back to a probe call")
    let inferred = try #require(InferredDialect.infer(from: facts, shipped: [Self.classic, Self.other]))
    #expect(inferred.isUnsure)
    #expect(
      inferred.doubts == ["callbackData not decided (no answer came back to a probe call); the value of other is kept"])
  }

  /// Taking a behaviour from the bridge (not a spelling) may absorb a bug
  /// into the dialect: said, with the profile that judges it.
  @Test func aBehaviourOtherThanTheNearestDialectsIsADoubtANameIsNot() throws {
    var renamed = DialectFacts()
    renamed.global = Observed("MyBridge", "window.MyBridge defined at load")
    let named = try #require(InferredDialect.infer(from: renamed, shipped: [Self.classic]))
    #expect(named.differences.map(\.member) == ["names.global"])
    #expect(!named.isUnsure, "\(named.doubts)")
    var behaving = DialectFacts()
    behaving.dispatch = Observed(.synchronous, "a handler ran inside the native evaluation")
    let inferred = try #require(InferredDialect.infer(from: behaving, shipped: [Self.classic]))
    #expect(inferred.behaviourDifferences.map(\.member).contains("dispatch.mode"), "\(inferred.behaviourDifferences)")
    #expect(inferred.isUnsure)
    #expect(inferred.doubts.first?.contains("--profile wvjb-classic judges it") == true, "\(inferred.doubts)")
    #expect(inferred.report(file: "x.js").contains("unsure: dispatch.mode behaves otherwise than in wvjb-classic"))
  }
}

/// Synchronous dispatch where the nearest dialect always defers (no switch)
/// is what a bug looks like: the dialect's deferred dispatch is kept, so the
/// scenarios that need it judge the bridge, and the doubt says what was seen.
@Suite("Inferred dialect: dispatch taken for a bug")
struct InferredDialectDispatchBugTests {
  static let deferringWithoutSwitch: BridgeProfile = {
    var profile = BridgeProfile.classic
    profile.name = "deferring"
    profile.safetyTimeoutHandler = nil
    profile.names.disableSafetyTimeout = nil
    return profile
  }()

  static var synchronous: DialectFacts {
    var facts = DialectFacts()
    facts.dispatch = Observed(.synchronous, "a handler ran inside the native evaluation")
    return facts
  }

  @Test func synchronousDispatchInADialectThatAlwaysDefersKeepsDeferred() throws {
    let inferred = try #require(InferredDialect.infer(from: Self.synchronous, shipped: [Self.deferringWithoutSwitch]))
    #expect(inferred.profile.dispatch == .deferred)
    #expect(inferred.isShipped, "\(inferred.differences.map(\.member))")
    #expect(inferred.profile.name == "deferring")
    #expect(inferred.doubts.count == 1, "\(inferred.doubts)")
    #expect(inferred.doubts.first?.contains("taken for a bug") == true, "\(inferred.doubts)")
    #expect(inferred.report(file: "x.js").contains("unsure: dispatch.mode: the bridge dispatches synchronously"))
  }

  @Test func synchronousDispatchInADialectWithASwitchIsTakenFromTheBridge() throws {
    let inferred = try #require(InferredDialect.infer(from: Self.synchronous, shipped: [BridgeProfile.classic]))
    #expect(inferred.profile.dispatch == .synchronous)
    #expect(inferred.keptFromNearest.isEmpty)
  }

  /// The kept behaviour still counts against the dialect: a synchronous
  /// dialect that is otherwise as near wins.
  @Test func aSynchronousDialectAsNearStillWins() throws {
    var synchronous = Self.deferringWithoutSwitch
    synchronous.name = "synchronous"
    synchronous.dispatch = .synchronous
    let inferred = try #require(
      InferredDialect.infer(from: Self.synchronous, shipped: [Self.deferringWithoutSwitch, synchronous]))
    #expect(inferred.nearest == "synchronous")
    #expect(inferred.keptFromNearest.isEmpty)
  }
}
