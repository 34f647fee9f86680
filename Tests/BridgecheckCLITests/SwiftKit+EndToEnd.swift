import Foundation
import JSONModel
import TestSupport
import Testing

/// The Swift native kit used as a user uses it: a bridge written against
/// WebKit's API, one file mapping it onto `NativeBridgeUnderTest`, then
/// `bridgecheck run --native <executable> --profile P`. Our own bridge in
/// the wkwebview-port dialect (conformance/native-kits/swift/) passes every
/// scenario it can run, each mutant of it is caught, and faulty bridges get
/// clear verdicts.
@Suite("Swift native kit end to end")
struct SwiftKitEndToEndTests {
  enum Mode: String, CaseIterable, Sendable { case native, both }

  private func results(_ outcome: CommandOutcome) throws -> [JSONValue] {
    try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
  }

  private static let folder = "conformance/native-kits/swift"

  @Test(arguments: Mode.allCases)
  func ourSwiftBridgePassesEveryScenarioItCanRun(mode: Mode) throws {
    let kit = try SwiftKit.built()
    let page = mode == .both ? ["--js", "conformance/dialects/wkwebview-port/page.js"] : []
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.executable("WKWebViewPortKitCheck"), "--profile", "wkwebview-port",
        "--format", "json",
      ] + page, timeLimit: 600)
    let results = try results(outcome)
    // The one MAY scenario it fails with the dialect's page: a lone surrogate in the fetched queue,
    // which JSONSerialization rejects (as Apple's does).
    let allowed: Set<String> = mode == .both ? ["escaping/lone-surrogate-page-to-native"] : []
    let notPassing = results.filter {
      ["fail", "error"].contains($0["status"]?.stringValue ?? "") && !allowed.contains($0["id"]?.stringValue ?? "")
    }.map { "\($0["id"]?.stringValue ?? "?"): \($0["message"]?.stringValue ?? "")" }
    #expect(outcome.status == 0, "\(mode): \(notPassing) \(outcome.stderr.prefix(2_000))")
    #expect(notPassing.isEmpty, "\(mode): \(notPassing)")
    let passed = results.filter { $0["status"]?.stringValue == "pass" }.count
    #expect(passed >= (mode == .native ? 76 : 110), "\(mode): only \(passed) passed")
    let unexplained = results.filter {
      $0["status"]?.stringValue == "skip" && ($0["message"]?.stringValue ?? "").isEmpty
    }
    #expect(unexplained.isEmpty, "every skip says why")
  }

  /// `hello` declares what the bridge hooks: two message handlers, so the
  /// message-handlers transport and injection on a post.
  @Test func doctorSeesWhatTheBridgeHooks() throws {
    let kit = try SwiftKit.built()
    let outcome = try bridgecheck(
      ["doctor", "--native", kit.executable("WKWebViewPortKitCheck"), "--profile", "wkwebview-port"], timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
    #expect(outcome.stdout.contains("transports message-handlers, injections on-post, page"), "\(outcome.stdout)")
  }

  // MARK: - Mutants

  static var mutantFiles: [String] {
    let mutants = packageRoot.appendingPathComponent("\(folder)/mutants")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: mutants.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/mutants/\($0)" }
  }

  @Test func ourSwiftBridgeHasTwoMutants() {
    #expect(Self.mutantFiles.count == 2, "\(Self.mutantFiles)")
  }

  /// The mutant's patch applied to a copy of the bridge, compiled against
  /// the kit and run: the fixtures it names fail it (the unpatched bridge
  /// passes them, in the first test).
  @Test(arguments: mutantFiles)
  func theNamedFixturesCatchTheMutant(path: String) throws {
    let kit = try SwiftKit.built()
    let mutant = try JSONValue.parse(String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
    #expect(mutant["file"]?.stringValue != nil, "\(path): a mutant names the file it patches")
    let killers = (mutant["shouldBeKilledBy"]?.arrayValue ?? []).compactMap(\.stringValue)
    #expect(!killers.isEmpty)
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let sources = try patchedBridge(mutant, path: path, into: scratch)
    let compiled = try kit.compile(sources, into: scratch.path("mutant"), moduleName: "Mutant")
    #expect(compiled.status == 0, "swiftc: \(compiled.stderr)")
    let outcome = try bridgecheck(
      ["run", "--jobs", "1", "--native", scratch.path("mutant"), "--profile", "wkwebview-port", "--format", "json"]
        + killers.flatMap { ["--filter", $0] }, timeLimit: 600)
    let results = try results(outcome)
    let killed = Set(
      results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }.compactMap {
        $0["id"]?.stringValue
      })
    #expect(Set(killers).isSubset(of: killed), "\(path): \(killers) should fail the mutant; failed: \(killed)")
    #expect(outcome.status != 0)
  }

  /// Copies the bridge that `patchFile` (a mutant or a variant) names into
  /// `scratch`, its patch applied; returns the copied sources.
  private func patchedBridge(_ patchFile: JSONValue, path: String, into scratch: ScratchFolder) throws -> [String] {
    let file = try #require(patchFile["file"]?.stringValue)
    let bridgeFolder = URL(fileURLWithPath: file).deletingLastPathComponent().relativePath
    var sources: [String] = []
    for name in try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent(bridgeFolder).path)
    where name.hasSuffix(".swift") {
      var source = try String(
        contentsOf: packageRoot.appendingPathComponent("\(bridgeFolder)/\(name)"), encoding: .utf8)
      if "\(bridgeFolder)/\(name)" == file {
        for step in patchFile["patch"]?.arrayValue ?? [] {
          let find = try #require(step["find"]?.stringValue)
          let replace = try #require(step["replace"]?.stringValue)
          #expect(source.components(separatedBy: find).count == 2, "\(path): the patch must match \(file) exactly once")
          source = source.replacingOccurrences(of: find, with: replace)
        }
      }
      try scratch.write(name, source)
      sources.append(scratch.path(name))
    }
    return sources
  }

  // MARK: - More of WebKit's API

  static var variantFiles: [String] {
    let variants = packageRoot.appendingPathComponent("\(folder)/variants")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: variants.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/variants/\($0)" }
  }

  /// Our bridge patched to use WebKit API it does not use itself (the
  /// `async` evaluation, a handler with reply in the page's content world,
  /// `url`), compiled in Swift 5 mode as the docs' package is: over the
  /// whole suite (the gate's schedules included) nothing fails, the
  /// scenarios it names pass, and the trace shows what only that API gives
  /// (the page's URL, the reply the page cannot receive).
  @Test(arguments: variantFiles)
  func aVariantOnMoreWebKitAPIPassesItsScenarios(path: String) throws {
    let kit = try SwiftKit.built()
    let variant = try JSONValue.parse(String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
    let passing = (variant["shouldPass"]?.arrayValue ?? []).compactMap(\.stringValue)
    let traceHas = (variant["traceHas"]?.arrayValue ?? []).compactMap(\.stringValue)
    #expect(!passing.isEmpty)
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let sources = try patchedBridge(variant, path: path, into: scratch)
    let compiled = try kit.compile(sources, into: scratch.path("variant"), moduleName: "Variant", swiftVersion: "5")
    #expect(compiled.status == 0, "swiftc: \(compiled.stderr)")
    let traces = scratch.path("traces")
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", scratch.path("variant"), "--profile", "wkwebview-port", "--format", "json",
        "--traces", traces,
      ], timeLimit: 900)
    let results = try results(outcome)
    let passed = Set(results.filter { $0["status"]?.stringValue == "pass" }.compactMap { $0["id"]?.stringValue })
    let notPassing = results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }.map {
      "\($0["id"]?.stringValue ?? "?"): \(($0["message"]?.stringValue ?? "").prefix(600))"
    }
    #expect(notPassing.isEmpty, "\(path): \(notPassing) \(outcome.stderr.suffix(2_000))")
    #expect(passed.count >= 76, "\(path): only \(passed.count) passed")
    #expect(Set(passing).isSubset(of: passed), "\(path): \(Set(passing).subtracting(passed)) did not pass")
    var traceText = ""
    for name in (try? FileManager.default.contentsOfDirectory(atPath: traces)) ?? [] {
      traceText += (try? String(contentsOfFile: "\(traces)/\(name)", encoding: .utf8)) ?? ""
    }
    for text in traceHas { #expect(traceText.contains(text), "\(path): no trace holds \(text)") }
  }

  // MARK: - Bad input

  /// Compiles one faulty bridge of conformance/native-kits/swift/faulty and
  /// runs one scenario with it; returns that scenario's result.
  private func runFaulty(_ name: String) throws -> (result: JSONValue, outcome: CommandOutcome) {
    let outcome = try runFaultyRun(name)
    return (try #require(try results(outcome).first, "\(outcome.stdout)\(outcome.stderr)"), outcome)
  }

  /// Compiles one faulty bridge and runs one scenario with it.
  private func runFaultyRun(_ name: String) throws -> CommandOutcome {
    let kit = try SwiftKit.built()
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("\(Self.folder)/faulty/\(name).swift"), encoding: .utf8)
    try scratch.write("\(name)/main.swift", source)
    let compiled = try kit.compile(
      [scratch.path("\(name)/main.swift")], into: scratch.path(name.lowercased()), moduleName: "FaultyBridge")
    #expect(compiled.status == 0, "swiftc: \(compiled.stderr)")
    return try bridgecheck(
      [
        "run", "--jobs", "1", "--native", scratch.path(name.lowercased()), "--profile", "wkwebview-port",
        "--filter", "callbacks/page-to-native-response", "--format", "json",
      ], timeLimit: 300)
  }

  /// A bridge that stops the process in its initializer: an error that gives
  /// the signal and Swift's fatal-error line, with its file and line.
  /// The kit builds the bridge while it answers `hello`, so the adapter does
  /// not start: no scenario runs, and the run says why, once.
  @Test func aBridgeThatCrashesAtInitGetsTheSignalAndTheFatalErrorLine() throws {
    let outcome = try runFaultyRun("CrashesAtInit")
    #expect(outcome.status == 1)
    let report = try jsonReport(outcome.stdout)
    #expect(report["results"]?.arrayValue?.isEmpty == true)
    #expect(report["cutShort"]?.stringValue?.contains("the native adapter did not start") == true, "\(report)")
    let message = outcome.stderr
    #expect(message.contains("killed by signal 4 (SIGILL)"), "\(message)")
    #expect(
      message.contains("main.swift:10: Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
      "\(message)")
    #expect(
      !message.contains("Current stack trace"), "the fatal-error line is the last line, not a frame list: \(message)")
  }

  /// A bridge that hooks nothing the page can reach: an error that says so,
  /// never a run of skipped scenarios that passes.
  @Test func aBridgeThatCannotHearThePageGetsAnErrorSayingSo() throws {
    let (result, outcome) = try runFaulty("RegistersNothing")
    #expect(outcome.status != 0)
    #expect(result["status"]?.stringValue == "error", "\(result)")
    #expect(
      result["message"]?.stringValue?.contains(
        "the bridge registered no message handler and intercepts no navigation: it cannot hear the page") == true,
      "\(result)")
  }

  /// A bridge that loads a page of its own into its web view: an error that
  /// names the call, since bridgecheck's page cannot be replaced.
  @Test func aBridgeThatLoadsAPageGetsAnErrorNamingTheCall() throws {
    let (result, outcome) = try runFaulty("LoadsAPage")
    #expect(outcome.status != 0)
    #expect(result["status"]?.stringValue == "error", "\(result)")
    let message = result["message"]?.stringValue ?? ""
    #expect(
      message.contains(
        "the bridge called WKWebView.loadHTMLString(_:baseURL:) with base URL https://bridge.example/: bridgecheck's page cannot be replaced by a load"
      ), "\(message)")
  }

  /// A message handler whose error a `try!` turns into a stop: an error that
  /// names the command, the signal and the error Swift reports.
  @Test func aBridgeThatThrowsFromAHandlerGetsTheSignalAndTheError() throws {
    let (result, outcome) = try runFaulty("ThrowsInHandler")
    #expect(outcome.status != 0)
    #expect(result["status"]?.stringValue == "error", "\(result)")
    let message = result["message"]?.stringValue ?? ""
    #expect(message.contains("while handling command `scriptMessage`"), "\(message)")
    #expect(message.contains("killed by signal 4 (SIGILL)"), "\(message)")
    #expect(
      message.contains(
        "Fatal error: 'try!' expression unexpectedly raised an error: FaultyBridge.MessageDecodingError(reason: \"the message body is not a dictionary\")"
      ),
      "\(message)")
  }
}
