import ArgumentParser
import BridgeImplementations
import Dialects
import Exploration
import Foundation
import JSONModel
import ProcessSupport
import ReferenceImplementations
import Reporters
import RunPipeline
import ScenarioRunner
import Supervision

/// `bridgecheck run`: run fixtures against a page bridge and a native bridge.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run fixtures and report pass/fail (the CI gate).",
    discussion: """
      By default both sides are bridgecheck's reference bridges. --js FILE puts a page-side bridge under test \
      (driven by the reference native bridge); fixtures that judge only the native side are then skipped.
      --native 'COMMAND …' puts a native-side bridge under test, run as an adapter process speaking the adapter \
      protocol (docs/adapter-protocol.md); fixtures that judge only the page side are then skipped, unless --js \
      is given too. `bridgecheck doctor --native 'COMMAND …'` checks an adapter's handshake and framing.
      """)

  @OptionGroup var selection: FixtureSelection

  @OptionGroup(title: "Schedules") var schedules: ExploreArguments

  @Option(help: "The lowest level that gates the exit status: must, should or may. Lower levels still run.")
  var level: Level = .must

  @Option(help: "A page-side bridge (JavaScript file) to test instead of the reference.")
  var js: String?

  @Option(
    name: .customLong("page-feature"),
    help: ArgumentHelp(
      "An optional feature the --js bridge has (repeatable): answer-missing-handler (it can answer a call to a missing handler with {\"error\": \"no-handler\", \"handlerName\": …}). Scenarios that need it run instead of being skipped; the page then has window.bridgecheckOptions = {answerMissingHandler: true|false} before the bridge is injected.",
      valueName: "name"))
  var pageFeatures: [String] = []

  @Option(
    help:
      "The dialect: a profile name from conformance/profiles/ (bridgecheck profiles lists them) or a profile file. It is the dialect of the --js bridge (default wvjb-classic); without --js, bridgecheck's reference page bridge speaks it (to the --native bridge, or to the reference native bridge)."
  )
  var profile: String?

  @Option(
    name: .customLong("native"),
    help: ArgumentHelp(
      "A native-side bridge to test instead of the reference: an adapter command, split like a shell command line (a first word `bridgecheck` is this executable).",
      valueName: "command"))
  var nativeCommand: String?

  @Option(name: .customLong("json"), help: "Write the JSON report to this file.")
  var jsonPath: String?

  @Option(name: .customLong("junit"), help: "Write a JUnit XML report to this file.")
  var junitPath: String?

  @Option(
    name: .customLong("markdown"),
    help: "Write a Markdown summary to this file; $GITHUB_STEP_SUMMARY is appended to, never replaced.")
  var markdownPath: String?

  @Flag(help: "Append the Markdown summary to the --markdown file instead of replacing it.")
  var markdownAppend = false

  @Option(
    help: ArgumentHelp(
      "What the Markdown summary's links to fixture files and rules start with, e.g. https://github.com/org/bridgecheck/blob/v1.0.0/ (relative links when not given).",
      valueName: "url"))
  var markdownLinkBase: String?

  @Option(help: "What to print on standard output: table or json.")
  var format: OutputFormat = .table

  @Option(
    name: .customLong("outputs"),
    help: ArgumentHelp(
      "Append the verdict, exit code and counts to this file as name=value lines (the format of $GITHUB_OUTPUT, for the next step of a workflow).",
      valueName: "path"))
  var outputsPath: String?

  @Option(
    help: ArgumentHelp(
      "The expectations file (docs/expectations.md): a listed scenario that fails as its entry pins (outcome and checks) is xfail; one that fails differently, or passes (stale), fails the run. A missing file is an empty one.",
      valueName: "path"))
  var baseline: String?

  @Flag(
    help:
      "Rewrite the --baseline file from this run (pinning each failure's outcome and checks; reasons, issue links and other keys kept), then judge against it."
  )
  var updateBaseline = false

  @Option(
    help:
      "Run only shard K of N (1-based), e.g. 2/4; the shards of N cover every fixture once (bridgecheck merge combines their reports).",
    transform: Shard.parse)
  var shard: Shard?

  @Option(
    name: .customLong("jobs"),
    help: """
      Worker processes running scenarios in parallel (default: one per core, fewer when the memory limit cannot give \
      each worker 256 MB, or 768 MB with --engine webkitgtk).
      """)
  var jobsOption: Int?

  /// The workers and their memory: what --jobs and --memory-limit say, or
  /// the defaults for this machine (``WorkerBudget``).
  func workerBudget() throws(WorkerBudgetError) -> WorkerBudget {
    try WorkerBudget.resolve(
      jobs: jobsOption, memoryLimit: memoryLimitOption?.bytes, kind: engine == .webkitgtk ? .webKit : .simulated,
      cores: ProcessInfo.processInfo.activeProcessorCount, machineMemory: MachineMemory.bytes)
  }

  /// Scenarios run in parallel: the workers of the budget, or in process
  /// --jobs (default: the number of cores).
  var jobs: Int {
    if runsInProcess { return jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }
    return (try? workerBudget().jobs) ?? 1
  }

  @Option(help: "Seed of Math.random in the simulated pages (default: 0).", transform: SeedArgument.parse)
  var seed: UInt64 = 0

  @Option(
    help: "Seconds the --native adapter may take to answer one command after hello (all its events, up to done).")
  var adapterTimeout: Double = 5

  @Option(
    help: """
      Seconds the --native adapter may take from its start to its answer to hello (a JVM starts slowly), whatever \
      --adapter-timeout is. When bridgecheck's own hello fails, the run stops there (exit 1) without starting a \
      scenario.
      """)
  var adapterStartupTimeout: Double = 15

  @Flag(
    name: .customLong("no-cpu-pinning"),
    help: """
      Let the system place the --native adapter's processes on any CPU. By default, when --jobs is at most the \
      number of CPUs, each worker's scenario thread and its adapter processes share one CPU of their own: they \
      take turns, and a command's round trip then needs no wake-up of another CPU. Give this flag for an adapter \
      that computes on several threads at once.
      """)
  var noCPUPinning = false

  @Option(
    name: .customLong("memory-limit"),
    help: ArgumentHelp(
      "The most resident memory the run's processes may use, e.g. 2G or 512M: each of the --jobs workers (with its adapters) gets an equal share, at least 256 MB (768 MB with --engine webkitgtk: its web and network processes count), and a scenario that passes it ends as error (default: 2G, or 512M a worker when there are more than four, 1G with --engine webkitgtk, up to three quarters of the machine's memory).",
      valueName: "size"), transform: MemorySize.parse)
  var memoryLimitOption: MemorySize?

  @Option(
    help: ArgumentHelp(
      "Stop starting scenarios after this many gating failures (the scenarios running finish); the run then fails and its reports say it was cut short.",
      valueName: "n"))
  var maxFailures: Int?

  @Option(
    help:
      "Colour: auto (a terminal that is not TERM=dumb, unless NO_COLOR is set; FORCE_COLOR turns it on), always or never."
  )
  var color: ColorMode = .auto

  @Flag(help: "Print the trace excerpt of every failure.")
  var verbose = false

  @Option(
    help: ArgumentHelp(
      "Write the whole trace of every scenario that runs to this folder, one JSON event a line: FIXTURE-ID.jsonl (the id's / as --).",
      valueName: "folder"))
  var traces: String?

  @Flag(help: .hidden)
  var inProcess = false

  @Option(
    help: """
      Where pages run: simulated (a simulated page on a virtual clock) or webkitgtk (a real WebKitGTK web view: \
      a build with --traits WebKitGTK, under xvfb-run; each worker has its own web view, web process and display \
      connection, held to the same limits; docs/webkit-engine.md).
      """)
  var engine: EngineChoice = .simulated

  func validate() throws {
    if markdownAppend && markdownPath == nil {
      throw ValidationError("--markdown-append needs --markdown PATH: the file to append to")
    }
    if updateBaseline && baseline == nil {
      throw ValidationError("--update-baseline needs --baseline PATH: the file to write")
    }
    if let jobsOption, jobsOption < 1 { throw ValidationError("--jobs must be at least 1") }
    if !runsInProcess {
      do {
        _ = try workerBudget()
      } catch {
        throw ValidationError("\(error)")
      }
    }
    try LinkBase.validate(markdownLinkBase)
    try PageFeatures.validate(pageFeatures, js: js)
    if engine != .simulated && (schedules.exploresSeeds || schedules.schedule != nil || schedules.mutant != nil) {
      throw ValidationError(
        "--explore, --replay and --mutant choose schedules of the simulated page: give them without --engine \(engine.rawValue)"
      )
    }
    if traces != nil && schedules.exploresSeeds {
      throw ValidationError(
        "--traces keeps one trace a scenario and --explore runs many schedules: explore first, then give --traces with --replay SEED"
      )
    }
    if let maxFailures, maxFailures < 1 { throw ValidationError("--max-failures must be at least 1") }
    if schedules.mutant != nil && (js != nil || nativeCommand != nil || profile != nil) {
      throw ValidationError("--mutant names the bridges under test: give it without --js, --native and --profile")
    }
    for (name, seconds) in [
      ("--adapter-timeout", adapterTimeout), ("--adapter-startup-timeout", adapterStartupTimeout),
    ]
    where !(seconds > 0 && seconds <= 600) {
      throw ValidationError("\(name) must be more than 0 and at most 600 seconds")
    }
  }

  /// Whether scenarios run in this process (the hidden --in-process).
  private var runsInProcess: Bool { inProcess }

  /// Threads running scenarios in process: one for a real engine, whose
  /// engine thread serves one scenario at a time.
  private var scenarioJobs: Int { engine == .simulated ? jobs : 1 }

  /// The limits of the --native adapter.
  var adapterLimits: AdapterLimits {
    AdapterLimits(
      commandTimeout: .milliseconds(Int64(adapterTimeout * 1000)),
      startupTimeout: .milliseconds(Int64(adapterStartupTimeout * 1000)))
  }

  /// The wall-clock limit of one scenario: the default, or room for an
  /// adapter start and a few commands at the adapter limits, if that is more.
  private var runOptions: RunOptions {
    var options = RunOptions(seed: seed)
    options.schedule = schedules.schedule
    options.traceDirectory = traces.map(Resources.absolute)
    if nativeCommand != nil { options.allowTime(for: adapterLimits) }
    return options
  }

  func run() throws {
    let commandStarted = ContinuousClock.now
    for path in [jsonPath, junitPath, markdownPath, outputsPath, schedules.writeFixture].compactMap({ $0 }) {
      try ReportFile.prepare(path)
    }
    if let traces {
      do {
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
      } catch {
        throw CLIError.usage(
          "--traces \(traces): cannot create the folder (\(error.localizedDescription))")
      }
    }
    // Workers start the engine each for themselves: here it is only checked.
    let pageEngine = runsInProcess ? try engine.pageEngine() : .simulated
    if !runsInProcess { try engine.checkAvailable() }
    let mutant = try schedules.mutant.map(ExplorationMutantLookup.named)
    // Before the first adapter or worker starts: Ctrl-C while it shakes
    // hands must still end it and write the (empty, interrupted) report, not
    // kill bridgecheck and leave the adapter behind.
    Interrupt.install()
    // Without --profile, the dialect of a --js page bridge (or, without --js,
    // of the --native adapter) is inferred from it.
    let dialect = resolveDialect()
    let (page, pageTested) = try mutant.map { ($0.page, $0.tested) } ?? pageImplementation(dialect: dialect)
    let tested = nativeCommand == nil ? pageTested : TestedSides(page: js != nil, native: true)
    if let failure = dialect.adapterStartupFailure, !Interrupt.requested {
      // The inference waited for the adapter's hello already: no worker
      // and no second adapter is started, and the run ends here.
      let loaded = try selection.load()
      try endBeforeAnyScenario(
        adapterFailure: failure, page: page,
        native: ImplementationInfo(name: dialect.adapterName ?? "adapter", version: nil),
        scenarios: shard.map { $0.select(loaded).count } ?? loaded.count, duration: ContinuousClock.now - commandStarted
      )
    }
    // The workers start first, so that their start-up overlaps the loading
    // of the fixtures here (the default gate's systematic schedules too).
    // Exploring seeds shares its time budget and threads by the number of
    // scenarios: the fixtures are loaded first then.
    let explores = schedules.explores && engine == .simulated
    let loadsFirst = explores && schedules.exploresSeeds
    // The ids of every fixture found, selected or not (the reports list
    // those left out), kept from the one loading.
    var allIDs: [String]?
    var fixtures: [Fixture] = []
    if loadsFirst { (fixtures, allIDs) = try selection.loadKeepingIDs() }
    // The whole selection, before sharding (the reports list it).
    var selected = fixtures
    if loadsFirst, let shard { fixtures = shard.select(fixtures) }
    let explore = engine == .simulated ? schedules.options(scenarios: fixtures.count, jobs: jobs) : nil
    let pool =
      runsInProcess
      ? nil
      : WorkerPool(
        executable: Self.executablePath,
        configuration: try workerConfiguration(tested: tested, explore: explore, mutant: mutant, dialect: dialect),
        jobs: jobs, limits: SupervisorLimits(memoryLimit: try workerBudget().memoryLimit), pinsWorkers: !noCPUPinning)
    // A selection by --filter or --tag may be one scenario: one worker is
    // started now, the others when the run has scenarios for them.
    pool?.prestart(count: selection.filters.isEmpty && selection.tags.isEmpty ? jobs : 1)
    // The first scenarios start while later fixtures are still being loaded
    // (on a thread of their own; in process, with one schedule a scenario);
    // the selection is checked when loading ends, and the run's results are
    // discarded if it fails.
    let feed: WorkFeed<Fixture>? = (runsInProcess ? !explores : !loadsFirst) ? WorkFeed() : nil
    let streamed = feed.map { selection.stream(into: $0, shard: shard) }
    try refuseUnloadablePage(pool: pool, page: page, tested: tested)
    if !loadsFirst && feed == nil {
      (fixtures, allIDs) = try selection.loadKeepingIDs()
      selected = fixtures
      if let shard { fixtures = shard.select(fixtures) }
    }
    let native = try mutant?.native ?? nativeImplementation()
    defer { (native as? AdapterNativeImplementation)?.shutdown() }
    let expected = try loadBaseline(
      scope: Baseline.Scope(
        page: page.name, native: native.name, profile: page.profile.name, dialect: dialect.pinned(page.profile)))
    var expectations = GateExpectations(baseline: expected) { expectations in
      ExpectationsFile.unknownEntries(expectations, known: selection.loadAll().fixtures.map(\.id), file: baseline)
    }
    if updateBaseline, let baseline {
      let scope = Baseline.Scope(
        page: page.name, native: native.name, profile: page.profile.name, dialect: dialect.pinned(page.profile))
      expectations = GateExpectations { results in try writeExpectations(results: results, scope: scope, to: baseline) }
    }
    let total = fixtures.count
    var gateRun = GateRun(
      page: page, native: native, tested: tested, options: runOptions,
      executor: pool.map { .workers($0) } ?? .inProcess(engine: pageEngine, jobs: scenarioJobs, explore: explore),
      fixtures: .loaded(fixtures: fixtures, selected: selected), toolVersion: BridgecheckVersion.current)
    if let feed, let streamed {
      let shard = self.shard
      gateRun.fixtures = .streamed(
        feed,
        finish: {
          let selected = try streamed.finish()
          return (shard.map { $0.select(selected) } ?? selected, selected)
        })
    }
    gateRun.gate = level
    gateRun.maxFailures = maxFailures
    gateRun.adapterCommand = nativeCommand.map(ShellWords.quote)
    gateRun.expectations = expectations
    gateRun.stopReason = { Interrupt.stopReason }
    gateRun.progress = ProgressReporter(total: { feed?.count ?? total }, exploring: schedules.exploresSeeds)
    let finished: GateRunResult
    switch try gateRun.run() {
    case .adapterDidNotStart(let failure, let scenarios):
      try endBeforeAnyScenario(
        adapterFailure: failure, page: page, native: ImplementationInfo(name: native.name, version: native.version),
        scenarios: scenarios,
        duration: ContinuousClock.now - commandStarted)
    case .finished(let result):
      finished = result
    }
    var report = finished.report
    let results = report.results
    fixtures = finished.fixtures
    if engine == .simulated { report.schedules = schedules.described }
    report.interruptionExitCode = Interrupt.exitStatus
    report.context = runContext(
      profile: page.profile.name, selected: finished.selected, allIDs: allIDs ?? streamed?.allIDs)
    if tested.page && js != nil {
      var note = dialect.note ?? DialectNote(origin: .given)
      if mutant == nil { note.unfit = unfitNotice(results: results, profile: page.profile, dialect: dialect) }
      if note.origin != .given || note.unfit != nil { report.context?.dialect = note }
      report.notices = RunNotices.notices(
        results: results, profile: page.profile, shipped: Self.shippedProfiles, dialect: report.context?.dialect)
    } else if js == nil, nativeCommand != nil, mutant == nil {
      // The native side alone: the dialect inferred from its adapter, and
      // whether the profile fits it.
      var note = dialect.note ?? DialectNote(origin: .given)
      note.unfit = unfitNotice(results: results, profile: page.profile, dialect: dialect)
      if note.origin != .given || note.unfit != nil {
        report.context?.dialect = note
        report.notices = (note.unfit.map { [$0] } ?? []) + note.lines(profile: page.profile.name)
      }
    }
    try ReportOutput(report: report, verbose: verbose, color: color).write(
      format: format, json: jsonPath, junit: junitPath, markdown: markdownTarget, outputs: outputsPath)
    if let path = schedules.writeFixture {
      try PinnedFixtureWriter.write(results: results, fixtures: fixtures, to: path)
    }
    if report.interrupted {
      Diagnostic.status("interrupted: \(results.count) of \(fixtures.count) scenarios ran").emit()
      throw ExitCode(Interrupt.exitStatus ?? CLIError.gateExitCode)
    }
    // The exit status is the printed verdict.
    if !report.passed { throw ExitCode(CLIError.gateExitCode) }
  }

  /// Where and how the Markdown summary goes: appended with
  /// --markdown-append, or when the path is `$GITHUB_STEP_SUMMARY`.
  private var markdownTarget: ReportOutput.MarkdownTarget? {
    guard let markdownPath else { return nil }
    let stepSummary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"].map(Self.absolute)
    let append = markdownAppend || (stepSummary != nil && stepSummary == Self.absolute(markdownPath))
    var base = markdownLinkBase ?? ""
    if !base.isEmpty && !base.hasSuffix("/") { base += "/" }
    return ReportOutput.MarkdownTarget(
      path: markdownPath, append: append, options: MarkdownReport.Options(linkBase: base))
  }

  /// How a worker process rebuilds the implementations of this run.
  private func workerConfiguration(
    tested: TestedSides, explore: ExploreOptions?, mutant: ExplorationMutant?, dialect: RunDialect
  ) throws -> WorkerConfiguration {
    if let mutant {
      return WorkerConfiguration(
        page: mutant.pageSource.map { .referenceSource($0) } ?? .reference,
        native: mutant.nativeFault.map { .explorationFault($0.rawValue) } ?? .reference, tested: tested,
        options: runOptions, explore: explore)
    }
    let profile = self.profile ?? dialect.nativeProfile
    var page: WorkerConfiguration.Page =
      js.map { .script(path: Self.absolute($0), profile: profile.map(Resources.profileArgument)) }
      ?? profile.map { .referenceInProfile(profile: Resources.profileArgument($0)) } ?? .reference
    if let js, let inferred = dialect.inferredProfile {
      page = .scriptInDialect(path: Self.absolute(js), profile: inferred)
    }
    var native = WorkerConfiguration.Native.reference
    if let nativeCommand {
      native = .adapter(
        command: try AdapterCommandLine.words(nativeCommand, option: "--native"),
        commandTimeout: adapterLimits.commandTimeout, startupTimeout: adapterLimits.startupTimeout)
    }
    var configuration = WorkerConfiguration(
      page: page, native: native, tested: tested, options: runOptions, explore: explore,
      engine: engine.rawValue)
    configuration.pageFeatures = pageFeatures
    return configuration
  }

  /// The profiles bridgecheck ships, for the notice that suggests one.
  private static var shippedProfiles: [BridgeProfile] {
    BridgeProfile.shippedNames(in: Resources.profilesFolder).compactMap {
      try? BridgeProfile.load($0, profilesFolder: Resources.profilesFolder).get()
    }
  }

  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// This executable, which also serves `bridgecheck worker`.
  static var executablePath: String {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  }

  /// Refuses (exit 2) a --js page script that throws, or loops, while it is
  /// injected, before any scenario runs: one scenario that only loads the
  /// page runs where the run's scenarios run (in a worker, where a script
  /// that escapes the page's limits is stopped like any scenario). Only in
  /// the simulated page: a real engine runs the scenarios themselves.
  private func refuseUnloadablePage(pool: WorkerPool?, page: any PageImplementation, tested: TestedSides) throws {
    guard let js, schedules.mutant == nil, engine == .simulated, let loadCheck = PageScriptLoadCheck.fixture() else {
      return
    }
    let result: ScenarioResult?
    if let pool {
      // A worker reads the scenario from a file.
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bridgecheck-load-\(ProcessInfo.processInfo.processIdentifier)").appendingPathComponent(
          "load")
      defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
      let file = folder.appendingPathComponent("page-script-loads.json")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PageScriptLoadCheck.scenario.serialized().write(to: file, atomically: true, encoding: .utf8)
      } catch {
        return
      }
      guard let fixture = PageScriptLoadCheck.fixture(file: file.path) else { return }
      result = pool.run([fixture], stopReason: { Interrupt.stopReason }).first
    } else {
      let runner = FixtureRunner(
        page: page, native: ReferenceNativeImplementation(), tested: tested, options: runOptions,
        engine: try engine.pageEngine())
      result = runner.run(loadCheck)
    }
    if let result,
      let problem = PageScriptLoadCheck.problem(
        from: result, file: js, profile: page.profile, shipped: Self.shippedProfiles)
    {
      pool?.stopAll()
      throw CLIError.usage("\(problem)")
    }
  }

  /// The page side, built as a worker builds it (the paths as the user gave
  /// them, so that a problem names them so).
  private func pageImplementation(dialect: RunDialect) throws -> (any PageImplementation, TestedSides) {
    let profile = self.profile ?? dialect.nativeProfile
    guard js != nil || profile != nil else { return (ReferencePageImplementation(), .both) }
    // A profile name is one of bridgecheck's own (wherever it is run from);
    // one it does not have is explained with the names it has.
    if let profile, case .failure(let problem) = BridgeProfile.load(profile, profilesFolder: Resources.profilesFolder) {
      throw CLIError.usage("\(problem)")
    }
    let shippedProfile = profile.map { $0.contains("/") || $0.hasSuffix(".json") ? $0 : Resources.profileArgument($0) }
    guard let js else {
      // No page script: the reference page bridge speaks the profile's dialect.
      do {
        return (
          try WorkerConfiguration.Page.referenceInProfile(profile: shippedProfile ?? "wvjb-classic").make(), .both
        )
      } catch {
        throw CLIError.usage("\(error)")
      }
    }
    var page = WorkerConfiguration.Page.script(path: js, profile: shippedProfile)
    if let inferred = dialect.inferredProfile { page = .scriptInDialect(path: js, profile: inferred) }
    let made: any PageImplementation
    do {
      var configuration = WorkerConfiguration(page: page, native: .reference, tested: .both, options: RunOptions())
      configuration.pageFeatures = pageFeatures
      made = try configuration.makePage()
    } catch {
      throw CLIError.usage("\(error)")
    }
    // A page script that does not load would end every scenario as "not
    // injected": an empty one or one with a syntax error is refused before
    // anything runs (one that throws at load, by refuseUnloadablePage).
    if let source = try? made.script(
      for: SessionConfiguration(
        transport: .iframe, injection: .bridgeLoaded, options: BridgeOptions(), profile: made.profile)),
      let problem = PageScriptLoadCheck.textProblem(of: source, file: js, profile: made.profile)
    {
      throw CLIError.usage("\(problem)")
    }
    return (made, TestedSides(page: true, native: false))
  }

  private func nativeImplementation() throws -> any NativeImplementation {
    guard let nativeCommand else { return ReferenceNativeImplementation() }
    let command = try AdapterCommandLine.words(nativeCommand, option: "--native")
    AdapterNativeImplementation.installTerminationHandlers()
    return AdapterNativeImplementation(command: command, limits: adapterLimits, shouldStop: { Interrupt.requested })
  }

  /// Ends a run whose native adapter failed bridgecheck's own `hello`
  /// before any scenario: the reports say why and that nothing ran, and
  /// the exit status is 1 (the gate fails).
  private func endBeforeAnyScenario(
    adapterFailure failure: ImplementationError, page: any PageImplementation, native: ImplementationInfo,
    scenarios: Int,
    duration: Duration
  ) throws -> Never {
    let command = nativeCommand.map(ShellWords.quote) ?? "'…'"
    let doctor = "bridgecheck doctor --native \(command)"
    let reason = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure.message
    var report = RunReport(
      toolVersion: BridgecheckVersion.current,
      page: ImplementationInfo(name: page.name, version: page.version),
      native: native,
      seed: seed, gate: level, results: [], duration: duration)
    report.cutShort =
      "not run: the native adapter did not start, so none of the \(scenarios) scenarios was run (every one would have "
      + "ended as error): \(reason) (`\(doctor)` explains what is wrong)"
    try ReportOutput(report: report, verbose: verbose, color: color).write(
      format: format, json: jsonPath, junit: junitPath, markdown: markdownTarget)
    Diagnostic.error(
      "the native adapter did not start: \(failure)\n  no scenario was run; `\(doctor)` explains what is wrong"
    ).emit()
    throw ExitCode(CLIError.gateExitCode)
  }

  /// The expectations to judge against: the --baseline file; an empty one
  /// (with a notice) when the file does not exist yet, so a first adoption
  /// still runs and writes its reports. Nil without --baseline or with
  /// --update-baseline.
  private func loadBaseline(scope: Baseline.Scope) throws -> Baseline? {
    guard let baseline, !updateBaseline else { return nil }
    return try ExpectationsFile.load(baseline, scope: scope)
  }

  /// Rewrites the --baseline file from this run (see ``Baseline/updated(with:existing:scope:)``)
  /// and returns it, so the run is judged against what was written.
  private func writeExpectations(results: [ScenarioResult], scope: Baseline.Scope, to path: String) throws -> Baseline {
    // Entries of fixtures this run did not cover (another shard, filter
    // or tag, or an interrupted run) are kept, as long as those fixtures exist.
    var previous = Baseline()
    if FileManager.default.fileExists(atPath: path) {
      switch Baseline.load(from: path) {
      case .success(let loaded): previous = loaded
      case .failure(let problem):
        throw CLIError.usage(problem.description, hint: "fix the file, or delete it and run --update-baseline again")
      }
    }
    let existing = Set(selection.loadAll().fixtures.map(\.id))
    let updated = previous.updated(with: results, existing: existing, scope: scope)
    try Terminal.write(updated.baseline.serialized, to: path)
    let kept = updated.kept > 0 ? " (\(updated.kept) kept for fixtures this run did not cover)" : ""
    Diagnostic.status(
      "wrote \(updated.baseline.entries.count) expected failures to \(path)\(kept); "
        + "reasons and issue links of existing entries are kept"
    ).emit()
    return updated.baseline
  }
}

/// What `run` prints on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case table, json
}

extension Level: ExpressibleByArgument {}

/// `--shard K/N`.
struct Shard: ExpressibleByArgument {
  let index: Int
  let count: Int

  init?(argument: String) {
    let parts = argument.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
      index <= count
    else { return nil }
    self.index = index
    self.count = count
  }

  static var defaultCompletionKind: CompletionKind { .default }

  /// Every N-th fixture from the K-th, in fixture order.
  func select(_ fixtures: [Fixture]) -> [Fixture] {
    fixtures.enumerated().filter { holds(index: $0.offset) }.map(\.element)
  }

  /// Whether the selected fixture at `index` (from 0) is in this shard.
  func holds(index selected: Int) -> Bool {
    selected % count == index - 1
  }
}

/// The progress line of `bridgecheck run` hears the gate run.
extension ProgressReporter: GateRunProgress {}
