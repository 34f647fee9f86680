import Foundation
import TestSupport
import Testing

/// Every command works from any folder with an installed copy
/// (`scripts/install.sh PREFIX`): run from an empty temporary folder, none
/// of them asks to be run from the checkout or misses one of bridgecheck's
/// own files. The installed copy's fixtures are cut to one area, so that
/// what a command lists shows which files it read.
@Suite("Every command from any folder, installed", .serialized)
struct AnyFolderInstalledTests {
  /// An installed copy and an empty working folder, removed at the end.
  final class Installation {
    let scratch: ScratchFolder
    let binary: URL
    let work: URL

    init() throws {
      scratch = try ScratchFolder()
      let prefix = scratch.url.appendingPathComponent("prefix")
      let install = Process()
      install.executableURL = URL(fileURLWithPath: "/bin/bash")
      install.arguments = [packageRoot.appendingPathComponent("scripts/install.sh").path, prefix.path]
      var environment = ProcessInfo.processInfo.environment
      environment["BRIDGECHECK_BINARY"] = try bridgecheckBinary().path
      install.environment = environment
      install.standardOutput = FileHandle.nullDevice
      try install.run()
      install.waitUntilExit()
      guard install.terminationStatus == 0 else { throw BinaryNotFound(places: ["install.sh failed"]) }
      let fixtures = prefix.appendingPathComponent("share/bridgecheck/Fixtures")
      for area in try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
      where !["callbacks", "data", "schema.json"].contains(area) {
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent(area))
      }
      binary = prefix.appendingPathComponent("bin/bridgecheck")
      work = scratch.url.appendingPathComponent("work")
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      try String(
        contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
        encoding: .utf8
      )
      .write(to: work.appendingPathComponent("my-bridge.js"), atomically: true, encoding: .utf8)
    }

