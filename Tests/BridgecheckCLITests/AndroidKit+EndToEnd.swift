import Foundation
import JSONModel
import TestSupport
import Testing

/// The Android native kit used as a user uses it: built with
/// scripts/android-kit.sh, a bridge compiled against it with one `javac`
/// line, then `bridgecheck run --native 'java -cp … Main' --profile P`. Our
/// own bridges in the jsbridge-1 and prompt-android dialects
/// (conformance/native-kits/android/) pass every scenario they can run, each
/// mutant of them is caught, and faulty bridges get clear verdicts.
@Suite("Android native kit end to end")
struct AndroidKitEndToEndTests {
  /// One of our own Android bridges: its folder, the mapping class with
  /// `main`, its profile and the dialect's page bridge.
  struct Bridge: Sendable, CustomStringConvertible {
    let dialect: String
    let mainClass: String
    var folder: String { "conformance/native-kits/android/\(dialect)" }
    var sources: [String] {
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
      return names.filter { $0.hasSuffix(".java") }.sorted().map { "\(folder)/\($0)" }
    }
    var description: String { dialect }
  }

  static let bridges = [
    Bridge(dialect: "jsbridge-1", mainClass: "JsBridgeOneCheck"),
    Bridge(dialect: "prompt-android", mainClass: "PromptBridgeCheck"),
  ]

  enum Mode: String, CaseIterable, Sendable { case native, both }

