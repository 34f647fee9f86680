import ArgumentParser
import BridgeImplementations
import Foundation
import JSRuntime

/// The `bridgecheck` command: conformance checks for WebView <-> native
/// JavaScript bridges.
///
/// Exit codes: 0 every gated scenario passed (or matched the baseline);
/// 1 a gated failure, error, or stale baseline entry; 2 usage or fixture
/// errors; 3 an internal harness error.
@main
struct Bridgecheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bridgecheck",
    abstract: "Conformance checks for WebView <-> native JavaScript bridges (WebViewJavascriptBridge protocol).",
    discussion: """
      bridgecheck runs JSON fixture scenarios against a page-side bridge (JavaScript) and a native-side \
      bridge inside a deterministic simulated web page driven by JavaScriptCore, and reports pass/fail.

      Exit codes: 0 all gated scenarios pass; 1 a gated failure, error or stale baseline entry; \
      2 usage or fixture errors; 3 internal error.
      """,
    version: BridgecheckVersion.current,
    subcommands: [RunCommand.self, ListCommand.self, ProfilesCommand.self, ValidateCommand.self, ExplainCommand.self, MutantsCommand.self, FidelityCommand.self, ExplorationMutantsCommand.self, FuzzCommand.self, MatrixCommand.self, DemoCommand.self, ReferenceAdapterCommand.self, DoctorCommand.self, WorkerCommand.self]
  )

  /// Parses and runs, mapping every failure to the documented exit codes.
  static func main() {
    // Everything bridgecheck starts (workers, adapters) and everything they
    // leave behind, detached or not, is reparented here and ended with them.
    ProcessTree.becomeSubreaper()
    // Megabyte payloads reuse freed heap instead of fresh pages each time.
    LargeValueMemory.keepFreedBuffersForReuse()
    do {
      var command = try parseAsRoot()
      if let problem = Resources.overrideProblem, !(command is WorkerCommand) { throw CLIError.usage(problem) }
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
