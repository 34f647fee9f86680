import ArgumentParser
import BridgeImplementations
import Dialects
import Foundation

/// `bridgecheck profiles`: the shipped dialect profiles, each with the
/// project and versions it describes; `--check FILE` validates a profile.
struct ProfilesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profiles",
    abstract: "List the shipped dialect profiles and what each describes, or check a profile file.",
    discussion: """
      A profile describes a bridge dialect of the WVJB family as data (docs/protocol.md section 9): names, \
      signal, how the queue reaches the native side, encoding, delivery, injection, start-up handshake, \
      dispatch, user agent. Give one to run with --profile NAME or --profile FILE. \
      `bridgecheck profiles infer FILE` works out the dialect of a page bridge and prints its profile; \
      `bridgecheck profiles infer --native CMD` that of a native adapter.
      """,
    subcommands: [InferProfileCommand.self])

  @Option(help: "Check this profile file (or name) and print every problem, with its JSON pointer and a hint.")
  var check: String?

  @Flag(help: "Print each profile's whole description.")
  var verbose = false

  func run() throws {
    let folder = Resources.profilesFolder
    if let check {
      switch BridgeProfile.load(check, profilesFolder: folder) {
      case .success(let profile):
        print(Self.checked(check, profile: profile, folder: folder))
        return
      case .failure(let problems):
        print(problems.description)
        throw ExitCode(2)
      }
    }
    let names = BridgeProfile.shippedNames(in: folder)
    guard !names.isEmpty else {
      throw CLIError.usage(
        "no profiles in \(folder)/",
        hint: "reinstall bridgecheck (scripts/install.sh), or set $\(Resources.environmentKey) to a checkout")
    }
    var failed = false
    let width = names.map(\.count).max() ?? 0
    for name in names {
      switch BridgeProfile.load(name, profilesFolder: folder) {
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

  /// What `--check` says of a valid profile: what it describes, unless a
  /// file that is not a shipped profile keeps a shipped profile's name or
  /// `describes` (a copy to start from): that would claim the shipped
  /// project for the user's bridge, so it is named as a copy instead.
  static func checked(_ argument: String, profile: BridgeProfile, folder: String) -> String {
    let isShipped =
      !argument.hasSuffix(".json") && !argument.contains("/")
      || Resources.absolute((argument as NSString).deletingLastPathComponent) == Resources.absolute(folder)
    guard !isShipped else { return "\(argument): a valid profile (\(profile.name): \(profile.describesLine))" }
    var copiedFrom: [String] = []
    var sameName = false
    for name in BridgeProfile.shippedNames(in: folder) {
      guard case .success(let shipped) = BridgeProfile.load(name, profilesFolder: folder) else { continue }
      if shipped.name == profile.name { sameName = true }
      if let describes = profile.describes, describes == shipped.describes { copiedFrom.append(name) }
    }
    if copiedFrom.isEmpty && !sameName {
      return "\(argument): a valid profile (\(profile.name): \(profile.describesLine))"
    }
    var lines = ["\(argument): a valid profile (\(profile.name))"]
    if !copiedFrom.isEmpty, let describes = profile.describes {
      lines.append(
        "  note: its \"describes\" is copied from the shipped profile \(copiedFrom.joined(separator: ", ")) "
          + "(\(describes.project) \(describes.versions)), so it does not say which bridge this file describes")
      lines.append("  hint: set /describes to your bridge's project and versions, or remove it")
    }
    if sameName {
      lines.append("  note: its \"name\" (\(profile.name)) is a shipped profile's: reports would not tell them apart")
      lines.append("  hint: give /name a name of your own")
    }
    return lines.joined(separator: "\n")
  }
}
