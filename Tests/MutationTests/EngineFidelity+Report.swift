import BridgeImplementations
import Exploration
import Foundation
import JSONModel
import Mutation
import PageSimulation
import ScenarioRunner
import Supervision
import TestSupport
import Testing
import WebViewHosting

/// `bridgecheck fidelity` without a real engine: the simulated page against
/// a second simulated engine that differs on purpose (a trace limit of a
/// few events), so that its differences, traces and marks are known.
@Suite("Fidelity: verdicts of two engines compared")
struct EngineFidelityTests {
  static func fixtures(_ ids: [String]) -> [Fixture] {
    let loaded = FixtureLoader().load(paths: ids.map { packageRoot.appendingPathComponent("Fixtures/\($0).json").path })
    return loaded.fixtures
  }

  /// Named as the real engine, so that a fixture marked simulated-only is marked out of it.
  static let cramped = PageEngine(name: "webkitgtk") { configuration, policy in
    var configuration = configuration
    configuration.limits.maxTraceEvents = 12
    return SimulatedWebView(configuration: configuration, policy: policy)
  }

  static let reference = FidelityRow(
    name: "reference",
    configuration: WorkerConfiguration(page: .reference, native: .reference, tested: .both, options: RunOptions()))

  @Test func aDifferenceComesWithBothTracesAndAMarkWithItsReason() throws {
    let fixtures = Self.fixtures(["callbacks/page-to-native-response", "transport/ordinary-navigations-go-to-the-app"])
    #expect(fixtures.count == 2)
    let result = EngineFidelity.run(rows: [Self.reference], fixtures: fixtures, first: .simulated, second: Self.cramped)
    #expect(result.compared == 2)
    #expect(!result.agrees)
    let difference = result.differences.first
    #expect(result.differences.count == 1)
    #expect(difference?.fixture == "callbacks/page-to-native-response")
    #expect(difference?.first.status == .pass)
    #expect(difference?.second.status == .error)
    #expect(difference?.repeated == true)
    #expect((difference?.firstTrace.count ?? 0) > (difference?.secondTrace.count ?? 0))
    #expect(result.marked.map { $0.fixture } == ["transport/ordinary-navigations-go-to-the-app"])
    #expect(result.marked.first?.marked?.contains("decide-policy") == true)

    let text = FidelityReport.text(result)
    #expect(text.contains("DIFFERS reference on callbacks/page-to-native-response"))
    #expect(text.contains("  simulated: PASS"))
    #expect(text.contains("  webkitgtk: ERROR"))
    #expect(text.contains("transport/ordinary-navigations-go-to-the-app: it checks which frame asked"))
    // No times: the same run gives the same report.
    #expect(!text.contains("@0ms"))
    let markdown = FidelityReport.markdown(result, heading: "Fidelity", preamble: ["About."])
    #expect(markdown.contains("### `reference` on `callbacks/page-to-native-response`"))
    #expect(markdown.contains("| `transport/ordinary-navigations-go-to-the-app` | simulated |"))
    #expect(
      EngineFidelity.run(rows: [Self.reference], fixtures: fixtures, first: .simulated, second: Self.cramped)
        .differences.count == 1)

