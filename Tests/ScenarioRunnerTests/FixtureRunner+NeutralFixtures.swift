import BridgeImplementations
import Dialects
import Foundation
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// Fixtures written in dialect-neutral terms (`page.requestInjection`,
/// `page.signal`, `page.init`, wire events, captures, `requires.dialect`):
/// they run in renamed dialects, and skip, with the reason, only where the
/// dialect truly cannot express them.
@Suite("Dialect-neutral fixtures")
struct NeutralFixtureTests {
  static let shipped = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures

  static func runner(_ profile: String) throws -> FixtureRunner {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let loaded = try BridgeProfile.load(profile, profilesFolder: folder).get()
    return FixtureRunner(page: ReferencePageImplementation(profile: loaded), native: ReferenceNativeImplementation())
  }

  static func shippedFixture(_ id: String) throws -> Fixture {
    try #require(shipped.first { $0.id == id })
  }

  /// The fixtures that keep a classic spelling: each is about that
  /// spelling, and says why.
  @Test func onlyFixturesAboutAClassicSpellingDeclareOneAndEachSaysWhy() {
    let spelled = Self.shipped.filter { !$0.requires.spelled.isEmpty }
    #expect(
      Set(spelled.map(\.id)) == [
        "transport/legacy-scheme-queue-signal-recognised", "transport/upper-case-queue-signal-recognised",
        "transport/upper-case-bridge-loaded-injects", "transport/ordinary-navigations-go-to-the-app",
        "transport/unknown-bridge-url-cancelled-and-logged",
      ], "\(spelled.map(\.id))")
    for fixture in spelled { #expect(fixture.requires.because?.isEmpty == false, "\(fixture.id) says why") }
    for fixture in Self.shipped where !fixture.requires.dialect.isEmpty {
      #expect(fixture.requires.because?.isEmpty == false, "\(fixture.id) says why it needs \(fixture.requires.dialect)")
    }
  }

  @Test func startUpResetAndResponseFixturesRunWithRenamedNamesAndAPostedInjection() throws {
    let runner = try Self.runner("wkwebview-port")
    for id in [
      "startup-queue/second-bridge-loaded-resends-nothing", "startup-queue/reload-survives-fetch-without-page-bridge",
      "startup-queue/reset-drops-pending-callbacks", "startup-queue/reset-holds-messages-until-next-injection",
      "startup-queue/wvjbcallbacks-deleted-after-drain", "startup-queue/second-injection-keeps-page-state",
      "response-unknown/page-ignores-already-answered-response",
      "response-unknown/native-ignores-already-answered-response",
      "response-unknown/native-answers-falsy-callback-ids", "callbacks/two-argument-call-gets-its-answer",
      "transport/burst-one-signal-per-call-no-duplicates",
    ] {
      let result = runner.run(try Self.shippedFixture(id))
      #expect(result.status == .pass, "\(id): \(result.message ?? "")")
    }
  }

  @Test func aDialectThatInjectsByItselfSkipsTheRequestForInjectionWithTheReason() throws {
    let result = try Self.runner("jsbridge-1").run(
      try Self.shippedFixture("startup-queue/second-injection-keeps-page-state"))
    #expect(result.status == .skip)
    #expect(result.message?.contains("page.requestInjection") == true, "\(result.message ?? "")")
    #expect(result.message?.contains("\"after-load\"") == true, "\(result.message ?? "")")
  }

  @Test func aRequiredTraitSkipsWithTheFixturesOwnReason() throws {
    let result = try Self.runner("mushao").run(try Self.shippedFixture("transport/iframe-signal-carries-no-message"))
    #expect(result.status == .skip)
    #expect(
      result.message?.contains("which holds only where the native side fetches the queue") == true,
      "\(result.message ?? "")")
    #expect(result.message?.contains("\"per-message\"") == true, "\(result.message ?? "")")
  }

  @Test func synchronousDialectsSkipTheOnerrorFixtureSayingWhy() throws {
    for profile in ["wkwebview-port", "prompt-android"] {
      let result = try Self.runner(profile).run(try Self.shippedFixture("dispatch/handler-error-reaches-onerror"))
      #expect(result.status == .skip, "\(profile)")
      #expect(result.message?.contains("goes back to the native side by design") == true, "\(result.message ?? "")")
    }
    #expect(
      try Self.runner("wvjb-5").run(try Self.shippedFixture("dispatch/handler-error-reaches-onerror")).status == .pass)
  }

  @Test func messagesBeforeALateInitWaitForItInEveryHandshakeDialect() throws {
    let late = try Self.shippedFixture("startup-queue/messages-before-late-init-wait-for-it")
    for profile in ["wvjb-4", "jsbridge-1", "jsbridge-2"] {
      let result = try Self.runner(profile).run(late)
      #expect(result.status == .pass, "\(profile): \(result.message ?? "")")
    }
    let classic = referenceRunner.run(late)
    #expect(classic.status == .skip)
    #expect(classic.message?.contains("no init handshake") == true, "\(classic.message ?? "")")
  }

  @Test func aPageInitNeedsTheStepModeAndADefaultHandlerNeedsBothParts() throws {
    let base =
      #""id": "startup-queue/x", "title": "t", "area": "startup-queue", "level": "must", "spec": "s", "subject": "page""#
    #expect(throws: FixtureLoadFailure.self) {
      try fixture("{\(base), \"steps\": [{\"action\": \"page.init\"}]}")
    }
    do {
      _ = try fixture(
        "{\(base), \"setup\": {\"pageInit\": \"step\"}, \"steps\": [{\"action\": \"page.init\", \"handler\": \"d\"}]}")
      Issue.record("a default handler without a behaviour loads")
    } catch let failure as FixtureLoadFailure {
      #expect(failure.problems.map(\.code) == ["bad-default-handler"], "\(failure)")
    }
    let loaded = try fixture(
      "{\(base), \"setup\": {\"pageInit\": \"step\"}, \"steps\": [{\"action\": \"page.init\", \"handler\": \"d\", \"behaviour\": \"echo\"}]}"
    )
    #expect(loaded.steps == [.pageInit(NamedBehaviour(name: "d", behaviour: .echo))])
  }
}
