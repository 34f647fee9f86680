import Foundation
import JSONModel
import TestSupport
import Testing

/// The repository's GitHub Action (action.yml), and the job matrix of
/// docs/ci.md that uses it, run locally by scripts/run_action_locally.py:
/// its steps install, gate, merge, annotate, upload (also when the gate
/// fails) and tell the verdict to the next step. The build step is
/// skipped (the binary under test is built already, and a second SwiftPM
/// would wait on this one's lock); it runs in CI's first job.
@Suite("GitHub Action, run locally", .serialized)
struct ActionTests {
  struct Outcome {
    var status: Int32
    var output: String
    /// What the script's --report says: jobs, steps, outputs, summaries, annotations, artifacts.
    var report: JSONValue
  }

  /// The configuration of the binary under test: the action runs
  /// `<action path>/.build/<configuration>/bridgecheck`.
  static func configuration() throws -> String {
    try bridgecheckBinary().deletingLastPathComponent().lastPathComponent
  }

  static var head: String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", packageRoot.path, "rev-parse", "HEAD"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func runScript(_ arguments: [String], workspace: ScratchFolder) throws -> Outcome {
    let report = workspace.url.deletingLastPathComponent().appendingPathComponent("report-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: report) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", packageRoot.appendingPathComponent("scripts/run_action_locally.py").path, "--skip", "build",
        "--workspace", workspace.url.path, "--report", report.path,
      ] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 77 { try Test.cancel("the Action was not run: \(output)") }
    let data = (try? String(contentsOf: report, encoding: .utf8)) ?? "{}"
    return Outcome(status: process.terminationStatus, output: output, report: try JSONValue.parse(data))
  }

  func runAction(_ inputs: [String: String], workspace: ScratchFolder, extra: [String] = []) throws -> Outcome {
    try runScript(
      ["--input", "build-configuration=\(Self.configuration())", "--input", "jobs=1"]
        + inputs.sorted(by: { $0.key < $1.key }).flatMap { ["--input", "\($0.key)=\($0.value)"] } + extra,
      workspace: workspace)
  }

  /// The reference page bridge, and the same with a realistic bug: a
  /// native handler's data 0 arrives as undefined.
  static func writeBridges(_ workspace: ScratchFolder) throws {
    let reference = try String(
      contentsOf: packageRoot.appendingPathComponent("Sources/ReferenceBridges/Resources/page-bridge.js"),
      encoding: .utf8)
    let call = "handlers[handlerName](message.data, responseCallback);"
    try workspace.write("web/good-bridge.js", reference)
    try workspace.write(
      "web/bad-bridge.js",
      reference.replacingOccurrences(
        of: call, with: "handlers[handlerName](message.data === 0 ? undefined : message.data, responseCallback);"))
  }

  @Test func theActionGatesAPassingAndAFailingBridgeAndSaysItsVerdict() throws {
    let workspace = try ScratchFolder()
    defer { workspace.remove() }
    try Self.writeBridges(workspace)
    let summary = workspace.path("step-summary.md")

    let good = try runAction(
      ["js": "web/good-bridge.js", "filter": "data/* callbacks/page-to-native-response"], workspace: workspace,
      extra: ["--summary", summary])
    #expect(good.status == 0, "\(good.output)")
    #expect(good.output.contains("run_action_locally: action > action: setup: exit 0"))
    #expect(good.output.contains("run_action_locally: action > action: gate: exit 0"))
    let goodOutputs = try #require(good.report["jobs"]?[0]?["outputs"])
    #expect(goodOutputs["verdict"] == "pass" && goodOutputs["exit-code"] == "0" && goodOutputs["failed"] == "0")
    #expect(goodOutputs["passed"]?.stringValue.flatMap(Int.init) ?? 0 > 10, "\(goodOutputs)")
    #expect(goodOutputs["json"] == "reports/bridgecheck.json")
    #expect(FileManager.default.fileExists(atPath: workspace.path("reports/bridgecheck.xml")), "the JUnit report")
    let json = try JSONValue.parse(String(contentsOfFile: workspace.path("reports/bridgecheck.json"), encoding: .utf8))
    #expect(
      json["run"]?["fixtures"]?["ids"]?.arrayValue?.contains("callbacks/page-to-native-response") == true,
      "several filters")
    // The cache key: runner, configuration, Swift version, Package.resolved and sources; restore keys without the last parts.
    let cache = try #require(good.report["caches"]?[0])
    let key = try #require(cache["key"]?.stringValue)
    #expect(
      key.range(
        of: #"^bridgecheck-Linux-X64-\w+-swift6\.\d+(\.\d+)?-[0-9a-f]{16}-[0-9a-f]{16}$"#, options: .regularExpression)
        != nil, "\(key)")
    let restore = try #require(cache["restore-keys"]?.stringValue).split(separator: "\n").map(String.init)
    #expect(restore.count == 2 && key.hasPrefix(restore[0]) && restore[0].hasPrefix(restore[1]), "\(restore)")

    let bad = try runAction(
      ["js": "web/bad-bridge.js", "filter": "data/*", "junit": "reports/bad.xml", "json": "reports/bad.json"],
      workspace: workspace, extra: ["--summary", summary])
    #expect(bad.status == 1, "the gate fails the job: \(bad.output)")
    #expect(bad.output.contains("run_action_locally: action > action: gate: exit 1"))
    let badOutputs = try #require(bad.report["jobs"]?[0]?["outputs"])
    #expect(
      badOutputs["verdict"] == "fail" && badOutputs["exit-code"] == "1" && badOutputs["failed"] == "2", "\(badOutputs)")
    // The `if: always()` upload step ran after the failing gate, with the reports.
    let artifactName = try #require(badOutputs["artifact-name"]?.stringValue)
    #expect(artifactName.hasPrefix("bridgecheck-"))
    #expect(bad.report["artifacts"]?[artifactName] == ["bad.json", "bad.xml"], "\(bad.report["artifacts"] ?? .null)")
    #expect(
      good.report["jobs"]?[0]?["outputs"]?["artifact-name"] != .string(artifactName),
      "each job's artifact has its own name")
    // Annotations at the fixture, and a summary whose links go to the fixtures at this exact commit.
    let annotations = try #require(bad.report["jobs"]?[0]?["annotations"]?.arrayValue)
    #expect(
      annotations.contains {
        $0["properties"]?.stringValue?.contains("file=") == true
          && $0["properties"]?.stringValue?.contains("falsy-data-native-to-page.json,line=") == true
      }, "\(annotations)")
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.contains("good-bridge.js") && text.contains("bad-bridge.js"), "both runs, appended: \(text)")
    #expect(
      text.contains(
        "](https://github.com/your-org/bridgecheck/blob/\(Self.head)/Fixtures/data/falsy-data-native-to-page.json)"),
      "\(text)")
    #expect(
      text.contains("](https://github.com/your-org/bridgecheck/blob/\(Self.head)/docs/protocol.md#falsy-data-exact)"))
    #expect(!text.contains(packageRoot.path), "no absolute path of the runner")

    // With the failures recorded as expected, the same bridge passes.
    let adopt = try bridgecheck(
      [
        "run", "--js", "web/bad-bridge.js", "--filter", "data/*", "--baseline", "expectations.json",
        "--update-baseline", "--jobs", "1",
      ],
      in: workspace.url)
    #expect(adopt.status == 0, "\(adopt.stderr)")
    let excused = try runAction(
      ["js": "web/bad-bridge.js", "filter": "data/*", "baseline": "expectations.json", "artifact-name": "excused"],
      workspace: workspace)
    #expect(excused.status == 0, "\(excused.output)")
    #expect(excused.report["jobs"]?[0]?["outputs"]?["verdict"] == "pass")
    #expect(excused.report["artifacts"]?["excused"] != nil, "the artifact name given")

    // A usage error is an error, not a verdict.
    let misused = try runAction(["js": "web/bad-bridge.js", "args": "--jobs -1"], workspace: workspace)
    #expect(misused.status == 2, "\(misused.output)")
    #expect(misused.report["jobs"]?[0]?["outputs"]?["verdict"] == "error")
    #expect(misused.output.contains("--jobs must be at least 1"))
  }

  @Test func freeArgumentsAreSplitLikeAShellCommandLineWithoutExpansion() throws {
    let workspace = try ScratchFolder()
    defer { workspace.remove() }
    try Self.writeBridges(workspace)
    let outcome = try runAction(
      [
        "js": "web/good-bridge.js", "filter": "data/falsy-data-native-to-page",
        "args": "--seed 7 --tag 'data' --traces \"$HOME/x\"",
      ],
      workspace: workspace)
    #expect(outcome.status == 0, "\(outcome.output)")
    let json = try JSONValue.parse(String(contentsOfFile: workspace.path("reports/bridgecheck.json"), encoding: .utf8))
    #expect(json["seed"] == "7")
    #expect(FileManager.default.fileExists(atPath: workspace.path("$HOME/x")), "the traces folder, named as written")
  }

  @Test func theSchedulesInputChoosesTheDefaultGateOrTheSingleSchedule() throws {
    let workspace = try ScratchFolder()
    defer { workspace.remove() }
    try Self.writeBridges(workspace)
    let filter = "data/falsy-data-native-to-page"
    let gate = try runAction(
      ["js": "web/good-bridge.js", "filter": filter, "json": "reports/gate.json"], workspace: workspace)
    #expect(gate.status == 0, "\(gate.output)")
    let gateReport = try JSONValue.parse(String(contentsOfFile: workspace.path("reports/gate.json"), encoding: .utf8))
    #expect(gateReport["schedules"]?["names"]?.arrayValue?.count == 7, "an empty input runs the default gate")
    let single = try runAction(
      ["js": "web/good-bridge.js", "filter": filter, "schedules": "single", "json": "reports/single.json"],
      workspace: workspace)
    #expect(single.status == 0, "\(single.output)")
    let singleReport = try JSONValue.parse(
      String(contentsOfFile: workspace.path("reports/single.json"), encoding: .utf8))
    #expect(singleReport["schedules"]?["names"] == ["default"])
    #expect(
      single.report["jobs"]?[0]?["outputs"]?["artifact-name"] != gate.report["jobs"]?[0]?["outputs"]?["artifact-name"])
    let misused = try runAction(["merge": "shards/*.json", "schedules": "single"], workspace: workspace)
    #expect(misused.status == 2, "\(misused.output)")
    #expect(misused.output.contains("give SCHEDULES (lowercase) to the shard jobs"), "\(misused.output)")
  }

  @Test func itSaysAtOnceThatItNeedsLinuxAndWhichSwift() throws {
    let workspace = try ScratchFolder()
    defer { workspace.remove() }
    let mac = try runAction(["js": "web/bridge.js"], workspace: workspace, extra: ["--runner-os", "macOS"])
    #expect(mac.status == 1)
    #expect(mac.output.contains("::error title=bridgecheck needs a Linux runner::"), "\(mac.output)")
    #expect(mac.output.contains("runs-on: ubuntu-latest"))
    #expect(!mac.output.contains("action: setup: exit"), "nothing installed")
    #expect(mac.output.contains("no files found"), "the upload step still runs: \(mac.output)")
    // An old Swift on PATH.
    try workspace.write("old-swift/swift", "#!/bin/sh\necho 'Swift version 5.10 (swift-5.10-RELEASE)'\n")
    chmod(workspace.path("old-swift/swift"), 0o755)
    let path = workspace.path("old-swift") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let old = try runAction(["js": "web/bridge.js"], workspace: workspace, extra: ["--env", "PATH=\(path)"])
    #expect(old.status == 1)
    #expect(
      old.output.contains("::error title=bridgecheck needs Swift 6.1 or later::this runner has Swift 5.10"),
      "\(old.output)")
  }

  /// docs/ci.md's job matrix: three shard jobs and a merge job, for a bridge
  /// that passes, one that fails and one whose failures are excused.
  @Test("the matrix of docs/ci.md: three shards and a merge job that gates, posts one summary and says its verdict")
  func theDocumentedMatrix() throws {
    for bridge in ["passing", "failing", "excused"] {
      let workspace = try ScratchFolder()
      defer { workspace.remove() }
      try Self.writeBridges(workspace)
      let file = bridge == "passing" ? "good-bridge.js" : "bad-bridge.js"
      try workspace.write("web/bridge.js", try String(contentsOfFile: workspace.path("web/\(file)"), encoding: .utf8))
      if bridge == "excused" {
        let adopt = try bridgecheck(
          [
            "run", "--js", "web/bridge.js", "--baseline", "bridgecheck-expectations.json", "--update-baseline",
            "--jobs", "1",
          ],
          in: workspace.url, timeLimit: 300)
        #expect(adopt.status == 0, "\(adopt.stderr)")
      }
      let outcome = try runScript(
        [
          "--workflow", packageRoot.appendingPathComponent("docs/ci.md").path, "--override",
          "build-configuration=\(Self.configuration())", "--override", "jobs=1",
        ], workspace: workspace)
      let jobs = try #require(outcome.report["jobs"]?.arrayValue, "\(outcome.output)")
      #expect(jobs.map { $0["name"]?.stringValue ?? "" } == ["shards (1)", "shards (2)", "shards (3)", "merge"])
      let shards = jobs.prefix(3)
      let merge = try #require(jobs.last)
      #expect(shards.allSatisfy { $0["result"] == "success" }, "shard jobs report, they do not gate: \(outcome.output)")
      #expect(shards.allSatisfy { $0["summary"] == "" }, "one summary: the merge job's")
      let step = try #require(merge["steps"]?["bridgecheck"]?["outputs"])
      let summary = try #require(merge["summary"]?.stringValue)
      #expect(summary.contains("merged from 3 shards"))
      #expect(summary.split(separator: "\n").filter { $0.hasPrefix("## ") }.count == 1, "one summary: \(summary)")
      switch bridge {
      case "failing":
        #expect(outcome.status == 1 && merge["result"] == "failure", "\(outcome.output)")
        #expect(step["verdict"] == "fail" && step["failed"] == "2" && step["exit-code"] == "1", "\(step)")
        #expect(merge["outputs"]?["verdict"] == "fail", "the job output the next job reads")
        #expect(merge["annotations"]?.arrayValue?.count == 2)
        // The upload step ran although the gate failed.
        let name = try #require(step["artifact-name"]?.stringValue)
        #expect(outcome.report["artifacts"]?[name] == ["bridgecheck.json", "bridgecheck.xml"])
        // The merged report is the unsharded run's.
        let store = try #require(outcome.report["artifactsFolder"]?.stringValue)
        let merged = try String(contentsOfFile: store + "/\(name)/bridgecheck.json", encoding: .utf8)
        let whole = try bridgecheck(
          [
            "run", "--js", "web/bridge.js", "--baseline", "bridgecheck-expectations.json", "--jobs", "1", "--json",
            "whole.json",
            "--junit", "whole.xml",
          ], in: workspace.url, timeLimit: 300)
        #expect(whole.status == 1)
        let wholeJSON = try String(contentsOfFile: workspace.path("whole.json"), encoding: .utf8)
        #expect(try MergeEndToEnd.comparable(merged) == MergeEndToEnd.comparable(wholeJSON))
        let mergedXML = try String(contentsOfFile: store + "/\(name)/bridgecheck.xml", encoding: .utf8)
        let wholeXML = try String(contentsOfFile: workspace.path("whole.xml"), encoding: .utf8)
        #expect(MergeEndToEnd.comparableJUnit(mergedXML) == MergeEndToEnd.comparableJUnit(wholeXML))
        #expect(try XMLLint.problems(mergedXML, schema: XMLLint.junitSchema) == "")
        #expect(
          summary.contains(
            "https://github.com/your-org/bridgecheck/blob/\(Self.head)/Fixtures/data/falsy-data-native-to-page.json"))
      default:
        #expect(outcome.status == 0 && merge["result"] == "success", "\(outcome.output)")
        #expect(step["verdict"] == "pass" && step["exit-code"] == "0", "\(step)")
        #expect(merge["outputs"]?["verdict"] == "pass")
        if bridge == "excused" {
          #expect(summary.contains("### Expected failures (2, excused by the expectations file)"))
        }
      }
      let names = (outcome.report["artifacts"]?.objectValue?.keys).map(Array.init) ?? []
      #expect(names.filter { $0.hasPrefix("bridgecheck-shards-shard-") }.count == 3, "three shard artifacts: \(names)")
    }
  }
}
