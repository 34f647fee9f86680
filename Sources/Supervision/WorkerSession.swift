import BridgeImplementations
import ScenarioRunner

/// What a worker builds from one ``WorkerConfiguration``: the runner and the
/// implementations behind it. A worker builds one at its first
/// configuration, and a new one each time the supervisor sends another (the
/// mutation matrix runs every mutant on the same workers).
final class WorkerSession {
  let configuration: WorkerConfiguration
  let runner: ScenarioRunner
  private let native: any NativeImplementation

  /// Builds the implementations; an adapter starts its first process at once.
  init(_ configuration: WorkerConfiguration) throws(WorkerSetupError) {
    let page = try configuration.makePage()
    native = configuration.makeNative(sharedCPU: WorkerCPUs.assigned)
    self.configuration = configuration
    runner = ScenarioRunner(page: page, native: native, tested: configuration.tested, options: configuration.options)
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
