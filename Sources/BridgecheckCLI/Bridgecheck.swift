import ArgumentParser
import BridgeImplementations
import Foundation
import JSRuntime
import ProcessSupport

/// The `bridgecheck` command: conformance checks for WebView <-> native
/// JavaScript bridges.
///
/// Exit codes: 0 every gated scenario passed (or matched the baseline);
/// 1 a gated failure, error, or stale baseline entry, or a run in which
/// every scenario was skipped; 2 usage or fixture
/// errors; 3 an internal harness error; 130 or 143 the run was stopped by
/// SIGINT or SIGTERM (its reports still written).
@main
struct Bridgecheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bridgecheck",
    abstract: "Conformance checks for WebView <-> native JavaScript bridges (WebViewJavascriptBridge protocol).",
    discussion: """
      bridgecheck runs JSON fixture scenarios against a page-side bridge (JavaScript) and a native-side \
      bridge inside a deterministic simulated web page driven by JavaScriptCore, and reports pass/fail.

      Exit codes: 0 all gated scenarios pass; 1 a gated failure, error or stale baseline entry, a run cut short, or \
      a run in which every scenario was skipped (a gate that judged nothing does not pass); 2 usage or fixture errors; 3 internal error; 130 or 143 stopped by Ctrl-C (SIGINT) or SIGTERM, the reports of \
      what ran still written. The exit status is always the verdict on the summary line.
      """,
    version: BridgecheckVersion.current,
    subcommands: [
      RunCommand.self, MergeCommand.self, ListCommand.self, ProfilesCommand.self, ValidateCommand.self,
      ExplainCommand.self, MutantsCommand.self, FidelityCommand.self, ExplorationMutantsCommand.self, FuzzCommand.self,
      MatrixCommand.self, DemoCommand.self, ReferenceAdapterCommand.self, DoctorCommand.self, WorkerCommand.self,
    ]
  )

  /// Parses and runs, mapping every failure to the documented exit codes.
  static func main() {
    // Everything bridgecheck starts (workers, adapters) and everything they
    // leave behind, detached or not, is reparented here and ended with them.
    ProcessTree.becomeSubreaper()
    // Megabyte payloads reuse freed heap instead of fresh pages each time.
    LargeValueMemory.keepFreedBuffersForReuse()
    // A worker of `bridgecheck run` (started once per job, and again after
    // every kill) skips the command-line parser and the search for
    // bridgecheck's files: it needs neither, and both cost at every start.
    if CommandLine.arguments.dropFirst().elementsEqual([WorkerCommand.name]) { WorkerCommand.serve() }
    do {
      let arguments = CommandLineRepair.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst()))
      let names = configuration.subcommands.map { ($0.configuration.commandName ?? "", $0.configuration.shouldDisplay) }
      if let problem = CommandLineRepair.unknownCommand(
        arguments, commands: names.filter(\.1).map(\.0), hidden: names.filter { !$0.1 }.map(\.0))
      {
        throw CLIError(diagnostic: problem, exitCode: CLIError.usageExitCode)
      }
      var command = try parseAsRoot(arguments)
      if !(command is WorkerCommand), let problem = Resources.overrideProblem {
        throw CLIError(diagnostic: problem, exitCode: CLIError.usageExitCode)
      }
      try command.run()
    } catch let exit as ExitCode {
      Foundation.exit(exit.rawValue)
    } catch let error as CLIError {
      Terminal.standardError(error.message + "\n")
      Foundation.exit(error.exitCode)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      Terminal.standardError(fullMessage(for: error) + "\n")
      // ArgumentParser reports usage problems as EX_USAGE (64); bridgecheck's
      // contract is 2 for usage errors and 3 for anything unexpected.
      Foundation.exit(code.rawValue == 64 ? CLIError.usageExitCode : CLIError.internalExitCode)
    }
  }
}
