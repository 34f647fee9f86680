import Foundation
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

  @Test("run --explore passes the reference pair and --jobs changes nothing; --replay runs one schedule")
  func exploreAndReplay() throws {
    let filter = ["--filter", "callbacks/page-to-native-response", "--format", "json"]
    let one = try bridgecheck(["run", "--explore", "30", "--jobs", "1"] + filter, timeLimit: 300)
    let two = try bridgecheck(["run", "--explore", "30", "--jobs", "2"] + filter, timeLimit: 300)
    #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
    #expect(two.status == 0)
    let replay = try bridgecheck(["run", "--replay", "17"] + filter, timeLimit: 120)
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    let both = try bridgecheck(["run", "--replay", "17", "--explore", "3"], timeLimit: 60)
    #expect(both.status == 2)
    #expect(both.stderr.contains("--replay runs one schedule"))
  }
}
