import BridgeImplementations
import Foundation
import PageSimulation
import ReferenceImplementations
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// `engines`: a fixture that cannot be judged in every engine says which,
/// and why; elsewhere it is skipped with that reason.
@Suite("Fixtures restricted to some engines")
struct FixtureEngineTests {
  private func load(_ engines: String) throws -> FixtureLoader.Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bc-engines-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("engines.json").path
    try """
    {"id": "data/x", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair", "engines": \(engines)}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    return FixtureLoader().load(paths: [file])
  }

  @Test func anUnknownEngineAndAMissingReasonAreNamed() throws {
    let unknown = try load(#"{"only": ["webkit"], "because": "r"}"#).problems
    #expect(unknown.map(\.code) == ["unknown-engine"])
    #expect(unknown.first?.pointer.description == "/engines/only/0")
    #expect(unknown.first?.hint?.contains("simulated, webkitgtk") == true)
    let noReason = try load(#"{"only": ["simulated"]}"#).problems
    #expect(noReason.map(\.code) == ["missing-field"])
    #expect(noReason.first?.pointer.description == "/engines/because")
    #expect(try load(#"{"only": [], "because": "r"}"#).problems.map(\.code) == ["no-engine"])
  }

  @Test func aFixtureIsSkippedOnlyInTheEnginesItDoesNotList() throws {
    let outcome = try load(#"{"only": ["simulated"], "because": "the frame is not reported"}"#)
    let fixture = try #require(outcome.fixtures.first)
    #expect(fixture.engines?.only == ["simulated"])
    let simulated = FixtureRunner(page: ReferencePageImplementation(), native: ReferenceNativeImplementation())
    #expect(simulated.skipReason(fixture) == nil)
    let other = PageEngine(name: "webkitgtk") { configuration, policy in
      PageEngine.simulated.makeHost(configuration, policy)
    }
    let elsewhere = FixtureRunner(
      page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), engine: other)
    #expect(
      elsewhere.skipReason(fixture)
        == "runs only in the simulated engine (the frame is not reported), and this run uses webkitgtk")
  }
}
