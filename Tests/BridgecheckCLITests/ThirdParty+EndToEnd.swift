import Foundation
import JSONModel
import TestSupport
import Testing

/// The ways a third party brings its own bridge, through the built binary:
/// a native side behind the stdio adapter, a page script in another
/// dialect, and the interop matrix over manifests it wrote.
@Suite("Third-party implementations end to end")
struct ThirdPartyEndToEndTests {
  static let pageBridge = "Sources/ReferenceBridges/Resources/page-bridge.js"

  /// The results of a `--format json` run, by fixture id.
  private func results(_ outcome: CommandOutcome) throws -> [String: JSONValue] {
    let report = try jsonReport(outcome.stdout)
    var byID: [String: JSONValue] = [:]
    for result in report["results"]?.arrayValue ?? [] {
      if let id = result["id"]?.stringValue { byID[id] = result }
    }
    return byID
  }

  // MARK: - run --native

  @Test func pythonAdapterRunsTheNativeFixturesAndSkipsThePageOnes() throws {
    let outcome = try bridgecheck([
      "run", "--native", "python3 conformance/adapters/python/adapter.py", "--filter", "handler-missing/*", "--format",
      "json",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)\n\(outcome.stdout.prefix(2000))")
    let results = try results(outcome)
    #expect(results.count >= 10, "every handler-missing fixture is reported")
    let native = results.values.filter { $0["subject"] != "page" }
    let page = results.values.filter { $0["subject"] == "page" }
    #expect(!native.isEmpty && !page.isEmpty)
    for result in native {
      #expect(result["status"] == "pass", "the native fixtures run through the adapter and pass: \(result)")
    }
    for result in page {
      #expect(result["status"] == "skip", "\(result)")
      #expect(
        result["message"]?.stringValue?.contains("only the native side is under test") == true,
        "a page-only fixture is skipped with the reason: \(result)")
    }
  }

