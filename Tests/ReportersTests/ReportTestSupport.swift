import Foundation
import JSONModel
import PageSimulation
import Testing
import WebViewHosting

@testable import ScenarioRunner

/// The synthetic run every reporter test renders: two areas, every status,
/// every level, and messages and trace fields full of text that breaks
/// naive escaping.
enum SampleReport {
  /// A message with quotes, `<`, `&`, `]]>`, a NUL and other control
  /// characters, U+2028, emoji, a pipe, a backtick run and a newline.
  static let nastyMessage =
    "expected \"0\" but the bridge sent <b>'zero'</b> & ]]> | NUL\u{0} BEL\u{7} ESC\u{1B}[31m DEL\u{7F} "
    + "LS\u{2028}end 🎉👩‍💻 ````code````\n"
    + "  closest: #2 native-handler-called {\"data\":\"zero\"}\r\n"
    + "  tab\there, CR\ralone, VT\u{B}FF\u{C} U+FFFE\u{FFFE} NEL\u{85}"

  /// A page script whose text closes a `<script>` element and is far longer
  /// than a report shows.
  static let longScript =
    "</script><script>window.WebViewJavascriptBridge._handleMessageFromObjC('{\\\"callbackId\\\":\\\"cb_1\\\"}');"
    + String(repeating: "/* padding so the value is cut */ ", count: 8) + "</script>"

  static let failing = result(
    id: "data/falsy-values", title: "Falsy values arrive unchanged", area: "data", level: .must, subject: .page,
    status: .fail, message: nastyMessage, milliseconds: 12.345_678,
    detail: FailureDetail(
      expectation: #"native-handler-called {"data":0}"#, pointer: JSONPointer(tokens: ["expect", "events", "0"]),
      closest: events[2], focus: 2),
    trace: Array(events[0...3]), traceEventCount: 4)

  static let erroring = result(
    id: "handler-missing/page-to-native-batch-continues", title: "A batch continues after a missing handler",
    area: "handler-missing", level: .must, subject: .native, status: .error,
    message: "a script ran past the time limit and was stopped (task t7): the bridge hangs", milliseconds: 503.2,
    detail: FailureDetail(expectation: "scripts finish", pointer: nil, closest: events[5], focus: 5),
    trace: Array(events[3...6]), traceEventCount: 40)

  static let results: [ScenarioResult] = [
    result(
      id: "data/round-trip-strings", title: "Strings survive the round trip", area: "data", level: .must,
      subject: .pair, status: .pass, message: nil, milliseconds: 3.2),
    failing,
    result(
      id: "data/big-numbers", title: "Numbers beyond 2^53 keep their text", area: "data", level: .may, subject: .pair,
      status: .xfail, message: "expected event 2 of 2 did not happen: native-handler-called {\"data\":1e21}",
      milliseconds: 4.5, trace: [events[0]], traceEventCount: 1),
    erroring,
    result(
      id: "handler-missing/native-only", title: "The native side answers for a missing handler",
      area: "handler-missing", level: .should, subject: .native, status: .skip,
      message: "judges the native side, and only the page side is under test\n(the native side is the reference)",
      milliseconds: 0.0004),
    result(
      id: "handler-missing/native-only-reset", title: "A reset forgets missing-handler answers",
      area: "handler-missing", level: .may, subject: .native, status: .skip,
      message: "judges the native side, and only the page side is under test\n(the native side is the reference)",
      milliseconds: 0.0002),
    result(
      id: "handler-missing/stale-entry", title: "A missing handler answers with an error", area: "handler-missing",
      level: .must, subject: .pair, status: .xpass,
      message: "expected to fail by the baseline, but passed: remove it from the baseline", milliseconds: 7),
    result(
      id: "handler-missing/callback-once", title: "A missing handler's callback runs once", area: "handler-missing",
      level: .should, subject: .page, status: .fail,
      message: "expected at most 1 events matching native-callback-invoked, found 2", milliseconds: 9.9996,
      detail: FailureDetail(
        expectation: "count at most 1: native-callback-invoked",
        pointer: JSONPointer(tokens: ["expect", "counts", "0"]),
        closest: nil, focus: nil),
      trace: [events[6]], traceEventCount: 7),
  ]

  /// Trace events, including fields with a long script, control characters
  /// and a nested body.
  static let events: [TraceEvent] = [
    TraceEvent(
      sequence: 0, time: .zero, source: .page, name: "page-loaded",
      fields: ["url": "https://example.test/", "generation": 0]),
    TraceEvent(
      sequence: 1, time: VirtualTime(milliseconds: 0), source: .page, name: "navigation-requested",
      fields: ["url": "https://__bridge_loaded__", "frame": "iframe", "frameId": 1]),
    TraceEvent(
      sequence: 2, time: VirtualTime(milliseconds: 1), source: .native, name: "native-handler-called",
      fields: ["handler": "echo", "data": "zero"]),
    TraceEvent(
      sequence: 3, time: VirtualTime(milliseconds: 1), source: .page, name: "console",
      fields: ["level": "log", "text": "tab\tnul\u{0}esc\u{1B}[2J del\u{7F} ls\u{2028}ps\u{2029} rlo\u{202E}txt"]),
    TraceEvent(
      sequence: 4, time: VirtualTime(milliseconds: 2), source: .host, name: "evaluate",
      fields: ["script": .string(longScript)]),
    TraceEvent(
      sequence: 5, time: VirtualTime(milliseconds: 502), source: .page, name: "script-terminated",
      fields: ["reason": "time-limit", "task": "t7"]),
    TraceEvent(
      sequence: 6, time: VirtualTime(milliseconds: 503), source: .page, name: "script-message",
      fields: [
        "name": "bridge",
        "body": ["items": .array((0..<40).map { .number(Double($0)) }), "note": "</script>"],
      ]),
  ]

