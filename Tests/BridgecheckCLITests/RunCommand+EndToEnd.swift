import Foundation
import JSONModel
import TestSupport
import Testing

@Suite("bridgecheck run, end to end", .serialized)
struct RunCommandEndToEndTests {
  @Test func aPassingRunExitsZeroAndWritesEveryReport() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let outcome = try bridgecheck([
      "run", "--json", scratch.path("r.json"), "--junit", scratch.path("r.xml"), "--markdown", scratch.path("r.md"),
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("PASS (gate: must)"))
    let report = try JSONValue.parse(String(contentsOfFile: scratch.path("r.json"), encoding: .utf8))
    #expect(report["tool"]?["name"] == "bridgecheck")
    #expect(report["implementations"]?["page"]?["name"] == "reference")
    // The default gate: every scenario under the default schedule and the gate's five.
    #expect(report["schedules"]?["names"]?.arrayValue?.count == 7, "\(report["schedules"] ?? .null)")
    let total = try #require(report["summary"]?["total"]?.numberValue)
    #expect(total > 0 && report["summary"]?["failed"] == 0)
    #expect(report["results"]?.arrayValue?.count == Int(total))
    let xml = try String(contentsOfFile: scratch.path("r.xml"), encoding: .utf8)
    #expect(xml.hasPrefix("<?xml") && xml.contains("<testsuites"))
    #expect(try String(contentsOfFile: scratch.path("r.md"), encoding: .utf8).contains("bridgecheck"))
  }

  @Test func aFailingRunExitsOneAndSaysWhy() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("callbacks/ok.json", echoFixture(id: "callbacks/ok"))
    try scratch.write("callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    let outcome = try bridgecheck(["run", scratch.url.path, "--verbose", "--format", "json"])
    #expect(outcome.status == 1)
    let report = try jsonReport(outcome.stdout)
    let statuses = report["results"]?.arrayValue?.compactMap { $0["status"]?.stringValue }
    #expect(statuses == ["pass", "fail"])
    let message = report["results"]?[1]?["message"]?.stringValue ?? ""
    #expect(message.contains("page-callback-invoked"))
    #expect(message.contains("data: expected 2, got 1"))
    #expect(report["results"]?[1]?["trace"]?.arrayValue?.isEmpty == false)
  }

