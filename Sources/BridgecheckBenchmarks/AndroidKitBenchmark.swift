import BridgeImplementations
import Dialects
import Foundation
import ReferenceImplementations
import ScenarioRunner

/// The Android native kit (NativeKits/Android) in `bridgecheck-bench
/// adapter`, when a JDK is present: what starting an adapter costs a worker
/// (from spawning it to the answer of `hello`; a worker starts its adapter
/// once and keeps it for all its scenarios), for the Swift and Python
/// adapters and for the kit's JVM; then the shipped fixtures in the
/// `jsbridge-1` dialect (the kit cannot run classic WVJB: Android's WebView
/// lets an iframe load https URLs without asking the app) with the reference
/// page bridge and three native sides: the reference native bridge in
/// process (the floor), our Python `jsbridge-1` native side, and our Java
/// one under the kit (conformance/native-kits/android/jsbridge-1), each
/// adapter sharing a CPU with the scenario thread, as in a worker.
enum AndroidKitBenchmark {
  /// Starts of each adapter measured.
  static let starts = 10
  static let kitFolder = ".build/android-kit"
  static let jars = ["/usr/share/java/com.android.json.jar", "/usr/share/java/gson.jar"]

  static func run(fixtures: [Fixture], rounds: Int, bridgecheck: String, sharedCPU: Int?, unpin: () -> Void) {
    guard let kit = kitCommand() else { return }
    print(
      "  what starting an adapter costs a worker (spawn to the answer of hello), median (min–max) of \(starts) starts:")
    var adapters: [(label: String, command: [String])] = []
    if FileManager.default.isExecutableFile(atPath: bridgecheck) {
      adapters.append(("Swift adapter", [bridgecheck, "reference-adapter"]))
    }
    adapters.append(("Python adapter", ["python3", "conformance/adapters/python/adapter.py"]))
    adapters.append(("Android kit (JVM)", kit))
    for (label, command) in adapters {
      for (placement, cpu) in [("on the worker's CPU", sharedCPU), ("placed by the system", nil)] {
        var samples = Samples()
        for _ in 0..<starts {
          let clock = ContinuousClock()
          let started = clock.now
          let adapter = AdapterNativeImplementation(command: command, sharedCPU: cpu)
          let elapsed = clock.now - started
          unpin()
          adapter.shutdown()
          if let failure = adapter.startupFailure {
            print("    \(label): did not start: \(failure)")
            return
          }
          samples.add(
            nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        }
        print("    \(label.padding(toLength: 18, withPad: " ", startingAt: 0)) \(samples.range) ms \(placement)")
      }
    }
    dialectRounds(fixtures: fixtures, rounds: rounds, kit: kit, sharedCPU: sharedCPU, unpin: unpin)
  }

  /// The shipped fixtures in the jsbridge-1 dialect, rounds alternating
  /// between the in-process floor, the Python native side and the kit.
  private static func dialectRounds(fixtures: [Fixture], rounds: Int, kit: [String], sharedCPU: Int?, unpin: () -> Void)
  {
    guard case .success(let profile) = BridgeProfile.load("jsbridge-1") else {
      print("  (the jsbridge-1 profile cannot be read: run from the package root)")
      return
    }
    let modes: [(label: String, native: any NativeImplementation)] = [
      ("in process (floor)", ReferenceNativeImplementation()),
      (
        "Python jsbridge-1",
        AdapterNativeImplementation(
          command: ["python3", "conformance/dialects/jsbridge-1/native.py"], sharedCPU: sharedCPU)
      ),
      ("Android kit (Java)", AdapterNativeImplementation(command: kit, sharedCPU: sharedCPU)),
    ]
    unpin()
    defer { for mode in modes { (mode.native as? AdapterNativeImplementation)?.shutdown() } }
    let runners = modes.map {
      FixtureRunner(page: ReferencePageImplementation(profile: profile), native: $0.native, tested: .both)
    }
    var executed: [Int] = []
    for (index, runner) in runners.enumerated() {
      let warmUp = SuiteRunner(runner: runner, jobs: 1).run(fixtures)
      unpin()
      executed.append(max(1, warmUp.filter { $0.status != .skip }.count))
      let broken = warmUp.filter { $0.status == .fail || $0.status == .error }.count
      if broken > 0 { print("  WARNING: \(modes[index].label): \(broken) scenarios failed or errored") }
    }
    var samples = [Samples](repeating: Samples(), count: runners.count)
    var cpuSamples = [Samples](repeating: Samples(), count: runners.count)
    for _ in 0..<rounds {
      for (index, runner) in runners.enumerated() {
        let adapter = modes[index].native as? AdapterNativeImplementation
        let cpuBefore = CPUTime.now() + ProcessCPUTime.of(adapter?.spawnedProcessIDs ?? [])
        samples[index].append(
          Samples.collect(1) { _ = SuiteRunner(runner: runner, jobs: 1).run(fixtures) }.scaled(
            by: 1 / Double(executed[index])))
        let cpu = CPUTime.now() + ProcessCPUTime.of(adapter?.spawnedProcessIDs ?? []) - cpuBefore
        cpuSamples[index].add(nanoseconds: cpu / Int64(executed[index]))
        unpin()
      }
    }
    print(
      "  the jsbridge-1 dialect (\(executed[0]) judged scenarios of \(fixtures.count) fixtures, reference page bridge), one judged "
        + "scenario, --jobs 1, median (min–max) of \(rounds) rounds, wall time | CPU time (this process and the adapter):"
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
  }

  /// The `--native` command of our jsbridge-1 bridge under the kit, built
  /// into `.build/android-kit` (the jar with scripts/android-kit.sh, the
  /// bridge with javac); nil, with the reason, without a JDK or the Debian
  /// libraries (nothing is installed here).
  static func kitCommand() -> [String]? {
    guard let javac = which("javac"), which("java") != nil, jars.allSatisfy(FileManager.default.fileExists(atPath:))
    else {
      print(
        "  (the Android kit is not measured: no JDK or no libandroid-json-java/libgoogle-gson-java; "
          + "scripts/android-kit.sh .build/android-kit installs them)")
      return nil
    }
    guard let built = tool(["scripts/android-kit.sh", kitFolder]), let classpath = built.split(separator: "\n").last
    else {
      print("  (the Android kit is not measured: scripts/android-kit.sh failed)")
      return nil
    }
    let classes = "\(kitFolder)/jsbridge-1"
    let folder = "conformance/native-kits/android/jsbridge-1"
    let sources = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasSuffix(".java")
    }
    .sorted().map { "\(folder)/\($0)" }
    guard !sources.isEmpty, tool([javac, "-cp", String(classpath), "-d", classes] + sources) != nil else {
      print("  (the Android kit is not measured: \(folder) does not compile)")
      return nil
    }
    // The JVM options docs/android-native-kit.md gives (the fast compiler only, one garbage collector thread).
    return [
      "java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", "\(classes):\(classpath)", "JsBridgeOneCheck",
    ]
  }

  /// The path of `name` on PATH.
  private static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `arguments` (the first one looked up on PATH); its standard
  /// output, or nil when it fails.
  private static func tool(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
}
