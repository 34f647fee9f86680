import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing

/// The profile member `startupQueue`: what the dialect's native side does
/// with messages it sends before the page bridge is injected.
@Suite("Profile member startupQueue")
struct BridgeProfileStartupQueueTests {
  @Test func readsEachValueAndDefaultsToAfterInjection() throws {
    for value in StartupQueue.allCases {
      let profile = try BridgeProfile.decode(["name": "x", "startupQueue": .string(value.rawValue)], file: "p.json")
        .get()
      #expect(profile.startupQueue == value)
      #expect(try BridgeProfile.decode(profile.json, file: "p.json").get() == profile, "round trip of \(value)")
    }
    #expect(try BridgeProfile.decode(["name": "x"], file: "p.json").get().startupQueue == .afterInjection)
  }

  @Test func anUnknownValueIsRefusedWithItsPointerAndTheValues() throws {
    guard case .failure(let problems) = BridgeProfile.decode(["name": "x", "startupQueue": "later"], file: "p.json")
    else {
      Issue.record("accepted")
      return
    }
    #expect(problems.problems.map(\.pointer.description) == ["/startupQueue"])
    #expect(problems.problems.first?.hint?.contains("after-injection-completes") == true)
  }

  @Test func theShippedDialectsSayWhatTheirNativeSidesDo() throws {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let port = try BridgeProfile.load("wkwebview-port", profilesFolder: folder).get()
    let flutter = try BridgeProfile.load("flutter", profilesFolder: folder).get()
    let classic = try BridgeProfile.load("wvjb-classic", profilesFolder: folder).get()
    #expect(port.startupQueue == .afterInjectionCompletes)
    #expect(flutter.startupQueue == .none)
    #expect(classic.startupQueue == .afterInjection)
  }
}
