/// A schedule given by a rule for every choice rather than drawn from a
/// seed: each latency point takes one value at every choice, and tasks due
/// together are ordered by one rule. The same rule applies to every
/// scenario, so what it models is the same everywhere: a web view whose
/// timers run late, whose user events come apart, whose IPC comes in
/// batches.
///
/// The default gate (`bridgecheck run` without `--schedules single`) runs
/// every scenario under the default schedule (seed 0) and under each of
/// ``defaultGate``. Every value a rule sets is one of its point's values,
/// something WebKit does (docs/exploration.md); `bridgecheck fidelity`
/// checks the gate's verdicts against WebKitGTK's.
package struct SystematicSchedule: Sendable, Hashable, CustomStringConvertible {
  /// How tasks of independent sources that fall due together are ordered
  /// (each source keeps its own order whatever the rule).
  package enum Order: String, Sendable, Hashable {
    /// First scheduled, first run: the default schedule's order.
    case firstCome = "first-come"
    /// The sources take turns: after a task of one source, the next ready
    /// source in a fixed cycle (harness steps, the page's own tasks,
    /// evaluations, completions, policy decisions, native answers, other
    /// host tasks) runs first, as a fair event loop serves its queues.
    case roundRobin = "round-robin"
    /// What comes from the host (evaluations, completions, policy decisions,
    /// native answers, other host tasks) runs before the page's own tasks,
    /// and those before harness steps: IPC handled as it arrives, ahead of
    /// the timers due meanwhile.
    case hostFirst = "host-first"
  }

  /// The name the reports and `--replay` use.
  package let name: String
  /// What the schedule models, in one sentence (reports and docs).
  package let summary: String
  /// The value every choice at a point takes; points not listed take
  /// their default (0).
  package let latencies: [ChoicePoint: Int]
  /// How tasks due together are ordered.
  package let order: Order

  /// Creates a schedule. Every latency must be one of its point's
  /// ``ChoicePoint/values`` (a precondition: the schedules are bridgecheck's own).
  package init(name: String, summary: String, latencies: [ChoicePoint: Int] = [:], order: Order = .firstCome) {
    precondition(latencies.allSatisfy { $0.key != .order && $0.key.values.contains($0.value) })
    self.name = name
    self.summary = summary
    self.latencies = latencies
    self.order = order
  }

  package var description: String { name }

  /// The schedules the default gate runs after the default one, in order
  /// (the first that fails is the one reported). Each exposes one kind of
  /// race a real web view has and the default schedule hides; together
  /// they catch the coalesced queue returns and the timer-re-armed signals
  /// of `conformance/mutants/` as WebKitGTK does (docs/exploration.md).
  package static let defaultGate: [SystematicSchedule] = [
    SystematicSchedule(
      name: "steps-apart",
      summary:
        "the harness's steps come 1 ms apart, as real time passes between an app's actions, and an iframe navigation starts 1 ms after its src is set",
      latencies: [.stepGap: 1, .iframeLatency: 1]),
    SystematicSchedule(
      name: "host-first",
      summary:
        "what comes from the host runs before the page's own tasks due at the same time, and every navigation policy decision takes 1 ms, so requests are answered in a batch",
      latencies: [.policyLatency: 1], order: .hostFirst),
    SystematicSchedule(
      name: "evaluations-late",
      summary: "every evaluation reaches the page 1 ms after it is sent: the page's timers due meanwhile run first",
      latencies: [.evaluateLatency: 1]),
    SystematicSchedule(
      name: "sources-in-turn",
      summary: "tasks due at the same time run one source at a time, in turn, as a fair event loop serves its queues",
      order: .roundRobin),
    SystematicSchedule(
      name: "timers-late",
      summary: "every page timer fires 1 ms after its delay: whatever else falls due in that millisecond runs first",
      latencies: [.timerLatency: 1]),
    SystematicSchedule(
      name: "ipc-slow",
      summary:
        "IPC on a busy device: an evaluation reaches the page 3 ms after it is sent and its completion comes 1 ms after "
        + "it ran, a navigation policy decision takes 1 ms, and an iframe navigation starts 5 ms after its src is set, "
        + "while the page's own timers run on time",
      latencies: [.evaluateLatency: 3, .completionLatency: 1, .iframeLatency: 5, .policyLatency: 1]),
  ]

  /// The default gate's schedule of that name.
  package static func named(_ name: String) -> SystematicSchedule? {
    defaultGate.first { $0.name == name }
  }
}
