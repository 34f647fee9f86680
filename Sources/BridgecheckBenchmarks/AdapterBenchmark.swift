import BridgeImplementations
import Foundation
import ScenarioRunner

/// Scenarios per second over the shipped fixtures with the reference page
/// bridge and three native sides: the reference native bridge in process,
/// the same bridge behind the adapter protocol (`bridgecheck reference-adapter`,
/// the executable built next to this one), and the Python adapter
/// (`conformance/adapters/python/adapter.py`). Both sides are under test, so
/// every mode executes the same scenarios. Run from the package root.
enum AdapterBenchmark {
  static func run() throws {
    let outcome = FixtureLoader().load(paths: ["Fixtures"])
    guard outcome.problems.isEmpty, !outcome.fixtures.isEmpty else {
      print("  run from the package root (Fixtures/ must load cleanly)")
      return
    }
    let fixtures = outcome.fixtures
    var modes: [(label: String, native: () -> any NativeImplementation)] = [
      ("in process (reference)", { ReferenceNativeImplementation() })
    ]
    let folder = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
    let bridgecheck = folder.appendingPathComponent("bridgecheck").path
    if FileManager.default.isExecutableFile(atPath: bridgecheck) {
      modes.append(("Swift adapter (reference-adapter)", { AdapterNativeImplementation(command: [bridgecheck, "reference-adapter"]) }))
    } else {
      print("  (no \(bridgecheck): build the bridgecheck product too to measure the Swift adapter)")
    }
    let python = "conformance/adapters/python/adapter.py"
    if FileManager.default.fileExists(atPath: python) {
      modes.append(("Python adapter", { AdapterNativeImplementation(command: ["python3", python]) }))
    }

    let cores = ProcessInfo.processInfo.activeProcessorCount
    var baseline: [Int: Double] = [:]
    for mode in modes {
      let native = mode.native()
      defer { (native as? AdapterNativeImplementation)?.shutdown() }
      if let failure = (native as? AdapterNativeImplementation)?.startupFailure {
        print("  \(mode.label): did not start: \(failure)")
        continue
      }
      let runner = ScenarioRunner(page: ReferencePageImplementation(), native: native, tested: .both)
      let warmUp = SuiteRunner(runner: runner, jobs: cores).run(fixtures)
      let executed = warmUp.filter { $0.status != .skip }.count
      let broken = warmUp.filter { $0.status == .fail || $0.status == .error }.count
      var parts: [String] = []
      for jobs in Set([1, cores]).sorted() {
        let samples = Samples.collect(3) { _ = SuiteRunner(runner: runner, jobs: jobs).run(fixtures) }
        let seconds = samples.quantile(0.5) / 1000
        let rate = Double(executed) / seconds
        var text = "--jobs \(jobs): \(format(rate)) scenarios/s (\(format(seconds * 1000 / Double(executed))) ms each)"
        if let reference = baseline[jobs] {
          text += ", ×\(format(reference / rate)) the in-process time"
        } else {
          baseline[jobs] = rate
        }
        parts.append(text)
      }
      print("  \(mode.label), \(executed) scenarios: " + parts.joined(separator: "; ") + (broken > 0 ? " — WARNING: \(broken) failed or errored" : ""))
    }
  }

  static func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value)
  }
}
