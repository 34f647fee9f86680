import BridgeImplementations
import Dialects
import Foundation
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// The reference pair speaking each shipped dialect: the reference page
/// bridge in the profile, driven by the reference native bridge in the
/// same profile, passes every scenario the dialect can express, and skips
/// the others with the field that decided it.
@Suite("Reference pair in every shipped dialect")
struct ScenarioRunnerDialectTests {
  static let profilesFolder = packageRoot.appendingPathComponent("conformance/profiles").path
  static let profileNames = BridgeProfile.shippedNames(in: profilesFolder)

  static func profile(_ name: String) throws -> BridgeProfile {
    try BridgeProfile.load(name, profilesFolder: profilesFolder).get()
  }

  @Test func everyDialectTheIssueNamesIsShipped() {
    let wanted = [
      "wvjb-classic", "wvjb-5", "wvjb-4", "wkwebview-port", "jsbridge-1", "jsbridge-2", "react-native", "flutter",
      "prompt-android", "mushao", "module-action",
    ]
    #expect(Set(wanted).isSubset(of: Set(Self.profileNames)), "\(Self.profileNames)")
  }

  @Test(arguments: profileNames)
  func referencePairPassesWhatTheDialectCanExpress(name: String) throws {
    let profile = try Self.profile(name)
    #expect(profile.describes != nil, "\(name) names the project and versions it describes")
    let runner = FixtureRunner(
      page: ReferencePageImplementation(profile: profile), native: ReferenceNativeImplementation())
    let outcome = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    var passed = 0
    for fixture in outcome.fixtures {
      let result = runner.run(fixture)
      // SHOULD fixtures may fail where the dialect's dispatch makes them (a
      // synchronous dialect's handler error ends the native evaluation).
      if fixture.level == .must || result.status == .error {
        #expect(result.status == .pass || result.status == .skip, "\(name) \(fixture.id): \(result.message ?? "")")
      }
      if result.status == .skip {
        #expect(result.message?.isEmpty == false, "\(name) \(fixture.id): a skip gives its reason")
      }
      if result.status == .pass { passed += 1 }
    }
    // A dialect whose native side cannot call the page (mushao) skips
    // every fixture that needs it, most of the suite, with the reason.
    let floor = profile.convention.nativeCanCallPage ? 45 : 8
    #expect(passed >= floor, "\(name): only \(passed) scenarios ran and passed")
  }

  @Test func aRenamedGlobalKeepsTheStartUpAndBurstFixtures() throws {
    let runner = FixtureRunner(
      page: ReferencePageImplementation(profile: try Self.profile("wkwebview-port")),
      native: ReferenceNativeImplementation())
    let outcome = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path])
    for id in [
      "startup-queue/every-setup-callback-called-once-in-order",
      "startup-queue/throwing-setup-callback-does-not-stop-the-others",
      "transport/burst-in-one-task-all-delivered-in-order", "transport/order-kept-across-batches",
      "response-unknown/page-handler-answering-twice-sends-one-response",
    ] {
      let fixture = try #require(outcome.fixtures.first { $0.id == id })
      let result = runner.run(fixture)
      #expect(result.status == .pass, "\(id): \(result.message ?? "")")
    }
  }
}
