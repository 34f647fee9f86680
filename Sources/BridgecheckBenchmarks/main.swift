import Foundation
import JSRuntime

/// `bridgecheck-bench`: measurements whose figures go in docs/performance.md. Run a
/// release build: `swift run -c release bridgecheck-bench [NAME…]`.
let benchmarks: [(name: String, summary: String, run: () throws -> Void)] = [
  (
    "roundtrip", "round trips through the reference native and page bridges; 1 MB and 10 MB payloads",
    RoundTripBenchmark.run
  ),
  ("page", "cost of creating a simulated page with a 5 KB bridge script loaded", PageCreationBenchmark.run),
  (
    "startup", "where a scenario's time goes, step by step, with a shared context group and a group per page",
    StartupStepsBenchmark.run
  ),
  (
    "memory", "resident memory over 2,000 scenarios in process, shared context group vs a group per page",
    MemoryBenchmark.run
  ),
  ("suite", "the shipped suite against the reference pair: wall time and costliest scenarios", SuiteBenchmark.run),
  (
    "supervised", "the shipped suite in worker processes under the supervisor vs in process (the floor)",
    SupervisedSuiteBenchmark.run
  ),
  (
    "gate", "bridgecheck run of the shipped suite at --jobs 2: the default gate vs one schedule vs the engine's floor",
    DefaultGateBenchmark.run
  ),
  (
    "webkit", "bridgecheck run --engine webkitgtk of the shipped suite at --jobs 1 and 2 vs the simulated page",
    WebKitSuiteBenchmark.run
  ),
  (
    "scenarios", "chosen scenarios run many times in process (BRIDGECHECK_BENCH_FILTER, _RUNS); for profiling",
    ScenarioRepeatBenchmark.run
  ),
  (
    "adapter",
    "scenarios per second: native bridge in process vs the Swift and Python adapters (and the Swift and Android kits)",
    AdapterBenchmark.run
  ),
  (
    "swift-kit", "the Swift native kit's part of `adapter` alone: a scenario through the kit vs the Swift adapter",
    SwiftKitBenchmark.runAlone
  ),
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains("--help") || requested.contains("-h") {
  print("usage: bridgecheck-bench [NAME…]\n\nbenchmarks:")
  for benchmark in benchmarks {
    print("  \(benchmark.name.padding(toLength: 12, withPad: " ", startingAt: 0))\(benchmark.summary)")
  }
  exit(0)
}
let unknown = requested.filter { name in !benchmarks.contains { $0.name == name } }
if !unknown.isEmpty {
  FileHandle.standardError.write(
    Data("bridgecheck-bench: unknown benchmark \(unknown.joined(separator: ", ")); see --help\n".utf8))
  exit(2)
}
#if DEBUG
  print("warning: this is a debug build; measure with `swift run -c release bridgecheck-bench`\n")
#endif
// As `bridgecheck` itself runs (see LargeValueMemory), unless asked not to.
if ProcessInfo.processInfo.environment["BRIDGECHECK_BENCH_DEFAULT_MALLOC"] == nil {
  LargeValueMemory.keepFreedBuffersForReuse()
}
for benchmark in benchmarks where requested.isEmpty || requested.contains(benchmark.name) {
  print("== \(benchmark.name): \(benchmark.summary)")
  try benchmark.run()
  print()
}