  @Test func malformedFixturesReportEveryProblemAndExitTwo() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "data/broken.json",
      #"{"id": "data/broken", "title": "t", "area": "data", "level": "high", "subject": "pair", "steps": [{"action": "jump"}]}"#
    )
    try scratch.write("data/syntax.json", "{\"id\": ")
    let outcome = try bridgecheck(["run", scratch.url.path])
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.contains("3 problems in 2 fixture files")
        || outcome.stderr.contains("4 problems in 2 fixture files"))
    #expect(outcome.stderr.contains("broken.json#/level"))
    #expect(outcome.stderr.contains("broken.json#/spec"))
    #expect(outcome.stderr.contains("broken.json#/steps/0/action"))
    #expect(outcome.stderr.contains("syntax.json:1:"))
    #expect(outcome.stderr.contains("hint:"))
    let validate = try bridgecheck(["validate", scratch.url.path])
    #expect(validate.status == 2)
    #expect(validate.stderr == outcome.stderr)
  }

  /// In process, scenarios start while fixtures are still loading: a bad
  /// file found late must still end the run as a usage error, with the same
  /// words and no report, as when loading comes first.
  @Test func aStreamedRunStillRefusesABadFixtureFoundLate() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let shipped = packageRoot.appendingPathComponent("Fixtures/callbacks")
    for name in try FileManager.default.contentsOfDirectory(atPath: shipped.path).sorted() where name.hasSuffix(".json")
    {
      try scratch.write("callbacks/" + name, String(contentsOf: shipped.appendingPathComponent(name), encoding: .utf8))
    }
    try scratch.write(
      "zz/late.json",
      #"{"id": "zz/late", "title": "t", "area": "data", "level": "must", "spec": "s", "subject": "pair", "steps": [{"action": "jump"}]}"#
    )
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("bc-streamed-\(UUID().uuidString).json")
      .path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let inProcess = try bridgecheck(["run", "--in-process", "--jobs", "2", "--json", report, scratch.url.path])
    let workers = try bridgecheck(["run", "--jobs", "2", scratch.url.path])
    #expect(inProcess.status == 2)
    #expect(inProcess.stderr.contains("late.json#/steps/0/action"))
    #expect(inProcess.stderr == workers.stderr)
    #expect(inProcess.stdout.isEmpty, "no report of the scenarios that ran: \(inProcess.stdout)")
    let written = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    #expect(written.isEmpty, "no report file either")
  }

  @Test func aStreamedRunGivesTheSameReportAsALoadedOne() throws {
    // Which scenarios run, not their verdicts under races: the single schedule.
    let streamed = try bridgecheck(
      ["run", "--in-process", "--jobs", "2", "--shard", "2/3", "--schedules", "single", "--format", "json"])
    let loaded = try bridgecheck(["run", "--jobs", "2", "--shard", "2/3", "--schedules", "single", "--format", "json"])
    #expect(streamed.status == 0)
    func ids(_ outcome: CommandOutcome) throws -> [String] {
      try jsonReport(outcome.stdout)["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }
    #expect(try ids(streamed) == ids(loaded))
    #expect(try ids(streamed).count > 40)
  }

  @Test func theRealEngineIsAskedForClearly() throws {
    let explore = try bridgecheck(["run", "--engine", "webkitgtk", "--explore", "3"])
    #expect(explore.status == 2)
    #expect(explore.stderr.contains("give them without --engine webkitgtk"))
    let unknown = try bridgecheck(["run", "--engine", "chromium"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("simulated") && unknown.stderr.contains("webkitgtk"), "\(unknown.stderr)")
    #if !WebKitGTK
      let missing = try bridgecheck(["run", "--engine", "webkitgtk"])
      #expect(missing.status == 2)
      #expect(missing.stderr.contains("built without the real engine"))
      #expect(missing.stderr.contains("--traits WebKitGTK"))
      #expect(missing.stdout.isEmpty)
      let fidelity = try bridgecheck(["fidelity", "--pair", "reference"])
      #expect(fidelity.status == 2)
      #expect(fidelity.stderr.hasPrefix("bridgecheck: fidelity: this bridgecheck was built without the real engine"))
      #expect(fidelity.stdout.isEmpty)
    #endif
  }

  @Test func usageErrorsExitTwo() throws {
    let unknown = try bridgecheck(["run", "--no-such-option"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--no-such-option"))
    let badLevel = try bridgecheck(["run", "--level", "sometimes"])
    #expect(badLevel.status == 2)
    let badShard = try bridgecheck(["run", "--shard", "4/3"])
    #expect(badShard.status == 2)
    let noBaseline = try bridgecheck(["run", "--update-baseline"])
    #expect(noBaseline.status == 2)
    #expect(noBaseline.stderr.contains("--baseline"))
  }

  @Test func aFilterThatMatchesNothingIsAnError() throws {
    let outcome = try bridgecheck(["run", "--filter", "no-such-area/*"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--filter no-such-area/* matches no fixture"))
    #expect(outcome.stderr.contains("bridgecheck list"))
  }

  @Test func baselineTurnsKnownFailuresIntoXfailAndStaleEntriesFail() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/ok.json", echoFixture(id: "callbacks/ok"))
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    let update = try bridgecheck([
      "run", scratch.path("fixtures"), "--baseline", scratch.path("baseline.json"), "--update-baseline",
    ])
    #expect(update.status == 0, "\(update.stderr)")
    let written = try JSONValue.parse(String(contentsOfFile: scratch.path("baseline.json"), encoding: .utf8))
    #expect(written["expectations"]?.objectValue?.keys == ["callbacks/wrong"])

    let expected = try bridgecheck([
      "run", scratch.path("fixtures"), "--baseline", scratch.path("baseline.json"), "--format", "json",
    ])
    #expect(expected.status == 0, "\(expected.stdout)")
    #expect(try jsonReport(expected.stdout)["summary"]?["xfail"] == 1)

    try scratch.write("stale.json", #"{"expectedFailures": {"callbacks/ok": "was broken once"}}"#)
    let stale = try bridgecheck([
      "run", scratch.path("fixtures"), "--baseline", scratch.path("stale.json"), "--format", "json",
    ])
    #expect(stale.status == 1)
    let report = try jsonReport(stale.stdout)
    #expect(report["summary"]?["xpass"] == 1)
    #expect(report["results"]?[0]?["message"]?.stringValue?.contains("remove it from the baseline") == true)

    try scratch.write("bad.json", #"{"expectedFailures": ["callbacks/ok"]}"#)
    let bad = try bridgecheck(["run", scratch.path("fixtures"), "--baseline", scratch.path("bad.json")])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("bad.json#/expectedFailures"))
  }

  /// One filter or tag among several that matches nothing is a typo, not a
  /// smaller run.
  @Test func everyFilterAndTagMustMatchSomething() throws {
    let filter = try bridgecheck(["run", "--filter", "callbacks/*", "--filter", "callbakcs/*"])
    #expect(filter.status == 2)
    #expect(filter.stderr.contains("--filter callbakcs/* matches no fixture"), "\(filter.stderr)")
    let tag = try bridgecheck(["run", "--tag", "callbacks", "--tag", "no-such-tag"])
    #expect(tag.status == 2)
    #expect(tag.stderr.contains("--tag no-such-tag matches no fixture"), "\(tag.stderr)")
  }

  /// Rewriting the baseline from part of the suite (a shard, a filter)
  /// keeps the entries of the fixtures that part did not run, and entries
  /// naming fixtures that do not exist fail the gate like stale ones.
  @Test func partialBaselineUpdatesKeepOtherEntriesAndUnknownIDsFail() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/ok.json", echoFixture(id: "callbacks/ok"))
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    try scratch.write("fixtures/data/wrong.json", echoFixture(id: "data/wrong", expected: "3"))
    let baseline = scratch.path("baseline.json")
    let all = try bridgecheck(["run", scratch.path("fixtures"), "--baseline", baseline, "--update-baseline"])
    #expect(all.status == 0, "\(all.stderr)")
    var written = try JSONValue.parse(String(contentsOfFile: baseline, encoding: .utf8))
    #expect(Set(written["expectations"]?.objectValue?.keys ?? []) == ["callbacks/wrong", "data/wrong"])

    let part = try bridgecheck([
      "run", scratch.path("fixtures"), "--filter", "callbacks/*", "--baseline", baseline, "--update-baseline",
    ])
    #expect(part.status == 0, "\(part.stderr)")
    #expect(part.stderr.contains("1 kept for fixtures this run did not cover"), "\(part.stderr)")
    written = try JSONValue.parse(String(contentsOfFile: baseline, encoding: .utf8))
    #expect(Set(written["expectations"]?.objectValue?.keys ?? []) == ["callbacks/wrong", "data/wrong"])

    try scratch.write(
      "unknown.json", #"{"expectedFailures": {"callbacks/wrong": "x", "data/wrong": "y", "gone/removed": "z"}}"#)
    let unknown = try bridgecheck(["run", scratch.path("fixtures"), "--baseline", scratch.path("unknown.json")])
    #expect(unknown.status == 1, "\(unknown.stdout)\n\(unknown.stderr)")
    #expect(unknown.stdout.contains("names gone/removed, which no fixture has"), "\(unknown.stdout)")
    #expect(unknown.stdout.contains("FAIL (gate: must)"), "the printed verdict is the exit status")
  }

  @Test func shardsCoverEveryFixtureExactlyOnce() throws {
    // Which scenarios each shard runs, not their verdicts under races: the single schedule.
    let all = try bridgecheck(["run", "--schedules", "single", "--format", "json"])
    let allIDs = try jsonReport(all.stdout)["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(!allIDs.isEmpty)
    var seen: [String] = []
    for shard in 1...3 {
      let outcome = try bridgecheck(["run", "--shard", "\(shard)/3", "--schedules", "single", "--format", "json"])
      #expect(outcome.status == 0)
      seen += try jsonReport(outcome.stdout)["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }
    #expect(seen.sorted() == allIDs.sorted())
    #expect(Set(seen).count == seen.count)
  }

  @Test func lowerLevelsRunButDoNotGate() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "callbacks/should.json",
      echoFixture(id: "callbacks/should", expected: "2").replacingOccurrences(of: "\"must\"", with: "\"should\""))
    #expect(try bridgecheck(["run", scratch.url.path]).status == 0)
    #expect(try bridgecheck(["run", scratch.url.path, "--level", "should"]).status == 1)
  }
}

@Suite("bridgecheck list, validate, explain, help")
struct OtherCommandsEndToEndTests {
  /// Fixtures kept outside the repository are still checked against
  /// docs/protocol.md; a file with other problems is told about its anchor
  /// too; a fixture in another area's folder is reported.
  @Test func validateChecksAnchorsAndFoldersEverywhere() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "suite/callbacks/typo.json",
      echoFixture(id: "callbacks/typo").replacingOccurrences(of: "api-callhandler-forms", with: "api-callhandler-form"))
    try scratch.write(
      "suite/callbacks/broken.json",
      echoFixture(id: "callbacks/broken").replacingOccurrences(of: "api-callhandler-forms", with: "no-such-anchor")
        .replacingOccurrences(of: "\"level\": \"must\"", with: "\"level\": \"sometimes\""))
    try scratch.write("suite/data/misplaced.json", echoFixture(id: "callbacks/misplaced"))
    let outcome = try bridgecheck(["validate", scratch.path("suite")], in: scratch.url)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("typo.json#/spec"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("did you mean \"api-callhandler-forms\""))
    #expect(outcome.stderr.contains("broken.json#/level"))
    #expect(outcome.stderr.contains("broken.json#/spec"), "the anchor is reported with the other problems")
    #expect(outcome.stderr.contains("misplaced.json#/area"))
    #expect(outcome.stderr.contains("kept in the \"data\" folder"))
  }

  @Test func versionAndHelp() throws {
    let version = try bridgecheck(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    let help = try bridgecheck(["--help"])
    #expect(help.status == 0)
    for command in ["run", "list", "validate", "explain", "mutants"] { #expect(help.stdout.contains(command)) }
  }

  @Test func listShowsIdsLevelsSubjectsAndTitles() throws {
    let outcome = try bridgecheck(["list", "--filter", "data/*"])
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n").dropFirst()
    #expect(outcome.stdout.hasPrefix("ID "), "a header row")
    #expect(!lines.isEmpty)
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("data/") && ($0.contains(" must ") || $0.contains(" should ") || $0.contains(" may "))
      })
  }

  @Test func validateIsCleanOnTheShippedSuite() throws {
    let outcome = try bridgecheck(["validate"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("are valid"))
  }

  @Test func explainTellsTheFixtureInWords() throws {
    let outcome = try bridgecheck(["explain", "data/absent-versus-null-data"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Rule: docs/protocol.md#msg-data-absent-vs-null"))
    #expect(outcome.stdout.contains("The page calls native handler \"probe\" with no data"))
    #expect(outcome.stdout.contains("native handler \"probe\" is called with no data (undefined)"))
    #expect(outcome.stdout.contains("  Exactly twice: native handler \"probe\" is called with no data (undefined)"))
    let missing = try bridgecheck(["explain", "data/nope"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("bridgecheck list"))
  }
}
