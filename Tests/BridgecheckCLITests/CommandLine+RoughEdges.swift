import Foundation
import JSONModel
import TestSupport
import Testing

@testable import BridgecheckCLI

/// What a new user types wrong, and what bridgecheck then says: the rule,
/// the closest name, the fix; exit 2 before anything runs.
@Suite("Command line: mistakes explained")
struct CommandLineRoughEdgesTests {
  func expectUsage(
    _ arguments: [String], saying expected: [String], notSaying unexpected: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = try bridgecheck(arguments, timeLimit: 60)
    #expect(outcome.status == 2, "\(arguments): \(outcome.stdout)\(outcome.stderr)", sourceLocation: sourceLocation)
    for text in expected {
      #expect(
        outcome.stderr.contains(text), "\(arguments): \(text) in \(outcome.stderr)", sourceLocation: sourceLocation)
    }
    for text in unexpected {
      #expect(
        !outcome.stderr.contains(text), "\(arguments): not \(text) in \(outcome.stderr)", sourceLocation: sourceLocation
      )
    }
  }

  @Test func negativeNumbersReachTheOptionsOwnRule() throws {
    try expectUsage(["run", "--jobs", "-1"], saying: ["--jobs must be at least 1"], notSaying: ["Missing value"])
    try expectUsage(
      ["run", "--explore", "-1"], saying: ["--explore must be 0 or more seeds"], notSaying: ["Missing value"])
    try expectUsage(["run", "--seed", "-5"], saying: ["a seed is a whole number from 0 to 18446744073709551615"])
    try expectUsage(["fuzz", "--runs", "-3"], saying: ["--runs must be at least 1"], notSaying: ["Missing value"])
    try expectUsage(["run", "--max-failures", "-2"], saying: ["--max-failures must be at least 1"])
    #expect(CommandLineRepair.joiningNegativeNumbers(["run", "--jobs", "-1", "-h"]) == ["run", "--jobs=-1", "-h"])
    #expect(CommandLineRepair.joiningNegativeNumbers(["run", "--", "--jobs", "-1"]) == ["run", "--", "--jobs", "-1"])
    #expect(CommandLineRepair.joiningNegativeNumbers(["--seed=-1", "-2"]) == ["--seed=-1", "-2"])
    #expect(!CommandLineRepair.isNegativeNumber("-h") && CommandLineRepair.isNegativeNumber("-0.5"))
  }

  @Test func shardAndMemoryLimitSayTheirRule() throws {
    try expectUsage(["run", "--shard", "3/2"], saying: ["shard 3 of 2 does not exist: K goes from 1 to N"])
    try expectUsage(["run", "--shard", "0/2"], saying: ["K counts from 1"])
    try expectUsage(["run", "--shard", "two"], saying: ["give K/N, two whole numbers with 1 <= K <= N"])
    try expectUsage(["run", "--memory-limit", "1K"], saying: ["give a size of at least 64M, e.g. 2G"])
    try expectUsage(["mutants", "--memory-limit", "lots"], saying: ["give a size of at least 64M"])
  }

  @Test func didYouMeanForCommandsProfilesAndFeatures() throws {
    try expectUsage(["rnu"], saying: ["there is no command \"rnu\" (did you mean `bridgecheck run`?)", "merge"])
    try expectUsage(["mrege", "a.json"], saying: ["did you mean `bridgecheck merge`?"])
    try expectUsage(["run", "--profile", "fluter"], saying: ["did you mean flutter?"])
    try expectUsage(["profiles", "--check", "wkwebview-prot"], saying: [], notSaying: [])
    let check = try bridgecheck(["profiles", "--check", "wkwebview-prot"])
    #expect(check.stdout.contains("did you mean wkwebview-port?"), "\(check.stdout)")
    try expectUsage(
      ["run", "--js", "x.js", "--page-feature", "answer-missing-handlr"],
      saying: ["did you mean answer-missing-handler?"])
    try expectUsage(["run", "--page-feature", "answer-missing-handler"], saying: ["give --js FILE too"])
    // The worker and the reference adapter are commands too, though hidden.
    #expect(CommandLineRepair.unknownCommand(["worker"], commands: ["run"], hidden: ["worker"]) == nil)
  }

  @Test func aPlainPathGetsNoStrayHash() throws {
    try expectUsage(["run", "nothing/here"], saying: ["nothing/here: no such file or folder"], notSaying: ["here#"])
    try expectUsage(
      ["run", "--profile", "no-such-profile"], saying: ["no-such-profile.json: no such profile"], notSaying: [".json#"])
  }

  @Test func anIdGivenAsAPathSuggestsFilter() throws {
    try expectUsage(
      ["run", "callbacks/page-to-native-response"],
      saying: ["callbacks/page-to-native-response is a fixture id, not a path: give it with --filter"])
    try expectUsage(["run", "callbacks/*"], saying: ["is a glob of fixture ids, not a path"])
  }

  @Test func explainTakesAFixturePath() throws {
    for argument in ["Fixtures/callbacks/page-to-native-response.json", "callbacks/page-to-native-response"] {
      let outcome = try bridgecheck(["explain", argument])
      #expect(outcome.status == 0, "\(argument): \(outcome.stderr)")
      #expect(outcome.stdout.hasPrefix("callbacks/page-to-native-response\n"), "\(outcome.stdout)")
    }
    // A path that is not there, but names one of the fixtures.
    let moved = try bridgecheck(["explain", "elsewhere/Fixtures/callbacks/page-to-native-response.json"])
    #expect(moved.status == 0 && moved.stdout.hasPrefix("callbacks/page-to-native-response\n"), "\(moved.stderr)")
  }

  @Test func theMarkdownLinkBaseMustBeAnHTTPURL() throws {
    try expectUsage(["run", "--markdown-link-base", "not a url"], saying: ["a URL has no spaces or line breaks"])
    try expectUsage(["run", "--markdown-link-base", "ftp://x/"], saying: ["the scheme is ftp, not http or https"])
    try expectUsage(["merge", "a.json", "--markdown-link-base", "docs/"], saying: ["not a URL"])
    #expect(LinkBase.problem("https://github.com/org/bridgecheck/blob/0123abc/") == nil)
    #expect(LinkBase.problem("https://github.com/x/?q=1") != nil)
  }

  @Test func helpTextsAreRight() throws {
    let fuzz = try bridgecheck(["fuzz", "--help"])
    // Help lines are wrapped: compare the text with its line breaks as spaces.
    let text = fuzz.stdout.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    #expect(!text.contains("(default 1000). (default: 1000)"), "\(text)")
    #expect(
      text.contains("How many values to send (each both ways). (default: 1000)"), "the default said once: \(text)")
    let top = try bridgecheck(["--help"])
    #expect(top.stdout.contains("130 or 143"), "\(top.stdout)")
    #expect(top.stdout.contains("merge"))
  }

  @Test func aCopiedProfileIsNotEchoedAsWhatItDescribes() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var profile = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/profiles/wvjb-5.json"), encoding: .utf8)
    profile = profile.replacingOccurrences(of: "\"name\": \"wvjb-5\"", with: "\"name\": \"my-fork\"")
      .replacingOccurrences(of: "../../docs/profile.schema.json", with: "profile.schema.json")
    try scratch.write("my-fork.json", profile)
    let copied = try bridgecheck(["profiles", "--check", scratch.path("my-fork.json")])
    #expect(copied.status == 0, "\(copied.stdout)")
    #expect(copied.stdout.contains("a valid profile (my-fork)\n"), "\(copied.stdout)")
    #expect(copied.stdout.contains("its \"describes\" is copied from the shipped profile wvjb-5"))
    #expect(!copied.stdout.contains("my-fork: marcuswestin"), "not echoed as if true")
    let shipped = try bridgecheck(["profiles", "--check", "wvjb-5"])
    #expect(shipped.stdout.contains("(wvjb-5: marcuswestin/WebViewJavascriptBridge 5.0."), "\(shipped.stdout)")
  }

  @Test("a --js page bridge declares answer-missing-handler: the scenarios that need it run, and see the option")
  func aPageBridgeDeclaresAnOptionalFeature() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // A bridge that reads the documented window.bridgecheckOptions (the
    // reference page bridge reads its own name for the same options).
    let reference = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    #expect(reference.contains("WVJBReferenceOptions"))
    try scratch.write(
      "answering.js", reference.replacingOccurrences(of: "WVJBReferenceOptions", with: "bridgecheckOptions"))
    let needing = [
      "handler-missing/native-to-page-missing-handler-error-answer", "handler-missing/page-inherited-names-are-missing",
      "handler-missing/native-to-page-missing-handler-no-answer-without-callback",
    ]
    let filters = ["--filter", "handler-missing/*", "--jobs", "1", "--format", "json"]
    let plain = try bridgecheck(["run", "--js", scratch.path("answering.js")] + filters)
    let declared = try bridgecheck(
      ["run", "--js", scratch.path("answering.js"), "--page-feature", "answer-missing-handler"] + filters)
    #expect(plain.status == 0 && declared.status == 0, "\(declared.stdout)")
    func status(_ outcome: CommandOutcome, _ id: String) throws -> String? {
      try JSONValue.parse(outcome.stdout)["results"]?.arrayValue?.first { $0["id"]?.stringValue == id }?["status"]?
        .stringValue
    }
    for id in needing {
      #expect(try status(plain, id) == "skip", "\(id) needs the feature")
      #expect(try status(declared, id) == "pass", "\(id) runs and passes with it")
    }
    #expect(
      try JSONValue.parse(declared.stdout)["run"]?["command"]?.stringValue?.contains(
        "--page-feature answer-missing-handler") == true)
    // A bridge that declares the feature but never reads the option fails them: the option is what it is judged on.
    let unswitched = try bridgecheck(
      ["run", "--js", "Sources/ReferenceBridges/Resources/page-bridge.js", "--page-feature", "answer-missing-handler"]
        + filters)
    #expect(try status(unswitched, needing[0]) == "fail", "\(unswitched.stdout.prefix(400))")
  }
}
