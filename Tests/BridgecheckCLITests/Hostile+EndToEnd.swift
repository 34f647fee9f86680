import Foundation
import JSONModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Untrusted page scripts never take the harness down: the scenarios they
/// break end with a reason, and the run goes on to the end.
@Suite("Hostile page bridges", .serialized)
struct HostilePageBridgeTests {
  static let filter = "callbacks/page-to-native-response"
  static let reference = packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js")

  private func run(
    _ script: String, filters: [String] = [filter, "data/absent-versus-null-data"], profile: String? = nil
  ) throws -> (CommandOutcome, [JSONValue]) {
    let arguments =
      ["run", "--js", script, "--format", "json"] + filters.flatMap { ["--filter", $0] }
      + (profile.map { ["--profile", $0] } ?? [])
    let outcome = try bridgecheck(arguments)
    let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
    return (outcome, results)
  }

  @Test(arguments: [
    ("loops-at-load.js", "time limit"),
    ("recurses-at-load.js", "Maximum call stack size exceeded"),
    ("allocates-at-load.js", "Out of memory"),
    ("throws-at-load.js", "this bridge cannot start"),
    // Its injection throws half way: the setTimeout it replaced throws.
    ("settimeout-replaced-before-bridge.js", "Error: setTimeout hijacked"),
  ])
  func brokenAtLoad(file: String, reason: String) throws {
    // Refused before any scenario runs (exit 2), with where it broke and why.
    let outcome = try bridgecheck([
      "run", "--js", "conformance/hostile/\(file)", "--format", "json", "--filter", Self.filter,
    ])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("bridgecheck: conformance/hostile/\(file)"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(reason), "\(outcome.stderr)")
  }

  /// The reference bridge followed by sabotage, written to a scratch file.
  private func sabotaged(_ tail: String, head: String = "") throws -> (ScratchFolder, String) {
    let scratch = try ScratchFolder()
    let source = head + (try String(contentsOf: Self.reference, encoding: .utf8)) + "\n" + tail
    try scratch.write("hostile.js", source)
    return (scratch, scratch.path("hostile.js"))
  }

  /// The reference bridge captures the globals it uses at injection, so a
  /// page that replaces them afterwards changes nothing it does.
  @Test func replacingGlobalsAfterTheBridgeCapturedThemChangesNothing() throws {
    let (scratch, path) = try sabotaged(Self.globalsSabotage)
    defer { scratch.remove() }
    let (outcome, results) = try run(path, filters: ["callbacks/*", "data/*", "dispatch/*"])
    #expect(outcome.status == 0, "\(outcome.stdout.prefix(2000))")
    let statuses = results.compactMap { $0["status"]?.stringValue }
    #expect(statuses.filter { $0 == "pass" }.count >= 20)
    #expect(Set(statuses).isSubset(of: ["pass", "skip"]))
  }

