import Foundation
import TestSupport
import Testing

/// docs/cli.md against the built `bridgecheck`: its generated part must be exactly what
/// `scripts/cli_docs.py` makes from `bridgecheck <command> --help`, so the reference cannot drift.
@Suite("docs/cli.md matches bridgecheck --help")
struct CLIReferenceMatchesHelp {
  @Test("the command reference of docs/cli.md is what --help prints")
  func referenceMatchesHelp() throws {
    let outcome = try runCLIDocs(["--check", "--bridgecheck", try bridgecheckBinary().path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
  }

  @Test("a stale reference fails the check, with the difference")
  func staleReferenceFails() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("scripts/cli_docs.py")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("scripts/cli_docs.py"), to: script)
    let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let stale = doc.replacingOccurrences(of: "| `--json <json>` |", with: "| `--json-report <json>` |")
    #expect(stale != doc)
    try stale.write(to: folder.appendingPathComponent("docs/cli.md"), atomically: true, encoding: .utf8)
    let outcome = try runCLIDocs(["--check", "--bridgecheck", try bridgecheckBinary().path], script: script)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("--json-report"), "\(outcome.stderr)")
  }

  private func runCLIDocs(_ arguments: [String], script: URL? = nil) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", (script ?? packageRoot.appendingPathComponent("scripts/cli_docs.py")).path] + arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
