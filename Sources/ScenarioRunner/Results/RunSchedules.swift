import JSONModel

/// Which schedules a run ran each scenario under, as the reports say it:
/// the default gate's (the default schedule and the systematic ones), the
/// default schedule only (`--schedules single`), one replayed schedule
/// (`--replay`), each with the seeds `--explore` added.
package struct RunSchedules: Sendable, Hashable {
  /// The schedules every scenario that passes runs under, in order:
  /// `default` (seed 0) and the systematic schedules' names, or the
  /// `--replay` argument.
  package var names: [String]
  /// Seeds asked for past them (`--explore N`); 0 for none.
  package var seeds: Int
  /// Whether the seeds are as many as fit in `--explore-time`.
  package var seedsTimeBudgeted: Bool
  /// Whether `names` is one replayed schedule (`--replay`).
  package var replay: Bool

  /// Creates a description.
  package init(names: [String], seeds: Int = 0, seedsTimeBudgeted: Bool = false, replay: Bool = false) {
    self.names = names
    self.seeds = seeds
    self.seedsTimeBudgeted = seedsTimeBudgeted
    self.replay = replay
  }

  /// Whether these are the default gate's schedules (more than the default one).
  package var isDefaultGate: Bool { !replay && names.count > 1 }

  /// One line, e.g. `schedules: the default gate's 6 (default, steps-apart, …)`.
  package var description: String {
    if replay { return "schedules: one, replayed (--replay \(names.first ?? ""))" }
    var text =
      isDefaultGate
      ? "schedules: the default gate's \(names.count) (\(names.joined(separator: ", ")))"
      : "schedules: the default one only (--schedules single: weaker than the default gate, it misses races a real web view has)"
    if seedsTimeBudgeted {
      text += ", then as many seeds as --explore-time allows"
    } else if seeds > 0 {
      text += ", then up to \(seeds) seed\(seeds == 1 ? "" : "s")"
    }
    return text
  }

  /// `{"names": [...], "seeds": N, "seedsTimeBudgeted": bool, "replay": bool}`.
  package var jsonValue: JSONValue {
    [
      "names": .array(names.map { .string($0) }), "seeds": .number(Double(seeds)),
      "seedsTimeBudgeted": .bool(seedsTimeBudgeted), "replay": .bool(replay),
    ]
  }

  /// Reads back ``jsonValue``; nil when `value` is not one.
  package init?(jsonValue value: JSONValue) {
    guard let names = value["names"]?.arrayValue?.compactMap(\.stringValue), let seeds = value["seeds"]?.numberValue,
      let budgeted = value["seedsTimeBudgeted"]?.boolValue, let replay = value["replay"]?.boolValue
    else { return nil }
    self.init(names: names, seeds: Int(seeds), seedsTimeBudgeted: budgeted, replay: replay)
  }
}
