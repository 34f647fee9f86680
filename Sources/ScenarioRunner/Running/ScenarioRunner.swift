import BridgeImplementations
import JSONModel
import PageSimulation

/// Runs fixtures against one page implementation and one native
/// implementation, each scenario in a fresh simulated page.
///
/// A runner is a value that workers on several threads may share: every
/// scenario builds its own page, bridge session and trace.
public struct ScenarioRunner: Sendable {
  /// The page-side bridge.
  public let page: any PageImplementation
  /// The native-side bridge.
  public let native: any NativeImplementation
  /// Which sides are under test.
  public let tested: TestedSides
  /// Limits and seed.
  public let options: RunOptions

  /// Creates a runner.
  public init(
    page: any PageImplementation, native: any NativeImplementation, tested: TestedSides = .both,
    options: RunOptions = RunOptions()
  ) {
    self.page = page
    self.native = native
    self.tested = tested
    self.options = options
  }

  /// Runs one fixture. Never throws: every failure, including the
  /// implementations', is part of the result. `traceObserver` sees every
  /// trace event as it is recorded.
  public func run(_ fixture: Fixture, traceObserver: ((TraceEvent) -> Void)? = nil) -> ScenarioResult {
    let clock = ContinuousClock()
    let start = clock.now
    if let reason = skipReason(fixture) {
      return ScenarioResult(
        scenario: ScenarioIdentity(fixture), status: .skip, message: reason, detail: nil,
        duration: clock.now - start, trace: [], traceEventCount: 0)
    }
    let execution = ScenarioExecution(
      fixture: fixture, runner: self, deadline: start.advanced(by: options.scenarioTimeLimit), traceObserver: traceObserver)
    let verdict = execution.run()
    var result = ScenarioResult(
      scenario: ScenarioIdentity(fixture), status: verdict.status, message: verdict.message, detail: verdict.detail,
      duration: clock.now - start, trace: [], traceEventCount: execution.webView.trace.events.count,
      hitWallClockLimit: verdict.hitWallClockLimit)
    if verdict.status != .pass {
      result.trace = TraceExcerpt.events(execution.webView.trace.events, around: verdict.detail?.focus)
    }
    execution.close()
    return result
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
  public func skipReason(_ fixture: Fixture) -> String? {
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
      }
      if !native.injections.contains(injection) {
        return "needs \(injection.rawValue) injection, which the native bridge \(native.name) does not support"
      }
    } else if self.injection(for: fixture) == nil {
      return "the page bridge \(page.name) and the native bridge \(native.name) share no injection mode"
    }
    let literal = FixtureDialect.classicNamesWrittenLiterally(by: fixture, dialect: page.profile.wireDialect)
    if !literal.isEmpty {
      return "the fixture's own scripts, URLs or expectations spell out the classic "
        + "\(literal.joined(separator: ", ")), which the profile \(page.profile.name) renames"
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
