import Foundation
import JSONModel
import TestSupport
import Testing

/// `bridgecheck merge`: the shards of one run (`run --shard K/N`) combined
/// into the reports an unsharded run writes, with its verdict as the exit
/// status; shards that do not belong together are refused, naming them.
@Suite("merge, end to end", .serialized)
struct MergeEndToEnd {
  static let filter = ["--filter", "data/*"]

  /// The reference page bridge with a realistic bug: a handler gets
  /// `undefined` for the data 0.
  static func writeBridges(_ scratch: ScratchFolder) throws {
    let reference = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    let call = "handlers[handlerName](message.data, responseCallback);"
    #expect(reference.contains(call))
    try scratch.write("good.js", reference)
    try scratch.write(
      "bad.js",
      reference.replacingOccurrences(
        of: call, with: "handlers[handlerName](message.data === 0 ? undefined : message.data, responseCallback);"))
  }

  func run(_ arguments: [String], in scratch: ScratchFolder, environment: [String: String] = [:]) throws
    -> CommandOutcome
  {
    try bridgecheck(arguments, in: scratch.url, environment: environment, timeLimit: 300)
  }

  /// A report with its timings, and what says it was merged, taken out.
  static func comparable(_ text: String) throws -> JSONValue {
    var report = try #require(try JSONValue.parse(text).objectValue)
    var summary = try #require(report["summary"]?.objectValue)
    summary["durationMs"] = 0
    report["summary"] = .object(summary)
    var run = try #require(report["run"]?.objectValue)
    run["mergedShards"] = .null
    run["shard"] = .null
    report["run"] = .object(run)
    let results = try #require(report["results"]?.arrayValue).map { result -> JSONValue in
      var object = result.objectValue ?? [:]
      object["durationMs"] = 0
      return .object(object)
    }
    report["results"] = .array(results)
    return .object(report)
  }

  /// A JUnit document with its times and the merged-shards property taken out.
  static func comparableJUnit(_ text: String) -> String {
    text.replacingOccurrences(of: #" time="[0-9.]*""#, with: "", options: .regularExpression)
      .split(separator: "\n").filter { !$0.contains("bridgecheck.mergedShards") && !$0.contains("bridgecheck.shard\"") }
      .joined(separator: "\n")
  }

  @Test("three shards merged are the unsharded run: JSON, JUnit (valid under junit-10), Markdown and exit status")
  func mergedShardsAreTheWholeRun() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.writeBridges(scratch)
    let whole = try run(
      ["run", "--js", "bad.js", "--jobs", "1", "--json", "whole.json", "--junit", "whole.xml"] + Self.filter,
      in: scratch)
    #expect(whole.status == 1, "\(whole.stdout)\(whole.stderr)")
    for shard in 1...3 {
      let part = try run(
        ["run", "--js", "bad.js", "--jobs", "1", "--shard", "\(shard)/3", "--json", "shard-\(shard).json"]
          + Self.filter,
        in: scratch)
      #expect(part.status == 0 || part.status == 1, "\(part.stderr)")
    }
    // Given in any order.
    let merged = try run(
      [
        "merge", "shard-3.json", "shard-1.json", "shard-2.json", "--json", "merged.json", "--junit", "merged.xml",
        "--markdown", "merged.md", "--outputs", "outputs.txt",
      ], in: scratch)
    #expect(merged.status == 1, "the verdict of the whole run: \(merged.stdout)\(merged.stderr)")
    #expect(merged.stdout.contains("— FAIL (gate: must)"))
    let wholeJSON = try String(contentsOfFile: scratch.path("whole.json"), encoding: .utf8)
    let mergedJSON = try String(contentsOfFile: scratch.path("merged.json"), encoding: .utf8)
    #expect(try Self.comparable(mergedJSON) == Self.comparable(wholeJSON))
    let parsed = try JSONValue.parse(mergedJSON)
    #expect(parsed["verdict"] == "fail" && parsed["exitCode"] == 1)
    #expect(parsed["run"]?["mergedShards"] == 3 && parsed["run"]?["shard"] == .null)
    let wholeXML = try String(contentsOfFile: scratch.path("whole.xml"), encoding: .utf8)
    let mergedXML = try String(contentsOfFile: scratch.path("merged.xml"), encoding: .utf8)
    #expect(Self.comparableJUnit(mergedXML) == Self.comparableJUnit(wholeXML))
    #expect(try XMLLint.problems(mergedXML, schema: XMLLint.junitSchema) == "")
    let markdown = try String(contentsOfFile: scratch.path("merged.md"), encoding: .utf8)
    #expect(markdown.contains("merged from 3 shards") && markdown.contains("exit code 1"))
    #expect(markdown.contains("bridgecheck run --js bad.js --filter data/falsy-data-native-to-page --verbose"))
    let outputs = try String(contentsOfFile: scratch.path("outputs.txt"), encoding: .utf8)
    #expect(outputs.contains("verdict=fail\nexit-code=1\n") && outputs.contains("json=merged.json\n"), "\(outputs)")

    // Judged against an expectations file that excuses both failures, the merged run passes.
    let adopt = try run(
      ["run", "--js", "bad.js", "--jobs", "1", "--baseline", "expectations.json", "--update-baseline"] + Self.filter,
      in: scratch)
    #expect(adopt.status == 0, "\(adopt.stderr)")
    let excused = try run(
      ["merge", "shard-1.json", "shard-2.json", "shard-3.json", "--baseline", "expectations.json"], in: scratch)
    #expect(excused.status == 0, "\(excused.stdout)\(excused.stderr)")
    #expect(excused.stdout.contains("2 xfail"))
  }

  @Test("shards that overlap, miss one, or come from other bridges, versions or fixtures are refused with exit 2")
  func refusals() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.writeBridges(scratch)
    for shard in 1...3 {
      _ = try run(
        ["run", "--js", "bad.js", "--jobs", "1", "--shard", "\(shard)/3", "--json", "bad-\(shard).json"] + Self.filter,
        in: scratch)
    }
    _ = try run(
      ["run", "--js", "good.js", "--jobs", "1", "--shard", "3/3", "--json", "good-3.json"] + Self.filter, in: scratch)
    _ = try run(
      [
        "run", "--js", "bad.js", "--jobs", "1", "--shard", "3/3", "--json", "other-fixtures-3.json", "--filter",
        "data/*",
        "--filter", "callbacks/*",
      ], in: scratch)
    _ = try run(
      ["run", "--js", "bad.js", "--jobs", "1", "--shard", "1/2", "--json", "half-1.json"] + Self.filter, in: scratch)

    func refused(_ files: [String], saying expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    {
      let outcome = try run(["merge"] + files + ["--json", "never.json"], in: scratch)
      #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)", sourceLocation: sourceLocation)
      for text in expected {
        #expect(outcome.stderr.contains(text), "\(text) in: \(outcome.stderr)", sourceLocation: sourceLocation)
      }
      #expect(
        !FileManager.default.fileExists(atPath: scratch.path("never.json")), "nothing written",
        sourceLocation: sourceLocation)
    }
    try refused(
      ["bad-1.json", "bad-2.json", "bad-2.json", "bad-3.json"],
      saying: ["bad-2.json and bad-2.json are both shard 2/3: the shards overlap"])
    try refused(["bad-1.json", "bad-3.json"], saying: ["shard 2/3 is missing"])
    try refused(
      ["bad-1.json", "bad-2.json", "good-3.json"],
      saying: [
        "the shards differ in their page bridge: \"bad.js\" in bad-1.json, bad-2.json; \"good.js\" in good-3.json"
      ])
    try refused(
      ["bad-1.json", "bad-2.json", "other-fixtures-3.json"],
      saying: ["the shards differ in their fixture set", "other-fixtures-3.json"])
    try refused(
      ["bad-1.json", "bad-2.json", "half-1.json"],
      saying: ["the shards split the run differently", "half-1.json is shard 1/2"])

    // Another bridgecheck version.
    var older = try #require(
      try JSONValue.parse(String(contentsOfFile: scratch.path("bad-3.json"), encoding: .utf8)).objectValue)
    older["tool"] = ["name": "bridgecheck", "version": "0.0.9"]
    try scratch.write("older-3.json", JSONValue.object(older).serialized(pretty: true))
    try refused(
      ["bad-1.json", "bad-2.json", "older-3.json"],
      saying: ["the shards differ in their bridgecheck version", "\"0.0.9\" in older-3.json"])

    // Not a report at all, and a missing file.
    try scratch.write("notes.json", "{\"hello\": 1}")
    try refused(
      ["bad-1.json", "notes.json", "nothing.json"], saying: ["notes.json#/tool: missing", "nothing.json: no such file"])

    // Shards judged against an expectations file cannot be judged again.
    for shard in 1...2 {
      _ = try run(
        [
          "run", "--js", "bad.js", "--jobs", "1", "--shard", "\(shard)/2", "--baseline", "none.json", "--json",
          "judged-\(shard).json",
        ]
          + Self.filter, in: scratch)
    }
    let judged = try run(["merge", "judged-1.json", "judged-2.json", "--baseline", "none.json"], in: scratch)
    #expect(
      judged.status == 2 && judged.stderr.contains("the shards were judged against none.json already"),
      "\(judged.stderr)")
  }

  @Test("under GitHub Actions, gating failures are ::error annotations at the fixture's line, on standard error only")
  func annotations() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.writeBridges(scratch)
    let outcome = try run(
      ["run", "--js", "bad.js", "--jobs", "1", "--format", "json", "--filter", "data/falsy-data-native-to-page"],
      in: scratch,
      environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": packageRoot.path])
    #expect(outcome.status == 1)
    #expect(try JSONValue.parse(outcome.stdout)["verdict"] == "fail", "standard output is the report alone")
    let annotation = try #require(outcome.stderr.split(separator: "\n").first { $0.hasPrefix("::error ") })
    let fixture = try String(
      contentsOf: packageRoot.appendingPathComponent("Fixtures/data/falsy-data-native-to-page.json"), encoding: .utf8)
    let pointerLine = try #require(JSONValue.parse(outcome.stdout)["results"]?[0]?["detail"]?["pointer"]?.stringValue)
    #expect(pointerLine == "/expect/events/0")
    let lines = fixture.split(separator: "\n", omittingEmptySubsequences: false)
    let expectLine = try #require(lines.firstIndex { $0.contains("\"events\"") }) + 1
    #expect(
      annotation.hasPrefix("::error file=Fixtures/data/falsy-data-native-to-page.json,line="), "\(annotation)")
    let line = Int(annotation.split(separator: ",")[1].dropFirst("line=".count)) ?? 0
    #expect(
      line >= expectLine && line <= expectLine + 2, "the line of /expect/events/0 (\(expectLine)…): \(annotation)")
    #expect(annotation.contains("title=bridgecheck%3A FAIL data/falsy-data-native-to-page (must)::"))
    let plain = try run(
      ["run", "--js", "bad.js", "--jobs", "1", "--filter", "data/falsy-data-native-to-page"], in: scratch)
    #expect(!plain.stderr.contains("::error"), "only under GitHub Actions")
  }
}
