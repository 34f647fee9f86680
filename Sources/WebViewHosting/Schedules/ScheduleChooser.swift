/// Draws the open choices of one scenario's schedule (see ``ChoicePoint``)
/// from a ``ScheduleSpec``, and records the ones that deviate from the
/// default. It is also the scheduler's ``SchedulingPolicy``.
///
/// Deterministic: the same spec and the same scenario give the same choices,
/// in the same order. Not thread-safe: one chooser belongs to one web view.
package final class ScheduleChooser: SchedulingPolicy {
  /// The spec this chooser follows.
  package let spec: ScheduleSpec
  /// Every choice drawn so far that differs from the default, in order.
  package private(set) var deviations: [ScheduleChoice] = []
  /// How many choices were drawn (defaults included).
  package private(set) var drawn = 0
  /// The point of every choice drawn so far, in order.
  package private(set) var points: [ChoicePoint] = []

  private var random: SeededRandom
  private let density: Double
  private let pinned: [Int: ScheduleChoice]
  /// The values a systematic schedule sets, by point.
  private let rule: [ChoicePoint: Int]
  /// How a systematic schedule orders tasks due together.
  private let order: SystematicSchedule.Order
  /// The latest due time given to each ordered source, so that latencies
  /// never reorder a source.
  private var lastDue: [String: VirtualTime] = [:]
  /// The source of the task last chosen by an order choice (round robin).
  private var lastSource: String?
  /// The deadline each pending page timer was set for and when it is due,
  /// so that a late timer never overtakes one the HTML standard runs first.
  private var timers: [(deadline: VirtualTime, due: VirtualTime)] = []

  /// Creates a chooser. `salt` (a hash of the fixture id) makes each
  /// scenario's schedule of a seed its own.
  package init(spec: ScheduleSpec, salt: UInt64 = 0) {
    self.spec = spec
    switch spec {
    case .seed(let seed):
      var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D ^ salt)
      // Seeds differ in how far they stray: some make one or two
      // deviations, others many.
      let densities = [0.05, 0.15, 0.4, 0.8]
      density = seed == 0 ? 0 : densities[Int(random.next() % UInt64(densities.count))]
      self.random = random
      pinned = [:]
      rule = [:]
      order = .firstCome
    case .deviations(let choices):
      random = SeededRandom(seed: 0)
      density = 0
      pinned = Dictionary(choices.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
      rule = [:]
      order = .firstCome
    case .systematic(let schedule):
      random = SeededRandom(seed: 0)
      density = 0
      pinned = [:]
      rule = schedule.latencies
      order = schedule.order
    }
  }

  /// Draws a choice among `count` options (0 is the default) at `point`.
  private func draw(_ point: ChoicePoint, count: Int, valueOf: (Int) -> Int) -> Int {
    var option = 0
    if let pin = pinned[drawn], pin.point == point {
      option = (0..<count).first { valueOf($0) == pin.value } ?? 0
    } else if let value = rule[point] {
      option = (0..<count).first { valueOf($0) == value } ?? 0
    } else if density > 0, count > 1, point.isDrawnBySeeds, random.nextUnitInterval() < density {
      option = 1 + Int(random.next() % UInt64(count - 1))
    }
    record(point, option: option, value: valueOf(option))
    return option
  }

  /// Records the next choice: its point, and the value when it deviates.
  private func record(_ point: ChoicePoint, option: Int, value: Int) {
    if option != 0 { deviations.append(ScheduleChoice(index: drawn, point: point, value: value)) }
    drawn += 1
    points.append(point)
  }

  /// Whether every choice at `point` takes its default (0), whatever comes:
  /// a systematic schedule whose rule sets nothing else there. Work that
  /// waits on such a choice may be done ahead of it (an adapter's answer
  /// given at once goes with its handler's registration, as under the
  /// default schedule).
  package func alwaysDefault(at point: ChoicePoint) -> Bool {
    guard case .systematic = spec else { return false }
    return (rule[point] ?? 0) == 0
  }

  /// The delay of a task of an ordered `source` (e.g. `evaluate`), at
  /// `point`: the drawn latency, never less than what keeps the source in
  /// order.
  package func delay(_ point: ChoicePoint, source: String, now: VirtualTime) -> Int64 {
    let values = point.values
    let latency = Int64(values[draw(point, count: values.count) { values[$0] }])
    var due = now.advanced(by: latency)
    if let last = lastDue[source], last > due { due = last }
    lastDue[source] = due
    return due.milliseconds - now.milliseconds
  }

  /// A latency with no order to keep (an iframe navigation: one per frame;
  /// the gap before a harness step).
  package func latency(_ point: ChoicePoint) -> Int64 {
    let values = point.values
    return Int64(values[draw(point, count: values.count) { values[$0] }])
  }

  /// How many milliseconds after its deadline (`now + delay`) a page timer
  /// fires: the drawn ``ChoicePoint/timerLatency``, and never before a
  /// timer set earlier whose deadline is not later (the order the HTML
  /// standard gives timers).
  package func timerLateness(delay: Int64, now: VirtualTime) -> Int64 {
    let deadline = now.advanced(by: delay)
    var due = deadline.advanced(by: latency(.timerLatency))
    timers.removeAll { $0.due < now }
    for timer in timers where timer.deadline <= deadline && timer.due > due { due = timer.due }
    timers.append((deadline, due))
    return due.milliseconds - deadline.milliseconds
  }

  /// How many milliseconds after `now` a task that crosses to or from a
  /// dedicated worker (its start, a message either way) is due: never
  /// before a pending page timer whose deadline has come but which a late
  /// schedule holds back. In WebKit such a task crosses threads (a worker's
  /// start builds a whole script context), which takes longer than a timer
  /// with no delay; a schedule that made timers late and left worker tasks
  /// at 0 would order them as no WebKit does. Draws no choice.
  package func crossingDelay(now: VirtualTime) -> Int64 {
    var due = now
    for timer in timers where timer.deadline <= now && timer.due > due { due = timer.due }
    return due.milliseconds - now.milliseconds
  }

  // MARK: - SchedulingPolicy

  package func choose(among candidates: [ReadyTask]) -> Int {
    // A document's own scripts run as one parse: nothing from the host
    // comes between them (the fixtures' page scripts rely on it).
    if candidates.contains(where: Self.isDocumentLoading) { return 0 }
    var heads: [Int] = []
    var seen: Set<String> = []
    for (index, task) in candidates.enumerated() where seen.insert(Self.source(of: task)).inserted {
      heads.append(index)
    }
    guard heads.count > 1 else { return 0 }
    let chosen: Int
    switch order {
    case .firstCome:
      chosen = draw(.order, count: heads.count) { $0 }
    case .roundRobin, .hostFirst:
      let preferred = heads.indices.min { rank(of: candidates[heads[$0]]) < rank(of: candidates[heads[$1]]) } ?? 0
      record(.order, option: preferred, value: preferred)
      chosen = preferred
    }
    lastSource = Self.source(of: candidates[heads[chosen]])
    return heads[chosen]
  }

  /// The sources in the order ``SystematicSchedule/Order/roundRobin`` serves
  /// them, and the order of ``SystematicSchedule/Order/hostFirst`` (IPC
  /// from the host, then the page's own tasks, then harness steps).
  static let turnCycle = ["steps", "page", "evaluate", "completion", "policy", "answers", "host"]
  static let hostFirstRanks = ["evaluate", "policy", "completion", "answers", "host", "page", "steps"]

  /// Where a task stands under this chooser's order rule (lower runs
  /// first; ties go to the first scheduled).
  private func rank(of task: ReadyTask) -> Int {
    let source = Self.source(of: task)
    switch order {
    case .firstCome:
      return 0
    case .hostFirst:
      return Self.hostFirstRanks.firstIndex(of: source) ?? Self.hostFirstRanks.count
    case .roundRobin:
      // The next source in the cycle after the last one served.
      let cycle = Self.turnCycle
      let last = lastSource.flatMap { cycle.firstIndex(of: $0) } ?? (cycle.count - 1)
      let position = cycle.firstIndex(of: source) ?? cycle.count - 1
      return (position - last - 1 + 2 * cycle.count) % cycle.count
    }
  }

  /// Whether a task is part of loading a document (its scripts, the end of
  /// the document, the load itself).
  static func isDocumentLoading(_ task: ReadyTask) -> Bool {
    task.label.hasPrefix("script ") || task.label == "document end" || task.label.hasPrefix("load ")
      || task.label == "reload"
  }

  /// The independent source a task belongs to: tasks of one source run in
  /// the order they were scheduled. (Found by `bridgecheck fidelity`: with
  /// the page's steps and its own timers as one source, no schedule let an
  /// iframe navigation through between two steps, as WebKit did.)
  static func source(of task: ReadyTask) -> String {
    let label = task.label
    if label == "evaluate" { return "evaluate" }
    if label == "evaluate completion" { return "completion" }
    if label.hasPrefix("decide navigation") { return "policy" }
    if label.hasPrefix("native handler") { return "answers" }
    // What the page does in a harness step (``SimulatedWebView/runInPage(_:)``)
    // comes as a user event would, from a task source of its own: WebKit may
    // run a timer the page set (an iframe navigation) between two of them.
    if task.kind == .page && label.hasPrefix("page ") { return "steps" }
    // A dedicated worker runs on a thread of its own in WebKit: its tasks
    // (`worker N …`) are a source of their own, and so is what it posts to
    // the page (`… from worker N`), each in order.
    if let worker = PageWorkerTaskLabel.source(of: label) { return worker }
    return task.kind == .page || label == "reload" || label.hasPrefix("load ") ? "page" : "host"
  }
}
