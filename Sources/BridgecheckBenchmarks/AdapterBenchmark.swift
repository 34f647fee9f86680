import BridgeImplementations
import BridgecheckAdapter
import Foundation
import ProcessSupport
import ReferenceImplementations
import ScenarioRunner

/// The shipped fixtures with the reference page bridge and seven native
/// sides: the reference native bridge in process (the floor), the same
/// bridge behind the adapter protocol (`bridgecheck-reference-adapter`, the
/// Swift adapter on `BridgecheckAdapter`, built next to this executable), and the Python adapter
/// (`conformance/adapters/python/adapter.py`), each adapter at the newest
/// protocol version and at 1.1 sharing a CPU with the scenario thread (as in
/// a worker), and at the newest version placed by the system
/// (`--no-cpu-pinning`). Both sides are under test, so
/// every mode runs the same scenarios; rounds alternate between the modes so
/// that a busy machine slows them alike. Then where the adapter's time goes:
/// commands per scenario by type, bytes, and time waiting for `done`. Last,
/// when a JDK is present, what starting each adapter costs a worker, the
/// Android native kit's JVM included, and the kit's cost per scenario
/// (``AndroidKitBenchmark``); before it, the Swift native kit's cost per
/// scenario against the Swift adapter (``SwiftKitBenchmark``).
/// For profiling, `BRIDGECHECK_BENCH_FILTER` (id prefixes separated by
/// commas) runs only some fixtures and `BRIDGECHECK_BENCH_ROUNDS` sets the
/// rounds; the figures of docs/performance.md use neither.
enum AdapterBenchmark {
  /// Rounds of the suite per mode. On the shared two-core machine the median
  /// ratio of 9 rounds moved by ±0.04 from run to run for the same build
  /// (27 November: the Swift adapter ×1.227–×1.312 over nine runs); 15
  /// rounds narrow that at about 25 s more.
  static let defaultRounds = 15

