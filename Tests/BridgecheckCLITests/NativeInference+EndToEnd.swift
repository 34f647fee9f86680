import Foundation
import JSONModel
import Testing

/// `bridgecheck profiles infer --native CMD` and `run --native CMD` without
/// `--profile`, as a user runs them: each native side of ours is inferred as
/// its own dialect and judged exactly as under its own profile; an adapter
/// that never says hello or declares nothing a dialect uses is refused with
/// the reason; a given profile that plainly does not fit a native bridge is
/// said first, with the inferred one.
@Suite("Native dialect inference end to end", .serialized)
struct NativeInferenceEndToEndTests {
  /// A native side of ours, the profile it is inferred as and the one it is
  /// judged under in the matrix (conformance/dialects/dialects.json).
  struct Subject: Sendable, CustomStringConvertible {
    let command: String
    let inferred: String
    let own: String
    var description: String { command }
  }

  /// Every dialect native side; flutter-es7's is flutter's (the ES2017 page
  /// scripts change only the page API) and says so in its hello.
  static let dialectNatives: [Subject] = [
    ("wvjb-6", "wvjb-6", "wvjb-classic"), ("wvjb-5", "wvjb-5", "wvjb-5"), ("wvjb-4", "wvjb-4", "wvjb-4"),
    ("wkwebview-port", "wkwebview-port", "wkwebview-port"), ("kotlin-port", "kotlin-port", "kotlin-port"),
    ("jsbridge-1", "jsbridge-1", "jsbridge-1"), ("jsbridge-2", "jsbridge-2", "jsbridge-2"),
    ("react-native", "react-native", "react-native"), ("flutter", "flutter", "flutter"),
    ("flutter-es7", "flutter", "flutter-es7"), ("prompt-android", "prompt-android", "prompt-android"),
    ("mushao", "mushao", "mushao"), ("module-action", "module-action", "module-action"),
  ].map { Subject(command: "python3 conformance/dialects/\($0.0)/native.py", inferred: $0.1, own: $0.2) }

  /// The reference adapters follow the profile the harness sends: they
  /// answer in many dialects, and the default is taken.
  static let referenceAdapters: [Subject] = [
    Subject(command: "python3 conformance/adapters/python/adapter.py", inferred: "wvjb-classic", own: "wvjb-classic"),
    Subject(command: "bridgecheck reference-adapter", inferred: "wvjb-classic", own: "wvjb-classic"),
  ]

  private func inferred(_ command: String) throws -> (outcome: CommandOutcome, value: JSONValue?) {
    let outcome = try bridgecheck(["profiles", "infer", "--format", "json", "--native", command], timeLimit: 120)
    return (outcome, try? JSONValue.parse(outcome.stdout))
  }

  @Test(arguments: dialectNatives + referenceAdapters)
  func eachNativeSideIsInferredAsItsOwnDialect(subject: Subject) throws {
    let (outcome, value) = try inferred(subject.command)
    #expect(outcome.status == 0, "\(subject): \(outcome.stderr)")
    #expect(value?["profile"]?["name"]?.stringValue == subject.inferred, "\(subject): \(outcome.stdout.prefix(300))")
    let probes = value?["probes"]?.arrayValue ?? []
    #expect(probes.contains { $0["profile"]?.stringValue == subject.inferred && $0["failure"] == .null })
  }

