import Foundation
import JSONModel
import Testing

/// `bridgecheck fuzz` and `run --explore/--replay` through the command line.
@Suite("Exploration through the CLI")
struct ExplorationEndToEndTests {
  @Test("fuzz finds the mutant's bug, writes the fixture, and run passes it on the reference pair")
  func fuzzWritesFixture() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("found.json").path
    let found = try bridgecheck(
      ["fuzz", "--mutant", "page-byte-order-marks-stripped", "--write-fixture", file, "--jobs", "1"], timeLimit: 300)
    #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
    #expect(found.stdout.contains("a property failed after"))
    #expect(found.stdout.contains("\\uFEFF"), "the shrunk value is shown with its invisible character escaped")
    let reference = try bridgecheck(["run", file, "--jobs", "1"], timeLimit: 120)
    #expect(reference.status == 0, "\(reference.stdout)\(reference.stderr)")
    // The same seed gives the same report, whatever --jobs.
    let again = try bridgecheck(["fuzz", "--mutant", "page-byte-order-marks-stripped", "--jobs", "2"], timeLimit: 300)
    let firstLines = found.stdout.split(separator: "\n").prefix(2)
    #expect(Array(again.stdout.split(separator: "\n").prefix(2)) == Array(firstLines))
  }

  @Test(
    "run --explore --write-fixture turns the failure it found into a fixture that fails the mutant and passes the reference pair"
  )
  func exploreWritesFixture() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-pin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("found.json").path
    let mutant = ["--mutant", "native-responders-cleared-each-batch"]
    let found = try bridgecheck(
      [
        "run", "--schedules", "single", "--explore", "50", "--filter", "startup-queue/document-start-*",
        "--write-fixture",
        file, "--jobs", "2", "--color", "never",
      ] + mutant, timeLimit: 300)
    #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
    #expect(found.stdout.contains("fails under an explored schedule: seed "))
    #expect(
      found.stderr.contains("bridgecheck: wrote startup-queue/document-start-startup-queue-both-ways-pinned to \(file)")
    )
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("\"schedule\""))
    #expect(written.contains("\"deviations\""))
    let reference = try bridgecheck(["run", file, "--jobs", "1", "--color", "never"], timeLimit: 120)
    #expect(reference.status == 0, "\(reference.stdout)\(reference.stderr)")
    let broken = try bridgecheck(["run", file, "--jobs", "1", "--color", "never"] + mutant, timeLimit: 120)
    #expect(broken.status == 1, "\(broken.stdout)\(broken.stderr)")
    #expect(broken.stdout.contains("FAIL   startup-queue/document-start-startup-queue-both-ways-pinned"))
    // The pinned fixture is not explored further, and nothing failing means nothing written.
    let again = folder.appendingPathComponent("none.json").path
    let clean = try bridgecheck(
      ["run", "--explore", "5", file, "--write-fixture", again, "--jobs", "1"], timeLimit: 120)
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stderr.contains("nothing written to \(again)"))
    #expect(!FileManager.default.fileExists(atPath: again))
    let misuse = try bridgecheck(["run", "--schedules", "single", "--write-fixture", again], timeLimit: 60)
    #expect(misuse.status == 2)
    #expect(misuse.stderr.contains("--write-fixture writes a schedule that the default gate or --explore found"))
  }

  @Test("run --explore passes the reference pair and --jobs changes nothing; --replay runs one schedule")
  func exploreAndReplay() throws {
    let filter = [
      "--filter", "callbacks/page-to-native-response", "--filter", "transport/order-kept-across-batches",
      "--filter", "startup-queue/reload-*", "--format", "json",
    ]
    let one = try bridgecheck(["run", "--explore", "30", "--jobs", "1"] + filter, timeLimit: 300)
    let two = try bridgecheck(["run", "--explore", "30", "--jobs", "2"] + filter, timeLimit: 300)
    #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
    #expect(two.status == 0)
    // The summary says how many schedules ran, the same whatever --jobs.
    let first = try JSONValue.parse(one.stdout)
    let second = try JSONValue.parse(two.stdout)
    let totals = try #require(first["summary"]?["exploration"])
    #expect(totals == second["summary"]?["exploration"])
    let scenarios = try #require(first["results"]?.arrayValue).filter { $0["status"] == "pass" }.count
    #expect(scenarios >= 3)
    #expect(totals["scenarios"] == .number(Double(scenarios)))
    // Each scenario: the default schedule, the default gate's 5, 30 seeds.
    #expect(totals["schedules"] == .number(Double(scenarios * 37)))
    #expect(totals["seedsAsked"] == 30)
    #expect(totals["systematicAsked"] == 6)
    let distinct = try #require(totals["distinctSchedules"]?.numberValue)
    #expect(distinct > Double(scenarios) && distinct <= Double(scenarios * 37))
    let perScenario = { (report: JSONValue) in report["results"]?.arrayValue?.map { $0["exploration"] } ?? [] }
    #expect(perScenario(first) == perScenario(second))
    let text = try bridgecheck(
      ["run", "--explore", "30", "--jobs", "2", "--format", "table"] + filter.dropLast(2), timeLimit: 300)
    #expect(
      text.stdout.contains(
        "schedules: the default gate's 7 (default, steps-apart, host-first, evaluations-late, sources-in-turn, timers-late, ipc-slow), "
          + "then up to 30 seeds: \(scenarios * 37) schedules run over \(scenarios) scenarios, \(Int(distinct)) distinct, 0 failing"
      ))
    let replay = try bridgecheck(["run", "--replay", "17"] + filter, timeLimit: 120)
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    let both = try bridgecheck(["run", "--replay", "17", "--explore", "3"], timeLimit: 60)
    #expect(both.status == 2)
    #expect(both.stderr.contains("--replay runs one schedule"))
  }
}
