import JSONModel
import ScenarioRunner

/// What the fixed fixtures and exploration make of each exploration mutant:
/// which fixtures fail it under the default schedule (none, for a mutant
/// that only exploration finds), at what number of seeds or fuzzed values
/// exploration catches it, and whether the default gate's systematic
/// schedules catch a schedule mutant too.
package struct ExplorationMatrix: Sendable {
  /// One mutant's row.
  package struct Row: Sendable {
    /// The mutant.
    package var mutant: ExplorationMutant
    /// Fixtures that fail it under the default schedule.
    package var fixedKills: [String]
    /// Fixtures that ran under the default schedule (not skipped).
    package var fixedRun = 0
    /// Fixtures skipped for it (they judge the side it does not change).
    package var fixedSkipped = 0
    /// `explore`: the fixture that failed at the lowest seed, and that seed.
    package var exploreCatch: (fixture: String, seed: UInt64, deviations: Int)?
    /// `explore`: the first fixture (in fixture order) that the default
    /// gate's systematic schedules fail, and the schedule; nil when the
    /// default gate misses the mutant.
    package var gateCatch: (fixture: String, schedule: String)?
    /// `fuzz`: values sent until the first failure, and the shrunk value.
    package var fuzzCatch: (values: Int, report: FuzzFailure)?
  }

  /// The rows, by mutant name.
  package var rows: [Row]

  /// Runs every mutant: the fixtures under the default schedule, then the
  /// mutant's finder within `explore` seeds or `fuzz` values. `progress`
  /// gets the number of mutants done and what runs now.
  package static func run(
    mutants: [ExplorationMutant], fixtures: [Fixture], explore: ExploreOptions, fuzz: FuzzOptions, jobs: Int,
    progress: (_ mutantsDone: Int, _ running: String) -> Void = { _, _ in }
  ) -> ExplorationMatrix {
    var rows: [Row] = []
    for mutant in mutants {
      progress(rows.count, "\(mutant.name): the fixed fixtures")
      let runner = mutant.runner()
      let base = ParallelWork.map(count: fixtures.count, jobs: jobs) { runner.run(fixtures[$0]) }
      let killed = base.filter(ScheduleExplorer.isFailure).map(\.scenario.id)
      var row = Row(mutant: mutant, fixedKills: killed)
      row.fixedSkipped = base.filter { $0.status == .skip }.count
      row.fixedRun = base.count - row.fixedSkipped
      progress(rows.count, "\(mutant.name): \(mutant.foundBy == .explore ? "--explore" : "fuzz")")
      switch mutant.foundBy {
      case .explore:
        // Seeds only: the default gate's schedules are reported apart.
        var seeds = explore
        seeds.systematic = []
        let explorer = ScheduleExplorer(runner: runner, options: seeds)
        let passing = fixtures.indices.filter { base[$0].status == .pass }
        let gate = ScheduleExplorer(runner: runner, options: ExploreOptions(seeds: 0, shrinkRuns: 0))
        let gateOutcomes = ParallelWork.map(count: passing.count, jobs: jobs) { gate.explore(fixtures[passing[$0]]) }
        row.gateCatch =
          zip(passing, gateOutcomes).lazy.compactMap { index, outcome in
            outcome.failingSchedule.map { (fixture: fixtures[index].id, schedule: $0.name) }
          }.first
        let outcomes = ParallelWork.map(count: passing.count, jobs: jobs) { explorer.explore(fixtures[passing[$0]]) }
        let caught = zip(passing, outcomes).compactMap { index, outcome in
          outcome.failingSeed.map { (fixture: fixtures[index].id, seed: $0, deviations: outcome.shrunk.count) }
        }
        row.exploreCatch = caught.min { ($0.seed, $0.fixture) < ($1.seed, $1.fixture) }
      case .fuzz:
        let report = FuzzCampaign(runner: runner, options: fuzz, jobs: jobs).run()
        if let failure = report.failure { row.fuzzCatch = (report.valuesRun, failure) }
      }
      rows.append(row)
    }
    return ExplorationMatrix(rows: rows)
  }

  /// Whether every mutant is missed by the fixed fixtures and caught by its
  /// finder within the budget.
  package var passes: Bool {
    rows.allSatisfy { $0.fixedKills.isEmpty && ($0.exploreCatch != nil || $0.fuzzCatch != nil) }
  }

  /// The matrix as text, one mutant a line (deterministic).
  package var text: String {
    var lines = ["exploration mutants: missed by the fixed fixtures under the default schedule, caught by exploration"]
    for row in rows {
      var line = "  \(row.mutant.name) (\(row.mutant.foundBy.rawValue)): "
      line +=
        row.fixedKills.isEmpty
        ? "all \(row.fixedRun) fixed fixtures that run miss it (\(row.fixedSkipped) skipped: they judge the other side); "
        : "FAILED by fixed fixtures \(row.fixedKills.joined(separator: ", ")); "
      if let found = row.exploreCatch {
        line +=
          "explore catches it at seed \(found.seed) (\(found.fixture), shrunk to \(found.deviations) deviation\(found.deviations == 1 ? "" : "s"))"
        line +=
          row.gateCatch.map { "; the default gate catches it too (\($0.fixture), schedule \($0.schedule))" }
          ?? "; the default gate misses it"
      } else if let found = row.fuzzCatch {
        line +=
          "fuzz catches it after \(found.values) values (shrunk to \(JSONValueText.visible(found.report.shrunk.value)) under "
          + "\(JSONValueText.quote(found.report.shrunk.handler)))"
      } else {
        line += "NOT CAUGHT within the budget"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Short printable forms for reports.
package enum JSONValueText {
  /// A value as JSON with invisible characters (controls, U+2028/U+2029,
  /// U+FEFF) escaped: the same value, readable.
  package static func visible(_ value: JSONValue) -> String {
    var text = ""
    for scalar in value.serialized().unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || [0x2028, 0x2029, 0xFEFF, 0x200B, 0x202E].contains(scalar.value)
      {
        text += escape(scalar)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// A string as a JSON literal (escapes make invisible characters visible).
  package static func quote(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF].contains(scalar.value)
      {
        escaped += escape(scalar)
      } else if scalar == "\"" || scalar == "\\" {
        escaped += "\\" + String(scalar)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped + "\""
  }
}
