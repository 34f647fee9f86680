import ScenarioRunner

/// The shipped suite the benchmarks run.
enum ShippedFixtures {
  /// The fixtures of `Fixtures/`; nil, after saying what to do, when they
  /// do not load cleanly (the benchmarks run from the package root).
  static func load() -> [Fixture]? {
    let outcome = FixtureLoader().load(paths: ["Fixtures"])
    guard outcome.problems.isEmpty, !outcome.fixtures.isEmpty else {
      print("  run from the package root (Fixtures/ must load cleanly)")
      return nil
    }
    return outcome.fixtures
  }
}
