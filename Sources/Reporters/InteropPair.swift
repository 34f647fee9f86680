import ScenarioRunner

/// One pair of implementations run over the suite.
package struct InteropPair: Sendable {
  /// The page side.
  package var page: ImplementationInfo
  /// The native side.
  package var native: ImplementationInfo
  /// Its results, in fixture order.
  package var results: [ScenarioResult]

  /// Creates a pair; results are kept with their payloads bounded
  /// (``ScenarioResult/bounded()``) and without trace excerpts, which the
  /// matrix never shows, so that one failing megabyte scenario cannot make
  /// the published files megabytes.
  package init(page: ImplementationInfo, native: ImplementationInfo, results: [ScenarioResult]) {
    self.page = page
    self.native = native
    self.results = results.map { result in
      var bounded = result.bounded()
      bounded.trace = []
      return bounded
    }
  }

  /// "page × native".
  package var title: String { "\(Self.label(page)) × \(Self.label(native))" }

  static func label(_ info: ImplementationInfo) -> String {
    info.name + (info.version.map { " \($0)" } ?? "")
  }

  /// The results of an area (`nil`: all areas).
  func results(area: String?) -> [ScenarioResult] {
    area.map { area in results.filter { $0.scenario.area == area } } ?? results
  }

  /// The tally of an area (`nil`: all areas).
  func tally(area: String?) -> InteropTally { InteropTally(results(area: area)) }

  /// Failures the report lists (fail, error, xpass), gating or not.
  var failures: [ScenarioResult] { results.filter { FailureText.isFailure($0.status) } }

  /// Failures the implementations' expectations excuse.
  var expectedFailures: [ScenarioResult] { results.filter { $0.status == .xfail } }
}

/// What a set of results adds up to: the counts a matrix cell shows, and
/// its verdict.
struct InteropTally: Sendable, Equatable {
  /// Passed (not counting expected failures).
  var passed = 0
  /// Judged: every result that is not a skip.
  var judged = 0
  /// Expected failures (xfail).
  var expected = 0
  /// MUST scenarios that failed, or passed against their expectation (xpass).
  var mustFailures = 0
  /// SHOULD and MAY failures (they do not gate).
  var otherFailures = 0
  /// Scenarios that could not be judged.
  var errors = 0

  init(_ results: [ScenarioResult]) {
    for result in results where result.status != .skip {
      judged += 1
      switch result.status {
      case .pass: passed += 1
      case .xfail: expected += 1
      case .error: errors += 1
      case .fail, .xpass:
        if result.scenario.level == .must { mustFailures += 1 } else { otherFailures += 1 }
      case .skip: break
      }
    }
  }

  /// The verdict: error and must failures first, whatever the pass rate.
  var verdict: InteropVerdict {
    if judged == 0 { return .notJudged }
    if errors > 0 { return .error }
    if mustFailures > 0 { return .failMust }
    if expected > 0 || otherFailures > 0 { return .passWithNotes }
    return .pass
  }

  /// `12/13` and what else there is: `12/13 · 1 xfail`.
  var text: String {
    guard judged > 0 else { return "–" }
    var parts = ["\(passed)/\(judged)"]
    if expected > 0 { parts.append("\(expected) xfail") }
    if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
    return parts.joined(separator: " · ")
  }

  /// The verdict in a sentence's words, with the counts behind it:
  /// `fail: 9 must failures, 1 error`.
  var verdictText: String {
    var details: [String] = []
    if mustFailures > 0 { details.append("\(mustFailures) must failure\(mustFailures == 1 ? "" : "s")") }
    if errors > 0 { details.append("\(errors) error\(errors == 1 ? "" : "s")") }
    if expected > 0 { details.append("\(expected) expected failure\(expected == 1 ? "" : "s")") }
    if otherFailures > 0 { details.append("\(otherFailures) should/may failure\(otherFailures == 1 ? "" : "s")") }
    return verdict.label + (details.isEmpty ? "" : ": " + details.joined(separator: ", "))
  }
}

/// The gate's verdict on a pair (or an area of it), which its colour follows.
enum InteropVerdict: String, Sendable, CaseIterable {
  /// Every judged scenario passed.
  case pass
  /// The gate passes, with expected failures or failures below MUST.
  case passWithNotes = "pass-notes"
  /// A MUST scenario failed (or an expected failure now passes).
  case failMust = "fail"
  /// A scenario could not be judged (a crash, a hang, a broken adapter).
  case error
  /// Nothing was judged (every scenario skipped).
  case notJudged = "none"

  /// How bad the verdict is, for the worst of several: nothing judged,
  /// pass, pass with notes, fail at must, error.
  var severity: Int {
    switch self {
    case .notJudged: return 0
    case .pass: return 1
    case .passWithNotes: return 2
    case .failMust: return 3
    case .error: return 4
    }
  }

  /// The word shown in the verdict column.
  var label: String {
    switch self {
    case .pass: return "pass"
    case .passWithNotes: return "pass with notes"
    case .failMust: return "fail at must"
    case .error: return "error"
    case .notJudged: return "not judged"
    }
  }

  /// The Markdown mark: the colour's meaning in a symbol, for readers who
  /// do not see the colour.
  var icon: String {
    switch self {
    case .pass: return "✅"
    case .passWithNotes: return "☑️"
    case .failMust: return "❌"
    case .error: return "⛔"
    case .notJudged: return "–"
    }
  }

  /// What the verdict means, for the legend.
  var meaning: String {
    switch self {
    case .pass: return "every judged scenario passed"
    case .passWithNotes:
      return
        "the gate passes; some scenarios fail as the implementation's expectations say (xfail), or fail a should/may rule"
    case .failMust:
      return "a must scenario failed, or an expected failure now passes (stale); red whatever the pass rate"
    case .error: return "a scenario could not be judged (a crash, a hang, a broken adapter); red whatever the pass rate"
    case .notJudged: return "every scenario was skipped"
    }
  }
}
