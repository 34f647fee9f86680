import Foundation

/// The shipped suite against the reference pair in the real engine, the
/// whole `bridgecheck run --engine webkitgtk` command at `--jobs 1` and
/// `--jobs 2` (its supervised workers, each with its own web view, web
/// process and display connection), next to the same command in the
/// simulated page. Rounds alternate, so that a busy spell slows every side.
/// Needs a `bridgecheck` built with the WebKitGTK trait next to
/// `bridgecheck-bench` (``build``); no display is needed (bridgecheck
/// starts its own Xvfb when there is none).
/// Every run must pass: a verdict that depends on the machine is a bug.
enum WebKitSuiteBenchmark {
  static let rounds = 5
  static let build = "swift build -c release --traits WebKitGTK --scratch-path .build-webkit"

  static func run() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("bridgecheck").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print("  build bridgecheck next to bridgecheck-bench first (\(build))")
      return
    }
    guard try command(executable, engine: "webkitgtk", jobs: 1, filter: "callbacks/page-to-native-response") else {
      print("  skipped: this bridgecheck has no WebKitGTK engine (\(build))")
      return
    }
    var simulated: [Int: Samples] = [:]
    var webKit: [Int: Samples] = [:]
    for _ in 0..<rounds {
      for jobs in [1, 2] {
        simulated[jobs, default: Samples()].append(
          try Samples.collect(1) { try command(executable, engine: "simulated", jobs: jobs) })
        webKit[jobs, default: Samples()].append(
          try Samples.collect(1) { try command(executable, engine: "webkitgtk", jobs: jobs) })
      }
    }
    print("  the shipped suite, reference pair, median (min–max) of \(rounds), wall time of the whole command:")
    for jobs in [1, 2] {
      let ratio = Samples.format(webKit[jobs]!.quantile(0.5) / simulated[jobs]!.quantile(0.5))
      print("    --jobs \(jobs), simulated page: \(simulated[jobs]!.range) ms")
      print("    --jobs \(jobs), WebKitGTK:      \(webKit[jobs]!.range) ms (×\(ratio) of the simulated page)")
    }
    let speedUp = Samples.format(webKit[1]!.quantile(0.5) / webKit[2]!.quantile(0.5))
    print("    WebKitGTK at --jobs 2 is ×\(speedUp) as fast as at --jobs 1")
  }

  /// One whole `bridgecheck run` in `engine`; false when the engine is not
  /// built in (exit 2); it must pass otherwise.
  @discardableResult
  private static func command(_ executable: String, engine: String, jobs: Int, filter: String? = nil) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      ["run", "--engine", engine, "--jobs", String(jobs), "--color", "never"] + (filter.map { ["--filter", $0] } ?? [])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus == 2 { return false }
    guard process.terminationStatus == 0 else {
      throw BenchmarkFailure("bridgecheck run --engine \(engine) --jobs \(jobs) exited \(process.terminationStatus)")
    }
    return true
  }
}