  /// A scratch folder for compiled classes, removed by the caller.
  private func classesFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-android-classes-\(UUID().uuidString)")
  }

  private func compiled(_ sources: [String], _ kit: AndroidKit) throws -> URL {
    let classes = classesFolder()
    let javac = try kit.compile(sources, into: classes)
    #expect(javac.status == 0, "javac: \(javac.stderr)")
    return classes
  }

  private func results(_ outcome: CommandOutcome) throws -> [JSONValue] {
    try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
  }

  @Test(arguments: bridges, Mode.allCases)
  func ourAndroidBridgePassesEveryScenarioItCanRun(bridge: Bridge, mode: Mode) throws {
    let kit = try AndroidKit.built()
    let classes = try compiled(bridge.sources, kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let page = mode == .both ? ["--js", "conformance/dialects/\(bridge.dialect)/page.js"] : []
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.command(classes: classes, mainClass: bridge.mainClass), "--profile",
        bridge.dialect,
        "--format", "json",
      ] + page, timeLimit: 600)
    let results = try results(outcome)
    let notPassing = results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }
      .map { "\($0["id"]?.stringValue ?? "?"): \($0["message"]?.stringValue ?? "")" }
    #expect(outcome.status == 0, "\(bridge) \(mode): \(notPassing) \(outcome.stderr.prefix(2_000))")
    #expect(notPassing.isEmpty, "\(bridge) \(mode): \(notPassing)")
    let passed = results.filter { $0["status"]?.stringValue == "pass" }.count
    // The Python native side of the dialect passes 3 more: the answer-missing-handler option, which the kit's
    // contract does not have (skipped with the reason).
    #expect(passed >= (mode == .native ? 60 : 90), "\(bridge) \(mode): only \(passed) passed")
    let unexplained = results.filter {
      $0["status"]?.stringValue == "skip" && ($0["message"]?.stringValue ?? "").isEmpty
    }
    #expect(unexplained.isEmpty, "every skip says why")
  }

  /// The kit's own checks (NativeKits/Android/checks): javascript: URL
  /// decoding, evaluateJavascript's JSON, number text, Uri, Base64,
  /// ArrayMap's order and the looper's, as Android and Chromium have them.
  @Test func theKitsOwnChecksPass() throws {
    let kit = try AndroidKit.built()
    let classes = try compiled(["NativeKits/Android/checks/KitChecks.java"], kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let outcome = try runTool(["java", "-cp", "\(classes.path):\(kit.classpath)", "KitChecks"], timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
    #expect(outcome.stdout.contains("checks passed"), "\(outcome.stdout)")
  }

  /// `bridgecheck doctor` checks the handshake and framing of a bridge under
  /// the kit, as step 4 of the user's steps suggests.
  @Test func doctorFindsTheKitAdapterFine() throws {
    let kit = try AndroidKit.built()
    let bridge = Self.bridges[0]
    let classes = try compiled(bridge.sources, kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    // From the user's own folder, as step 4 of docs/android-native-kit.md has it: the profile is found by name.
    let userFolder = try ScratchFolder()
    defer { userFolder.remove() }
    let outcome = try bridgecheck(
      ["doctor", "--native", kit.command(classes: classes, mainClass: bridge.mainClass), "--profile", bridge.dialect],
      in: userFolder.url, timeLimit: 120)
    #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
    #expect(outcome.stdout.contains("transports iframe, location, injections after-load"), "\(outcome.stdout)")
  }

  // MARK: - Mutants

  static var mutantFiles: [String] {
    let folder = packageRoot.appendingPathComponent("conformance/native-kits/android/mutants")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "conformance/native-kits/android/mutants/\($0)" }
  }

  @Test func eachOfOurAndroidBridgesHasAMutant() {
    let dialects = Set(
      Self.mutantFiles.compactMap { path -> String? in
        let text = try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        return text.flatMap { try? JSONValue.parse($0) }?["dialect"]?.stringValue
      })
    #expect(dialects == Set(Self.bridges.map(\.dialect)), "\(dialects)")
  }

  /// The mutant's patch applied to a copy of its bridge, compiled and run as
  /// a user runs it: the fixtures it names fail it (the unpatched bridge
  /// passes them, in the test above).
  @Test(arguments: mutantFiles)
  func theNamedFixturesCatchTheMutant(path: String) throws {
    let kit = try AndroidKit.built()
    let mutant = try JSONValue.parse(String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
    let dialect = try #require(mutant["dialect"]?.stringValue)
    let bridge = try #require(Self.bridges.first { $0.dialect == dialect }, "no bridge of ours in \(dialect)")
    let file = try #require(mutant["file"]?.stringValue)
    let killers = (mutant["shouldBeKilledBy"]?.arrayValue ?? []).compactMap(\.stringValue)
    #expect(!killers.isEmpty)
    var source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    for step in mutant["patch"]?.arrayValue ?? [] {
      let find = try #require(step["find"]?.stringValue)
      let replace = try #require(step["replace"]?.stringValue)
      #expect(source.components(separatedBy: find).count == 2, "\(path): the patch must match \(file) exactly once")
      source = source.replacingOccurrences(of: find, with: replace)
    }
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let fileName = URL(fileURLWithPath: file).lastPathComponent
    try scratch.write(fileName, source)
    let sources = bridge.sources.map { $0.hasSuffix("/\(fileName)") ? scratch.path(fileName) : $0 }
    let classes = try compiled(sources, kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.command(classes: classes, mainClass: bridge.mainClass), "--profile",
        dialect,
        "--format", "json",
      ] + killers.flatMap { ["--filter", $0] }, timeLimit: 600)
    let results = try results(outcome)
    let killed = Set(
      results.filter { ["fail", "error"].contains($0["status"]?.stringValue ?? "") }.compactMap {
        $0["id"]?.stringValue
      })
    #expect(Set(killers).isSubset(of: killed), "\(path): \(killers) should fail the mutant; failed: \(killed)")
    #expect(outcome.status != 0)
  }

  // MARK: - Bad input

  private static let faulty = "conformance/native-kits/android/faulty"

  /// A bridge whose constructor throws: every scenario it could take part
  /// in ends as an error that quotes the exception and its line.
  @Test func aBridgeThatThrowsInItsConstructorGetsAnErrorNamingTheLine() throws {
    let kit = try AndroidKit.built()
    let classes = try compiled(["\(Self.faulty)/ThrowsInConstructor.java"], kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.command(classes: classes, mainClass: "ThrowsInConstructor"), "--profile",
        "jsbridge-1", "--filter", "callbacks/*", "--format", "json",
      ], timeLimit: 300)
    let results = try results(outcome)
    let errors = results.filter { $0["status"]?.stringValue == "error" }
    #expect(outcome.status != 0)
    #expect(
      !errors.isEmpty && results.allSatisfy { ["error", "skip"].contains($0["status"]?.stringValue ?? "") },
      "\(results)")
    for error in errors {
      let message = error["message"]?.stringValue ?? ""
      #expect(message.contains("java.lang.IllegalStateException: no configuration file"), "\(message)")
      #expect(message.contains("ThrowsInConstructor.<init>(ThrowsInConstructor.java:12)"), "\(message)")
    }
  }

  /// A bridge that waits forever on the main thread: the scenario ends as
  /// an error that says where the main thread is, within the kit's limit.
  @Test func aBridgeThatBlocksTheMainThreadGetsAnErrorNamingWhereItWaits() throws {
    let kit = try AndroidKit.built()
    let classes = try compiled(["\(Self.faulty)/BlocksMainThread.java"], kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let started = Date()
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native",
        kit.command(classes: classes, mainClass: "BlocksMainThread", options: ["-Dbridgecheck.commandLimit=1"]),
        "--profile", "jsbridge-1", "--filter", "callbacks/page-to-native-response", "--format", "json",
      ], timeLimit: 300)
    let result = try #require(try results(outcome).first)
    #expect(result["status"]?.stringValue == "error", "\(result)")
    let message = result["message"]?.stringValue ?? ""
    #expect(message.contains("blocked the main thread while handling `loadFinished`"), "\(message)")
    #expect(message.contains("BlocksMainThread.waitForConfiguration(BlocksMainThread.java:"), "\(message)")
    #expect(Date().timeIntervalSince(started) < 60, "the kit's limit ended it, not the harness's")
  }

  /// A bridge that registers nothing the page can reach: an error that says
  /// so, never a run of skipped scenarios that passes.
  @Test func aBridgeThatCannotHearThePageGetsAnErrorSayingSo() throws {
    let kit = try AndroidKit.built()
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "Deaf.java",
      """
      import android.webkit.WebView;
      import bridgecheck.kit.*;
      public final class Deaf implements NativeBridgeUnderTest {
          public static void main(String[] args) { NativeKit.serve(context -> { new WebView(context); return new Deaf(); }); }
          public void register(String name, Handler handler) {}
          public void remove(String name) {}
          public void call(String name, Object data, Callback callback) {}
          public void reset() {}
      }
      """)
    let classes = try compiled([scratch.path("Deaf.java")], kit)
    defer { try? FileManager.default.removeItem(at: classes) }
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.command(classes: classes, mainClass: "Deaf"), "--profile", "jsbridge-1",
        "--filter", "callbacks/page-to-native-response", "--format", "json",
      ], timeLimit: 300)
    #expect(outcome.status != 0)
    let result = try #require(try results(outcome).first)
    #expect(result["status"]?.stringValue == "error", "\(result)")
    #expect(result["message"]?.stringValue?.contains("the bridge cannot hear the page") == true, "\(result)")
  }

  /// Android API the kit does not have is absent: a bridge that calls it
  /// does not compile, and javac names what is missing.
  @Test func aBridgeThatUsesAbsentApiDoesNotCompileAndJavacNamesIt() throws {
    let kit = try AndroidKit.built()
    let classes = classesFolder()
    defer { try? FileManager.default.removeItem(at: classes) }
    let javac = try kit.compile(["\(Self.faulty)/UsesMissingApi.java"], into: classes)
    #expect(javac.status != 0)
    #expect(javac.stderr.contains("UsesMissingApi.java:25: error: cannot find symbol"), "\(javac.stderr)")
    #expect(javac.stderr.contains("symbol:   method reload()"), "\(javac.stderr)")
  }

  /// A mapping class that was never compiled: the run fails, quoting Java's
  /// own error.
  @Test func aMappingClassThatWasNotCompiledIsReportedWithJavasError() throws {
    let kit = try AndroidKit.built()
    let classes = classesFolder()
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", kit.command(classes: classes, mainClass: "NotCompiled"), "--profile",
        "jsbridge-1",
        "--filter", "callbacks/page-to-native-response",
      ], timeLimit: 300)
    #expect(outcome.status != 0)
    #expect(
      (outcome.stdout + outcome.stderr).contains("Could not find or load main class NotCompiled"),
      "\(outcome.stdout)\n\(outcome.stderr)")
  }
}
