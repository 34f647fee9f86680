import JSONModel
import WebViewHosting

/// The outcome of one scenario.
package enum ScenarioStatus: String, Sendable, Hashable, CaseIterable {
  /// Every expectation and invariant held.
  case pass
  /// An expectation or invariant did not hold.
  case fail
  /// The scenario could not be judged: an implementation crashed, hung,
  /// broke its protocol, or the harness failed.
  case error
  /// The scenario does not apply to these implementations (with a reason).
  case skip
  /// It failed (or errored), as the baseline expects.
  case xfail
  /// It passed, although the baseline expects a failure: the baseline entry
  /// is stale.
  case xpass

}

/// The fixture facts a result carries, so reports need not keep fixtures.
package struct ScenarioIdentity: Sendable, Hashable {
  package var id: String
  package var title: String
  package var area: String
  package var level: Level
  package var subject: Subject
  package var spec: String
  package var file: String

  /// Creates an identity from its parts (a result read back from a worker).
  package init(
    id: String, title: String, area: String, level: Level, subject: Subject, spec: String, file: String
  ) {
    self.id = id
    self.title = title
    self.area = area
    self.level = level
    self.subject = subject
    self.spec = spec
    self.file = file
  }

  /// The identity of `fixture`.
  package init(_ fixture: Fixture) {
    id = fixture.id
    title = fixture.title
    area = fixture.area
    level = fixture.level
    subject = fixture.subject
    spec = fixture.spec
    file = fixture.file
  }
}

/// What a failing expectation wanted and what the trace had.
package struct FailureDetail: Sendable, Hashable {
  /// The expectation or invariant, as written (e.g. the event pattern).
  package var expectation: String
  /// Where it is in the fixture.
  package var pointer: JSONPointer?
  /// The closest event the trace had, if any.
  package var closest: TraceEvent?
  /// The trace position the failure is about (for the excerpt).
  package var focus: Int?
}

/// The result of running one fixture.
package struct ScenarioResult: Sendable, Hashable {
  /// Which fixture.
  package var scenario: ScenarioIdentity
  /// The outcome.
  package var status: ScenarioStatus
  /// Why, in words (empty for a pass).
  package var message: String?
  /// Details of a failure.
  package var detail: FailureDetail?
  /// Wall-clock time the scenario took.
  package var duration: Duration
  /// The trace around the failure (empty for a pass or skip).
  package var trace: [TraceEvent]
  /// How many events the whole trace had.
  package var traceEventCount: Int
  /// Whether the scenario ended because wall-clock time ran out (an `error`
  /// that a less busy machine might not repeat); never part of a report.
  package var hitWallClockLimit = false
  /// Stable ids of the checks that did not hold (``CheckID``), the one
  /// `message` is about first; empty for a pass or skip.
  package var failedChecks: [String]
  /// What `run --explore` did with the scenario; nil when it ran under one
  /// schedule only.
  package var exploration: ScheduleExploration?
  /// The APIs WebKit has that the scenario's page code reached for and the
  /// simulated page lacks (e.g. `fetch`, `document.cookie`), in the order
  /// the page first touched them; empty in a real engine.
  package var pageAPIsMissing: [String] = []

  /// Creates a result. A `fail` or `error` without `failedChecks` gets one
  /// that names its outcome (`error/unknown`, `fail/unknown`).
  package init(
    scenario: ScenarioIdentity, status: ScenarioStatus, message: String?, detail: FailureDetail?, duration: Duration,
    trace: [TraceEvent], traceEventCount: Int, hitWallClockLimit: Bool = false, failedChecks: [String] = []
  ) {
    var checks = failedChecks
    if checks.isEmpty && (status == .fail || status == .error) {
      checks = [hitWallClockLimit ? CheckID.wallClock : status.rawValue + "/unknown"]
    }
    self.failedChecks = checks
    self.scenario = scenario
    self.status = status
    self.message = message
    self.detail = detail
    self.duration = duration
    self.trace = trace
    self.traceEventCount = traceEventCount
    self.hitWallClockLimit = hitWallClockLimit
  }

  /// How the scenario ended when it did not pass (kept when expectations
  /// turn it into `xfail`): from the first failed check.
  package var outcome: FailureOutcome? {
    guard status == .fail || status == .error || status == .xfail else { return nil }
    guard let first = failedChecks.first else { return status == .error ? .error : .fail }
    return CheckID.outcome(of: first)
  }

  /// Whether the result counts against a run gated at `gate`.
  package func isGatingFailure(gate: Level) -> Bool {
    guard scenario.level.isGated(by: gate) else { return false }
    return status == .fail || status == .error || status == .xpass
  }
}
