import ArgumentParser
import BridgeImplementations
import Foundation
import Reporters
import ScenarioRunner

/// `bridgecheck matrix`: every page implementation against every native
/// implementation over the suite, as Markdown and a self-contained HTML page.
struct MatrixCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "matrix",
    abstract: "Run every page implementation against every native implementation and write the interop matrix.",
    discussion: """
      Implementations are described by manifests in conformance/implementations/ (see its README). Without \
      --implementations, bridgecheck's own bridge in each dialect (conformance/dialects/dialects.json) runs too, \
      under the dialect's profile: page side, native side and both, one row per dialect. The Markdown \
      table goes to standard output, and to --markdown PATH when given; the published conformance/RESULTS.md is \
      rewritten only with --write-results, and only from bridgecheck's own implementations.
      """)

  @Option(
    name: .customLong("implementations"),
    help: "Folder of implementation manifests (default: bridgecheck's own conformance/implementations/).")
  var implementationsOption: String?

  @Option(name: .customLong("fixtures"), help: "Where the fixtures are (default: bridgecheck's own Fixtures/).")
  var fixturesOption: String?

  @Option(help: "Also write the Markdown table to this file.")
  var markdown: String?

  @Flag(
    help: "Rewrite the published conformance/RESULTS.md (only from bridgecheck's own implementations and fixtures).")
  var writeResults = false

  @Option(help: "Write the HTML page here.")
  var html = "reports/matrix.html"

  @Option(name: .customLong("jobs"), help: "Scenarios run in parallel (default: the number of cores).")
  var jobsOption: Int?

  /// --jobs, or the number of cores.
  var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

  private var implementationsPath: String { implementationsOption ?? Resources.path("conformance/implementations") }
  private var fixturesPath: String { fixturesOption ?? Resources.path("Fixtures") }

  /// The published file: bridgecheck's own RESULTS.md.
  static var resultsPath: String { Resources.path("conformance/RESULTS.md") }

  func validate() throws {
    if writeResults && (implementationsOption != nil || fixturesOption != nil) {
      throw ValidationError(
        "--write-results publishes the matrix of bridgecheck's own implementations and fixtures; "
          + "with --implementations or --fixtures, write yours with --markdown PATH")
    }
  }

  func run() throws {
    Interrupt.install()
    let fixtures = try FixtureSelection.parse([fixturesPath]).load()
    let manifests = try ImplementationManifest.loadAll(from: implementationsPath)
    let pages = manifests.filter { $0.side == .page }
    let natives = manifests.filter { $0.side == .native }
    guard !pages.isEmpty, !natives.isEmpty else {
      throw CLIError.usage(
        "the matrix needs at least one page and one native implementation in \(implementationsPath)")
    }
    var pairs: [InteropPair] = []
    let bridges = implementationsOption == nil ? try dialectBridges() : []
    let progress = MatrixProgress(pairs: pages.count * natives.count + bridges.count * 3, fixtures: fixtures.count)
    for pageManifest in pages {
      let page = try pageManifest.pageImplementation()
      let pageBaseline = try pageManifest.baseline()
      for nativeManifest in natives {
        let native = nativeManifest.nativeImplementation()
        let nativeBaseline = try nativeManifest.baseline()
        let runner = FixtureRunner(page: page, native: native)
        var results = SuiteRunner(runner: runner, jobs: jobs).run(
          fixtures, progress: progress.callback("\(pageManifest.name) × \(nativeManifest.name)"),
          shouldStop: { Interrupt.requested })
        progress.pairDone()
        for baseline in [pageBaseline, nativeBaseline].compactMap({ $0 }) { results = results.map(baseline.apply) }
        pairs.append(
          InteropPair(
            page: ImplementationInfo(name: pageManifest.name, version: pageManifest.version),
            native: ImplementationInfo(name: nativeManifest.name, version: nativeManifest.version), results: results))
      }
    }
    // Our own bridge in each dialect: only in the published matrix of
    // bridgecheck's own implementations.
    let dialects = try dialectRows(bridges, fixtures, progress: progress)
    progress.finish()
    if Interrupt.requested {
      Diagnostic.status("matrix: interrupted; nothing was written").emit()
      throw ExitCode(Interrupt.exitStatus ?? CLIError.gateExitCode)
    }
    let document = FixtureSelection.protocolDocument(near: fixturesPath).flatMap(ProtocolDocument.init(path:))
    var explanations: [String: String] = [:]
    for fixture in fixtures {
      explanations[fixture.id] = FixtureExplanation.text(of: fixture, rule: document?.rule(fixture.spec))
    }
    let markdownText = InteropMatrixReport.markdown(
      pairs, toolVersion: BridgecheckVersion.current, fixtureCount: fixtures.count, dialects: dialects)
    var written: [String] = []
    for path in [markdown, writeResults ? Self.resultsPath : nil].compactMap({ $0 }) {
      try Terminal.write(markdownText, to: path)
      written.append(path)
    }
    try Terminal.write(
      InteropMatrixReport.html(
        pairs + dialects.flatMap(\.pairs), toolVersion: BridgecheckVersion.current, fixtureCount: fixtures.count,
        explanations: explanations),
      to: html)
    written.append(html)
    print(markdownText, terminator: "")
    Diagnostic.status("wrote \(written.joined(separator: " and "))").emit()
    if !writeResults {
      Terminal.standardError("  (\(Self.resultsPath) is rewritten only with --write-results)\n")
    }
  }
}
