import Dialects
import Foundation
import JSONModel
import TestSupport
import Testing

/// `bridgecheck profiles infer` and `run --js` without `--profile`, as a
/// user runs them: the bad input every command refuses, the profile it
/// prints, the reports that say which profile ran, and the same verdicts
/// with no profile as under the bridge's own.
@Suite("Dialect inference end to end", .serialized)
struct InferenceEndToEndTests {
  // MARK: - profiles infer

  @Test func printsACommittableProfileAndItsEvidence() throws {
    let outcome = try bridgecheck(["profiles", "infer", "conformance/dialects/wkwebview-port/page.js"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let profile = try JSONValue.parse(outcome.stdout)
    #expect(profile["name"] == "wkwebview-port")
    #expect(profile["fields"]?["callbackId"] == "callbackID")
    #expect(outcome.stderr.contains("the bridge speaks the shipped dialect wkwebview-port"))
    #expect(outcome.stderr.contains("signals: a post to window.webkit.messageHandlers.iOS_Native_FlushMessageQueue"))
    #expect(outcome.stderr.contains("not visible in the bridge itself (from wkwebview-port): injections"))
    // The printed file is a profile bridgecheck accepts.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("inferred.json", outcome.stdout)
    let check = try bridgecheck(["profiles", "--check", scratch.path("inferred.json")])
    #expect(check.status == 0, "\(check.stdout)")
  }

  @Test func aRenamedBridgeGetsTheNearestProfileWithItsOwnNames() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/flutter/page.js"), encoding: .utf8)
    try scratch.write(
      "page.js", source.replacingOccurrences(of: "YGFlutterJSBridgeChannel", with: "WebviewFlutterJSBridgeChannel"))
    let outcome = try bridgecheck(["profiles", "infer", "--format", "json", scratch.path("page.js")])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let value = try JSONValue.parse(outcome.stdout)
    #expect(value["nearest"] == "flutter")
    #expect(value["profile"]?["name"] == "inferred-from-flutter")
    #expect(value["profile"]?["signals"]?[0]?["name"] == "WebviewFlutterJSBridgeChannel")
    #expect(value["differences"]?.arrayValue?.count == 1)
    #expect(value["evidence"]?.arrayValue?.isEmpty == false)
  }

  /// Bad input: exit 2 with the reason, the file named, nothing on standard output.
  @Test(arguments: [
    ("missing.js", "", "no such file"),
    ("folder", "", "a folder, not a file"),
    ("empty.js", "  // nothing but a comment\n", "the page script is empty"),
    ("syntax.js", "(function () {\n  var x = ;\n})();\n", "syntax.js:2:11: SyntaxError"),
    (
      "throws.js", "(function () {\n  window.Bridge = {};\n  throw new Error('broken on purpose');\n})();\n",
      "throws.js:3"
    ),
    (
      "nothing.js", "var answer = 42;\nfunction helper() { return answer; }\n",
      "no bridge of the WebViewJavascriptBridge family was recognised"
    ),
    (
      "deaf.js", "window.Bridge = { a: function () {}, b: function () {} };\n", "sends nothing a native side could read"
    ),
  ])
  func badInputExitsTwoWithTheReason(file: String, text: String, reason: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    if file == "folder" {
      try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: true)
    } else if file != "missing.js" {
      try scratch.write(file, text)
    }
    let outcome = try bridgecheck(["profiles", "infer", scratch.path(file)])
    #expect(outcome.status == 2, "\(file): \(outcome.stderr)")
    #expect(outcome.stderr.contains(reason), "\(file): \(outcome.stderr)")
    #expect(outcome.stderr.contains(file), "\(file): \(outcome.stderr)")
    #expect(outcome.stdout.isEmpty, "\(file): \(outcome.stdout)")
  }

