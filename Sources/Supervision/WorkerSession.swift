import BridgeImplementations
import ScenarioRunner
import WebViewHosting

/// Makes the page engine a worker configuration names (``WorkerConfiguration/engine``):
/// the simulated page, or a real engine when the `bridgecheck` that serves
/// the worker was built with one. Throws when it cannot (no such engine in
/// this build, no display).
package typealias WorkerEngineFactory = (_ name: String) throws(WorkerSetupError) -> PageEngine

/// What a worker builds from one ``WorkerConfiguration``: the runner and the
/// implementations behind it. A worker builds one at its first
/// configuration, and a new one each time the supervisor sends another (the
/// mutation matrix runs every mutant on the same workers).
final class WorkerSession {
  let configuration: WorkerConfiguration
  let runner: FixtureRunner
  private let native: any NativeImplementation

  /// Builds the implementations in the engine the configuration names
  /// (made by `makeEngine`); an adapter starts its first process at once.
  init(_ configuration: WorkerConfiguration, makeEngine: WorkerEngineFactory) throws(WorkerSetupError) {
    let engine = try makeEngine(configuration.engine)
    let page = try configuration.makePage()
    native = configuration.makeNative(sharedCPU: WorkerCPUs.assigned)
    self.configuration = configuration
    runner = FixtureRunner(
      page: page, native: native, tested: configuration.tested, options: configuration.options, engine: engine)
  }

  /// Whether the native side runs as an adapter process (whose detached
  /// children are ended after each scenario).
  var usesAdapter: Bool { native is AdapterNativeImplementation }

  /// Ends the adapter process, if any.
  func shutdown() {
    (native as? AdapterNativeImplementation)?.shutdown()
  }

  /// `result` as this configuration asks to send it back: whole, or as a
  /// verdict only (``WorkerConfiguration/verdictsOnly``).
  func outgoing(_ result: ScenarioResult) -> ScenarioResult {
    guard configuration.verdictsOnly else { return result }
    var verdict = result.bounded()
    verdict.trace = []
    return verdict
  }
}
