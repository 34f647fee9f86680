import ArgumentParser
import Foundation
import Reporters
import ScenarioRunner

/// `bridgecheck merge REPORT.json…`: the shards of one run, combined.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Combine the JSON reports of the shards of one run (run --shard K/N) into the reports and verdict of the whole run.",
    discussion: """
      Give the JSON report (--json) of every shard: the merged reports are those an unsharded run would have written \
      (the results in fixture order, the counts, the verdict), and the exit status is their verdict (0 pass, 1 fail, \
      130 or 143 when a shard was interrupted). Shards that overlap, a missing shard, or shards of different bridges, \
      profiles, options, fixture sets or bridgecheck versions are refused (exit 2), naming the files. With --baseline, \
      the merged run is judged against an expectations file, as run --baseline judges (the shards must then have run \
      without one). docs/ci.md shows a job matrix that runs the shards and merges them.
      """)

  @Argument(help: ArgumentHelp("The JSON reports of the shards.", valueName: "report.json"))
  var reports: [String] = []

  @Option(name: .customLong("json"), help: "Write the merged JSON report to this file.")
  var jsonPath: String?

  @Option(name: .customLong("junit"), help: "Write the merged JUnit XML report to this file.")
  var junitPath: String?

  @Option(
    name: .customLong("markdown"),
    help: "Write the merged Markdown summary to this file; $GITHUB_STEP_SUMMARY is appended to, never replaced.")
  var markdownPath: String?

  @Flag(help: "Append the Markdown summary to the --markdown file instead of replacing it.")
  var markdownAppend = false

  @Option(
    help: ArgumentHelp(
      "What the Markdown summary's links to fixture files and rules start with, an http or https URL, e.g. https://github.com/org/bridgecheck/blob/COMMIT/ (relative links when not given).",
      valueName: "url"))
  var markdownLinkBase: String?

  @Option(
    help: ArgumentHelp(
      "Judge the merged run against this expectations file (docs/expectations.md), as run --baseline does. A missing file is an empty one.",
      valueName: "path"))
  var baseline: String?

  @Option(
    name: .customLong("outputs"),
    help: ArgumentHelp(
      "Append the verdict, exit code and counts to this file as name=value lines (the format of $GITHUB_OUTPUT).",
      valueName: "path"))
  var outputsPath: String?

  @Option(help: "What to print on standard output: table or json.")
  var format: OutputFormat = .table

  @Option(help: "Colour: auto, always or never (as for run).")
  var color: ColorMode = .auto

  @Flag(help: "Print the trace excerpt of every failure.")
  var verbose = false

  func validate() throws {
    if reports.isEmpty {
      throw ValidationError("give the JSON report of every shard, e.g. bridgecheck merge shard-*/bridgecheck.json")
    }
    if markdownAppend && markdownPath == nil {
      throw ValidationError("--markdown-append needs --markdown PATH: the file to append to")
    }
    try LinkBase.validate(markdownLinkBase)
  }

  func run() throws {
    for path in [jsonPath, junitPath, markdownPath, outputsPath].compactMap({ $0 }) {
      try ReportFile.prepare(path)
    }
    var inputs: [ShardMerge.Input] = []
    var problems: [String] = []
    for file in reports {
      guard let data = FileManager.default.contents(atPath: file) else {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
        problems.append(
          "\(file): "
            + (exists ? (isFolder.boolValue ? "a folder, not a JSON report" : "cannot be read") : "no such file"))
        continue
      }
      do throws(JSONReportReader.Problem) {
        let report = try JSONReportReader.read(String(decoding: data, as: UTF8.self))
        guard report.toolName == "bridgecheck" else {
          problems.append("\(file): a report of \(report.toolName.debugDescription), not of bridgecheck")
          continue
        }
        inputs.append(ShardMerge.Input(file: file, report: report))
      } catch {
        problems.append(
          "\(file)\(error.pointer.isRoot ? ": " : "")\(error) (not a bridgecheck JSON report: docs/report-schema.json)")
      }
    }
    var report: RunReport
    do throws(ShardMerge.Refusal) {
      guard problems.isEmpty else { throw ShardMerge.Refusal(problems: problems) }
      report = try ShardMerge(inputs: inputs).merged()
    } catch {
      throw CLIError.usage(
        "merge: cannot merge these reports:\n" + error.problems.map { "  - " + $0 }.joined(separator: "\n"),
        hint: "give the --json report of each shard of one run (run --shard K/N, same bridges, options and fixtures)"
      )
    }
    if let baseline {
      report = try judged(report, against: baseline)
    }
    try ReportOutput(report: report, verbose: verbose, color: color).write(
      format: format, json: jsonPath, junit: junitPath, markdown: markdownTarget, outputs: outputsPath)
    if report.exitCode != 0 { throw ExitCode(report.exitCode) }
  }

  /// `report` judged against the expectations file at `path`.
  private func judged(_ report: RunReport, against path: String) throws -> RunReport {
    if let judged = report.context?.expectations {
      throw CLIError.usage(
        "merge --baseline \(path): the shards were judged against \(judged.file) already",
        hint: "merge them without --baseline, or run the shards without --baseline and give it here")
    }
    var judged = report
    let scope = Baseline.Scope(
      page: report.page.name, native: report.native.name, profile: report.context?.profile ?? "wvjb-classic")
    let expectations = try ExpectationsFile.load(path, scope: scope)
    judged.results = report.results.map(expectations.apply)
    let known = (report.context?.fixtures.ids ?? []) + (report.context?.fixtures.unselected ?? [])
    judged.expectationProblems += ExpectationsFile.unknownEntries(expectations, known: known, file: path)
    judged.context?.expectations = RunContext.ExpectationsSource(
      file: path, digest: FixtureSetDigest.digest(ofFile: path) ?? "")
    return judged
  }

  private var markdownTarget: ReportOutput.MarkdownTarget? {
    guard let markdownPath else { return nil }
    let stepSummary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].map(Resources.absolute)
    let append = markdownAppend || (stepSummary != nil && stepSummary == Resources.absolute(markdownPath))
    var base = markdownLinkBase ?? ""
    if !base.isEmpty && !base.hasSuffix("/") { base += "/" }
    return ReportOutput.MarkdownTarget(
      path: markdownPath, append: append, options: MarkdownReport.Options(linkBase: base))
  }
}
