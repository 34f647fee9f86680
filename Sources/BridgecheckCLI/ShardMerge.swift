import Foundation
import ScenarioRunner

/// Combines the reports of the shards of one run (`run --shard K/N`) into
/// the report of the whole run, as an unsharded run would have written it:
/// the results in fixture order, the counts, the verdict. Refuses shards
/// that do not belong together, naming the files and what differs.
struct ShardMerge {
  /// A shard's report and the file it came from.
  struct Input {
    var file: String
    var report: RunReport
  }

  /// Why the shards cannot be merged: one sentence each.
  struct Refusal: Error {
    var problems: [String]
  }

  let inputs: [Input]

  /// The merged run, or every reason it cannot be merged.
  func merged() throws(Refusal) -> RunReport {
    var problems: [String] = []
    let contexts = inputs.compactMap { input in input.report.context.map { (input.file, $0) } }
    for input in inputs where input.report.context == nil {
      problems.append(
        "\(input.file) has no \"run\" object: it was written by a bridgecheck older than \(BridgecheckVersion.current) "
          + "(or is not a run report); run the shard again with this version")
    }
    for input in inputs where input.report.context?.mergedShards != nil {
      problems.append("\(input.file) is a merged report already: give the shards' own reports")
    }
    guard problems.isEmpty, let first = contexts.first else { throw Refusal(problems: problems) }
    problems += differences()
    problems += shardProblems(first.1)
    guard problems.isEmpty else { throw Refusal(problems: problems) }

    let ids = first.1.fixtures.ids
    var position: [String: Int] = [:]
    for (index, id) in ids.enumerated() { position[id] = index }
    var owner: [String: String] = [:]
    var results: [ScenarioResult] = []
    for input in inputs {
      let shard = input.report.context?.shard ?? RunContext.ShardPosition(index: 1, count: 1)
      for result in input.report.results {
        let id = result.scenario.id
        guard let at = position[id] else {
          problems.append(
            "\(input.file): the result of \(id) is not one of the run's fixtures (its \"run\".\"fixtures\".\"ids\")")
          continue
        }
        if let other = owner[id] {
          problems.append("\(input.file) and \(other) both have a result for \(id): the shards overlap")
          continue
        }
        if !shard.holds(position: at) {
          problems.append("\(input.file): \(id) is not in shard \(shard) of the run's fixtures")
          continue
        }
        owner[id] = input.file
        results.append(result)
      }
    }
    guard problems.isEmpty else { throw Refusal(problems: problems) }
    results.sort { position[$0.scenario.id, default: 0] < position[$1.scenario.id, default: 0] }

    let base = inputs[0].report
    var report = RunReport(
      toolName: base.toolName, toolVersion: base.toolVersion, page: base.page, native: base.native, seed: base.seed,
      gate: base.gate, results: results, duration: inputs.map(\.report.duration).max() ?? .zero,
      interrupted: inputs.contains { $0.report.interrupted })
    report.interruptionExitCode = inputs.first { $0.report.interrupted }?.report.interruptionExitCode
    var seen = Set<String>()
    report.expectationProblems = inputs.flatMap(\.report.expectationProblems).filter { seen.insert($0).inserted }
    let cut = inputs.compactMap { input in
      input.report.cutShort.map { "shard \(input.report.context?.shard?.description ?? "1/1"): \($0)" }
    }
    report.cutShort = cut.isEmpty ? nil : cut.joined(separator: "; ")
    // The same in every shard (``differences()`` compares them).
    report.schedules = base.schedules
    // What every shard says about the whole run (the profile, where it came
    // from); one shard's results alone may show an unfit profile the
    // others do not.
    report.notices = base.notices.filter { notice in inputs.allSatisfy { $0.report.notices.contains(notice) } }
    var context = first.1
    context.shard = nil
    context.mergedShards = inputs.count
    if let unfit = context.dialect?.unfit, !report.notices.contains(unfit) { context.dialect?.unfit = nil }
    report.context = context
    return report
  }

  /// What differs between the shards that must be the same: one problem
  /// per property, naming each value and the files that have it.
  private func differences() -> [String] {
    let properties: [(String, (RunReport) -> String)] = [
      ("bridgecheck version", { $0.toolVersion }),
      ("schedules", { $0.schedules?.description ?? "none (a real engine)" }),
      ("page bridge", { ReportText.implementation($0.page) }),
      ("native bridge", { ReportText.implementation($0.native) }),
      ("profile", { $0.context?.profile ?? "" }),
      ("engine", { $0.context?.engine ?? "" }),
      ("command (bridges, fixture paths and options)", { $0.context?.command ?? "" }),
      (
        "exploration",
        { report in
          report.context?.explore.map {
            "--explore \($0.seeds)" + ($0.timeSeconds.map { " --explore-time \($0)" } ?? "")
          } ?? "none"
        }
      ),
      ("seed", { String($0.seed) }),
      ("gate (--level)", { $0.gate.rawValue }),
      (
        "fixture set (ids and contents, sha256)",
        { report in
          report.context.map { "\($0.fixtures.digest.prefix(16))… (\($0.fixtures.ids.count) fixtures)" } ?? ""
        }
      ),
      (
        "expectations file (--baseline)",
        { report in
          report.context?.expectations.map { "\($0.file) (sha256 \($0.digest.prefix(16))…)" } ?? "none"
        }
      ),
    ]
    var problems: [String] = []
    for (name, value) in properties {
      var files: [(value: String, files: [String])] = []
      for input in inputs {
        let text = value(input.report)
        if let index = files.firstIndex(where: { $0.value == text }) {
          files[index].files.append(input.file)
        } else {
          files.append((text, [input.file]))
        }
      }
      guard files.count > 1 else { continue }
      problems.append(
        "the shards differ in their \(name): "
          + files.map { "\($0.value.debugDescription) in \($0.files.joined(separator: ", "))" }.joined(separator: "; "))
    }
    return problems
  }

  /// Shards counted differently, given twice, or missing.
  private func shardProblems(_ context: RunContext) -> [String] {
    let positions = inputs.map { ($0.file, $0.report.context?.shard ?? RunContext.ShardPosition(index: 1, count: 1)) }
    let counts = Set(positions.map(\.1.count))
    guard counts.count == 1, let count = counts.first else {
      return [
        "the shards split the run differently: "
          + positions.map { "\($0.0) is shard \($0.1)" }.joined(separator: ", ")
      ]
    }
    var problems: [String] = []
    var byIndex: [Int: [String]] = [:]
    for (file, shard) in positions { byIndex[shard.index, default: []].append(file) }
    for (index, files) in byIndex.sorted(by: { $0.key < $1.key }) where files.count > 1 {
      let each = files.count == 2 ? "both" : "all"
      problems.append("\(files.joined(separator: " and ")) are \(each) shard \(index)/\(count): the shards overlap")
    }
    let missing = (1...count).filter { byIndex[$0] == nil }
    if !missing.isEmpty {
      problems.append(
        "shard\(missing.count == 1 ? "" : "s") " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
          + " \(missing.count == 1 ? "is" : "are") missing: give the report of every shard of the run")
    }
    return problems
  }
}

/// Report facts as one phrase.
enum ReportText {
  /// `name version` or `name`.
  static func implementation(_ info: ImplementationInfo) -> String {
    guard let version = info.version, !version.isEmpty else { return info.name }
    return "\(info.name) \(version)"
  }
}
