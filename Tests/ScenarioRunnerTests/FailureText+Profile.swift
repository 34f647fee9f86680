import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// Failure text that does not mislead: a profile line under a failure only
/// where a field of the profile plausibly decided it, named by its current
/// member; the profile said once per run; a profile that plainly does not
/// fit said at the top with what to try; the reference native side's
/// warnings brought into the failure.
@Suite("Failure text about the profile and the native side")
struct FailureTextProfileTests {
  static let fixtures = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures
  static let profilesFolder = packageRoot.appendingPathComponent("conformance/profiles").path

  static func profile(_ name: String) throws -> BridgeProfile {
    try BridgeProfile.load(name, profilesFolder: profilesFolder).get()
  }
  static func shipped(_ id: String) throws -> Fixture { try #require(fixtures.first { $0.id == id }) }

  /// `file` (a path in the package) with the replacements of a mutant file.
  static func patched(_ file: String, by mutant: String) throws -> String {
    var source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    let definition = try JSONValue.parse(
      String(contentsOf: packageRoot.appendingPathComponent(mutant), encoding: .utf8))
    for step in definition["patch"]?.arrayValue ?? [] {
      let find = try #require(step["find"]?.stringValue)
      #expect(source.contains(find))
      source = source.replacingOccurrences(of: find, with: step["replace"]?.stringValue ?? "")
    }
    return source
  }

  static func runner(_ source: String, _ profile: BridgeProfile) -> FixtureRunner {
    FixtureRunner(
      page: ScriptPageImplementation(name: "page.js", source: source, profile: profile),
      native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
  }

  /// A page bug that no profile field decides gets no profile line (it got
  /// three before: transport, injection and names).
  @Test func aFailureNoProfileFieldDecidedGetsNoProfileLine() throws {
    let source = try Self.patched(
      "conformance/dialects/wkwebview-port/page.js",
      by: "conformance/mutants/dialects/page/wkwebview-port-setup-callbacks-drained-late.json")
    let result = Self.runner(source, try Self.profile("wkwebview-port")).run(
      try Self.shipped("startup-queue/setup-handlers-receive-startup-messages"))
    #expect(result.status == .fail)
    #expect(result.message?.contains("profile:") == false, "\(result.message ?? "")")
  }

  /// A page bridge that signals otherwise than its profile says gets the
  /// line, naming the current member.
  @Test func aSignalThatNeverArrivesNamesSignalsKind() throws {
    let result = Self.runner(
      try String(
        contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
        encoding: .utf8),
      try Self.profile("wvjb-messagehandlers")
    ).run(try Self.shipped("transport/message-handlers-post-carries-no-message"))
    #expect(result.status == .fail)
    let message = result.message ?? ""
    #expect(message.contains("profile: the scenario ran with the message-handlers signal"), "\(message)")
    #expect(message.contains("signals[].kind"), "\(message)")
    #expect(!message.contains("\"transports\"") && !message.contains("\"globalName\""), "\(message)")
  }

  /// A global the page bridge names otherwise: the line names names.global.
  @Test func aRenamedGlobalNamesNamesGlobal() throws {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/wkwebview-port/page.js"), encoding: .utf8)
    let result = Self.runner(source, try Self.profile("wvjb-classic")).run(
      try Self.shipped("callbacks/page-to-native-response"))
    #expect(result.status == .error)
    let message = result.message ?? ""
    #expect(
      message.contains("profile: the harness looked the bridge up as window.WebViewJavascriptBridge"), "\(message)")
    #expect(message.contains("names.global"), "\(message)")
  }

  /// Skip reasons name the current members too.
  @Test func skipReasonsNameCurrentMembers() throws {
    let runner = Self.runner("window.WebViewJavascriptBridge = {};", try Self.profile("wkwebview-port"))
    let iframe = runner.run(try Self.shipped("transport/iframe-signal-carries-no-message"))
    #expect(iframe.status == .skip)
    #expect(iframe.message?.contains("signals[].kind") == true, "\(iframe.message ?? "")")
    #expect(iframe.message?.contains("\"transports\"") == false, "\(iframe.message ?? "")")
    let deferred = runner.run(try Self.shipped("dispatch/deferred-dispatch-by-default"))
    #expect(deferred.message?.contains("dispatch.mode \"synchronous\"") == true, "\(deferred.message ?? "")")
  }

  /// A queue the reference native side cannot read: its warning is in the failure.
  @Test func theNativeSidesWarningIsInTheFailure() throws {
    let source = try Self.patched(
      "Sources/ReferenceBridges/Resources/page-bridge.js",
      by: "conformance/mutants/page/page-queue-fetch-returns-array.json")
    let result = Self.runner(source, .classic).run(try Self.shipped("callbacks/page-to-native-response"))
    #expect(result.status == .fail)
    let message = result.message ?? ""
    #expect(message.contains("native side logged"), "\(message)")
    #expect(message.contains("empty-queue: the page queue fetch returned"), "\(message)")
  }

  /// The profile is said once per run, at the top; a profile that plainly
  /// does not fit is said first, with the profile to try.
  @Test func aProfileThatDoesNotFitIsSaidOnceWithWhatToTry() throws {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/wkwebview-port/page.js"), encoding: .utf8)
    let runner = Self.runner(source, .classic)
    let results = Self.fixtures.map { runner.run($0) }
    let shipped = try BridgeProfile.shippedNames(in: Self.profilesFolder).map(Self.profile)
    let notices = RunNotices.notices(results: results, profile: .classic, shipped: shipped)
    #expect(notices.count == 2)
    #expect(
      notices.first?.hasPrefix("the profile wvjb-classic does not fit this page bridge: no scenario passed") == true,
      "\(notices)")
    #expect(notices.first?.contains("--profile wkwebview-port") == true, "\(notices)")
    #expect(notices.last?.hasPrefix("profile: the page bridge ran in the dialect of the profile wvjb-classic") == true)
    // Under its own profile the same bridge passes: no such notice.
    let fitting = Self.runner(source, try Self.profile("wkwebview-port"))
    let passing = Self.fixtures.map { fitting.run($0) }
    let own = RunNotices.notices(results: passing, profile: try Self.profile("wkwebview-port"), shipped: shipped)
    #expect(own.count == 1 && own[0].hasPrefix("profile: "), "\(own)")
    #expect(
      RunNotices.notices(results: passing, profile: .reference).isEmpty,
      "nothing to say of bridgecheck's own page bridge")
  }
}
