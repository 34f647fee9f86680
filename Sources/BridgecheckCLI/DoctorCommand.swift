import ArgumentParser
import BridgeImplementations
import Dialects

/// `bridgecheck doctor --native 'COMMAND …'`: checks that an adapter speaks
/// the adapter protocol (handshake, framing, a short session) and explains
/// its mistakes in words.
struct DoctorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check a native adapter's handshake and framing, and explain what is wrong.",
    discussion: """
      Starts the adapter, sends hello, then a short session (start, registerHandler, two navigations, \
      callHandler, stop, exit), and reports every check. Typical mistakes it explains: no output, output \
      that is never flushed, a wrong protocol version, lines that are not JSON, a missing done, a wrong seq, \
      endless output (a flood). Each answer must be complete within --timeout (hello within --startup-timeout of the start). Exit status 0 when every check passes, 1 otherwise, 130 after Ctrl-C. See docs/adapter-protocol.md.
      """)

  @Option(
    name: .customLong("native"),
    help: ArgumentHelp("The adapter command, split like a shell command line.", valueName: "command"))
  var nativeCommand: String

  @Option(
    help:
      "The dialect of the session: a profile name from conformance/profiles/ or a profile file (default wvjb-classic).")
  var profile: String?

  @Option(help: "Seconds to wait for each answer (all of its lines, up to done).")
  var timeout: Double = 5

  @Option(
    help: "Seconds the answer to hello may take from the start of the adapter, whatever --timeout is (as in run).")
  var startupTimeout: Double = 15

  func validate() throws {
    if !(timeout > 0 && timeout <= 600) {
      throw ValidationError("--timeout must be more than 0 and at most 600 seconds")
    }
    if !(startupTimeout > 0 && startupTimeout <= 600) {
      throw ValidationError("--startup-timeout must be more than 0 and at most 600 seconds")
    }
  }

  func run() throws {
    let command = try AdapterCommandLine.words(nativeCommand, option: "--native")
    // Ctrl-C ends the examination, and with it the adapter (which runs in
    // a process group of its own, so the terminal's SIGINT never reaches it).
    Interrupt.install()
    var dialect = BridgeProfile.classic
    if let profile {
      switch BridgeProfile.load(profile, profilesFolder: Resources.profilesFolder) {
      case .success(let loaded): dialect = loaded
      case .failure(let problems): throw CLIError.usage("\(problems)")
      }
    }
    let report = AdapterDoctor.examine(
      command: command, timeout: .milliseconds(Int64(timeout * 1000)),
      startupTimeout: .milliseconds(Int64(startupTimeout * 1000)), profile: dialect, shouldStop: { Interrupt.requested }
    )
    print(report.text)
    if report.interrupted { throw ExitCode(130) }
    if !report.passed { throw ExitCode(1) }
  }
}
