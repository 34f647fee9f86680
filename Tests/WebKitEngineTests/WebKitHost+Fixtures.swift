import BridgeImplementations
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import TestSupport
import Testing
import WebKitEngine
import WebViewHosting

#if WebKitGTK
  /// Shipped fixtures run with the reference pair in a real WebKitGTK web
  /// view, through the same scenario runner as the simulated page (a
  /// prototype of `--engine webkitgtk`: see `docs/webkit-engine.md`).
  @Suite("Fixtures in a WebKitGTK host", .serialized)
  struct WebKitHostFixtureTests {
    static func fixture(_ id: String) throws -> Fixture {
      switch FixtureLoader().loadFile(packageRoot.appendingPathComponent("Fixtures/\(id).json").path) {
      case .success(let fixture): return fixture
      case .failure(let problems): throw WebKitError(problems.problems.map(\.description).joined(separator: "\n"))
      }
    }

    /// Runs a fixture; its result and every trace event it recorded.
    static func run(_ id: String) throws -> (result: ScenarioResult, trace: [TraceEvent]) {
      let runner = FixtureRunner(
        page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), engine: try PageEngine.webKitGTK()
      )
      var events: [TraceEvent] = []
      let result = runner.run(try fixture(id)) { events.append($0) }
      if ProcessInfo.processInfo.environment["BRIDGECHECK_PRINT_TRACE"] == "1" {
        for event in events { print(line(event)) }
      }
      return (result, events)
    }

    static func line(_ event: TraceEvent) -> String {
      "\(event.sequence) \(event.time) \(event.source.rawValue) \(event.name) \(JSONValue.object(event.fields).serialized())"
    }

    static func describe(_ result: ScenarioResult) -> String {
      ([result.message ?? ""] + result.trace.map(line)).joined(separator: "\n")
    }

    /// Fixtures that passed in every survey run, one or two per area and
    /// both transports (the survey lists the rest).
    static let gate = [
      "callbacks/page-to-native-response", "transport/message-handlers-burst-both-ways",
      "transport/upper-case-queue-signal-recognised", "escaping/line-separators-page-to-native-and-back",
      "data/one-megabyte-string-native-to-page", "dispatch/native-disable-makes-dispatch-synchronous",
      "startup-queue/reload-recovers-on-next-injection", "handler-missing/page-to-native-missing-handler-error-answer",
    ]

    @Test func theRequestsOfTheBridgeReachTheHost() throws {
      let (result, trace) = try Self.run("callbacks/page-to-native-response")
      #expect(result.status == .pass, "\(Self.describe(result))")
      // The bridge really ran in WebKit: its signals reached decide-policy as
      // WebKit serializes them, and its queue came back by evaluation.
      let requested = trace.filter { $0.name == TraceEventName.navigationRequested }.compactMap {
        $0["url"]?.stringValue
      }
      #expect(requested.contains("https://__bridge_loaded__/"))
      #expect(requested.contains("https://__wvjb_queue_message__/"))
      #expect(trace.contains { $0.name == TraceEventName.evaluateResult && $0["ok"] == true })
    }

    @Test(arguments: gate)
    func passesWithTheReferencePair(_ id: String) throws {
      let (result, _) = try Self.run(id)
      #expect(result.status == .pass, "\(Self.describe(result))")
    }
  }
#endif

#if WebKitGTK
  /// Every shipped fixture in WebKit, one line each (status and message):
  /// a survey, not a gate, run only when `BRIDGECHECK_WEBKIT_SURVEY=1`.
  @Suite("Survey of the shipped fixtures in WebKitGTK", .serialized)
  struct WebKitHostSurvey {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BRIDGECHECK_WEBKIT_SURVEY"] == "1"))
    func everyShippedFixture() throws {
      let runner = FixtureRunner(
        page: ReferencePageImplementation(), native: ReferenceNativeImplementation(), engine: try PageEngine.webKitGTK()
      )
      let folder = packageRoot.appendingPathComponent("Fixtures").path
      var counts: [String: Int] = [:]
      let only = ProcessInfo.processInfo.environment["BRIDGECHECK_WEBKIT_SURVEY_ONLY"]
      for fixture in FixtureLoader().load(paths: [folder]).fixtures.sorted(by: { $0.id < $1.id })
      where only.map(fixture.id.contains) ?? true {
        var events: [TraceEvent] = []
        let result = runner.run(fixture) { events.append($0) }
        if only != nil, result.status != .pass { for event in events { print(WebKitHostFixtureTests.line(event)) } }
        counts[result.status.rawValue, default: 0] += 1
        let message = (result.message ?? "").split(separator: "\n").first.map(String.init) ?? ""
        print(
          "SURVEY \(result.status.rawValue) \(fixture.id) \(String(format: "%.2f", Double(result.duration.components.seconds) + Double(result.duration.components.attoseconds) / 1e18))s \(message)"
        )
      }
      print("SURVEY TOTAL \(counts.sorted { $0.key < $1.key })")
    }
  }
#endif
