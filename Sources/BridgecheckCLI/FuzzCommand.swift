import ArgumentParser
import BridgeImplementations
import Dialects
import Exploration
import Foundation
import JSONModel
import ReferenceImplementations
import ScenarioRunner
import Supervision

/// `bridgecheck fuzz`: payload properties over generated values, both ways.
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Send generated values both ways and check they arrive exactly once and unchanged (payload properties).",
    discussion: """
      Every value (all of JSON, weighted to what breaks bridges: U+2028/U+2029, control characters, U+FEFF, \
      </script>, quotes and backslashes, __proto__ keys, numbers at and beyond 2^53, -0, deep and wide nesting, \
      large strings; lone surrogates from the page) is sent native -> page and page -> native under a generated \
      handler name and echoed back: it must reach exactly the handler of its name, once, unchanged, as data and as \
      responseData, and no evaluated script may contain a raw U+2028/U+2029. The first failure is shrunk to a \
      minimal value and printed as a fixture file that reproduces it (--write-fixture PATH writes it). Exit 1 when \
      a property fails, 0 when every value passed. The same --seed gives the same values and the same report, \
      whatever --jobs.
      """)

  @Option(help: "The seed of the value generators (default: 0).", transform: SeedArgument.parse)
  var seed: UInt64 = 0

  @Option(help: "How many values to send (each both ways).")
  var runs: Int = FuzzOptions.defaultRuns

  @Option(
    help: ArgumentHelp("Stop after this many seconds (the report says how many values ran).", valueName: "seconds"))
  var time: Double?

  @Option(help: ArgumentHelp("Write the fixture that reproduces a failure to this file.", valueName: "path"))
  var writeFixture: String?

  @Option(help: "A page-side bridge (JavaScript file) to test instead of the reference.")
  var js: String?

  @Option(help: "The dialect of the --js bridge: a profile name or file (default wvjb-classic).")
  var profile: String?

  @Option(
    name: .customLong("native"),
    help: ArgumentHelp(
      "A native-side bridge to test instead of the reference: an adapter command (as for run --native).",
      valueName: "command"))
  var nativeCommand: String?

  @Option(
    help: ArgumentHelp(
      "Fuzz an exploration mutant of conformance/mutants/exploration/ instead (a self-test of the properties).",
      valueName: "name"))
  var mutant: String?

  @Option(name: .customLong("jobs"), help: "Threads (default: the number of cores). Changes nothing in the report.")
  var jobsOption: Int?

  func validate() throws {
    if runs < 1 { throw ValidationError("--runs must be at least 1") }
    if let time, !(time > 0) { throw ValidationError("--time must be more than 0 seconds") }
    if profile != nil && js == nil {
      throw ValidationError("--profile describes the --js page bridge: give --js FILE too")
    }
    if mutant != nil && (js != nil || nativeCommand != nil) {
      throw ValidationError("--mutant names the bridge under test: give it without --js and --native")
    }
  }

  func run() throws {
    Interrupt.install()
    let runner = try makeRunner()
    defer { (runner.native as? AdapterNativeImplementation)?.shutdown() }
    let options = FuzzOptions(seed: seed, runs: runs, timeBudget: time.map { .milliseconds(Int64($0 * 1000)) })
    let jobs = jobsOption ?? ProcessInfo.processInfo.activeProcessorCount
    let meter = ProgressMeter(task: "fuzz", unit: "values")
    let report = FuzzCampaign(runner: runner, options: options, jobs: jobs).run { done in
      meter.update(done: done, total: runs)
    }
    meter.finish()
    let under = mutant.map { "the mutant \($0)" } ?? "\(runner.page.name) page, \(runner.native.name) native"
    guard let failure = report.failure else {
      print("bridgecheck fuzz: seed \(seed): \(report.valuesRun) values sent both ways (\(under)): every property held")
      return
    }
    let file = failure.fixture.serialized(pretty: true) + "\n"
    print("bridgecheck fuzz: seed \(seed): a property failed after \(report.valuesRun) values (\(under))")
    print(
      "  shrunk to the value \(JSONValueText.visible(failure.shrunk.value)) under the handler name "
        + JSONValueText.quote(failure.shrunk.handler))
    if let message = failure.result.message {
      print(message.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }
    if let writeFixture {
      try Terminal.write(file, to: writeFixture)
      print("  the fixture that reproduces it: \(writeFixture) (bridgecheck run \(writeFixture))")
    } else {
      print("  the fixture that reproduces it (--write-fixture PATH writes it):")
      print(file, terminator: "")
    }
    throw ExitCode(CLIError.gateExitCode)
  }

  private func makeRunner() throws -> FixtureRunner {
    if let mutant { return try ExplorationMutantLookup.named(mutant).runner() }
    var page: any PageImplementation = ReferencePageImplementation()
    if let js {
      if let profile, case .failure(let problem) = BridgeProfile.load(profile, profilesFolder: Resources.profilesFolder)
      {
        throw CLIError.usage("\(problem)")
      }
      do {
        page = try WorkerConfiguration.Page.script(path: js, profile: profile.map(Resources.profileArgument)).make()
      } catch {
        throw CLIError.usage("\(error)")
      }
    }
    var native: any NativeImplementation = ReferenceNativeImplementation()
    var options = RunOptions()
    if let nativeCommand {
      let limits = AdapterLimits(commandTimeout: .seconds(5), startupTimeout: .seconds(15))
      AdapterNativeImplementation.installTerminationHandlers()
      native = AdapterNativeImplementation(
        command: try AdapterCommandLine.words(nativeCommand, option: "--native"), limits: limits,
        shouldStop: { Interrupt.requested })
      options.allowTime(for: limits)
    }
    let tested = TestedSides(page: js != nil || nativeCommand == nil, native: nativeCommand != nil || js == nil)
    return FixtureRunner(page: page, native: native, tested: tested, options: options)
  }
}