    // --traces: the whole traces of the difference, one JSON event a line, for each engine.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-traces-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let written = try FidelityTraceFiles.write(result, to: folder)
    #expect(
      written == [
        "\(folder)/reference/callbacks--page-to-native-response.simulated.jsonl",
        "\(folder)/reference/callbacks--page-to-native-response.webkitgtk.jsonl",
      ])
    let lines = try String(contentsOfFile: written[0], encoding: .utf8).split(separator: "\n")
    #expect(lines.count == difference?.firstTrace.count)
    #expect(try lines.allSatisfy { try JSONValue.parse(String($0)).objectValue?["event"] != nil })
  }

  @Test func aMutantMarkedForTimingIsListedNotCountedAsADifference() {
    var row = Self.reference
    row.engineTiming = "ids collide only within one millisecond"
    let fixtures = Self.fixtures(["callbacks/page-to-native-response"])
    let result = EngineFidelity.run(rows: [row], fixtures: fixtures, first: .simulated, second: Self.cramped)
    #expect(result.agrees)
    #expect(result.marked.count == 1 && result.marked.first?.markedPair == true)
    let text = FidelityReport.text(result)
    #expect(text.contains("reference: ids collide only within one millisecond (callbacks/page-to-native-response)"))
    #expect(!text.contains("DIFFERS"))
  }

  /// The simulated page again, under one fixed schedule that is not the
  /// default: every evaluation a millisecond late (the default gate's
  /// `evaluations-late`).
  static let otherSchedule = PageEngine(name: "webkitgtk") { configuration, _ in
    SimulatedWebView(
      configuration: configuration,
      policy: ScheduleChooser(spec: .systematic(SystematicSchedule.named("evaluations-late")!)))
  }

  @Test func aMutantVerdictThatAnotherScheduleGivesIsExplainedByItNotADifference() throws {
    let catalog = MutantCatalog.load(from: packageRoot.appendingPathComponent("conformance/mutants").path)
    let rows = FidelityRows(
      mutants: catalog.mutants.filter { $0.name == "page-queue-not-cleared" }, executable: "/bin/false")
    defer { rows.remove() }
    let mutant = try #require(rows.rows.first { $0.name == "page-queue-not-cleared" })
    #expect(mutant.isMutant)
    let fixtures = Self.fixtures(["data/json-looking-strings-stay-strings"])
    // The simulated side under its default schedule alone (the default gate would catch the mutant there too).
    let result = EngineFidelity.run(
      rows: [mutant], fixtures: fixtures, first: .simulated, second: Self.otherSchedule, defaultGate: false)
    // The default schedule misses the uncleared queue; the other fetches twice and catches it.
    let cell = try #require(result.cells.first)
    #expect(cell.first.status == .pass && cell.second.status == .fail)
    #expect(cell.explainedBySchedule)
    // Found among the simulated page's schedules (the default gate's come first): one that fails too.
    #expect(cell.schedule?.seed == nil)
    #expect(cell.schedule?.deviations.isEmpty == false)
    #expect(result.differences.isEmpty && result.unstable.isEmpty && result.agrees)
    #expect(result.scheduleDependent.count == 1)
    let text = FidelityReport.text(result)
    #expect(
      text.contains(
        "page-queue-not-cleared on data/json-looking-strings-stay-strings: simulated pass, webkitgtk fail; simulated fail under "
      ),
      "\(text)")

    // The same cell on a correct pair is a difference all the same, with the schedule as a lead.
    var correct = mutant
    correct.isMutant = false
    let strict = EngineFidelity.run(
      rows: [correct], fixtures: fixtures, first: .simulated, second: Self.otherSchedule, defaultGate: false)
    #expect(strict.differences.count == 1 && !strict.agrees)
    #expect(FidelityReport.text(strict).contains("simulated gives fail too under "))
  }

  @Test func twoEnginesThatAgreeGiveNoDifference() {
    let fixtures = Self.fixtures(["callbacks/page-to-native-response", "data/absent-versus-null-data"])
    let same = PageEngine(name: "simulated-again") { configuration, policy in
      SimulatedWebView(configuration: configuration, policy: policy)
    }
    let result = EngineFidelity.run(rows: [Self.reference], fixtures: fixtures, first: .simulated, second: same)
    #expect(result.agrees)
    #expect(result.cells.isEmpty)
    #expect(FidelityReport.markdown(result, heading: "F", preamble: []).contains("No verdict differs"))
  }

  @Test func tracesPartAtTheFirstEventThatIsNotTheEnginesOwn() {
    func event(_ sequence: Int, _ name: String, _ fields: JSONObject) -> TraceEvent {
      TraceEvent(
        sequence: sequence, time: VirtualTime(milliseconds: Int64(sequence)), source: .host, name: name, fields: fields)
    }
    let a = [
      event(0, "task", ["label": "a"]), event(1, "evaluate-result", ["ok": false, "error": ["message": "x"]]),
      event(2, "evaluate", ["script": "1"]),
    ]
    let b = [
      event(0, "evaluate-result", ["ok": false, "error": ["message": "y", "kind": "exception"]]),
      event(1, "task", ["label": "b"]),
      event(2, "evaluate", ["script": "1"]),
    ]
    #expect(FidelityTraceAlignment.firstDivergence(a, b) == nil)
    let c = Array(b.prefix(2)) + [event(2, "evaluate", ["script": "2"])]
    #expect(FidelityTraceAlignment.firstDivergence(a, c).map { [$0.first, $0.second] } == [2, 2])
    #expect(FidelityTraceAlignment.firstDivergence(a, Array(b.prefix(1))).map { [$0.first, $0.second] } == [2, 1])
  }
}
