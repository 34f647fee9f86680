import WebViewHosting

/// Which schedules `bridgecheck run` runs each scenario under, past the
/// default one: the default gate's systematic schedules, then (with
/// `--explore N`) seeds 1 through N.
package struct ExploreOptions: Sendable, Hashable {
  /// Seeds run after the default schedule and the systematic ones pass:
  /// 1 through `seeds`.
  package var seeds: Int
  /// The systematic schedules run after the default schedule passes, in
  /// order (``SystematicSchedule/defaultGate``, or none with `--schedules single`).
  package var systematic: [SystematicSchedule]
  /// The most wall-clock time one scenario's seeds may take (its share of
  /// `--explore-time`); nil for no limit. Exploration stops at the first
  /// seed past it, and the report says how many seeds ran. The systematic
  /// schedules always run.
  package var timeBudget: Duration?
  /// The most runs one failing schedule's shrinking may take.
  package var shrinkRuns: Int
  /// Threads that run one scenario's seeds (in batches; the first failing
  /// seed in seed order is the one reported, so this changes no report).
  package var threads: Int = 1

  /// The default budget of `--explore` (seeds per scenario), which every
  /// exploration mutant is caught within.
  package static let defaultSeeds = 200

  /// The default gate: the default schedule and every systematic schedule
  /// of ``SystematicSchedule/defaultGate``, no seeds.
  package static let defaultGate = ExploreOptions(seeds: 0, systematic: SystematicSchedule.defaultGate)

  /// Creates options.
  package init(
    seeds: Int = ExploreOptions.defaultSeeds, systematic: [SystematicSchedule] = SystematicSchedule.defaultGate,
    timeBudget: Duration? = nil, shrinkRuns: Int = 300
  ) {
    self.seeds = seeds
    self.systematic = systematic
    self.timeBudget = timeBudget
    self.shrinkRuns = shrinkRuns
  }
}
