import BridgeImplementations
import Dialects
import Foundation
import JSONModel
import PageSimulation
import WebViewHosting

/// Runs fixtures against one page implementation and one native
/// implementation, each scenario in a fresh page of its ``engine`` (the
/// simulated page unless told otherwise).
///
/// A runner is a value that workers on several threads may share: every
/// scenario builds its own page, bridge session and trace.
package struct FixtureRunner: Sendable {
  /// The page-side bridge.
  package let page: any PageImplementation
  /// The native-side bridge.
  package let native: any NativeImplementation
  /// Which sides are under test.
  package let tested: TestedSides
  /// Limits and seed.
  package let options: RunOptions
  /// The engine each scenario's page runs in.
  package let engine: PageEngine

  /// Creates a runner.
  package init(
    page: any PageImplementation, native: any NativeImplementation, tested: TestedSides = .both,
    options: RunOptions = RunOptions(), engine: PageEngine = .simulated
  ) {
    self.page = page
    self.native = native
    self.tested = tested
    self.options = options
    self.engine = engine
  }

  /// The same runner without a trace folder: the runs of a scenario past
  /// the one whose trace `--traces` keeps (schedule exploration).
  package var withoutTraceFiles: FixtureRunner {
    guard options.traceDirectory != nil else { return self }
    var options = self.options
    options.traceDirectory = nil
    return FixtureRunner(page: page, native: native, tested: tested, options: options, engine: engine)
  }

  /// Runs one fixture. Never throws: every failure, including the
  /// implementations', is part of the result. `traceObserver` sees every
  /// trace event as it is recorded.
  package func run(_ fixture: Fixture, traceObserver: ((TraceEvent) -> Void)? = nil) -> ScenarioResult {
    run(fixture, traceObserver: traceObserver, schedule: nil).result
  }

  /// Runs one fixture under `schedule` (nil: the fixture's or the options'
  /// schedule), and returns the deviations from the default schedule it
  /// made and the point of every choice it drew, in order.
  func run(
    _ fixture: Fixture, traceObserver: ((TraceEvent) -> Void)?, schedule: ScheduleSpec?
  ) -> (result: ScenarioResult, deviations: [ScheduleChoice], points: [ChoicePoint]) {
    let clock = ContinuousClock()
    let start = clock.now
    let dialectLevel = fixture.level(in: page.profile)
    var identity = ScenarioIdentity(fixture)
    identity.level = dialectLevel.level
    if let reason = skipReason(fixture) {
      let skipped = ScenarioResult(
        scenario: identity, status: .skip, message: reason, detail: nil,
        duration: clock.now - start, trace: [], traceEventCount: 0)
      return (skipped, [], [])
    }
    let execution = ScenarioExecution(
      fixture: fixture, runner: self, deadline: start.advanced(by: options.scenarioTimeLimit),
      traceObserver: traceObserver,
      schedule: schedule)
    var verdict = execution.run()
    if verdict.status == .fail || verdict.status == .error {
      let trace = execution.webView.trace.events
      if let note = dialectLevel.note {
        // The level a reader sees is the dialect's: say why it is not the fixture's.
        verdict.message = (verdict.message ?? verdict.status.rawValue) + "\nlevel: " + note
      }
      // What the reference native side logged bears on a page bridge's failure.
      if !tested.native, let logged = NativeLogNote.lines(fixture: fixture, trace: trace, focus: verdict.detail?.focus)
      {
        verdict.message = (verdict.message ?? "failed") + "\n" + logged
      }
      if let hint = profileHint(fixture, trace: trace) {
        verdict.message = (verdict.message ?? "failed") + "\n" + hint
      }
    }
    var result = ScenarioResult(
      scenario: identity, status: verdict.status, message: verdict.message, detail: verdict.detail,
      duration: clock.now - start, trace: [], traceEventCount: execution.webView.trace.events.count,
      hitWallClockLimit: verdict.hitWallClockLimit, failedChecks: verdict.checks)
    if verdict.status != .pass {
      result.trace = TraceExcerpt.events(execution.webView.trace.events, around: verdict.detail?.focus)
    }
    result.pageAPIsMissing = PageAPIsMissing.collect(from: execution.webView.trace.events)
    if let directory = options.traceDirectory, fixture.id != PageScriptLoadCheck.scenarioID {
      let path = (directory as NSString).appendingPathComponent(TraceFile.component(fixture.id) + ".jsonl")
      do {
        try TraceFile.write(execution.webView.trace.events, to: path)
      } catch {
        result.message = (result.message.map { $0 + "\n" } ?? "") + "could not write the trace to \(path): \(error)"
      }
    }
    let deviations = execution.webView.chooser?.deviations ?? []
    let points = execution.webView.chooser?.points ?? []
    execution.close()
    // Nothing the engine may hold of a page that ended in an error (or
    // passed a limit) reaches the next scenario of this thread.
    if options.sharesContextGroups, verdict.status == .error || execution.webView.limitViolation != nil {
      SimulatedWebView.retireSharedContextGroup()
    }
    return (result.bounded(), deviations, points)
  }

  /// The transport a scenario runs with: the fixture's, or the first both
  /// sides support (iframe first).
  func transport(for fixture: Fixture) -> Transport? {
    if let transport = fixture.setup.transport { return transport }
    return Transport.allCases.first { page.profile.transports.contains($0) && native.transports.contains($0) }
  }

  /// The injection mode a scenario runs with: the fixture's, or the first
  /// both sides support (bridge-loaded first).
  func injection(for fixture: Fixture) -> Injection? {
    if let injection = fixture.setup.injection { return injection }
    return Injection.allCases.first { page.profile.injections.contains($0) && native.injections.contains($0) }
  }

  /// Why a fixture does not apply to these implementations, if it does not.
  package func skipReason(_ fixture: Fixture) -> String? {
    if let engines = fixture.engines, !engines.only.contains(engine.name) {
      return
        "runs only in the \(engines.only.joined(separator: " and ")) engine (\(engines.because)), and this run uses \(engine.name)"
    }
    switch fixture.subject {
    case .native where !tested.native:
      return "judges the native side, and only the page side is under test (the native side is the reference)"
    case .page where !tested.page:
      return "judges the page side, and only the native side is under test (the page side is the reference)"
    default: break
    }
    let setup = fixture.setup
    if let transport = setup.transport {
      if !page.profile.transports.contains(transport) {
        return "needs the \(transport.rawValue) transport, which the page bridge \(page.name) does not support"
          + profileNote("signals[].kind", transport.rawValue)
      }
      if !native.transports.contains(transport) {
        return "needs the \(transport.rawValue) transport, which the native bridge \(native.name) does not support"
      }
    } else if self.transport(for: fixture) == nil {
      return "the page bridge \(page.name) and the native bridge \(native.name) share no transport"
    }
    if let injection = setup.injection {
      if !page.profile.injections.contains(injection) {
        return "needs \(injection.rawValue) injection, which the page bridge \(page.name) does not support"
          + profileNote("injections[].kind", injection.rawValue)
      }
      if !native.injections.contains(injection) {
        return "needs \(injection.rawValue) injection, which the native bridge \(native.name) does not support"
      }
    } else if self.injection(for: fixture) == nil {
      return "the page bridge \(page.name) and the native bridge \(native.name) share no injection mode"
    }
    if let dispatch = fixture.requires.dispatch, page.profile.dispatch != dispatch,
      fixture.subject != .native || page.profile.dispatch == .synchronous
    {
      let because = fixture.requires.because.map { " (\($0))" } ?? " (the safety timeout)"
      return "applies to page dialects whose dispatch is \(dispatch.rawValue)\(because), and the profile "
        + "\(page.profile.name) declares dispatch.mode \"\(page.profile.dispatch.rawValue)\""
    }
    if let reason = DialectApplicability.skipReason(fixture, profile: page.profile, transport: transport(for: fixture))
    {
      return reason
    }
    for feature in fixture.requires.features + setup.options.requiredFeatures {
      let pageHas = page.features.contains(feature)
      let nativeHas = native.features.contains(feature)
      let needed: Bool
      switch fixture.subject {
      case .page: needed = !pageHas
      case .native: needed = !nativeHas
      case .pair: needed = !(pageHas && nativeHas)
      }
      if needed {
        return "needs the optional feature \"\(feature)\", which the implementation under test does not declare"
      }
    }
    return nil
  }
}