    /// Runs the installed copy in the working folder, away from any checkout.
    func run(_ arguments: [String], timeLimit: TimeInterval = 300) throws -> CommandOutcome {
      let process = Process()
      process.executableURL = binary
      process.arguments = arguments
      process.currentDirectoryURL = work
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      environment.removeValue(forKey: "BRIDGECHECK_RESOURCES")
      environment.removeValue(forKey: "GITHUB_ACTIONS")
      process.environment = environment
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let pid = process.processIdentifier
      let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
      nonisolated(unsafe) var stdout = Data()
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
      }
      let stderr = err.fileHandleForReading.readDataToEndOfFile()
      group.wait()
      process.waitUntilExit()
      watchdog.cancel()
      return CommandOutcome(
        stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
        status: process.terminationStatus)
    }

    deinit { scratch.remove() }
  }

  /// What no command may say from another folder.
  static func expectFound(
    _ outcome: CommandOutcome, _ command: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = outcome.stdout + outcome.stderr
    for symptom in [
      "run from the bridgecheck checkout", "no such file or folder", "no such profile", "no exploration mutants",
      "cannot read",
    ] {
      #expect(!text.contains(symptom), "\(command): \(text)", sourceLocation: sourceLocation)
    }
    #expect(
      outcome.status != 2 && outcome.status != 3, "\(command) exited \(outcome.status): \(text)",
      sourceLocation: sourceLocation)
  }

  @Test("the installed copy has every resource bundle of the build, with all its files")
  func everyResourceBundleIsInstalled() throws {
    let installed = try Installation()
    let built = try bridgecheckBinary().deletingLastPathComponent()
    let bundles = try FileManager.default.contentsOfDirectory(atPath: built.path).filter {
      $0.hasPrefix("bridgecheck_") && $0.hasSuffix(".resources")
    }
    // The reference bridges, the page environment, the harness, the inference kit, the real engine.
    #expect(bundles.count >= 5, "\(bundles)")
    let bin = installed.binary.deletingLastPathComponent()
    for bundle in bundles {
      let files = FileManager.default.subpaths(atPath: built.appendingPathComponent(bundle).path) ?? []
      let copied = FileManager.default.subpaths(atPath: bin.appendingPathComponent(bundle).path) ?? []
      #expect(!files.isEmpty && Set(copied) == Set(files), "scripts/install.sh did not install \(bundle)")
    }
  }

  @Test func listValidateExplainAndProfiles() throws {
    let installed = try Installation()
    let list = try installed.run(["list"])
    Self.expectFound(list, "list")
    #expect(
      list.stdout.contains("callbacks/page-to-native-response") && !list.stdout.contains("escaping/"),
      "the installed fixtures")
    Self.expectFound(try installed.run(["validate"]), "validate")
    let explain = try installed.run(["explain", "callbacks/page-to-native-response"])
    Self.expectFound(explain, "explain")
    #expect(!explain.stdout.contains("rule text not found"), "the installed docs/protocol.md: \(explain.stdout)")
    let profiles = try installed.run(["profiles"])
    Self.expectFound(profiles, "profiles")
    #expect(profiles.stdout.contains("wkwebview-port"))
    let check = try installed.run(["profiles", "--check", "wvjb-5"])
    Self.expectFound(check, "profiles --check wvjb-5")
    #expect(check.stdout.contains("a valid profile"))
    let demo = try installed.run(["demo"])
    Self.expectFound(demo, "demo")
  }

  @Test func runMergeAndTheSchedulesOfTheMutants() throws {
    let installed = try Installation()
    let run = try installed.run([
      "run", "--js", "my-bridge.js", "--profile", "wvjb-classic", "--jobs", "1", "--json", "a.json",
    ])
    Self.expectFound(run, "run --js --profile")
    #expect(run.status == 0)
    for shard in 1...2 {
      Self.expectFound(
        try installed.run([
          "run", "--filter", "callbacks/*", "--shard", "\(shard)/2", "--jobs", "1", "--json", "s\(shard).json",
        ]),
        "run --shard")
    }
    let merged = try installed.run(["merge", "s1.json", "s2.json"])
    Self.expectFound(merged, "merge")
    #expect(merged.status == 0)
    let mutant = try installed.run(
      ["run", "--mutant", "native-responders-cleared-each-batch", "--filter", "callbacks/*", "--jobs", "1"])
    Self.expectFound(mutant, "run --mutant")
    let fuzz = try installed.run(["fuzz", "--runs", "64", "--jobs", "1"])
    Self.expectFound(fuzz, "fuzz")
    #expect(fuzz.status == 0)
    let fuzzMutant = try installed.run(["fuzz", "--mutant", "page-byte-order-marks-stripped", "--jobs", "1"])
    Self.expectFound(fuzzMutant, "fuzz --mutant")
    #expect(fuzzMutant.status == 1, "the mutant's bug is found: \(fuzzMutant.stdout)")
    let fuzzProfile = try installed.run([
      "fuzz", "--js", "my-bridge.js", "--profile", "wvjb-classic", "--runs", "16", "--jobs", "1",
    ])
    Self.expectFound(fuzzProfile, "fuzz --js --profile")
    let exploration = try installed.run(
      ["exploration-mutants", "--mutant", "page-queued-after-signal", "--explore", "20", "--jobs", "1"])
    Self.expectFound(exploration, "exploration-mutants")
  }

  @Test func mutantsMatrixAndDoctor() throws {
    let installed = try Installation()
    let fixture = installed.work.deletingLastPathComponent()
      .appendingPathComponent("prefix/share/bridgecheck/Fixtures/callbacks/page-to-native-response.json").path
    // One fixture: the kills differ from expected-kills.json (exit 1), but every mutant loads and runs.
    let mutants = try installed.run(["mutants", "--fixtures", fixture, "--jobs", "1"], timeLimit: 600)
    Self.expectFound(mutants, "mutants")
    let matrix = try installed.run(
      ["matrix", "--fixtures", fixture, "--jobs", "1", "--html", "matrix.html"], timeLimit: 600)
    Self.expectFound(matrix, "matrix")
    #expect(FileManager.default.fileExists(atPath: installed.work.appendingPathComponent("matrix.html").path))
    let doctor = try installed.run([
      "doctor", "--native", "bridgecheck reference-adapter", "--profile", "wkwebview-port",
    ])
    Self.expectFound(doctor, "doctor --profile")
    #expect(doctor.status == 0, "\(doctor.stdout)")
  }
}