  /// The report: gate must, durations set (so redaction is visible), one
  /// shard of a run whose command has words that need quoting.
  static let report: RunReport = {
    var report = RunReport(
      toolVersion: "0.9.0-test",
      page: ImplementationInfo(name: "my_bridge*.js", version: "2.0.0|beta"),
      native: ImplementationInfo(name: "reference"),
      seed: UInt64.max, gate: .must, results: results, duration: .milliseconds(424.2), interrupted: false)
    report.context = context
    return report
  }()

  /// The context of ``report``: shard 2 of 3.
  static let context = RunContext(
    command: "bridgecheck run --js 'web/my bridge*.js' --seed 18446744073709551615", profile: "wvjb-classic",
    engine: "simulated", shard: RunContext.ShardPosition(index: 2, count: 3),
    fixtures: RunContext.FixtureSet(
      digest: String(repeating: "ab", count: 32), ids: results.map(\.scenario.id), unselected: ["data/other"]),
    expectations: RunContext.ExpectationsSource(
      file: "bridgecheck-expectations.json", digest: String(repeating: "cd", count: 32)))

  /// A passing run: one pass, one non-gating failure.
  static let passingReport = RunReport(
    toolVersion: "0.9.0-test", page: ImplementationInfo(name: "reference", version: "1.0.0"),
    native: ImplementationInfo(name: "reference", version: "1.0.0"), seed: 7, gate: .must,
    results: [results[0], results[7]], duration: .milliseconds(12))

  /// Builds a result the way the runner does.
  static func result(
    id: String, title: String, area: String, level: Level, subject: Subject, status: ScenarioStatus,
    message: String?, milliseconds: Double, detail: FailureDetail? = nil, trace: [TraceEvent] = [],
    traceEventCount: Int = 0
  ) -> ScenarioResult {
    let fixture = Fixture(
      id: id, title: title, area: area, level: level, spec: "#\(area)", subject: subject, tags: [],
      requires: Requirements(), setup: Setup(), steps: [], expect: Expectations(), allow: [],
      file: "Fixtures/\(id).json")
    return ScenarioResult(
      scenario: ScenarioIdentity(fixture), status: status, message: message, detail: detail,
      duration: .nanoseconds(Int64((milliseconds * 1_000_000).rounded())), trace: trace,
      traceEventCount: traceEventCount)
  }
}

/// Golden files in `Tests/ReportersTests/Goldens/`, compared byte for byte.
///
/// To re-record after an intended change, run the tests with
/// `BRIDGECHECK_RECORD_GOLDENS=1`; each recorded file makes its test fail,
/// so that recording never passes silently (and never happens on CI, where
/// the variable is not set). Review the diff, then run again without it.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

  static var recording: Bool { ProcessInfo.processInfo.environment["BRIDGECHECK_RECORD_GOLDENS"] == "1" }

  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    if recording {
      do {
        try Data(actual.utf8).write(to: url)
        Issue.record(
          "recorded the golden file \(name); unset BRIDGECHECK_RECORD_GOLDENS and run again",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record the golden file \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record(
        "missing golden file \(url.path); record it with BRIDGECHECK_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
      return
    }
    let expected = [UInt8](data)
    let actualBytes = Array(actual.utf8)
    guard expected != actualBytes else { return }
    let expectedLines = FailureTextLines.split(String(decoding: expected, as: UTF8.self))
    let actualLines = FailureTextLines.split(actual)
    var line = 0
    while line < min(expectedLines.count, actualLines.count)
      && Array(expectedLines[line].utf8) == Array(actualLines[line].utf8)
    {
      line += 1
    }
    let want = line < expectedLines.count ? expectedLines[line].debugDescription : "(end of file)"
    let got = line < actualLines.count ? actualLines[line].debugDescription : "(end of output)"
    Issue.record(
      """
      output differs from the golden file \(name) at line \(line + 1):
        golden: \(want)
        actual: \(got)
      if the change is intended, re-record with BRIDGECHECK_RECORD_GOLDENS=1 and review the diff
      """, sourceLocation: sourceLocation)
  }
}

/// Splits at LF only, keeping every other scalar (for comparing goldens).
enum FailureTextLines {
  static func split(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(String.UnicodeScalarView($0))
    }
  }
}
