import JSONModel
import WebViewHosting

/// What `bridgecheck run` did with one scenario's schedules (the default
/// gate's, and with `--explore` seeds too): how many schedules it ran, how
/// many of them were different, and the schedule that failed, if one did
/// (shrunk, as a fixture's `schedule` pins it).
package struct ScheduleExploration: Sendable, Hashable {
  /// The schedules the scenario ran under: the default one, then the
  /// default gate's systematic schedules and the explored seeds up to the
  /// first that failed (shrinking runs are not counted); 0 when the
  /// scenario was skipped.
  package var schedules: Int
  /// How many of them made different choices: seeds that deviate from the
  /// default in exactly the same way count once, and the default schedule
  /// is one.
  package var distinctSchedules: Int
  /// The seeds the run asked for (`--explore N`), whether or not they all ran.
  package var seedsAsked: Int
  /// The systematic schedules the run asked for (the default gate's).
  package var systematicAsked: Int = 0
  /// The first seed whose schedule failed.
  package var failingSeed: UInt64?
  /// The systematic schedule that failed (``SystematicSchedule/name``),
  /// when one of the default gate's schedules did.
  package var failingScheduleName: String?
  /// The failing schedule shrunk to the fewest deviations from the default
  /// that still fail: what `run --write-fixture` pins.
  package var failingSchedule: [ScheduleChoice]?

  /// Creates a record.
  package init(
    schedules: Int, distinctSchedules: Int, seedsAsked: Int, failingSeed: UInt64? = nil,
    failingSchedule: [ScheduleChoice]? = nil
  ) {
    self.schedules = schedules
    self.distinctSchedules = distinctSchedules
    self.seedsAsked = seedsAsked
    self.failingSeed = failingSeed
    self.failingSchedule = failingSchedule
  }

  /// The record as JSON (the worker wire form and the JSON report):
  /// `{"schedules", "distinctSchedules", "seedsAsked", "systematicAsked"?,
  /// "failingSeed"?: "<decimal digits>", "failingScheduleName"?,
  /// "failingSchedule"?: {"deviations": […]}}`.
  package var jsonValue: JSONValue {
    var object: JSONObject = [
      "schedules": .number(Double(schedules)), "distinctSchedules": .number(Double(distinctSchedules)),
      "seedsAsked": .number(Double(seedsAsked)),
    ]
    if systematicAsked > 0 { object["systematicAsked"] = .number(Double(systematicAsked)) }
    if let failingSeed { object["failingSeed"] = .string(String(failingSeed)) }
    if let failingScheduleName { object["failingScheduleName"] = .string(failingScheduleName) }
    if let failingSchedule { object["failingSchedule"] = ScheduleSpec.deviations(failingSchedule).fixtureValue }
    return .object(object)
  }

  /// Reads back ``jsonValue``; nil when `value` is not one.
  package init?(jsonValue value: JSONValue) {
    guard let schedules = value["schedules"]?.numberValue, let distinct = value["distinctSchedules"]?.numberValue,
      let asked = value["seedsAsked"]?.numberValue
    else { return nil }
    self.init(schedules: Int(schedules), distinctSchedules: Int(distinct), seedsAsked: Int(asked))
    systematicAsked = Int(value["systematicAsked"]?.numberValue ?? 0)
    if let name = value["failingScheduleName"] {
      guard let text = name.stringValue else { return nil }
      failingScheduleName = text
    }
    if let seed = value["failingSeed"] {
      guard let parsed = seed.stringValue.flatMap({ UInt64($0) }) else { return nil }
      failingSeed = parsed
    }
    if let schedule = value["failingSchedule"] {
      guard let entries = schedule["deviations"]?.arrayValue else { return nil }
      var choices: [ScheduleChoice] = []
      for entry in entries {
        guard let at = entry["at"]?.numberValue, let value = entry["value"]?.numberValue,
          let point = entry["point"]?.stringValue.flatMap(ChoicePoint.init(rawValue:))
        else { return nil }
        choices.append(ScheduleChoice(index: Int(at), point: point, value: Int(value)))
      }
      failingSchedule = choices
    }
  }
}

/// The schedules a whole run explored, summed over its scenarios.
package struct ExplorationTotals: Sendable, Hashable {
  /// Scenarios that ran under at least one schedule.
  package var scenarios = 0
  /// Schedules run, the default ones included.
  package var schedules = 0
  /// Distinct schedules among them (per scenario, summed).
  package var distinctSchedules = 0
  /// Seeds asked for each scenario (`--explore N`).
  package var seedsAsked = 0
  /// Systematic schedules asked for each scenario (the default gate's).
  package var systematicAsked = 0
  /// Scenarios that failed under a schedule other than the default one.
  package var failing = 0

  /// The totals of `results`; nil when none of them was explored.
  package init?(_ results: [ScenarioResult]) {
    var any = false
    for result in results {
      guard let exploration = result.exploration else { continue }
      any = true
      if exploration.schedules > 0 { scenarios += 1 }
      schedules += exploration.schedules
      distinctSchedules += exploration.distinctSchedules
      seedsAsked = max(seedsAsked, exploration.seedsAsked)
      systematicAsked = max(systematicAsked, exploration.systematicAsked)
      if exploration.failingSeed != nil || exploration.failingScheduleName != nil { failing += 1 }
    }
    guard any else { return nil }
  }
}
