import BridgeImplementations
import Dialects
import Foundation
import ProcessSupport
import ReferenceImplementations
import ScenarioRunner

/// The Swift native kit's cost per scenario: our own wkwebview-port bridge
/// built on the kit (`WKWebViewPortKitCheck`, built next to this executable)
/// against the Swift reference adapter (`bridgecheck reference-adapter`)
/// speaking the same dialect, both sharing a CPU with the scenario thread,
/// on the same scenarios (those the kit's bridge runs), rounds alternating.
enum SwiftKitBenchmark {
  /// `bridgecheck-bench swift-kit`: this part of `adapter` alone, with its
  /// rounds (``AdapterBenchmark/defaultRounds``, or `BRIDGECHECK_BENCH_ROUNDS`).
  static func runAlone() throws {
    guard let fixtures = ShippedFixtures.load() else { return }
    let rounds =
      ProcessInfo.processInfo.environment["BRIDGECHECK_BENCH_ROUNDS"].flatMap(Int.init).map { max(1, $0) }
      ?? AdapterBenchmark.defaultRounds
    let allCPUs = CPUAffinity.threadCPUs()
    let folder = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      .deletingLastPathComponent()
    run(
      fixtures: fixtures, rounds: rounds, folder: folder, sharedCPU: allCPUs.last,
      unpin: { CPUAffinity.setThreadCPUs(allCPUs) })
  }

  static func run(fixtures: [Fixture], rounds: Int, folder: URL, sharedCPU: Int?, unpin: () -> Void) {
    let bridgecheck = folder.appendingPathComponent("bridgecheck").path
    let kitBridge = folder.appendingPathComponent("WKWebViewPortKitCheck").path
    guard FileManager.default.isExecutableFile(atPath: bridgecheck),
      FileManager.default.isExecutableFile(atPath: kitBridge)
    else {
      print("  (the Swift kit is not measured: build the bridgecheck and WKWebViewPortKitCheck products too)")
      return
    }
    guard case .success(let profile) = BridgeProfile.load("wkwebview-port") else {
      print("  (the wkwebview-port profile cannot be read: run from the package root)")
      return
    }
    let modes: [(label: String, native: any NativeImplementation)] = [
      ("in process (floor)", ReferenceNativeImplementation()),
      (
        "Swift adapter", AdapterNativeImplementation(command: [bridgecheck, "reference-adapter"], sharedCPU: sharedCPU)
      ),
      ("Swift kit", AdapterNativeImplementation(command: [kitBridge], sharedCPU: sharedCPU)),
    ]
    unpin()
    defer { for mode in modes { (mode.native as? AdapterNativeImplementation)?.shutdown() } }
    let runners = modes.map {
      FixtureRunner(
        page: ReferencePageImplementation(profile: profile), native: $0.native,
        tested: TestedSides(page: false, native: true))
    }
    // The scenarios the kit's bridge runs (the reference adapter runs them all).
    let kitRun = SuiteRunner(runner: runners[2], jobs: 1).run(fixtures)
    let ran = Set(kitRun.filter { $0.status != .skip }.map(\.scenario.id))
    let chosen = fixtures.filter { ran.contains($0.id) }
    for (index, runner) in runners.enumerated() {
      let warmUp = SuiteRunner(runner: runner, jobs: 1).run(chosen)
      unpin()
      let broken = warmUp.filter { $0.status == .fail || $0.status == .error }.count
      if broken > 0 { print("  WARNING: \(modes[index].label): \(broken) scenarios failed or errored") }
    }
    // Commands per scenario both ways, on the same scenarios: where the kit
    // spends more than the adapter for the same page.
    for index in runners.indices.dropFirst() {
      AdapterTraffic.reset()
      let total = Samples.collect(1) { _ = SuiteRunner(runner: runners[index], jobs: 1).run(chosen) }
      unpin()
      AdapterBenchmark.describe(
        AdapterTraffic.current, label: modes[index].label, scenarios: chosen.count, total: total.quantile(0.5))
    }
    var samples = [Samples](repeating: Samples(), count: runners.count)
    var cpuSamples = [Samples](repeating: Samples(), count: runners.count)
    for _ in 0..<rounds {
      for (index, runner) in runners.enumerated() {
        let adapter = modes[index].native as? AdapterNativeImplementation
        let cpuBefore = CPUTime.now() + ProcessCPUTime.of(adapter?.spawnedProcessIDs ?? [])
        samples[index].append(
          Samples.collect(1) { _ = SuiteRunner(runner: runner, jobs: 1).run(chosen) }.scaled(
            by: 1 / Double(max(1, chosen.count))))
        let cpu = CPUTime.now() + ProcessCPUTime.of(adapter?.spawnedProcessIDs ?? []) - cpuBefore
        cpuSamples[index].add(nanoseconds: cpu / Int64(max(1, chosen.count)))
        unpin()
      }
    }
    print(
      "  the wkwebview-port dialect, native side under test (\(chosen.count) scenarios the kit's bridge runs, reference page "
        + "bridge), one scenario, --jobs 1, median (min–max) of \(rounds) rounds, wall time | CPU time (this process and the adapter):"
    )
    for (index, mode) in modes.enumerated() {
      var ratios = ""
      if index > 0 {
        let wall = zip(samples[index].values, samples[0].values).map { $0 / $1 }.sorted()
        let cpu = zip(cpuSamples[index].values, cpuSamples[0].values).map { $0 / max($1, 1e-9) }.sorted()
        ratios = "  ×\(Samples.format(wall[wall.count / 2])) | ×\(Samples.format(cpu[cpu.count / 2])) the floor"
      }
      print(
        "    \(mode.label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(samples[index].range) ms | "
          + "\(cpuSamples[index].range) ms CPU\(ratios)")
    }
    let kitOverAdapter = zip(samples[2].values, samples[1].values).map { $0 / $1 }.sorted()
    let cpuKitOverAdapter = zip(cpuSamples[2].values, cpuSamples[1].values).map { $0 / max($1, 1e-9) }.sorted()
    print(
      "    the kit against the Swift adapter, round by round: ×\(Samples.format(kitOverAdapter[kitOverAdapter.count / 2])) "
        + "(\(Samples.format(kitOverAdapter.first ?? 0))–\(Samples.format(kitOverAdapter.last ?? 0))) wall, "
        + "×\(Samples.format(cpuKitOverAdapter[cpuKitOverAdapter.count / 2])) "
        + "(\(Samples.format(cpuKitOverAdapter.first ?? 0))–\(Samples.format(cpuKitOverAdapter.last ?? 0))) CPU")
  }
}
