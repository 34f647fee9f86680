import JSONModel
import ScenarioRunner
import WebViewHosting

extension WorkerConfiguration {
  /// Adds `run --replay` and the run mode (`run --explore`: a member named
  /// for the mode, holding its settings) to the wire form (absent when not
  /// used, so the form of an ordinary run is unchanged).
  func addRunModeWireFields(to value: inout JSONValue) {
    guard case .object(var object) = value else { return }
    switch options.schedule {
    case .seed(let seed)?: object["replaySeed"] = .string(String(seed))
    case .systematic(let schedule)?: object["replaySchedule"] = .string(schedule.name)
    default: break
    }
    if let runMode { object[type(of: runMode).name] = runMode.settings }
    value = .object(object)
  }

  /// Reads back what ``addRunModeWireFields(to:)`` added (a run mode only
  /// when it is registered: ``WorkerExtensions``).
  mutating func readRunModeWireFields(_ value: JSONValue) {
    if let seed = value["replaySeed"]?.stringValue.flatMap({ UInt64($0) }) { options.schedule = .seed(seed) }
    if let schedule = value["replaySchedule"]?.stringValue.flatMap(SystematicSchedule.named) {
      options.schedule = .systematic(schedule)
    }
    runMode = value.objectValue.flatMap(WorkerExtensions.runMode(in:))
  }
}

extension WorkerConfiguration {
  /// The run mode as its name and settings (nil for none): what two
  /// configurations compare.
  var runModeWire: JSONValue? {
    runMode.map { .object(["name": .string(type(of: $0).name), "settings": $0.settings]) }
  }

  /// How long the supervisor lets one scenario run: the scenario limit, or
  /// what the run mode needs at that limit (exploration: room for every
  /// seed and the shrinking runs).
  var wallClockLimit: Duration {
    runMode?.wallClockLimit(scenarioLimit: options.scenarioTimeLimit) ?? options.scenarioTimeLimit
  }
}