extension FixtureRunner {
  /// For a failure of a page bridge under test that a field of its profile
  /// plausibly decided, as the trace shows it (``ProfileHint``): which field
  /// and how to change it. nil for the reference page bridge, when only the
  /// native side is under test, and when nothing points at the profile.
  func profileHint(_ fixture: Fixture, trace: [TraceEvent]) -> String? {
    guard tested.page, fixture.subject != .native, page.profile != .reference else { return nil }
    let hint = ProfileHint(
      fixture: fixture, profile: page.profile, transport: transport(for: fixture) ?? .iframe,
      injection: injection(for: fixture) ?? .bridgeLoaded, trace: trace)
    return hint.lines()?.joined(separator: "\n")
  }

  /// For a skip decided by the page's profile: which field decided it.
  /// Empty for the reference page bridge.
  func profileNote(_ field: String, _ value: String) -> String {
    guard page.profile != .reference else { return "" }
    return " (its profile \(page.profile.name) has no \"\(value)\" in \(field); add it in a profile file "
      + "given with --profile if the bridge supports it)"
  }
}

/// Picks the part of a trace a reader needs: the events around the failure,
/// or the end of the trace.
enum TraceExcerpt {
  static let radius = 25
  static let tailLength = 60

  static func events(_ events: [TraceEvent], around focus: Int?) -> [TraceEvent] {
    guard !events.isEmpty else { return [] }
    if let focus, focus >= 0, focus < events.count {
      let lower = max(0, focus - radius)
      let upper = min(events.count, focus + radius + 1)
      return Array(events[lower..<upper])
    }
    return Array(events.suffix(tailLength))
  }
}
