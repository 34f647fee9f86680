import Foundation
import JSONModel
import TestSupport
import Testing

/// Runs that go wrong end fast and say each thing once.
@Suite("fast, quiet failure, end to end")
struct FastFailureEndToEnd {
  /// An adapter that starts, then crashes in every scenario: the same error
  /// is printed once per group, with a count and the ids, not once per
  /// scenario. (One that cannot even start stops the run before any
  /// scenario: `Adapter+Startup`.)
  @Test func identicalErrorsAreGroupedWithACount() throws {
    let adapter =
      "python3 " + packageRoot.appendingPathComponent("conformance/adapters/faulty/exit-mid-scenario.py").path
    let outcome = try bridgecheck(["run", "--native", adapter, "--jobs", "1"], timeLimit: 300)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("ERROR ×"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("(the same message;"))
    let stderrLines = outcome.stdout.split(separator: "\n").filter { $0.contains("exit-mid-scenario: giving up") }.count
    #expect(stderrLines <= 6, "the adapter's stderr is printed once per group, not per scenario: \(stderrLines)")
    #expect(outcome.stdout.split(separator: "\n").count < 150)
  }

  /// --max-failures N stops handing out scenarios after N gating failures;
  /// the report says the run was cut short and the exit is 1.
  @Test func maxFailuresCutsTheRunShort() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    for index in 0..<6 {
      try scratch.write(
        "fixtures/callbacks/wrong-\(index).json", echoFixture(id: "callbacks/wrong-\(index)", expected: "2"))
    }
    let outcome = try bridgecheck(
      ["run", scratch.path("fixtures"), "--max-failures", "2", "--jobs", "1", "--json", scratch.path("r.json")],
      timeLimit: 300)
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout.contains("cut short after 2 gating failures (--max-failures 2): 2 of 6 scenarios ran"),
      "\(outcome.stdout)")
    #expect(outcome.stdout.contains("FAIL (gate: must; cut short)"))
    let report = try JSONValue.parse(String(contentsOfFile: scratch.path("r.json"), encoding: .utf8))
    #expect(report["cutShort"]?.stringValue?.hasPrefix("cut short after 2") == true)
    #expect(report["results"]?.arrayValue?.count == 2)

    let bad = try bridgecheck(["run", scratch.path("fixtures"), "--max-failures", "0"])
    #expect(bad.status == 2)
  }

  /// --traces DIR: every scenario that runs leaves its whole trace, one JSON
  /// event a line, named by its id; with --explore it is refused.
  @Test func tracesLeavesEachScenariosWholeTrace() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("fixtures/callbacks/right.json", echoFixture(id: "callbacks/right"))
    try scratch.write("fixtures/callbacks/wrong.json", echoFixture(id: "callbacks/wrong", expected: "2"))
    let outcome = try bridgecheck(
      ["run", scratch.path("fixtures"), "--jobs", "2", "--traces", scratch.path("out/traces")], timeLimit: 300)
    #expect(outcome.status == 1)
    for id in ["right", "wrong"] {
      let text = try String(contentsOfFile: scratch.path("out/traces/callbacks--\(id).jsonl"), encoding: .utf8)
      let events = try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
      #expect(events.first?["seq"]?.numberValue == 0)
      #expect(
        events.contains { $0["event"]?.stringValue == "page-callback-invoked" && $0["label"]?.stringValue == "c1" })
    }
    let refused = try bridgecheck(["run", scratch.path("fixtures"), "--explore", "3", "--traces", scratch.path("t")])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--replay SEED"), "\(refused.stderr)")
  }
}
