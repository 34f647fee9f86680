import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// The reference native side plays each dialect's start-up as the dialect's
/// real native side does (profile member `startupQueue`), so a page bridge
/// that is right with its real peer is not failed on start-up.
@Suite("Start-up as the dialect's native side does it")
struct ScenarioRunnerStartupByDialectTests {
  static let fixtures = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures
  static let profiles = packageRoot.appendingPathComponent("conformance/profiles").path

  static func run(_ file: String, delay: Int?, profile name: String, fixture id: String) throws -> ScenarioResult {
    var source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    if let delay {
      // The set-up callbacks drained from a timer, as the port's own page script does.
      let mutant = try JSONValue.parse(
        String(
          contentsOf: packageRoot.appendingPathComponent(
            "conformance/mutants/dialects/page/wkwebview-port-setup-callbacks-drained-late.json"), encoding: .utf8))
      for step in mutant["patch"]?.arrayValue ?? [] {
        let find = try #require(step["find"]?.stringValue)
        let replace = try #require(step["replace"]?.stringValue).replacingOccurrences(
          of: "}, 10);", with: "}, \(delay));")
        #expect(source.components(separatedBy: find).count == 2)
        source = source.replacingOccurrences(of: find, with: replace)
      }
    }
    let profile = try BridgeProfile.load(name, profilesFolder: profiles).get()
    let runner = FixtureRunner(
      page: ScriptPageImplementation(name: "page.js", source: source, profile: profile),
      native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    return runner.run(try #require(fixtures.first { $0.id == id }))
  }

  /// The port's page runs its set-up callbacks from a zero-delay timer and
  /// dispatches synchronously; its native side sends the start-up queue from
  /// the injection's completion, after that timer: the handlers exist.
  @Test func aZeroDelaySetUpTimerIsRightInTheSwiftPort() throws {
    let result = try Self.run(
      "conformance/dialects/wkwebview-port/page.js", delay: 0, profile: "wkwebview-port",
      fixture: "startup-queue/setup-handlers-receive-startup-messages")
    #expect(result.status == .pass, "\(result.message ?? "")")
  }

  /// A page that waits longer is still caught.
  @Test func aLaterSetUpTimerIsStillCaughtInTheSwiftPort() throws {
    let result = try Self.run(
      "conformance/dialects/wkwebview-port/page.js", delay: 10, profile: "wkwebview-port",
      fixture: "startup-queue/setup-handlers-receive-startup-messages")
    #expect(result.status == .fail, "\(result.message ?? "")")
  }

  /// The Flutter wrappers' Dart side keeps no start-up queue: a scenario in
  /// which the native side sends before injection judges nothing there.
  @Test func startUpMessagesAreSkippedWhereTheNativeSideKeepsNoQueue() throws {
    let result = try Self.run(
      "conformance/dialects/flutter/page.js", delay: nil, profile: "flutter",
      fixture: "startup-queue/setup-handlers-receive-startup-messages")
    #expect(result.status == .skip, "\(result.message ?? "")")
    #expect(result.message?.contains("\"startupQueue\": \"none\"") == true, "\(result.message ?? "")")
  }
}
