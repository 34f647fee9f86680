import Exploration
import JSONModel
import ScenarioRunner
import WebViewHosting

extension WorkerConfiguration {
  /// Adds `run --replay` and `run --explore` to the wire form (absent when
  /// not used, so the form of an ordinary run is unchanged).
  func addExplorationWireFields(to value: inout JSONValue) {
    guard case .object(var object) = value else { return }
    switch options.schedule {
    case .seed(let seed)?: object["replaySeed"] = .string(String(seed))
    case .systematic(let schedule)?: object["replaySchedule"] = .string(schedule.name)
    default: break
    }
    if let explore {
      var fields: JSONObject = [
        "seeds": .number(Double(explore.seeds)), "shrinkRuns": .number(Double(explore.shrinkRuns)),
        "threads": .number(Double(explore.threads)),
        "systematic": .array(explore.systematic.map { .string($0.name) }),
      ]
      if let budget = explore.timeBudget { fields["timeBudgetMs"] = .number(budget.milliseconds) }
      object["explore"] = .object(fields)
    }
    value = .object(object)
  }

  /// Reads back what ``addExplorationWireFields(to:)`` added.
  mutating func readExplorationWireFields(_ value: JSONValue) {
    if let seed = value["replaySeed"]?.stringValue.flatMap({ UInt64($0) }) { options.schedule = .seed(seed) }
    if let schedule = value["replaySchedule"]?.stringValue.flatMap(SystematicSchedule.named) {
      options.schedule = .systematic(schedule)
    }
    if let fields = value["explore"], let seeds = fields["seeds"]?.numberValue {
      let systematic = (fields["systematic"]?.arrayValue ?? []).compactMap {
        $0.stringValue.flatMap(SystematicSchedule.named)
      }
      var options = ExploreOptions(
        seeds: Int(seeds), systematic: systematic,
        timeBudget: fields["timeBudgetMs"]?.numberValue.map { .milliseconds($0) },
        shrinkRuns: Int(fields["shrinkRuns"]?.numberValue ?? 300))
      options.threads = Int(fields["threads"]?.numberValue ?? 1)
      explore = options
    }
  }
}

extension WorkerConfiguration {
  /// How long the supervisor lets one scenario run: the scenario limit, or
  /// under exploration room for every seed and the shrinking runs at that
  /// limit each (each run still has its own limit inside the worker).
  var wallClockLimit: Duration {
    guard let explore else { return options.scenarioTimeLimit }
    let runs = min(explore.seeds, 100_000) + explore.systematic.count + explore.shrinkRuns + 3
    let all = options.scenarioTimeLimit * runs
    return explore.timeBudget.map { min(all, $0 + options.scenarioTimeLimit * (explore.shrinkRuns + 2)) } ?? all
  }
}