  /// The evidence names what the adapter used in the probes of its dialect:
  /// message handlers (wkwebview-port's), cancelled navigations
  /// (jsbridge-1's `yy://`), the functions its evaluations called.
  @Test(arguments: [
    (
      "wkwebview-port", "messageHandlers", "iOS_Native_FlushMessageQueue",
      "it used message handlers iOS_Native_FlushMessageQueue, iOS_Native_InjectJavascript"
    ),
    ("jsbridge-1", "cancelledNavigations", "yy://__QUEUE_MESSAGE__", "cancelled navigations to yy://__QUEUE_MESSAGE__"),
  ])
  func theEvidenceSaysWhichNamesTheAdapterUsed(dialect: String, member: String, name: String, line: String) throws {
    let command = "python3 conformance/dialects/\(dialect)/native.py"
    let (outcome, value) = try inferred(command)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let probe = value?["probes"]?.arrayValue?.first { $0["profile"]?.stringValue == dialect }
    let used = probe?["used"]
    #expect(used?[member]?.arrayValue?.contains(.string(name)) == true, "\(String(describing: used))")
    #expect(
      (used?["evaluatedFunctions"]?.arrayValue ?? []).contains { $0.stringValue?.hasSuffix("._fetchQueue") == true })
    #expect(used?["userScripts"]?.arrayValue?.isEmpty == true, "bridgecheck's own user scripts are not the adapter's")
    let text = try bridgecheck(["profiles", "infer", "--native", command], timeLimit: 120)
    #expect(text.stderr.contains("probed as \(dialect): answers every probe"), "\(text.stderr)")
    #expect(text.stderr.contains(line), "\(text.stderr)")
  }

  @Test func theReferenceAdaptersAnswerInSeveralDialectsAndTheDoubtIsSaid() throws {
    let (outcome, value) = try inferred("python3 conformance/adapters/python/adapter.py")
    #expect(value?["unsure"] == .bool(true), "\(outcome.stdout.prefix(500))")
    #expect(value?["equallyNear"]?.arrayValue?.contains("wvjb-5") == true)
    let text = try bridgecheck(["profiles", "infer", "--native", "python3 conformance/adapters/python/adapter.py"])
    #expect(text.stderr.contains("unsure: the native side answers the probes in"), "\(text.stderr)")
    // The names it used tell an adapter that follows the dialect it is sent from one whose dialects look alike.
    #expect(
      text.stderr.contains("wvjb-messagehandlers it used other names than in wvjb-classic: it answers to the names"),
      "\(text.stderr)")
    #expect(
      text.stderr.contains("in wvjb-6, wvjb-iframe it used the same names as in wvjb-classic"), "\(text.stderr)")
    #expect(text.stderr.contains("declared: hello names it"), "\(text.stderr)")
    #expect(try JSONValue.parse(text.stdout)["name"] == "wvjb-classic")
  }

  /// A subset of the subjects run in full (each is two full runs of the
  /// fixtures through a Python adapter): one whose hello names its dialect,
  /// and flutter-es7's, inferred under another name (flutter).
  static let judgedSubjects = dialectNatives.filter {
    ["jsbridge-1", "flutter-es7"].contains($0.command.split(separator: "/")[2])
  }

  @Test(arguments: judgedSubjects)
  func judgedWithoutAProfileExactlyAsUnderItsOwn(subject: Subject) throws {
    let common = ["run", "--jobs", "1", "--native", subject.command, "--format", "json"]
    let inferred = try bridgecheck(common, timeLimit: 600)
    let given = try bridgecheck(common + ["--profile", subject.own], timeLimit: 600)
    let statuses = { (outcome: CommandOutcome) throws -> [String: String] in
      let results = try jsonReport(outcome.stdout)["results"]?.arrayValue ?? []
      return Dictionary(
        uniqueKeysWithValues: results.compactMap { result in
          result["id"]?.stringValue.map {
            ($0, (result["status"]?.stringValue ?? "") + " " + (result["level"]?.stringValue ?? ""))
          }
        })
    }
    var without = try statuses(inferred)
    var with = try statuses(given)
    #expect(with.values.contains { $0.hasPrefix("pass") }, "\(subject): \(given.stderr.prefix(500))")
    // A scenario that ended as error in either run (the wall-clock limit on a busy machine) is not compared;
    // more than two would be a difference.
    let errored = Set(without.filter { $0.value.hasPrefix("error") }.keys)
      .union(with.filter { $0.value.hasPrefix("error") }.keys)
    #expect(errored.count <= 2, "\(subject): \(errored.sorted())")
    for id in errored {
      without[id] = nil
      with[id] = nil
    }
    let differing = without.filter { with[$0.key] != $0.value }.keys.sorted()
    #expect(differing.isEmpty, "\(subject): \(differing.map { "\($0): \(without[$0] ?? "-") / \(with[$0] ?? "-")" })")
    #expect(without.count == with.count)
    let dialect = try jsonReport(inferred.stdout)["run"]?["dialect"]
    #expect(dialect?["origin"] == "inferred", "\(subject)")
    #expect(dialect?["nearest"]?.stringValue == subject.inferred, "\(subject)")
  }

  @Test func theSwiftKitBridgeIsInferredAsWkwebviewPort() throws {
    let kit = try SwiftKit.built()
    let (outcome, value) = try inferred(kit.executable("WKWebViewPortKitCheck"))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(value?["profile"]?["name"] == "wkwebview-port", "\(outcome.stdout.prefix(300))")
  }

  @Test(arguments: AndroidKitEndToEndTests.bridges)
  func theAndroidKitBridgesAreInferredAsTheirDialects(bridge: AndroidKitEndToEndTests.Bridge) throws {
    let kit = try AndroidKit.built()
    let classes = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecheck-infer-\(UUID())")
    defer { try? FileManager.default.removeItem(at: classes) }
    let javac = try kit.compile(bridge.sources, into: classes)
    try #require(javac.status == 0, "javac: \(javac.stderr)")
    let (outcome, value) = try inferred(kit.command(classes: classes, mainClass: bridge.mainClass))
    #expect(outcome.status == 0, "\(bridge): \(outcome.stderr)")
    #expect(value?["profile"]?["name"]?.stringValue == bridge.dialect, "\(bridge): \(outcome.stdout.prefix(300))")
  }

  // MARK: - bad input

  @Test func anAdapterThatNeverSaysHelloExitsTwoWithTheReason() throws {
    let outcome = try bridgecheck(
      ["profiles", "infer", "--native", "python3 -c 'import sys; sys.stdin.readline()'"], timeLimit: 120)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("the native adapter did not say hello"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("bridgecheck doctor --native"), "\(outcome.stderr)")
  }

  @Test func anAdapterThatDeclaresNothingRecognisableExitsTwoWithTheReason() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "nothing.py",
      """
      import json, sys
      for line in sys.stdin:
          command = json.loads(line)
          if command["type"] == "hello":
              print(json.dumps({"type": "hello", "protocol": 1, "name": "nothing", "transports": [], "injections": []}))
          print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
          if command["type"] == "exit":
              break
      """)
    let outcome = try bridgecheck(
      ["profiles", "infer", "--native", "python3 \(scratch.path("nothing.py"))"], timeLimit: 120)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("declares nothing a shipped dialect can run with"), "\(outcome.stderr)")
  }

  @Test func anAdapterThatAnswersInNoDialectExitsTwoWithTheNearest() throws {
    // A classic native side that drops every message: it declares classic transports, and answers no probe.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write(
      "deaf.py",
      """
      import json, sys
      for line in sys.stdin:
          command = json.loads(line)
          kind = command["type"]
          if kind == "hello":
              print(json.dumps({"type": "hello", "protocol": 1, "name": "deaf", "transports": ["iframe"],
                                "injections": ["bridge-loaded"]}))
          elif kind == "navigation":
              print(json.dumps({"type": "policy", "id": command["id"], "policy": "cancel"}))
          print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
          if kind == "exit":
              break
      """)
    let outcome = try bridgecheck(
      ["profiles", "infer", "--native", "python3 \(scratch.path("deaf.py"))"], timeLimit: 300)
    #expect(outcome.status == 2, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("answers in no shipped dialect"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("nearest wvjb-classic"), "\(outcome.stderr)")
  }

  @Test func givingBothAFileAndANativeCommandIsRefused() throws {
    let outcome = try bridgecheck([
      "profiles", "infer", "conformance/dialects/flutter/page.js", "--native",
      "python3 conformance/adapters/python/adapter.py",
    ])
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("not both"), "\(outcome.stderr)")
  }

  // MARK: - a profile that does not fit

  /// A native bridge run under a profile none of whose injections it
  /// declares runs no scenario at all: the report says so first, with the
  /// dialect inferred from the adapter.
  @Test func aGivenProfileThatDoesNotFitTheNativeBridgeIsSaidFirstWithTheInferredOne() throws {
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", "python3 conformance/dialects/jsbridge-1/native.py", "--profile", "wvjb-6",
        "--format", "json",
      ], timeLimit: 600)
    let report = try jsonReport(outcome.stdout)
    // Every scenario was skipped: the gate judged nothing and fails.
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(report["verdict"] == "fail")
    let nothingJudged = report["nothingJudged"]?.stringValue ?? ""
    #expect(nothingJudged.hasPrefix("no scenario was judged: all "), "\(nothingJudged)")
    #expect(nothingJudged.contains("share no injection mode"), "\(nothingJudged)")
    let unfit = report["run"]?["dialect"]?["unfit"]?.stringValue ?? ""
    #expect(unfit.contains("the profile wvjb-6 does not fit this native bridge"), "\(unfit)")
    #expect(unfit.contains("bridgecheck infers another dialect from the native adapter, jsbridge-1"), "\(unfit)")
    let text = try bridgecheck(
      ["run", "--jobs", "1", "--native", "python3 conformance/dialects/jsbridge-1/native.py", "--profile", "wvjb-6"],
      timeLimit: 600)
    let notes = text.stdout.components(separatedBy: "\n").drop { $0 != "Notes:" }.dropFirst().first ?? ""
    #expect(notes.contains("does not fit this native bridge"), "\(text.stdout.prefix(800))")
    // The reason the run fails comes first, before the notes.
    #expect(text.stdout.hasPrefix("The run fails because:\n  no scenario was judged"), "\(text.stdout.prefix(800))")
    #expect(text.status == 1)
  }

  /// The JSON report says the dialect was inferred from the native adapter.
  @Test func theReportSaysTheDialectWasInferredFromTheNativeAdapter() throws {
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", "python3 conformance/dialects/jsbridge-1/native.py", "--format", "json",
        "--filter", "callbacks/page-to-native-response",
      ], timeLimit: 600)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let dialect = try jsonReport(outcome.stdout)["run"]?["dialect"]
    #expect(dialect?["origin"] == "inferred", "\(outcome.stdout.prefix(800))")
    #expect(dialect?["inferredFrom"] == "native", "\(outcome.stdout.prefix(800))")
    #expect(dialect?["nearest"] == "jsbridge-1", "\(outcome.stdout.prefix(800))")
  }

  /// A native adapter that fails its hello is named the same in the report
  /// whether the hello failed during dialect inference (no --profile) or in
  /// the run's own start (--profile given).
  @Test func anAdapterThatFailsHelloIsNamedAlikeWithAndWithoutAProfile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("gone.py", "import sys\nsys.exit(0)\n")
    let common = ["run", "--jobs", "1", "--native", "python3 \(scratch.path("gone.py"))", "--format", "json"]
    var names: [String] = []
    for extra in [[], ["--profile", "wvjb-classic"]] {
      let outcome = try bridgecheck(common + extra + ["--filter", "data/*"], timeLimit: 120)
      #expect(outcome.status == 1, "\(extra): \(outcome.stderr)")
      let report = try jsonReport(outcome.stdout)
      #expect(report["cutShort"]?.stringValue?.contains("the native adapter did not start") == true, "\(extra)")
      names.append(report["implementations"]?["native"]?["name"]?.stringValue ?? "")
    }
    #expect(names == ["gone.py", "gone.py"])
  }

  @Test func aFittingGivenProfileGetsNoNotice() throws {
    let outcome = try bridgecheck(
      [
        "run", "--jobs", "1", "--native", "python3 conformance/dialects/jsbridge-1/native.py", "--profile",
        "jsbridge-1",
        "--format", "json", "--filter", "callbacks/*",
      ], timeLimit: 600)
    let report = try jsonReport(outcome.stdout)
    #expect(report["run"]?["dialect"] == nil || report["run"]?["dialect"] == .null, "\(outcome.stdout.prefix(800))")
  }
}
