import BridgeImplementations
import Dialects
import Foundation
import PageSimulation
import ReferenceBridges
import ReferenceImplementations
import RunPipeline
import ScenarioRunner
import TestSupport
import Testing
import WebViewHosting

/// The shipped fixtures of one area (`Fixtures/<area>`), loaded as `run` loads them.
func shippedFixtures(_ area: String = "callbacks") throws -> [Fixture] {
  let outcome = FixtureLoader().load(paths: [packageRoot.appendingPathComponent("Fixtures/\(area)").path])
  try #require(outcome.problems.isEmpty, "\(outcome.problems)")
  try #require(outcome.fixtures.count > 5)
  return outcome.fixtures
}

/// A gate run of `fixtures` in process on the simulated page, with the
/// reference bridges unless others are given.
func gateRun(
  _ fixtures: [Fixture], page: any PageImplementation = ReferencePageImplementation(),
  native: any NativeImplementation = ReferenceNativeImplementation(), jobs: Int = 2
) -> GateRun {
  GateRun(
    page: page, native: native, tested: .both, options: RunOptions(),
    executor: .inProcess(engine: .simulated, jobs: jobs, explore: nil),
    fixtures: .loaded(fixtures: fixtures, selected: fixtures), toolVersion: "test")
}

/// The result of a run that ran its scenarios.
func finished(_ outcome: GateRunOutcome) throws -> GateRunResult {
  guard case .finished(let result) = outcome else {
    Issue.record("the run did not run its scenarios: \(outcome)")
    throw GateRunTestFailure()
  }
  return result
}

struct GateRunTestFailure: Error {}

/// The reference page bridge with a realistic bug: every callback id it
/// makes is the same, so answers reach the wrong callback (or none).
func pageBridgeWithRepeatedCallbackIDs() throws -> ReferencePageImplementation {
  let correct = ReferenceScripts.pageBridge
  let broken = correct.replacingOccurrences(
    of: "callbackId = 'cb_' + (++callbackCounter) + '_' + now();", with: "callbackId = 'cb_1';")
  try #require(broken != correct, "the reference page bridge no longer has the patched line")
  return ReferencePageImplementation(source: broken)
}

/// A native side whose every session fails to start with the same error,
/// as an adapter that crashes on every command would.
struct AlwaysFailingNative: NativeImplementation {
  let message: String
  var name: String { "always-failing" }
  var version: String? { nil }
  var transports: [Transport] { ReferenceNativeImplementation().transports }
  var injections: [Injection] { ReferenceNativeImplementation().injections }
  var features: Set<String> { ReferenceNativeImplementation().features }

  func startSession(
    webView: any WebViewHost, configuration: SessionConfiguration, pageScript: String,
    events: any NativeSessionEvents
  ) throws(ImplementationError) -> any NativeSession {
    throw ImplementationError(code: "crashed", message: message)
  }
}
