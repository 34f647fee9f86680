/// A place where a real web view leaves the schedule open, and the simulated
/// page draws a choice when it explores schedules (``ScheduleChooser``).
///
/// Every choice has a default, which is what the simulated page does when it
/// does not explore (seed 0): the schedule every fixture was written against.
/// Every other value is something WebKit can do too (see
/// `docs/webkit-engine.md`): a correct pair of bridges passes under all
/// of them.
package enum ChoicePoint: String, Sendable, Hashable, CaseIterable, Codable {
  /// Virtual milliseconds before an `evaluateJavaScript` script runs in the
  /// page (page timers due meanwhile run first). Evaluations keep their order.
  case evaluateLatency = "evaluate-latency"
  /// Virtual milliseconds before an evaluation's completion reaches the
  /// host. Completions keep their order.
  case completionLatency = "completion-latency"
  /// Virtual milliseconds before the host's navigation policy decides a
  /// request. Decisions keep their order.
  case policyLatency = "policy-latency"
  /// Virtual milliseconds an iframe navigation waits on its timer: `src`
  /// sets of later tasks before it fires coalesce into it (last URL wins),
  /// as in WebKit; with 0 they arrive separately. Sets within one task
  /// always coalesce.
  case iframeLatency = "iframe-latency"
  /// Virtual milliseconds before the native side's answer to a handler call
  /// is given (an adapter's latency); 0 answers inside the handler call.
  /// Answers keep their order.
  case answerLatency = "answer-latency"
  /// Virtual milliseconds before what the page does in a harness step (a
  /// call, a registration, its own script) runs, as a user event may come
  /// a little later: page timers due meanwhile run first. Steps keep their
  /// order. (Found by `bridgecheck fidelity`: WebKit ran a deferred
  /// dispatch's timers before the page's next step.)
  case stepLatency = "step-latency"
  /// Virtual milliseconds a page timer (`setTimeout`, `setInterval`) fires
  /// after its delay: WebKit runs a timer no earlier than its delay, clamps
  /// nested ones to 4 ms and runs them later when the page is busy. Timers
  /// keep the order the HTML standard gives them: one with a shorter or
  /// equal deadline set earlier still fires first.
  case timerLatency = "timer-latency"
  /// Virtual milliseconds that pass between two harness steps with no
  /// settle between them, as real time passes between a user's or an app's
  /// actions: what falls due meanwhile (page timers, iframe navigations,
  /// the host's answers) runs before the next step. Drawn before each step
  /// that follows a step other than `settle` or `advance`.
  case stepGap = "step-gap"
  /// Which of the tasks due at the same virtual time runs first, among the
  /// first waiting task of each independent source (the page's own tasks,
  /// harness steps, evaluations, completions, policy decisions, native
  /// answers). Each source keeps its own order (WebKit's IPC and timers are
  /// in order).
  case order

  /// Whether a seed draws this point. The points added with the default
  /// gate's schedules (``SystematicSchedule``) keep their default under
  /// every seed, so that each seed still makes the schedule it made before
  /// them; the gate's schedules, pins and one-deviation searches set them.
  package var isDrawnBySeeds: Bool { self != .timerLatency && self != .stepGap }

  /// The values a seed draws from; the first is the default.
  package var values: [Int] {
    switch self {
    case .evaluateLatency, .completionLatency, .policyLatency: return [0, 1, 3, 10]
    case .iframeLatency: return [0, 1, 5]
    case .answerLatency: return [0, 1, 4]
    case .stepLatency: return [0, 1, 5]
    case .timerLatency: return [0, 1, 4]
    case .stepGap: return [0, 1, 5]
    case .order: return [0]  // drawn among the sources that are ready
    }
  }
}

/// One choice that differs from the default (a deviation from seed 0).
package struct ScheduleChoice: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The position of the choice among every choice the scenario drew, from 0.
  package var index: Int
  /// What was chosen.
  package var point: ChoicePoint
  /// The value: milliseconds of latency, or for ``ChoicePoint/order`` which
  /// ready source ran first (1 is the second one waiting).
  package var value: Int

  /// Creates a choice.
  package init(index: Int, point: ChoicePoint, value: Int) {
    self.index = index
    self.point = point
    self.value = value
  }

  package var description: String {
    point == .order
      ? "#\(index) order: the \(Self.ordinal(value + 1)) ready source ran first"
      : "#\(index) \(point.rawValue) \(value) ms"
  }

  private static func ordinal(_ n: Int) -> String {
    switch n {
    case 1: return "first"
    case 2: return "second"
    case 3: return "third"
    default: return "\(n)th"
    }
  }
}

/// Which schedule a scenario runs under.
package enum ScheduleSpec: Sendable, Hashable {
  /// The schedule drawn from a seed (mixed with the fixture id); seed 0 is
  /// the default schedule, with no deviation.
  case seed(UInt64)
  /// Exactly these deviations from the default, by choice index (what a
  /// shrunk failure is pinned as); every other choice takes its default.
  case deviations([ScheduleChoice])
  /// One of the default gate's schedules: a rule for every choice, the
  /// same whatever the scenario (``SystematicSchedule``).
  case systematic(SystematicSchedule)

  /// The default schedule, drawn through a chooser so that its choices are
  /// recorded (``ScheduleChooser/points``): no choice deviates (the one pin
  /// lies past any choice a scenario draws).
  package static let recordedDefault = ScheduleSpec.deviations([ScheduleChoice(index: Int.max, point: .order, value: 0)]
  )

  /// Whether this is the default schedule.
  package var isDefault: Bool {
    switch self {
    case .seed(let seed): return seed == 0
    case .deviations(let choices): return choices.isEmpty
    case .systematic: return false
    }
  }
}
