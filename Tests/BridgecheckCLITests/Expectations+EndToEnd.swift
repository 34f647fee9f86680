import Foundation
import JSONModel
import TestSupport
import Testing

/// The README's CI section, followed step by step against a vendor bridge
/// (the reference page bridge with two realistic bugs patched in): the
/// first run without an expectations file still writes its reports, the
/// adopted file makes the gate pass, and the gate then catches a fixed bug
/// (stale entry), a new bug in an already-excused scenario, and a failure
/// that became a hang, each with exit 1 and a message saying which.
@Suite("expectations file, end to end (the README's CI section)", .serialized)
struct ExpectationsEndToEnd {
  static let pageBridge = "Sources/ReferenceBridges/Resources/page-bridge.js"

  /// Bug 1: `callHandler` drops falsy data (`if (data)`).
  static let falsyDataDropped = Patch(find: "if (arguments.length >= 2) {", replace: "if (data) {")
  /// Bug 2: a handler's response function answers every call, not once.
  static let answeredTwice = Patch(
    find: "      if (answered) {\n        log('warn', 'responseCallback for ' + describe(handlerName) + ' ('"
      + " + describe(callbackId) +\n          ') called more than once; extra response not sent');\n        return;\n      }\n",
    replace: "")
  /// A new bug: every outgoing message queued twice.
  static let messagesSentTwice = Patch(find: "    sendQueue.push(text);", replace: "    sendQueue.push(text, text);")
  /// Bug 2 "fixed" with a guard that loops forever: the second answer hangs.
  static let answerTwiceHangs = Patch(
    find: "        log('warn', 'responseCallback for ' + describe(handlerName) + ' (' + describe(callbackId) +\n"
      + "          ') called more than once; extra response not sent');\n        return;\n",
    replace: "        while (true) {}\n")

  struct Patch {
    let find: String
    let replace: String
  }

  /// The vendor bridge with `patches`, written where the CI job reads it.
  func writeBridge(_ patches: [Patch], to scratch: ScratchFolder) throws {
    var source = try String(contentsOf: packageRoot.appendingPathComponent(Self.pageBridge), encoding: .utf8)
    for patch in patches {
      #expect(source.contains(patch.find), "the patch no longer applies to \(Self.pageBridge): \(patch.find)")
      source = source.replacingOccurrences(of: patch.find, with: patch.replace)
    }
    try scratch.write("web/js/WebViewJavascriptBridge.js", source)
  }

  /// The README's gate command (run from the bridgecheck checkout).
  func gate(_ scratch: ScratchFolder, extra: [String] = []) throws -> CommandOutcome {
    try bridgecheck(
      [
        "run", "--js", scratch.path("web/js/WebViewJavascriptBridge.js"),
        "--junit", scratch.path("reports/bridgecheck.xml"),
        "--markdown", scratch.path("step-summary.md"),
        "--baseline", scratch.path("bridgecheck-expectations.json"),
      ] + extra, timeLimit: 300)
  }

  @Test func adoptPassThenCatchAFixedBugANewBugAndAHang() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try writeBridge([Self.falsyDataDropped, Self.answeredTwice], to: scratch)
    let expectations = scratch.path("bridgecheck-expectations.json")

    // First adoption, no file yet: an empty one with a notice; reports written; exit = verdict.
    let first = try gate(scratch)
    #expect(first.status == 1, "\(first.stderr)")
    #expect(first.stderr.contains("does not exist yet: judging against an empty one"), "\(first.stderr)")
    #expect(first.stdout.contains("— FAIL (gate: must)"))
    #expect(FileManager.default.fileExists(atPath: scratch.path("reports/bridgecheck.xml")))
    #expect(FileManager.default.fileExists(atPath: scratch.path("step-summary.md")))

    // Adopt: the file is written, scoped, and the verdict printed is the exit status.
    let adopt = try gate(scratch, extra: ["--update-baseline"])
    #expect(adopt.status == 0, "\(adopt.stdout)\n\(adopt.stderr)")
    #expect(adopt.stdout.contains("— PASS (gate: must)"))
    var file = try JSONValue.parse(String(contentsOfFile: expectations, encoding: .utf8))
    #expect(file["format"] == "bridgecheck-expectations/1")
    #expect(file["scope"]?["page"] == "WebViewJavascriptBridge.js")
    #expect(file["scope"]?["profile"] == "wvjb-classic")
    let twice = "response-unknown/page-handler-answering-twice-sends-one-response"
    let absent = "data/absent-versus-null-data"
    #expect(file["expectations"]?[twice]?["outcome"] == "fail")
    #expect(file["expectations"]?[twice]?["checks"] == ["/expect/counts/1"])
    #expect(file["expectations"]?[absent]?["checks"]?.arrayValue?.contains("/expect/events/3") == false)

    // A hand-written reason, issue link and note: updates never touch them.
    var text = try String(contentsOfFile: expectations, encoding: .utf8)
    let written = file["expectations"]?[absent]?["reason"]?.stringValue ?? ""
    text = text.replacingOccurrences(
      of: "\"reason\": \(JSONValue.string(written).serialized())",
      with: "\"reason\": \"drops falsy data\", \"issue\": \"https://example.com/bridge/issues/7\", \"owner\": \"web\"")
    try scratch.write("bridgecheck-expectations.json", text)

