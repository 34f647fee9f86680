import Foundation
import JSONModel
import TestSupport
import Testing

/// `--jobs` from 1 to 64 on any machine: the reference pair passes with the
/// default memory limit (which scales with the workers), in `run` and in
/// `mutants`, and a pair of
/// `--jobs` and `--memory-limit` that cannot give each worker its floor is
/// refused before anything runs.
@Suite("Workers and memory end to end", .serialized)
struct WorkerBudgetEndToEndTests {
  /// The megabyte scenarios are a worker's largest; the others are ordinary.
  static let filters = [
    "data/one-megabyte-string-page-to-native", "data/one-megabyte-string-native-to-page",
    "callbacks/page-to-native-response", "data/absent-versus-null-data",
  ].flatMap { ["--filter", $0] }

  /// Stated, so that the default total is the same on every test machine
  /// (the processes themselves need far less: about 45 MB a worker).
  static let machine = ["BRIDGECHECK_MACHINE_MEMORY": "24G"]

  @Test(arguments: [1, 2, 8, 16, 32, 48, 64])
  func theReferencePairPassesAtAnyJobsWithTheDefaults(jobs: Int) throws {
    let outcome = try bridgecheck(
      ["run", "--jobs", String(jobs), "--format", "json"] + Self.filters, environment: Self.machine, timeLimit: 180)
    #expect(outcome.status == 0, "--jobs \(jobs): \(outcome.stderr.suffix(1000))")
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    #expect(results.count == 4)
    for result in results {
      #expect(result["status"] == "pass", "--jobs \(jobs): \(result["id"] ?? .null): \(result["message"] ?? .null)")
    }
  }

  /// `bridgecheck mutants` (default total 1 GB before it scaled: a false red
  /// from about 23 workers) on the same four fixtures and one native mutant:
  /// the reference pair passes them at any --jobs.
  @Test(arguments: [1, 2, 8, 16, 32, 48, 64])
  func theMutationMatrixKeepsTheReferencePairGreenAtAnyJobs(jobs: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridgecheck-budget-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixtures = folder.appendingPathComponent("fixtures")
    let ids = stride(from: 1, to: Self.filters.count, by: 2).map { Self.filters[$0] }
    for id in ids {
      let target = fixtures.appendingPathComponent(id + ".json")
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Fixtures/\(id).json"), to: target)
    }
    let mutants = folder.appendingPathComponent("mutants/native")
    try FileManager.default.createDirectory(at: mutants, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("conformance/mutants/native/about-blank-cancelled.json"),
      to: mutants.appendingPathComponent("about-blank-cancelled.json"))
    let outcome = try bridgecheck(
      [
        "mutants", "--jobs", String(jobs), "--fixtures", fixtures.path, "--mutants",
        mutants.deletingLastPathComponent().path,
        "--update-expected",
      ],
      environment: Self.machine, timeLimit: 180)
    #expect(outcome.status != 2, "--jobs \(jobs): \(outcome.stderr.suffix(1000))")
    #expect(
      outcome.stdout.contains("reference pair: 4/4 fixtures pass"), "--jobs \(jobs): \(outcome.stdout.prefix(2000))")
    #expect(!outcome.stdout.contains("REFERENCE"), "--jobs \(jobs): \(outcome.stdout.prefix(2000))")
  }

  @Test func anImpossiblePairIsRefusedBeforeAnythingRuns() throws {
    let run = try bridgecheck(["run", "--jobs", "8", "--memory-limit", "1G"], environment: Self.machine)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--memory-limit 1 GB shared by --jobs 8 gives each worker 128 MB"), "\(run.stderr)")
    #expect(run.stderr.contains("(8 × 256 MB = 2 GB)"), "\(run.stderr)")
    #expect(run.stderr.contains("give --memory-limit 2G or more, or --jobs 4 or fewer"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)

    let mutants = try bridgecheck(["mutants", "--jobs", "64", "--memory-limit", "2G"], environment: Self.machine)
    #expect(mutants.status == 2)
    #expect(mutants.stderr.contains("gives each worker 32 MB"), "\(mutants.stderr)")

    let small = try bridgecheck(["run", "--jobs", "64"], environment: ["BRIDGECHECK_MACHINE_MEMORY": "4G"])
    #expect(small.status == 2)
    #expect(small.stderr.contains("three quarters of this machine's 4 GB"), "\(small.stderr)")
    #expect(small.stderr.contains("give --jobs 12 or fewer"), "\(small.stderr)")
  }
}
