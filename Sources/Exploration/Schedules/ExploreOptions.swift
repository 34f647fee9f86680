/// How much `bridgecheck run --explore` explores each scenario.
public struct ExploreOptions: Sendable, Hashable {
  /// Seeds run after the default schedule passes: 1 through `seeds`.
  public var seeds: Int
  /// The most wall-clock time one scenario's exploration may take (its
  /// share of `--explore-time`); nil for no limit. Exploration stops at the
  /// first seed past it, and the report says how many seeds ran.
  public var timeBudget: Duration?
  /// The most runs one failing schedule's shrinking may take.
  public var shrinkRuns: Int
  /// Threads that run one scenario's seeds (in batches; the first failing
  /// seed in seed order is the one reported, so this changes no report).
  public var threads: Int = 1

  /// The default budget of `--explore` (seeds per scenario), which every
  /// exploration mutant is caught within.
  public static let defaultSeeds = 200

  /// Creates options.
  public init(seeds: Int = ExploreOptions.defaultSeeds, timeBudget: Duration? = nil, shrinkRuns: Int = 300) {
    self.seeds = seeds
    self.timeBudget = timeBudget
    self.shrinkRuns = shrinkRuns
  }
}
