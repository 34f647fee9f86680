import Foundation
import JSONModel
import TestSupport
import Testing

/// The hostile corpus (`conformance/hostile/expected.json`) against the
/// bounds bridgecheck keeps inside one process: every script whose trick
/// those bounds catch ends as `error` with its reason on the fixtures the
/// manifest names, and the run finishes; a script that does not even load
/// is refused before the run (`refused`: exit 2 with the reason). (Scripts marked `needsSupervisor`
/// escape them: the process supervisor is what stops those.)
@Suite("Hostile corpus within the in-process bounds", .serialized)
struct HostileCorpusBoundsTests {
  static let folder = packageRoot.appendingPathComponent("conformance/hostile")

  struct Entry: CustomTestStringConvertible, Sendable {
    var script: String
    var status: String
    /// Each message contains one of these (empty: not checked).
    var reasons: [String]
    var check: [String]
    var testDescription: String { script }
  }

  static func manifest() throws -> JSONValue {
    try JSONValue.parse(String(contentsOf: folder.appendingPathComponent("expected.json"), encoding: .utf8))
  }

  /// Entries the in-process bounds decide, with the fixtures to check them on.
  static let inProcess: [Entry] = {
    guard let scripts = (try? manifest())?["scripts"]?.arrayValue else { return [] }
    return scripts.compactMap { entry in
      guard entry["needsSupervisor"] == nil, let script = entry["script"]?.stringValue,
        let status = entry["status"]?.stringValue, let check = entry["check"]?.arrayValue, !check.isEmpty
      else { return nil }
      let reasons =
        entry["reason"]?.stringValue.map { [$0] } ?? entry["reason"]?.arrayValue?.compactMap(\.stringValue) ?? []
      return Entry(script: script, status: status, reasons: reasons, check: check.compactMap(\.stringValue))
    }
  }()

  @Test func theManifestListsEveryScriptOfTheCorpusOnce() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".js") }
    let listed = try #require(try Self.manifest()["scripts"]?.arrayValue).compactMap { $0["script"]?.stringValue }
    #expect(
      Set(files) == Set(listed),
      "not listed: \(Set(files).subtracting(listed)); missing: \(Set(listed).subtracting(files))")
    #expect(listed.count == Set(listed).count)
    #expect(Self.inProcess.count >= 20)
  }

  @Test(arguments: inProcess)
  func endsWithTheReasonAndTheRunFinishes(entry: Entry) throws {
    let arguments =
      ["run", "--js", "conformance/hostile/\(entry.script)", "--format", "json", "--jobs", "2"]
      + entry.check.flatMap { ["--filter", $0] }
    let started = Date()
    let outcome = try bridgecheck(arguments, timeLimit: 90)
    #expect(!outcome.timedOut, "\(entry.script) did not finish")
    #expect(Date().timeIntervalSince(started) < 60)
    if entry.status == "error", entry.reasons.contains("time limit"), outcome.status == 2,
      outcome.stderr.contains("the page script does not finish loading"), outcome.stderr.contains("time limit")
    {
      // A script whose load alone is near the time limit (a million timers set at load) may pass it
      // on a slow or loaded machine: then it is refused before any scenario, which contains it too.
      return
    }
    if entry.status == "refused" {
      // A page script that does not load is refused before any scenario runs.
      #expect(outcome.status == 2, "\(entry.script)")
      #expect(outcome.stdout.isEmpty, "\(entry.script): no report")
      #expect(outcome.stderr.hasPrefix("bridgecheck: conformance/hostile/\(entry.script)"), "\(outcome.stderr)")
      #expect(entry.reasons.contains { outcome.stderr.contains($0) }, "\(entry.script): \(outcome.stderr)")
      return
    }
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    #expect(results.count == entry.check.count, "every selected scenario ran: \(outcome.stderr.suffix(500))")
    for result in results {
      let message = result["message"]?.stringValue ?? ""
      #expect(
        result["status"]?.stringValue == entry.status,
        "\(entry.script) on \(result["id"] ?? .null): \(message.prefix(300))")
      if !entry.reasons.isEmpty {
        #expect(
          entry.reasons.contains { message.contains($0) },
          "\(entry.script) on \(result["id"] ?? .null): \(message.prefix(300))")
      }
    }
  }
}
