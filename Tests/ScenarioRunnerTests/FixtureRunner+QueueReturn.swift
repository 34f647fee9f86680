import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import PageSimulation
import ReferenceImplementations
import TestSupport
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

  static func runner(_ profile: String, traces: String) throws -> (FixtureRunner, BridgeProfile) {
    let folder = packageRoot.appendingPathComponent("conformance/profiles").path
    let loaded = try BridgeProfile.load(profile, profilesFolder: folder).get()
    var options = RunOptions()
    options.traceDirectory = traces
    let runner = FixtureRunner(
      page: ReferencePageImplementation(profile: loaded), native: ReferenceNativeImplementation(), options: options)
    return (runner, loaded)
  }

  @Test func aPlayedQueueIsReturnedOnlyFromInsideTheNativeSidesFetch() throws {
    let traces = FileManager.default.temporaryDirectory.appendingPathComponent("queue-return-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: traces) }
    let (runner, profile) = try Self.runner("jsbridge-1", traces: traces.path)
    let played = Self.fixtures.filter { fixture in
      (fixture.setup.onReady + fixture.steps).contains {
        if case .queueToNative(.string?, nil) = $0 { return true } else { return false }
      }
    }
    #expect(played.count >= 6, "\(played.map(\.id))")
    var judged = 0
    for fixture in played {
      let result = runner.run(fixture)
      if result.status == .skip { continue }
      judged += 1
      #expect(result.status == .pass, "\(fixture.id): \(result.message ?? "")")
      // Every return with messages is requested while the native side's fetch evaluation runs,
      // and the queue signal comes before it.
      var fetching = false
      var signalled = false
      var returnsInsideFetch = 0
      let file = traces.appendingPathComponent(fixture.id.replacingOccurrences(of: "/", with: "--") + ".jsonl")
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
      for line in lines {
        let event = try JSONValue.parse(String(line))
        let name = event["event"]?.stringValue
        if name == "evaluate" { fetching = event["script"]?.stringValue?.contains(profile.fetchQueueFunction) == true }
        if name == "evaluate-result" { fetching = false }
        guard name == "navigation-requested", let url = event["url"]?.stringValue else { continue }
        if url == profile.queueMessageURL { signalled = true }
        if url.hasPrefix(profile.queueReturnURL), url != profile.queueReturnURL + "%5B%5D" {
          #expect(fetching && signalled, "\(fixture.id): the return \(url) was not asked for")
          if fetching { returnsInsideFetch += 1 }
        }
      }
      #expect(returnsInsideFetch > 0, "\(fixture.id): no return inside a fetch")
    }
    #expect(judged >= 6)
  }
}
