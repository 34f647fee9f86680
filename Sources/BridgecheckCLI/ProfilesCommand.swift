import ArgumentParser
import BridgeImplementations

/// `bridgecheck profiles`: the shipped dialect profiles, each with the
/// project and versions it describes; `--check FILE` validates a profile.
struct ProfilesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profiles",
    abstract: "List the shipped dialect profiles and what each describes, or check a profile file.",
    discussion: """
      A profile describes a bridge dialect of the WVJB family as data (docs/protocol.md section 9): names, \
      signal, how the queue reaches the native side, encoding, delivery, injection, start-up handshake, \
      dispatch, user agent. Give one to run with --profile NAME or --profile FILE.
      """)

  @Option(help: "Check this profile file (or name) and print every problem, with its JSON pointer and a hint.")
  var check: String?

  @Flag(help: "Print each profile's whole description.")
  var verbose = false

  func run() throws {
    if let check {
      switch BridgeProfile.load(check) {
      case .success(let profile):
        print("\(check): a valid profile (\(profile.name): \(profile.describesLine))")
        return
      case .failure(let problems):
        print(problems.description)
        throw ExitCode(2)
      }
    }
    let names = BridgeProfile.shippedNames()
    guard !names.isEmpty else {
      throw CLIError.usage("bridgecheck: no profiles in \(BridgeProfile.shippedFolder)/ (run from the bridgecheck checkout)")
    }
    var failed = false
    let width = names.map(\.count).max() ?? 0
    for name in names {
      switch BridgeProfile.load(name) {
      case .success(let profile):
        let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
        let mechanisms =
          "\(profile.transports.map(\.rawValue).joined(separator: "/")) signal, queue \(profile.queue.rawValue), "
          + "\(profile.injections.map(\.rawValue).joined(separator: "/")) injection, \(profile.dispatch.rawValue)"
          + profile.convention.differences.map { ", " + $0 }.joined()
          + profile.wirePhrases.map { "; " + $0 }.joined()
        print("\(padded)  \(profile.describesLine) — \(mechanisms)")
        if verbose { print(String(repeating: " ", count: width + 2) + profile.summary) }
      case .failure(let problems):
        failed = true
        print("\(name): INVALID\n\(problems)")
      }
    }
    if failed { throw ExitCode(2) }
  }
}