    let pass = try gate(scratch)
    #expect(pass.status == 0, "\(pass.stdout)\n\(pass.stderr)")
    #expect(pass.stdout.contains("Expected failures (5, excused by the expectations file)"), "\(pass.stdout)")
    #expect(pass.stdout.contains("\(absent) (fail at /expect/events/1)  expected: drops falsy data"), "\(pass.stdout)")
    // A green gate is green in JUnit viewers: expected failures are <skipped>, nothing is a <failure>.
    let junit = try String(contentsOfFile: scratch.path("reports/bridgecheck.xml"), encoding: .utf8)
    #expect(junit.contains("type=\"xfail\""))
    #expect(!junit.contains("<failure") && !junit.contains("<error"))
    let summary = try String(contentsOfFile: scratch.path("step-summary.md"), encoding: .utf8)
    #expect(summary.contains("### Expected failures (5, excused by the expectations file)"))

    // (a) Bug 2 fixed: its entry is stale.
    try writeBridge([Self.falsyDataDropped], to: scratch)
    let fixed = try gate(scratch)
    #expect(fixed.status == 1)
    #expect(fixed.stdout.contains("XPASS  \(twice)"), "\(fixed.stdout)")
    #expect(fixed.stdout.contains("but passed: remove it from the baseline"))
    #expect(fixed.stdout.contains("— FAIL (gate: must)"))

    // (b) A new bug that also breaks an excused scenario at another check.
    try writeBridge([Self.falsyDataDropped, Self.answeredTwice, Self.messagesSentTwice], to: scratch)
    let newBug = try gate(scratch)
    #expect(newBug.status == 1)
    #expect(newBug.stdout.contains("FAIL   data/every-json-type-page-to-native (must)"), "\(newBug.stdout)")
    #expect(newBug.stdout.contains("differs from expected: a new failing check: /expect/counts/0"), "\(newBug.stdout)")

    // (c) The failure became a hang.
    try writeBridge([Self.falsyDataDropped, Self.answerTwiceHangs], to: scratch)
    let hang = try gate(scratch)
    #expect(hang.status == 1)
    #expect(hang.stdout.contains("ERROR  \(twice) (must)"), "\(hang.stdout)")
    #expect(
      hang.stdout.contains("differs from expected: the outcome is now timeout (timeout/script), not fail"),
      "\(hang.stdout)")

    // Rewriting keeps the hand-written reason, issue and note, and pins the new outcome.
    let rewrite = try gate(scratch, extra: ["--update-baseline"])
    #expect(rewrite.status == 0, "\(rewrite.stdout)\n\(rewrite.stderr)")
    file = try JSONValue.parse(String(contentsOfFile: expectations, encoding: .utf8))
    #expect(file["expectations"]?[absent]?["reason"] == "drops falsy data")
    #expect(file["expectations"]?[absent]?["issue"] == "https://example.com/bridge/issues/7")
    #expect(file["expectations"]?[absent]?["owner"] == "web")
    #expect(file["expectations"]?[twice]?["outcome"] == "timeout")
  }

  /// A file written for another implementation is refused with the fix.
  @Test func aFileOfAnotherImplementationIsRefused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try writeBridge([], to: scratch)
    try scratch.write(
      "bridgecheck-expectations.json",
      #"{"format": "bridgecheck-expectations/1", "scope": {"page": "other.js", "native": "reference", "profile": "wvjb-classic"}, "expectations": {}}"#
    )
    let outcome = try gate(scratch)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.contains(
        "bridgecheck-expectations.json#/scope: the expectations file was written for page other.js"))
    #expect(outcome.stderr.contains("hint:"))
    try scratch.write(
      "bridgecheck-expectations.json",
      #"{"format": "bridgecheck-expectations/1", "expectations": {"data/falsy-data-page-to-native": {"outcome": "hang", "checks": [], "reason": "x"}}}"#
    )
    let bad = try gate(scratch)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("#/expectations/data~1falsy-data-page-to-native/outcome"), "\(bad.stderr)")
    #expect(bad.stderr.contains("fail, error, timeout, crash"))
  }
}

/// The old baseline format is read (its entries excuse any failure) and
/// migrated by --update-baseline, reasons kept.
@Suite("old baseline format, end to end")
struct LegacyBaselineEndToEnd {
  @Test func anOldBaselineIsReadAndMigratedWithItsReasons() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    try scratch.write("baseline.json", #"{"expectedFailures": {"callbacks/wrong": "echo is off by one, see #12"}}"#)
    let old = try bridgecheck(["run", scratch.path("fixtures"), "--baseline", scratch.path("baseline.json")])
    #expect(old.status == 0, "\(old.stdout)\n\(old.stderr)")
    #expect(old.stderr.contains("old-format baseline"), "\(old.stderr)")
    #expect(old.stdout.contains("callbacks/wrong (fail at /expect/events/0)  expected: echo is off by one, see #12"))

    let migrate = try bridgecheck(
      ["run", scratch.path("fixtures"), "--baseline", scratch.path("baseline.json"), "--update-baseline"])
    #expect(migrate.status == 0)
    let file = try JSONValue.parse(String(contentsOfFile: scratch.path("baseline.json"), encoding: .utf8))
    #expect(file["format"] == "bridgecheck-expectations/1")
    #expect(file["expectations"]?["callbacks/wrong"]?["reason"] == "echo is off by one, see #12")
    #expect(file["expectations"]?["callbacks/wrong"]?["checks"] == ["/expect/events/0"])
    #expect(file["scope"]?["page"] == "reference")
  }
}
