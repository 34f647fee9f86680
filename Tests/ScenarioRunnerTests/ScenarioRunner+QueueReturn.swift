import BridgeImplementations
import Foundation
import PageSimulation
import Testing

@testable import ScenarioRunner

/// A queue the harness plays as the page (`wire.toNative`) in a dialect
/// whose page returns its queue by navigation (JsBridge 1.x): played as
/// such a page sends one, the queue signal first and the return navigation
/// from inside the native side's fetch call, never as a return nobody asked
/// for (a native side may read a return only while its fetch is pending, as
/// JsBridge 1.0.4's does).
@Suite("Queues returned by navigation")
struct QueueReturnTests {
  static let fixtures = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures

  static func runner(_ profile: String) throws -> (ScenarioRunner, BridgeProfile) {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let loaded = try BridgeProfile.load(profile, profilesFolder: folder).get()
    return (ScenarioRunner(page: ReferencePageImplementation(profile: loaded), native: ReferenceNativeImplementation()), loaded)
  }

  @Test func aPlayedQueueIsReturnedOnlyFromInsideTheNativeSidesFetch() throws {
    let (runner, profile) = try Self.runner("jsbridge-1")
    let played = Self.fixtures.filter { fixture in
      (fixture.setup.onReady + fixture.steps).contains { if case .queueToNative(.string?, nil) = $0 { return true } else { return false } }
    }
    #expect(played.count >= 6, "\(played.map(\.id))")
    var judged = 0
    for fixture in played {
      let result = runner.run(fixture)
      if result.status == .skip { continue }
      judged += 1
      #expect(result.status == .pass, "\(fixture.id): \(result.message ?? "")")
      let steps = result.trace.filter { $0.name == "step" && $0["action"]?.stringValue == "wire.toNative" }
      #expect(!steps.isEmpty, "\(fixture.id)")
      for step in steps {
        let after = result.trace.drop { $0.sequence <= step.sequence }
        // The first navigation the step causes is the queue signal, not the return.
        let first = after.first { $0.name == "navigation-requested" }
        #expect(first?["url"]?.stringValue == profile.queueMessageURL, "\(fixture.id): \(first.map { "\($0)" } ?? "none")")
        // The played return is requested while the native side's fetch evaluation runs.
        var fetching = false
        var returnedInsideFetch = false
        for event in after {
          if event.name == "evaluate" { fetching = event["script"]?.stringValue?.contains(profile.fetchQueueFunction) == true }
          if event.name == "evaluate-result" { fetching = false }
          if event.name == "navigation-requested", let url = event["url"]?.stringValue, url.hasPrefix(profile.queueReturnURL),
            url != profile.queueReturnURL + "%5B%5D"
          {
            #expect(fetching, "\(fixture.id): the return #\(event.sequence) was not asked for")
            returnedInsideFetch = returnedInsideFetch || fetching
          }
        }
        #expect(returnedInsideFetch, "\(fixture.id): no return inside a fetch")
      }
    }
    #expect(judged >= 6)
  }
}