  @Test func aThrowingScriptIsReportedWithTheExceptionAndItsPlace() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "throws.js", "(function () {\n  window.Bridge = {};\n  throw new Error('broken on purpose');\n})();\n")
    let outcome = try bridgecheck(["profiles", "infer", scratch.path("throws.js")])
    #expect(outcome.stderr.contains("throws.js:3:"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Error: broken on purpose"), "\(outcome.stderr)")
  }

  /// A script that loops for ever at load ends the inference process, not bridgecheck.
  @Test func aScriptThatLoopsIsStoppedWithTheReason() throws {
    let outcome = try bridgecheck(["profiles", "infer", "conformance/hostile/loops-at-load.js"], timeLimit: 120)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("loops-at-load.js"), "\(outcome.stderr)")
  }

  // MARK: - run without --profile

  /// Every original bridge (our dialect bridges, the calibration bridges) and
  /// a representative set of renamed variants is judged with no --profile
  /// exactly as under its own profile: the same status for every scenario.
  static let verdictSubjects: [InferenceSubject] = {
    let variants = InferenceSubject.variants
    let chosen = [
      "dialect flutter renamed channel", "dialect wkwebview-port renamed fields", "dialect jsbridge-1 renamed scheme",
      "dialect wvjb-6 renamed global", "dialect module-action renamed functions", "dialect jsbridge-2 renamed global",
      "calibration synchronous-dispatch renamed functions",
    ]
    return InferenceSubject.originals + variants.filter { chosen.contains($0.name) }
  }()

  @Test(arguments: verdictSubjects)
  func judgedWithoutAProfileExactlyAsUnderItsOwn(subject: InferenceSubject) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("page.js", subject.source)
    try scratch.write("profile.json", subject.profile.serialized(pretty: true))
    let common = ["run", "--js", scratch.path("page.js"), "--format", "json", "--jobs", "2"]
    let inferred = try bridgecheck(common, timeLimit: 300)
    let given = try bridgecheck(common + ["--profile", scratch.path("profile.json")], timeLimit: 300)
    let statuses = { (outcome: CommandOutcome) throws -> [String: String] in
      let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
      return Dictionary(
        uniqueKeysWithValues: results.compactMap { result in
          result["id"]?.stringValue.map {
            ($0, (result["status"]?.stringValue ?? "") + " " + (result["level"]?.stringValue ?? ""))
          }
        })
    }
    let without = try statuses(inferred)
    let with = try statuses(given)
    #expect(!with.isEmpty, "\(subject): \(given.stderr.prefix(500))")
    #expect(without == with, "\(subject): \(without.filter { with[$0.key] != $0.value }.sorted { $0.key < $1.key })")
    #expect(inferred.status == given.status)
    let context = try jsonReport(inferred.stdout)["run"]
    #expect(context?["dialect"]?["origin"] == "inferred", "\(subject)")
  }

  @Test func everyReportSaysWhichProfileWasInferred() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/flutter/page.js"), encoding: .utf8)
    try scratch.write("page.js", source.replacingOccurrences(of: "YGFlutterJSBridgeChannel", with: "MyChannel"))
    let outcome = try bridgecheck(
      [
        "run", "--js", scratch.path("page.js"), "--filter", "callbacks/*", "--json", scratch.path("r.json"), "--junit",
        scratch.path("r.xml"), "--markdown", scratch.path("r.md"), "--jobs", "1",
      ], timeLimit: 300)
    #expect(outcome.status == 0, "\(outcome.stdout.prefix(1500))")
    let expected =
      "inferred-from-flutter, inferred from the page bridge: the shipped profile flutter with signals[0].name: YGFlutterJSBridgeChannel (flutter) → MyChannel"
    #expect(
      outcome.stdout.hasPrefix("Notes:\n  profile: inferred-from-flutter, inferred from the page bridge"),
      "\(outcome.stdout.prefix(400))")
    let json = try JSONValue.parse(String(contentsOfFile: scratch.path("r.json"), encoding: .utf8))
    #expect(
      json["notices"]?[0]?.stringValue?.hasPrefix("profile: " + expected) == true,
      "\(String(describing: json["notices"]))")
    #expect(json["run"]?["profile"] == "inferred-from-flutter")
    #expect(json["run"]?["dialect"]?["origin"] == "inferred")
    #expect(json["run"]?["dialect"]?["inferredFrom"] == "page")
    #expect(json["run"]?["dialect"]?["nearest"] == "flutter")
    #expect(json["run"]?["dialect"]?["differences"]?.arrayValue?.count == 1)
    let markdown = try String(contentsOfFile: scratch.path("r.md"), encoding: .utf8)
    #expect(
      markdown.contains("> profile: inferred-from-flutter, inferred from the page bridge"), "\(markdown.prefix(600))")
    #expect(markdown.contains("(flutter) → MyChannel"), "\(markdown.prefix(600))")
    let junit = try String(contentsOfFile: scratch.path("r.xml"), encoding: .utf8)
    #expect(junit.contains("name=\"bridgecheck.profileOrigin\" value=\"inferred\""))
    #expect(junit.contains("name=\"bridgecheck.profileNearest\" value=\"flutter\""))
    #expect(junit.contains("name=\"bridgecheck.profileInferredFrom\" value=\"page\""))
  }

  /// A page bridge whose dialect runs none of the selected fixtures (mushao's
  /// native side cannot call the page, and its page side is the one under
  /// test): every scenario is skipped, the gate judged nothing and fails,
  /// the reason first.
  @Test func aRunThatSkipsEveryScenarioFails() throws {
    let outcome = try bridgecheck(
      ["run", "--js", "conformance/dialects/mushao/page.js", "--filter", "data/*", "--jobs", "1"], timeLimit: 300)
    #expect(outcome.status == 1, "\(outcome.stdout.prefix(1500))")
    #expect(
      outcome.stdout.hasPrefix("The run fails because:\n  no scenario was judged: all "),
      "\(outcome.stdout.prefix(400))")
    #expect(outcome.stdout.contains("FAIL (gate: must; nothing judged)"), "\(outcome.stdout.suffix(300))")
    let json = try jsonReport(
      try bridgecheck(
        [
          "run", "--js", "conformance/dialects/mushao/page.js", "--filter", "data/*", "--jobs", "1", "--format", "json",
        ],
        timeLimit: 300
      ).stdout)
    #expect(json["exitCode"] == 1)
    #expect(json["nothingJudged"]?.stringValue?.hasPrefix("no scenario was judged") == true)
    #expect(json["run"]?["dialect"]?["inferredFrom"] == "page")
  }

  @Test func anExplicitProfileWins() throws {
    let outcome = try bridgecheck(
      [
        "run", "--js", "conformance/dialects/wvjb-5/page.js", "--profile", "wvjb-5", "--filter", "callbacks/*",
        "--format", "json",
      ],
      timeLimit: 300)
    let json = try jsonReport(outcome.stdout)
    #expect(json["run"]?["profile"] == "wvjb-5")
    #expect(json["run"]?["dialect"] == nil || json["run"]?["dialect"] == .null)
  }

  /// An expectations file written under an inferred dialect pins it: a run
  /// whose inference gives another dialect is refused, the member named.
  @Test func anExpectationsFilePinsTheInferredDialect() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/dialects/flutter/page.js"), encoding: .utf8)
    try scratch.write("page.js", source.replacingOccurrences(of: "YGFlutterJSBridgeChannel", with: "FirstChannel"))
    let write = try bridgecheck(
      [
        "run", "--js", scratch.path("page.js"), "--filter", "callbacks/*", "--baseline", scratch.path("expected.json"),
        "--update-baseline",
      ],
      timeLimit: 300)
    #expect(write.status == 0, "\(write.stderr)")
    let file = try JSONValue.parse(String(contentsOfFile: scratch.path("expected.json"), encoding: .utf8))
    #expect(file["scope"]?["dialect"]?["signals"]?[0]?["name"] == "FirstChannel")
    // The same dialect: judged as before.
    let again = try bridgecheck(
      ["run", "--js", scratch.path("page.js"), "--filter", "callbacks/*", "--baseline", scratch.path("expected.json")],
      timeLimit: 300)
    #expect(again.status == 0, "\(again.stderr)")
    // The bridge renames its channel: the name of the inferred profile is the same, its dialect is not.
    try scratch.write("page.js", source.replacingOccurrences(of: "YGFlutterJSBridgeChannel", with: "SecondChannel"))
    let changed = try bridgecheck(
      ["run", "--js", scratch.path("page.js"), "--filter", "callbacks/*", "--baseline", scratch.path("expected.json")],
      timeLimit: 300)
    #expect(changed.status == 2, "\(changed.stdout.prefix(500))")
    #expect(changed.stderr.contains("expected.json#/scope/dialect"), "\(changed.stderr)")
    #expect(changed.stderr.contains("signals[0].name: \"FirstChannel\" → \"SecondChannel\""), "\(changed.stderr)")
  }

  /// A profile that plainly does not fit is said first, with the inferred alternative.
  @Test func aProfileThatDoesNotFitIsSaidFirstWithTheAlternative() throws {
    let arguments = [
      "run", "--js", "conformance/dialects/flutter/page.js", "--profile", "wvjb-classic", "--filter", "callbacks/*",
      "--filter",
      "data/*", "--jobs", "2",
    ]
    let outcome = try bridgecheck(arguments + ["--color", "never"], timeLimit: 300)
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout.hasPrefix("Notes:\n  the profile wvjb-classic does not fit this page bridge"),
      "\(outcome.stdout.prefix(600))")
    let json = try jsonReport(try bridgecheck(arguments + ["--format", "json"], timeLimit: 300).stdout)
    let notices = json["notices"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(notices.count == 2, "\(notices)")
    let first = notices.first ?? ""
    #expect(first.hasPrefix("the profile wvjb-classic does not fit this page bridge"), "\(first)")
    #expect(first.contains("bridgecheck infers another dialect from the page bridge, flutter"), "\(first)")
    #expect(first.contains("--profile flutter"), "\(first)")
    #expect(json["run"]?["dialect"]?["unfit"]?.stringValue == first)
  }
}