  static func run() throws {
    guard var fixtures = ShippedFixtures.load() else { return }
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["BRIDGECHECK_BENCH_ROUNDS"].flatMap(Int.init).map { max(1, $0) } ?? defaultRounds
    if let filter = environment["BRIDGECHECK_BENCH_FILTER"] {
      let prefixes = filter.split(separator: ",").map(String.init)
      fixtures = fixtures.filter { fixture in prefixes.contains { fixture.id.hasPrefix($0) } }
      print("  only the \(fixtures.count) fixtures whose id starts with \(filter) (BRIDGECHECK_BENCH_FILTER)")
      guard !fixtures.isEmpty else { return }
    }
    var modes: [(label: String, native: any NativeImplementation)] = [
      ("in process (floor)", ReferenceNativeImplementation())
    ]
    // The adapters share a CPU with this thread (the last it may use), as a
    // worker of `bridgecheck run` does with its adapter; the floor's rounds
    // run unpinned, as runs without an adapter do. `unpinned` rows measure
    // the adapter as `--no-cpu-pinning` runs it.
    let allCPUs = CPUAffinity.threadCPUs()
    let sharedCPU = allCPUs.last
    func unpin() { CPUAffinity.setThreadCPUs(allCPUs) }
    let folder = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      .deletingLastPathComponent()
    let bridgecheck = folder.appendingPathComponent("bridgecheck").path
    let referenceAdapter = folder.appendingPathComponent("bridgecheck-reference-adapter").path
    // Each adapter at the newest protocol, and at 1.1 (what an adapter that
    // does not speak 1.2 gets: every answer waited for, the page script in
    // every start and echoed in every injection).
    let newest = "1.\(AdapterProtocol.minorVersion)"
    if FileManager.default.isExecutableFile(atPath: referenceAdapter) {
      for minor in [AdapterProtocol.minorVersion, 1] {
        modes.append(
          (
            "Swift adapter " + (minor == 1 ? "1.1" : newest),
            AdapterNativeImplementation(
              command: [referenceAdapter], protocolMinorVersion: minor, sharedCPU: sharedCPU)
          ))
      }
      unpin()
      modes.append(
        ("Swift \(newest) unpinned", AdapterNativeImplementation(command: [referenceAdapter])))
    } else {
      print(
        "  (no \(referenceAdapter): build the bridgecheck-reference-adapter product too to measure the Swift adapter)")
    }
    let python = "conformance/adapters/python/adapter.py"
    if FileManager.default.fileExists(atPath: python) {
      for minor in [AdapterProtocol.minorVersion, 1] {
        modes.append(
          (
            "Python adapter " + (minor == 1 ? "1.1" : newest),
            AdapterNativeImplementation(
              command: ["python3", python], protocolMinorVersion: minor, sharedCPU: sharedCPU)
          ))
      }
      unpin()
      modes.append(("Python \(newest) unpinned", AdapterNativeImplementation(command: ["python3", python])))
    }
    unpin()
    defer { for mode in modes { (mode.native as? AdapterNativeImplementation)?.shutdown() } }
    for mode in modes {
      if let failure = (mode.native as? AdapterNativeImplementation)?.startupFailure {
        print("  \(mode.label): did not start: \(failure)")
        return
      }
    }
    let runners = modes.map { FixtureRunner(page: ReferencePageImplementation(), native: $0.native, tested: .both) }
    var executed: [Int] = []
    for (index, runner) in runners.enumerated() {
      let warmUp = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
      unpin()
      executed.append(warmUp.filter { $0.status != .skip }.count)
      let broken = warmUp.filter { $0.status == .fail || $0.status == .error }.count
      if broken > 0 { print("  WARNING: \(modes[index].label): \(broken) scenarios failed or errored") }
    }
    var samples = [Samples](repeating: Samples(), count: runners.count)
    // CPU time of this process and of the mode's adapter processes: a busy
    // machine favours a process that waits on a pipe over one that computes,
    // so wall-time ratios under load flatter the adapters; CPU time does not.
    var cpuSamples = [Samples](repeating: Samples(), count: runners.count)
    for _ in 0..<rounds {
      for (index, runner) in runners.enumerated() {
        let processes = (modes[index].native as? AdapterNativeImplementation)?.spawnedProcessIDs ?? []
        let cpuBefore = CPUTime.now() + ProcessCPUTime.of(processes)
        samples[index].append(
          Samples.collect(1) { _ = SuiteRunner(runner: runner, jobs: 1).run(fixtures) }.scaled(
            by: 1 / Double(executed[index])))
        let spawned = (modes[index].native as? AdapterNativeImplementation)?.spawnedProcessIDs ?? []
        let cpu = CPUTime.now() + ProcessCPUTime.of(spawned) - cpuBefore
        cpuSamples[index].add(nanoseconds: cpu / Int64(executed[index]))
        unpin()
      }
    }
    print(
      "  one judged scenario (the mean of a round), --jobs 1, median (min–max) of \(rounds) rounds of \(fixtures.count) fixtures:"
    )
    for (index, mode) in modes.enumerated() {
      var ratio = ""
      if index > 0 {
        // Each round's time against the floor's in the same round: a busy
        // spell that slows one round slows both sides of its ratio.
        let ratios = zip(samples[index].values, samples[0].values).map { $0 / $1 }.sorted()
        ratio =
          "  ×\(Samples.format(ratios[ratios.count / 2])) (\(Samples.format(ratios.first ?? 0))–\(Samples.format(ratios.last ?? 0))) the floor, round by round"
      }
      print("    \(mode.label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(samples[index].range) ms\(ratio)")
    }
    print(
      "  the same rounds in CPU time (this process and the mode's adapter processes, 10 ms ticks), per judged scenario:"
    )
    for (index, mode) in modes.enumerated() {
      var ratio = ""
      if index > 0 {
        let ratios = zip(cpuSamples[index].values, cpuSamples[0].values).map { $0 / max($1, 1e-9) }.sorted()
        ratio =
          "  ×\(Samples.format(ratios[ratios.count / 2])) (\(Samples.format(ratios.first ?? 0))–\(Samples.format(ratios.last ?? 0))) the floor, round by round"
      }
      print(
        "    \(mode.label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(cpuSamples[index].range) ms CPU\(ratio)"
      )
    }
    let acrossCPUs = PipeRoundTrip.measure()
    let oneCPU = sharedCPU.flatMap { cpu in CPUAffinity.setThreadCPUs([cpu]) ? PipeRoundTrip.measure() : nil }
    unpin()
    if let acrossCPUs {
      print(
        "  the floor of any round trip here: one byte to `cat` and back after 250 µs of work, median of 2,000: "
          + "\(format(acrossCPUs)) µs where the system places `cat`"
          + (oneCPU.map { ", \(format($0)) µs with `cat` and this thread on one CPU" } ?? "")
          + " (the adapter's wait per command below includes it)")
    }
    for (index, mode) in modes.enumerated().dropFirst() {
      AdapterTraffic.reset()
      let processes = (mode.native as? AdapterNativeImplementation)?.spawnedProcessIDs ?? []
      let adapterCPUBefore = ProcessCPUTime.of(processes)
      let total = Samples.collect(1) { _ = SuiteRunner(runner: runners[index], jobs: 1).run(fixtures) }
      let adapterCPU =
        ProcessCPUTime.of((mode.native as? AdapterNativeImplementation)?.spawnedProcessIDs ?? []) - adapterCPUBefore
      unpin()
      let traffic = AdapterTraffic.current
      describe(traffic, label: mode.label, scenarios: executed[index], total: total.quantile(0.5))
      print(
        "    the adapter process's own CPU time in that run (10 ms ticks): \(format(Double(adapterCPU) / 1e3 / Double(max(1, traffic.commandCount)))) µs "
          + "per command")
    }
    SwiftKitBenchmark.run(fixtures: fixtures, rounds: rounds, folder: folder, sharedCPU: sharedCPU, unpin: unpin)
    AndroidKitBenchmark.run(
      fixtures: fixtures, rounds: rounds, bridgecheck: bridgecheck, sharedCPU: sharedCPU, unpin: unpin)
  }

