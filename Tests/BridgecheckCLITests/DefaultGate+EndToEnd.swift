import Foundation
import JSONModel
import TestSupport
import Testing

/// `bridgecheck run`'s default gate through the command line: the races it
/// catches, the same report whatever `--jobs` and however often it runs, and
/// `--schedules single`.
@Suite("The default gate through the CLI")
struct DefaultGateEndToEndTests {
  /// A mutant's patched file, written to `folder`.
  static func patched(_ mutantFile: String, in folder: URL) throws -> String {
    let mutant = try JSONValue.parse(
      String(contentsOf: packageRoot.appendingPathComponent(mutantFile), encoding: .utf8))
    let file = mutant["file"]?.stringValue ?? "Sources/ReferenceBridges/Resources/page-bridge.js"
    var source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    for step in mutant["patch"]?.arrayValue ?? [] {
      let find = try #require(step["find"]?.stringValue)
      #expect(source.components(separatedBy: find).count == 2, "\(mutantFile): the patch no longer applies")
      source = source.replacingOccurrences(of: find, with: try #require(step["replace"]?.stringValue))
    }
    let path = folder.appendingPathComponent(
      URL(fileURLWithPath: mutantFile).deletingPathExtension().lastPathComponent + ".js")
    try source.write(to: path, atomically: true, encoding: .utf8)
    return path.path
  }

  /// The parts of a JSON report that must not depend on --jobs or the run.
  static func verdicts(_ report: JSONValue) -> [JSONValue] {
    (report["results"]?.arrayValue ?? []).map { result in
      [
        "id": result["id"] ?? .null, "status": result["status"] ?? .null, "message": result["message"] ?? .null,
        "exploration": result["exploration"] ?? .null, "failedChecks": result["failedChecks"] ?? .null,
      ]
    }
  }

  @Test(
    "the coalescing jsbridge-1 mutant fails the default gate with the same report at --jobs 1 and 2 and when run again; --schedules single misses it"
  )
  func coalescingMutantDeterministic() throws {
    let folder = try temporaryFolder("bridgecheck-gate")
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try Self.patched(
      "conformance/mutants/dialects/page/jsbridge-1-queue-returned-through-signal-iframe.json", in: folder)
    let filters = [
      "transport/order-kept-across-batches", "data/falsy-data-native-to-page",
      "data/every-json-type-as-response-from-native",
      "handler-missing/native-to-page-missing-handler-without-callback", "callbacks/page-to-native-response",
    ].flatMap { ["--filter", $0] }
    let arguments = ["run", "--js", page, "--profile", "jsbridge-1", "--format", "json"] + filters
    let runs = try [["--jobs", "1"], ["--jobs", "2"], ["--jobs", "2"]].map { jobs in
      try bridgecheck(arguments + jobs, timeLimit: 300)
    }
    let reports = try runs.map { try jsonReport($0.stdout) }
    for (run, report) in zip(runs, reports) {
      #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
      #expect(Self.verdicts(report) == Self.verdicts(reports[0]))
      #expect(report["summary"]?["exploration"] == reports[0]["summary"]?["exploration"])
    }
    let failed = (reports[0]["results"]?.arrayValue ?? []).filter { $0["status"] == "fail" }.compactMap {
      $0["id"]?.stringValue
    }
    #expect(
      Set(failed) == [
        "transport/order-kept-across-batches", "data/falsy-data-native-to-page",
        "data/every-json-type-as-response-from-native",
        "handler-missing/native-to-page-missing-handler-without-callback",
      ])
    #expect(reports[0]["schedules"]?["names"]?.arrayValue?.count == 7)
    let message =
      (reports[0]["results"]?.arrayValue ?? []).first { $0["id"] == "data/falsy-data-native-to-page" }?["message"]?
      .stringValue ?? ""
    #expect(message.contains("fails under the default gate's schedule "))
    #expect(message.contains("replay: bridgecheck run --replay "))
    #expect(message.contains("pin it in the fixture: \"schedule\": {\"deviations\":"))
    // The single schedule passes the same bridge: it is weaker.
    let single = try bridgecheck(arguments + ["--jobs", "2", "--schedules", "single"], timeLimit: 300)
    #expect(single.status == 0, "\(single.stdout)\(single.stderr)")
    let singleReport = try jsonReport(single.stdout)
    #expect(singleReport["schedules"]?["names"] == ["default"])
    #expect(singleReport["summary"]?["exploration"] == nil)
  }

  @Test(
    "the default gate finds the timer-re-armed signal, writes the fixture that pins it, and --replay NAME runs one of its schedules"
  )
  func timerMutantPinnedAndReplayed() throws {
    let folder = try temporaryFolder("bridgecheck-gate")
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try Self.patched("conformance/mutants/page/page-signal-rearmed-by-timer.json", in: folder)
    let file = folder.appendingPathComponent("found.json").path
    let filter = ["--filter", "data/deep-nesting-both-directions", "--filter", "callbacks/page-to-native-response"]
    let found = try bridgecheck(
      ["run", "--js", page, "--jobs", "2", "--color", "never", "--write-fixture", file] + filter, timeLimit: 300)
    #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
    #expect(found.stdout.contains("fails under the default gate's schedule timers-late"))
    #expect(
      found.stdout.contains(
        "schedules: the default gate's 7 (default, steps-apart, host-first, evaluations-late, sources-in-turn, timers-late, ipc-slow)"
      ))
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("\"timer-latency\""))
    let reference = try bridgecheck(["run", file, "--jobs", "1", "--color", "never"], timeLimit: 120)
    #expect(reference.status == 0, "\(reference.stdout)\(reference.stderr)")
    let broken = try bridgecheck(["run", file, "--js", page, "--jobs", "1", "--color", "never"], timeLimit: 120)
    #expect(broken.status == 1, "\(broken.stdout)\(broken.stderr)")
    // --replay by name runs that one schedule: it fails the mutant, the default one does not.
    let replayed = try bridgecheck(
      ["run", "--js", page, "--replay", "timers-late", "--format", "json"] + filter, timeLimit: 120)
    #expect(replayed.status == 1, "\(replayed.stdout)\(replayed.stderr)")
    #expect(try jsonReport(replayed.stdout)["schedules"]?["names"] == ["timers-late"])
    let replayedDefault = try bridgecheck(["run", "--js", page, "--replay", "0"] + filter, timeLimit: 120)
    #expect(replayedDefault.status == 0, "\(replayedDefault.stdout)\(replayedDefault.stderr)")
    let unknown = try bridgecheck(["run", "--replay", "timers-early"], timeLimit: 60)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--replay timers-early: give a seed"))
    #expect(unknown.stderr.contains("timers-late"))
  }
}