  /// A fixture whose own page script needs a global the page replaced
  /// cannot be judged: an error naming the replaced globals, not a failure
  /// blamed on the bridge.
  @Test func aFixtureScriptBrokenByReplacedGlobalsIsAnErrorNamingThem() throws {
    // The file configures the reference bridge for the messageHandlers
    // dialect itself; the profile says so.
    let (scratch, path) = try sabotaged(
      Self.globalsSabotage, head: "window.WVJBReferenceOptions = {transport: 'messageHandlers'};\n")
    defer { scratch.remove() }
    let (outcome, results) = try run(
      path, filters: ["transport/message-handlers-burst-both-ways", Self.filter], profile: "wvjb-messagehandlers")
    #expect(outcome.status == 1)
    let broken = try #require(results.first { $0["id"] == "transport/message-handlers-burst-both-ways" })
    #expect(broken["status"] == "error")
    let message = broken["message"]?.stringValue ?? ""
    #expect(
      message.contains("setTimeout, JSON.parse, JSON.stringify, Object.prototype.handlerName (added)"), "\(message)")
    #expect(message.contains("setTimeout hijacked"), "what then failed is still told: \(message)")
    #expect(results.first { $0["id"] == .string(Self.filter) }?["status"] == "pass")
  }

  private static let globalsSabotage = """
    JSON.parse = function () { throw new Error('JSON.parse hijacked'); };
    JSON.stringify = function () { return 'not json'; };
    Object.prototype.handlerName = 'polluted';
    window.setTimeout = function () { throw new Error('setTimeout hijacked'); };
    """

  /// Scenarios for the bridges that sabotage themselves before they define
  /// anything: a page-to-native call, a native-to-page call, data forms.
  static let sabotageFilters = [
    filter, "callbacks/page-call-without-callback-gets-no-response", "data/absent-versus-null-data",
  ]

  @Test(arguments: [
    (
      "json-replaced-before-bridge.js", ["built-ins that bridges and the harness rely on: JSON.parse, JSON.stringify;"],
      [String]()
    ),
    (
      "object-prototype-poisoned-before-bridge.js",
      ["built-ins that bridges and the harness rely on: Object.prototype.responseId (added);"],
      [filter, "data/absent-versus-null-data"]
    ),
  ])
  func replacingBuiltInsBeforeDefiningTheBridgeIsAnErrorNamingThem(
    file: String, reasons: [String], stillPassing: [String]
  ) throws {
    let (outcome, results) = try run("conformance/hostile/\(file)", filters: Self.sabotageFilters)
    #expect(outcome.status == 1)
    #expect(results.count == Self.sabotageFilters.count, "every selected scenario still ran")
    for result in results {
      let id = result["id"]?.stringValue ?? "?"
      let message = result["message"]?.stringValue ?? ""
      if stillPassing.contains(id) {
        #expect(result["status"] == "pass", "\(id): \(message)")
        continue
      }
      #expect(result["status"] == "error", "\(id): \(message)")
      #expect(message.contains("this scenario cannot be judged"), "\(id): \(message)")
      for reason in reasons {
        #expect(message.contains(reason), "\(id): \(message)")
      }
    }
  }

  /// The same hostile files without their sabotage pass those scenarios:
  /// the sabotage, not the bridge under it, is what the errors are about.
  @Test(arguments: [
    "settimeout-replaced-before-bridge.js", "json-replaced-before-bridge.js",
    "object-prototype-poisoned-before-bridge.js",
  ])
  func theHostileBridgesPassWithoutTheirSabotage(file: String) throws {
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("conformance/hostile/\(file)"), encoding: .utf8)
    let bridge = try #require(source.range(of: "// ---- the bridge"), "\(file) marks where its bridge starts")
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(file, String(source[bridge.lowerBound...]))
    let (outcome, results) = try run(scratch.path(file), filters: Self.sabotageFilters)
    #expect(outcome.status == 0, "\(outcome.stdout.prefix(2000))")
    #expect(results.allSatisfy { $0["status"] == "pass" })
  }

  @Test func deletingTheBridgeMidRunIsAnErrorWithTheReason() throws {
    let (scratch, path) = try sabotaged("setTimeout(function () { delete window.WebViewJavascriptBridge; }, 0);")
    defer { scratch.remove() }
    let (outcome, results) = try run(path, filters: [Self.filter])
    #expect(outcome.status == 1)
    #expect(results.first?["status"] == "error")
    #expect(results.first?["message"]?.stringValue?.contains("not defined") == true)
  }

  @Test func theReferenceFileItselfPassesAsAPageBridgeUnderTest() throws {
    let (outcome, results) = try run(Self.reference.path, filters: ["*"])
    #expect(outcome.status == 0, "\(outcome.stdout.prefix(2000))")
    let statuses = Set(results.compactMap { $0["status"]?.stringValue })
    #expect(statuses.isSubset(of: ["pass", "skip"]))
    #expect(statuses.contains("skip"), "native-only fixtures are skipped when only the page side is under test")
  }
}

