import JSONModel
import ScenarioRunner

/// How much `bridgecheck fuzz` runs.
package struct FuzzOptions: Sendable, Hashable {
  /// The seed of the generators.
  package var seed: UInt64
  /// How many values to send (each both ways).
  package var runs: Int
  /// A wall-clock budget; nil for none. The report says how many values ran.
  package var timeBudget: Duration?
  /// Values per scenario (one page carries several values).
  package var valuesPerScenario: Int
  /// The most runs shrinking may take.
  package var shrinkRuns: Int

  /// The default number of values of `bridgecheck fuzz`, which every
  /// exploration mutant with a payload bug is caught within.
  package static let defaultRuns = 1_000

  /// Creates options.
  package init(
    seed: UInt64 = 0, runs: Int = FuzzOptions.defaultRuns, timeBudget: Duration? = nil, valuesPerScenario: Int = 8,
    shrinkRuns: Int = 400
  ) {
    self.seed = seed
    self.runs = runs
    self.timeBudget = timeBudget
    self.valuesPerScenario = max(1, valuesPerScenario)
    self.shrinkRuns = shrinkRuns
  }
}

/// What a fuzz campaign found.
package struct FuzzReport: Sendable {
  /// Values sent (each both ways).
  package var valuesRun: Int
  /// Scenarios run (shrinking not counted).
  package var scenariosRun: Int
  /// The first failure, shrunk; nil when every property held.
  package var failure: FuzzFailure?
}

/// A failing payload, shrunk, with the fixture that reproduces it.
package struct FuzzFailure: Sendable {
  /// The index of the scenario that failed first.
  package var scenario: Int
  /// The case as generated.
  package var original: PayloadCase
  /// The case after shrinking.
  package var shrunk: PayloadCase
  /// The fixture file (JSON) that reproduces it.
  package var fixture: JSONValue
  /// The shrunk fixture's result: why it fails.
  package var result: ScenarioResult
}

/// Runs the payload properties (``PropertyFixture``) over generated values
/// against the implementations of a runner, shrinks the first failure to a
/// minimal value and writes it as a fixture.
///
/// Deterministic: scenario `i` of seed `s` always carries the same values,
/// and the failure reported is the one of the lowest scenario index, however
/// many threads run (`jobs`).
package struct FuzzCampaign: Sendable {
  /// The implementations under test.
  package let runner: FixtureRunner
  /// How much to run.
  package let options: FuzzOptions
  /// Threads.
  package let jobs: Int

  /// Creates a campaign.
  package init(runner: FixtureRunner, options: FuzzOptions, jobs: Int = 1) {
    self.runner = runner
    self.options = options
    self.jobs = max(1, jobs)
  }

  /// The cases of scenario `index`.
  package func cases(scenario index: Int) -> [PayloadCase] {
    var generator = PayloadGenerator(
      seed: options.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
    let first = index * options.valuesPerScenario
    let count = min(options.valuesPerScenario, options.runs - first)
    return (0..<max(0, count)).map { offset in
      // Sizes grow with the run, as in QuickCheck: small values first.
      let size = 1 + (first + offset) % 100
      return PayloadCase(handler: generator.handlerName(), value: generator.value(size: size))
    }
  }

  /// Whether scenario `index` sends lone surrogates from the page too.
  func loneSurrogates(scenario index: Int) -> Bool { index % 7 == 3 }

  /// Runs the campaign. `progress` gets the number of values run so far.
  package func run(progress: @escaping @Sendable (Int) -> Void = { _ in }) -> FuzzReport {
    let scenarios = (options.runs + options.valuesPerScenario - 1) / options.valuesPerScenario
    let clock = ContinuousClock()
    let start = clock.now
    var next = 0
    var valuesRun = 0
    let round = jobs * 8
    while next < scenarios {
      if let budget = options.timeBudget, clock.now - start > budget { break }
      let indices = Array(next..<min(scenarios, next + round))
      let outcomes = ParallelWork.map(count: indices.count, jobs: jobs) { position in
        let index = indices[position]
        let result = run(cases: cases(scenario: index), loneSurrogates: loneSurrogates(scenario: index), name: "fuzz")
        return Self.isFailure(result)
      }
      for (position, failed) in outcomes.enumerated() {
        let index = indices[position]
        if failed {
          valuesRun += cases(scenario: index).count
          return FuzzReport(valuesRun: valuesRun, scenariosRun: index + 1, failure: shrink(scenario: index))
        }
        valuesRun += cases(scenario: index).count
      }
      next += indices.count
      progress(valuesRun)
    }
    return FuzzReport(valuesRun: valuesRun, scenariosRun: next, failure: nil)
  }

  /// The fixture's name for a failure: the seed, the scenario and a digest
  /// of the cases, so that two failures never share an id.
  func fixtureName(scenario: Int, cases: [PayloadCase]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for item in cases {
      for byte in item.handler.utf8 + [0] + item.value.serializedUTF8() {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
      }
    }
    let digest = String(hash, radix: 16)
    return "fuzz-seed-\(options.seed)-scenario-\(scenario)-" + String(repeating: "0", count: 16 - digest.count) + digest
  }

  func run(cases: [PayloadCase], loneSurrogates: Bool, name: String) -> ScenarioResult {
    let value = PropertyFixture.make(name: name, cases: cases, loneSurrogates: loneSurrogates)
    switch FixtureLoader().decode(value, file: "fuzz.json") {
    case .success(let fixture): return runner.run(fixture)
    case .failure(let problems):
      // A generator bug, not a bridge bug: say so loudly.
      fatalError("bridgecheck fuzz generated an invalid fixture: \(problems.problems)")
    }
  }

  static func isFailure(_ result: ScenarioResult) -> Bool {
    (result.status == .fail || result.status == .error) && !result.hitWallClockLimit
  }

  /// Finds the case of a failing scenario that fails alone, and shrinks it.
  private func shrink(scenario index: Int) -> FuzzFailure {
    let all = cases(scenario: index)
    let lone = loneSurrogates(scenario: index)
    // The lone-surrogate step alone, with the simplest case.
    var culprit: PayloadCase?
    var withSurrogates = false
    for item in all where Self.isFailure(run(cases: [item], loneSurrogates: false, name: "fuzz")) {
      culprit = item
      break
    }
    if culprit == nil, lone {
      let simple = PayloadCase(handler: "h", value: .null)
      if Self.isFailure(run(cases: [simple], loneSurrogates: true, name: "fuzz")) {
        culprit = simple
        withSurrogates = true
      }
    }
    guard let culprit else {
      let name = fixtureName(scenario: index, cases: all)
      // Only the values together fail: report the whole scenario.
      let fixture = PropertyFixture.make(name: name, cases: all, loneSurrogates: lone)
      let result = run(cases: all, loneSurrogates: lone, name: name)
      return FuzzFailure(scenario: index, original: all[0], shrunk: all[0], fixture: fixture, result: result)
    }
    let shrinker = PayloadShrinker(
      fails: { Self.isFailure(run(cases: [$0], loneSurrogates: withSurrogates, name: "fuzz")) },
      budget: options.shrinkRuns)
    let shrunk = withSurrogates ? culprit : shrinker.shrink(culprit)
    let name = fixtureName(scenario: index, cases: [shrunk])
    let fixture = PropertyFixture.make(name: name, cases: [shrunk], loneSurrogates: withSurrogates)
    let result = run(cases: [shrunk], loneSurrogates: withSurrogates, name: name)
    return FuzzFailure(scenario: index, original: culprit, shrunk: shrunk, fixture: fixture, result: result)
  }
}
