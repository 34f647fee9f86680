import Foundation
import TestSupport
import Testing

/// bridgecheck runs from any folder (a user's own repository) and from an
/// installed copy: its fixtures, profiles, mutants and protocol are found
/// relative to the executable, or where $BRIDGECHECK_RESOURCES says.
@Suite("Runs from anywhere")
struct RelocatableTests {
  @Test func theDefaultsAreFoundFromAnotherFolder() throws {
    let elsewhere = try ScratchFolder()
    defer { elsewhere.remove() }
    try elsewhere.write(
      "my-bridge.js",
      String(
        contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
        encoding: .utf8))

    let list = try bridgecheck(["list"], in: elsewhere.url)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("callbacks/page-to-native-response"))

    // A page bridge of the user's, with a shipped profile by name.
    let run = try bridgecheck(
      [
        "run", "--js", "my-bridge.js", "--profile", "wvjb-classic", "--filter", "callbacks/*", "--jobs", "1",
        "--json", "report.json",
      ], in: elsewhere.url)
    #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: elsewhere.path("report.json")),
      "user paths stay relative to the current folder")

    let unknown = try bridgecheck(["run", "--js", "my-bridge.js", "--profile", "no-such"], in: elsewhere.url)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("wvjb-messagehandlers"), "the profiles there are, from anywhere: \(unknown.stderr)")

    let explain = try bridgecheck(["explain", "callbacks/page-to-native-response"], in: elsewhere.url)
    #expect(explain.status == 0, "\(explain.stderr)")
    #expect(!explain.stdout.contains("rule text not found"), "docs/protocol.md is found: \(explain.stdout)")
  }

  @Test func anInstalledCopyUsesItsOwnFiles() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
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
    try #require(install.terminationStatus == 0)
    // The installed copy has fewer fixtures than the checkout: what it
    // lists proves which files it uses.
    let share = prefix.appendingPathComponent("share/bridgecheck/Fixtures")
    for area in try FileManager.default.contentsOfDirectory(atPath: share.path)
    where area != "callbacks" && area != "schema.json" {
      try FileManager.default.removeItem(at: share.appendingPathComponent(area))
    }
    let work = try ScratchFolder()
    defer { work.remove() }
    let installed = prefix.appendingPathComponent("bin/bridgecheck")
    let list = try run(installed, ["list"], in: work.url)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("callbacks/"), "\(list.stdout)")
    #expect(!list.stdout.contains("escaping/"), "the installed fixtures, not the checkout's: \(list.stdout)")
    let suite = try run(installed, ["run", "--jobs", "1"], in: work.url)
    #expect(suite.status == 0, "\(suite.stdout)\n\(suite.stderr)")
  }

  @Test func theEnvironmentVariableOverridesAndIsChecked() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "resources/Fixtures/callbacks/page-to-native-response.json",
      String(
        contentsOf: packageRoot.appendingPathComponent("Fixtures/callbacks/page-to-native-response.json"),
        encoding: .utf8))
    try scratch.write(
      "resources/conformance/profiles/wvjb-classic.json",
      String(contentsOf: packageRoot.appendingPathComponent("conformance/profiles/wvjb-classic.json"), encoding: .utf8))
    let list = try bridgecheck(
      ["list"], in: scratch.url, environment: ["BRIDGECHECK_RESOURCES": scratch.path("resources")])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("callbacks/page-to-native-response"))
    #expect(!list.stdout.contains("callbacks/two-argument"), "only the override's fixtures: \(list.stdout)")

    let wrong = try bridgecheck(
      ["list"], in: scratch.url, environment: ["BRIDGECHECK_RESOURCES": scratch.path("nowhere")])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("$BRIDGECHECK_RESOURCES") && wrong.stderr.contains("hint:"), "\(wrong.stderr)")
  }

  /// Runs another binary than the checkout's.
  private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> CommandOutcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.removeValue(forKey: "BRIDGECHECK_RESOURCES")
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return CommandOutcome(stdout: stdout, stderr: stderr, status: process.terminationStatus)
  }
}