@Suite("Interrupting a run")
struct InterruptTests {
  @Test func ctrlCStopsTheRunAndStillWritesTheReports() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = try bridgecheckBinary()
    // A page script that loads, then loops in its first timer: every scenario takes the script
    // time limit, a long run to interrupt.
    try scratch.write(
      "loops-after-load.js", "window.WebViewJavascriptBridge = {};\nsetTimeout(function () { for (;;) {} }, 0);\n")
    // The profile is given (no inference), and each scenario's trace is written as it ends: the
    // interrupt comes once the first one is, however loaded the machine.
    let traces = scratch.path("traces")
    process.arguments = [
      "run", "--js", scratch.path("loops-after-load.js"), "--profile", "wvjb-classic", "--jobs", "1", "--json",
      scratch.path("partial.json"), "--traces", traces,
    ]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline
      && ((try? FileManager.default.contentsOfDirectory(atPath: traces))?.isEmpty ?? true)
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    try #require(process.isRunning, "the run ended before it was interrupted")
    let interruptedAt = Date()
    process.interrupt()
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(interruptedAt) < 5, "the run stops at once")
    #expect(process.terminationStatus == 130)
    let report = try JSONValue.parse(String(contentsOfFile: scratch.path("partial.json"), encoding: .utf8))
    #expect(report["interrupted"] == true)
    let ran = report["results"]?.arrayValue?.count ?? 0
    #expect(ran >= 1 && ran < 20, "\(ran) scenarios ran before the interrupt")
  }
}

@Suite("Page mutants as --js files")
struct PageMutantFileTests {
  /// The reference page bridge with a mutant's patch applied, as a file.
  private func materialize(_ mutant: String, in scratch: ScratchFolder) throws -> String {
    let definition = try JSONValue.parse(
      String(contentsOf: packageRoot.appendingPathComponent("conformance/mutants/page/\(mutant).json"), encoding: .utf8)
    )
    var source = try String(contentsOf: HostilePageBridgeTests.reference, encoding: .utf8)
    for patch in definition["patch"]?.arrayValue ?? [] {
      let find = try #require(patch["find"]?.stringValue)
      let replace = try #require(patch["replace"]?.stringValue)
      let range = try #require(source.range(of: find), "the patch of \(mutant) no longer applies")
      source.replaceSubrange(range, with: replace)
    }
    try scratch.write("\(mutant).js", source)
    return scratch.path("\(mutant).js")
  }

  @Test func aMutantPageBridgeFailsTheFixtureThatCatchesIt() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try materialize("page-timestamp-only-ids", in: scratch)
    let outcome = try bridgecheck([
      "run", "--js", path, "--filter", "callbacks/ids-unique-within-one-millisecond", "--format", "json",
    ])
    #expect(outcome.status == 1)
    let result = try #require(try jsonReport(outcome.stdout)["results"]?[0])
    #expect(result["status"] == "fail")
    #expect(result["message"]?.stringValue?.contains("page-callback-invoked") == true)
  }

  @Test func aMutantThatBreaksEverythingStillLetsTheRunFinish() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try materialize("page-queue-fetch-returns-array", in: scratch)
    // In the dialect the mutant breaks: inferred from the script alone, an array returned by the
    // fetch is a dialect of its own (kotlin-port's), and the run would rightly pass.
    let outcome = try bridgecheck(
      ["run", "--js", path, "--profile", "wvjb-classic", "--filter", "callbacks/*", "--format", "json"])
    #expect(outcome.status == 1)
    let report = try jsonReport(outcome.stdout)
    let total = try #require(report["summary"]?["total"]?.numberValue)
    #expect(report["results"]?.arrayValue?.count == Int(total))
    #expect((report["summary"]?["failed"]?.numberValue ?? 0) > 0)
  }
}
