import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import ReferenceImplementations
import TestSupport
import Testing

@testable import ScenarioRunner

/// The harness's own page code relies only on what the protocol promises
/// (docs/protocol.md, "What a bridge may rely on"): it drives the bridge
/// object a set-up callback is handed, not the global, while the callback
/// runs; and when the page bridge cannot be driven it says why precisely
/// (a renamed global, a missing method, its own exception), not "not
/// injected" or an exception of the page bridge.
@Suite("Harness page code relies only on the protocol")
struct HarnessPageScriptProtocolOnlyTests {
  static let fixtures = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures").path]).fixtures
  static let synchronousProfile = packageRoot.appendingPathComponent("conformance/calibration/synchronous.profile.json")
    .path

  /// bridgecheck's page bridge with the replacements of a calibration or
  /// mutant file (each `find` must occur exactly once), then `extra` ones.
  static func pageBridge(patchedBy file: String? = nil, _ extra: [(String, String)] = []) throws -> String {
    var source = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    var replacements: [(String, String)] = []
    if let file {
      let value = try JSONValue.parse(try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8))
      replacements = (value["patch"]?.arrayValue ?? []).map {
        ($0["find"]?.stringValue ?? "", $0["replace"]?.stringValue ?? "")
      }
    }
    for (find, replace) in replacements + extra {
      #expect(source.components(separatedBy: find).count == 2, "the text to replace occurs once: \(find)")
      source = source.replacingOccurrences(of: find, with: replace)
    }
    return source
  }

  static func runner(_ source: String, profile: BridgeProfile) -> FixtureRunner {
    FixtureRunner(
      page: ScriptPageImplementation(name: "patched.js", source: source, profile: profile),
      native: ReferenceNativeImplementation(), tested: TestedSides(page: true, native: false))
  }

  static func shipped(_ id: String) throws -> Fixture { try #require(fixtures.first { $0.id == id }) }

  /// A page bridge that calls the set-up callbacks with the bridge object and
  /// assigns the global only afterwards (the prompt-based Android bridge)
  /// passes every MUST fixture: the harness no longer reads the global
  /// inside its set-up callback.
  @Test func globalAssignedAfterTheSetUpCallbacksPassesEveryMustFixture() throws {
    let source = try Self.pageBridge(patchedBy: "conformance/calibration/global-after-callbacks.json")
    let profile = try BridgeProfile.load(Self.synchronousProfile).get()
    let runner = Self.runner(source, profile: profile)
    var passed = 0
    for fixture in Self.fixtures where fixture.level == .must {
      let result = runner.run(fixture)
      #expect(result.status == .pass || result.status == .skip, "\(fixture.id): \(result.message ?? "")")
      if result.status == .pass { passed += 1 }
    }
    #expect(passed >= 50)
  }

  /// The same in a ready-event dialect: a bridge that fires its ready event
  /// (with the bridge as the event's `bridge`) before it assigns the global.
  @Test func readyEventBeforeTheGlobalPassesEveryMustFixture() throws {
    let source = try Self.pageBridge(
      [
        ("  //@end\n  window[GLOBAL] = bridge;\n", "  //@end\n"),
        (
          "      readyEvent.bridge = bridge;\n      documentAtInjection.dispatchEvent(readyEvent);\n",
          "      readyEvent.bridge = bridge;\n      documentAtInjection.dispatchEvent(readyEvent);\n      window[GLOBAL] = bridge;\n"
        ),
      ])
    let profile = try BridgeProfile.load(
      "jsbridge-1", profilesFolder: packageRoot.appendingPathComponent("conformance/profiles").path
    ).get()
    // The reference page bridge learns its dialect from the harness's page options.
    let runner = FixtureRunner(
      page: ReferencePageImplementation(source: source, profile: profile), native: ReferenceNativeImplementation(),
      tested: TestedSides(page: true, native: false))
    var passed = 0
    for fixture in Self.fixtures where fixture.level == .must {
      let result = runner.run(fixture)
      #expect(result.status == .pass || result.status == .skip, "\(fixture.id): \(result.message ?? "")")
      if result.status == .pass { passed += 1 }
    }
    #expect(passed >= 40)
  }

  /// A bridge that calls its set-up callbacks without the bridge object is
  /// still caught: the fixture's callbacks are handed what the bridge passes.
  @Test func setUpCallbacksHandedNothingAreCaught() throws {
    let source = try Self.pageBridge(patchedBy: "conformance/mutants/page/page-startup-callbacks-get-no-bridge.json")
    let result = Self.runner(source, profile: .classic).run(
      try Self.shipped("startup-queue/every-setup-callback-called-once-in-order"))
    #expect(result.status == .fail, "\(result.message ?? "")")
    #expect(result.message?.contains("setup-2 was handed undefined") == true, "\(result.message ?? "")")
  }

  /// A bridge whose global has another name is reported as such.
  @Test func aRenamedGlobalIsReportedAsRenamed() throws {
    let source = try Self.pageBridge([
      ("  //@end\n  window[GLOBAL] = bridge;\n", "  //@end\n  window.OtherBridge = bridge;\n")
    ])
    let result = Self.runner(source, profile: .classic).run(try Self.shipped("callbacks/page-to-native-response"))
    #expect(result.status == .error)
    let message = result.message ?? ""
    #expect(
      message.contains("window.WebViewJavascriptBridge is not defined, and window.OtherBridge has the page API"),
      "\(message)")
    #expect(message.contains("names.global"), "\(message)")
    #expect(!message.contains("not injected"), "\(message)")
  }

  /// A method the profile names and the bridge lacks is reported as missing,
  /// not as a TypeError thrown by the page bridge.
  @Test func aMissingMethodIsNotThePageBridgesException() throws {
    let source = try Self.pageBridge(
      [("    bridge[DISABLE] = disableJavscriptAlertBoxSafetyTimeout;\n", "")])
    let result = Self.runner(source, profile: .classic).run(
      try Self.shipped("dispatch/page-disable-makes-dispatch-synchronous"))
    #expect(result.status == .error)
    let message = result.message ?? ""
    #expect(message.contains("the page bridge has no method disableJavscriptAlertBoxSafetyTimeout"), "\(message)")
    #expect(message.contains("names.disableSafetyTimeout"), "\(message)")
    #expect(!message.contains("escaped page code"), "\(message)")
  }

  /// An exception thrown by the harness's own page code is not blamed on the
  /// page bridge.
  @Test func theHarnessesOwnExceptionIsNotThePageBridges() throws {
    let inline = try fixture(
      """
      {"id": "dispatch/harness-throws", "title": "t", "area": "dispatch", "level": "must", "spec": "api-page-global",
       "subject": "page", "steps": [{"action": "settle"},
         {"action": "page.script", "script": "__bridgecheck.signalWith({kind: 'channel', name: 'NoSuchChannel'}, 'x');"},
         {"action": "settle"}],
       "expect": {"events": []}}
      """, file: "harness-throws.json")
    let result = referenceRunner.run(inline)
    #expect(result.status == .error, "\(result.message ?? "")")
    #expect(result.message?.contains("the harness's own page code threw TypeError") == true, "\(result.message ?? "")")
    #expect(result.message?.contains("escaped page code") == false, "\(result.message ?? "")")
  }

  /// A fixture's own throw from a set-up callback that the bridge calls while
  /// it is being injected is what the fixture tests: a failure, not an error.
  @Test func aScriptedThrowDuringInjectionIsAFailureNotAnError() throws {
    let source = try Self.pageBridge(
      patchedBy: "conformance/calibration/global-after-callbacks.json",
      [
        (
          "      try {\n        callback(bridge);\n      } catch (error) {\n        log('error', CALLBACKS + '[' + i + '] threw', error);\n      }\n",
          "      callback(bridge);\n"
        )
      ])
    let profile = try BridgeProfile.load(Self.synchronousProfile).get()
    let result = Self.runner(source, profile: profile).run(
      try Self.shipped("startup-queue/throwing-setup-callback-does-not-stop-the-others"))
    #expect(result.status == .fail, "\(result.message ?? "")")
    #expect(
      result.message?.contains("threw on purpose while the page bridge was being injected") == true,
      "\(result.message ?? "")")
  }
}

extension HarnessPageScriptProtocolOnlyTests {
  /// A page script that is injected without an error and defines no bridge
  /// is not reported as "not injected".
  @Test func aBridgeInjectedThatDefinesNothingIsNotReportedAsNotInjected() throws {
    let runner = Self.runner("window.SomethingElse = {};", profile: .classic)
    let result = runner.run(try Self.shipped("callbacks/page-to-native-response"))
    #expect(result.status == .error)
    let message = result.message ?? ""
    #expect(
      message.contains(
        "the page bridge was injected without an error (evaluated by the native side) and does not define it"),
      "\(message)")
    #expect(!message.contains("not injected"), "\(message)")
  }
}