  /// The adapter limits are options of run: an adapter that takes 2 s to
  /// start passes with the default startup limit and with 1 s answers, and
  /// its scenarios end as `error` (naming hello and the limit) under a 1 s
  /// startup limit (hello gets at least the command limit, so both are 1 s).
  @Test func adapterLimitsAreOptionsOfRun() throws {
    let slowStart = "sh -c 'sleep 2; exec python3 conformance/adapters/python/adapter.py'"
    let fixture = "handler-missing/page-to-native-missing-handler-no-crash"
    let patient = try bridgecheck(
      ["run", "--native", slowStart, "--filter", fixture, "--adapter-timeout", "1", "--format", "json"], timeLimit: 60)
    #expect(patient.status == 0, "\(patient.stderr)\n\(patient.stdout.prefix(2000))")
    #expect(try results(patient)[fixture]?["status"] == "pass")

    let hasty = try bridgecheck(
      [
        "run", "--native", slowStart, "--filter", fixture, "--adapter-timeout", "1", "--adapter-startup-timeout", "1",
        "--format", "json",
      ],
      timeLimit: 60)
    #expect(hasty.status == 1)
    #expect(hasty.stderr.contains("the native adapter did not start"), "\(hasty.stderr)")
    // bridgecheck's own hello failed: no scenario was run, and the report says why.
    #expect(try results(hasty).isEmpty)
    let cutShort = try jsonReport(hasty.stdout)["cutShort"]?.stringValue ?? ""
    #expect(cutShort.contains("command `hello` (seq 1) within 1.0 seconds"), "\(cutShort)")

    let invalid = try bridgecheck(["run", "--adapter-timeout", "0"])
    #expect(invalid.status == 2)
    #expect(
      invalid.stderr.contains("--adapter-timeout must be more than 0 and at most 600 seconds"), "\(invalid.stderr)")
  }

  @Test func doctorExplainsAFloodingAdapterInBoundedTime() throws {
    let outcome = try bridgecheck(
      ["doctor", "--native", "python3 conformance/adapters/faulty/flood.py", "--timeout", "1"], timeLimit: 40)
    try #require(!outcome.timedOut, "the doctor ends even though the adapter writes forever")
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("FAIL flood:"), "\(outcome.stdout.prefix(2000))")
    #expect(outcome.stdout.contains("it floods its output"), "\(outcome.stdout.prefix(2000))")
  }

  // MARK: - run --js --profile

  @Test func pageScriptRunsInTheMessageHandlersDialect() throws {
    // The file configures bridgecheck's page bridge for messageHandlers
    // itself: no native side adds anything to a --js file.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let source = try String(contentsOf: packageRoot.appendingPathComponent(Self.pageBridge), encoding: .utf8)
    try scratch.write("posting.js", "window.WVJBReferenceOptions = {transport: 'messageHandlers'};\n" + source)
    let outcome = try bridgecheck([
      "run", "--js", scratch.path("posting.js"), "--profile", "wvjb-messagehandlers", "--filter", "transport/*",
      "--format", "json",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)\n\(outcome.stdout.prefix(2000))")
    let results = try results(outcome)
    #expect(results["transport/message-handlers-post-carries-no-message"]?["status"] == "pass")
    let iframe = results["transport/iframe-signal-carries-no-message"]
    #expect(iframe?["status"] == "skip")
    #expect(iframe?["message"]?.stringValue?.contains("needs the iframe transport") == true, "\(iframe ?? .null)")
  }

  /// A page bridge that does not signal the way its profile says fails,
  /// and the failure names the profile field that decided it.
  @Test func aWrongTransportInTheProfileIsNamedInTheFailure() throws {
    let outcome = try bridgecheck([
      "run", "--js", Self.pageBridge, "--profile", "wvjb-messagehandlers", "--filter",
      "transport/message-handlers-post-carries-no-message", "--format", "json",
    ])
    #expect(outcome.status == 1)
    let result = try results(outcome)["transport/message-handlers-post-carries-no-message"]
    #expect(result?["status"] == "fail")
    let message = result?["message"]?.stringValue ?? ""
    #expect(
      message.contains(
        "profile: the scenario ran with the message-handlers signal of the profile wvjb-messagehandlers"), "\(message)")
    #expect(message.contains("signals[].kind"), "\(message)")
    #expect(!message.contains("\"transports\""), "the current member, not the legacy one: \(message)")
  }

  @Test func unknownProfileIsAUsageErrorThatListsTheProfiles() throws {
    let outcome = try bridgecheck([
      "run", "--js", Self.pageBridge, "--profile", "no-such-profile", "--filter", "transport/*",
    ])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("no such profile"), "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("wvjb-messagehandlers"), "the message lists the profiles there are: \(outcome.stderr)")
    #expect(outcome.stdout.isEmpty, "no scenario ran")
  }

  // MARK: - matrix

  @Test func matrixEscapesImplementationNamesInHTML() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let manifests = packageRoot.appendingPathComponent("conformance/implementations")
    for file in ["reference-page.json", "reference-native.json"] {
      try scratch.write(
        "implementations/\(file)", String(contentsOf: manifests.appendingPathComponent(file), encoding: .utf8))
    }
    try scratch.write(
      "implementations/hostile-native.json",
      #"{"name": "<script>alert(1)</script> & \"q\"", "side": "native", "kind": "reference", "version": "1.0"}"#)
    // Two fixtures keep the matrix (1 page × 2 natives) quick.
    for fixture in ["callbacks/page-to-native-response", "callbacks/two-argument-call-gets-its-answer"] {
      try scratch.write(
        "fixtures/\(fixture).json",
        String(contentsOf: packageRoot.appendingPathComponent("Fixtures/\(fixture).json"), encoding: .utf8))
    }
    let outcome = try bridgecheck([
      "matrix", "--implementations", scratch.path("implementations"), "--fixtures", scratch.path("fixtures"),
      "--html", scratch.path("matrix.html"), "--markdown", scratch.path("matrix.md"), "--jobs", "1",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let html = try String(contentsOfFile: scratch.path("matrix.html"), encoding: .utf8)
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;"), "\(html.prefix(3000))")
    #expect(!html.contains("<script>alert(1)"), "the name is never written as markup")
    #expect(html.contains("reference native (in process)"), "every pair has a row")
    let markdown = try String(contentsOfFile: scratch.path("matrix.md"), encoding: .utf8)
    #expect(markdown.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(markdown)")
    #expect(!markdown.contains("<script>"), "Markdown renders inline HTML, so the name is escaped there too")
  }
}