  /// Commands per scenario and what waiting for them cost, from one run.
  static func describe(_ traffic: AdapterTraffic, label: String, scenarios: Int, total milliseconds: Double) {
    let perScenario = Double(traffic.commandCount) / Double(scenarios)
    let waiting = Double(traffic.roundTripNanoseconds) / 1e6
    print(
      "  \(label), one run: \(format(perScenario)) commands per scenario, \(format(Double(traffic.bytesWritten) / Double(scenarios) / 1024)) KB "
        + "written and \(format(Double(traffic.bytesRead) / Double(scenarios) / 1024)) KB read per scenario; waiting for `done`: "
        + "\(format(waiting / Double(scenarios))) ms per scenario (\(format(waiting * 1000 / Double(max(1, traffic.commandCount)))) µs "
        + "per command, \(format(100 * waiting / milliseconds))% of the run)")
    let kinds = traffic.commands.sorted { $0.value > $1.value }
    print("    commands per scenario (waiting µs each, mean; KB written and read per scenario):")
    for (command, count) in kinds {
      let each = Double(traffic.roundTripNanosecondsByCommand[command] ?? 0) / 1000 / Double(count)
      let written = Double(traffic.bytesWrittenByCommand[command] ?? 0) / 1024 / Double(scenarios)
      let read = Double(traffic.bytesReadByCommand[command] ?? 0) / 1024 / Double(scenarios)
      print(
        "      \(command.padding(toLength: 22, withPad: " ", startingAt: 0)) \(format(Double(count) / Double(scenarios))) "
          + "(\(format(each)) µs; \(format(written)) KB out, \(format(read)) KB in)")
    }
    // 1.2 writes these without waiting; their time is that of reading
    // answers already there (at 1.1 it is a whole round trip each).
    let pipelined = AdapterProtocol.Pipelining.commands.map(\.rawValue).sorted()
    let count = pipelined.reduce(0) { $0 + (traffic.commands[$1] ?? 0) }
    let nanoseconds = pipelined.reduce(Int64(0)) { $0 + (traffic.roundTripNanosecondsByCommand[$1] ?? 0) }
    print(
      "    \(pipelined.joined(separator: ", ")) (not waited for from 1.2 on): \(format(Double(count) / Double(scenarios))) "
        + "per scenario, \(format(Double(nanoseconds) / 1e6 / Double(scenarios))) ms per scenario waiting for their answers"
    )
  }

  static func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value)
  }
}

/// CPU time (user and system) of other processes, from `/proc/PID/stat`,
/// in nanoseconds (clock-tick resolution); processes that are gone count 0.
enum ProcessCPUTime {
  static func of(_ processes: [Int32]) -> Int64 {
    let ticksPerSecond = Int64(max(1, sysconf(Int32(_SC_CLK_TCK))))
    var total: Int64 = 0
    for pid in processes {
      guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = text.lastIndex(of: ")")
      else { continue }
      // After the command name: state is field 3, utime and stime 14 and 15.
      let fields = text[text.index(after: end)...].split(separator: " ")
      guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { continue }
      total += (user + system) * 1_000_000_000 / ticksPerSecond
    }
    return total
  }
}
