import ArgumentParser
import Foundation
import ProcessSupport
import ReferenceAdapter

/// `bridgecheck reference-adapter` (hidden): bridgecheck's reference native
/// bridge served over the adapter protocol on stdin/stdout, so that the
/// adapter path can be checked against the in-process path
/// (`bridgecheck run --native 'bridgecheck reference-adapter'`). An alias of
/// the `bridgecheck-reference-adapter` executable: both serve
/// ``ReferenceAdapterCommandLine/serve(faults:)``.
struct ReferenceAdapterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reference-adapter",
    abstract: "Serve the reference native bridge over the adapter protocol (stdin/stdout JSON lines).",
    discussion: """
      Reads adapter-protocol commands from standard input and writes events to standard output \
      (docs/adapter-protocol.md). Meant to be started by `bridgecheck run --native`, not by hand.
      """,
    shouldDisplay: false)

  @Option(
    name: .customLong("fault"),
    help: "Switch on a deliberate bug of the reference bridge (mutation testing); repeatable.")
  var faults: [String] = []

  func run() throws {
    let status = ReferenceAdapterCommandLine.serve(faults: faults)
    throw ExitCode(status)
  }
}

/// The `--native` command line of `run` and `doctor`.
enum AdapterCommandLine {
  /// Splits `text` like a shell command line; a first word `bridgecheck`
  /// becomes this executable, so `--native 'bridgecheck reference-adapter'`
  /// works without bridgecheck on the PATH.
  static func words(_ text: String, option: String) throws -> [String] {
    var words: [String]
    do {
      words = try ShellWords.split(text)
    } catch {
      throw CLIError.usage(
        "\(option): \(error.message)", hint: "quote the whole command, e.g. \(option) 'python3 \"my adapter.py\"'"
      )
    }
    guard let first = words.first else {
      throw CLIError.usage(
        "\(option) needs a command, e.g. \(option) 'python3 conformance/adapters/python/adapter.py'")
    }
    if first.contains("="), let name = first.split(separator: "=").first,
      name.first.map({ $0.isLetter || $0 == "_" }) == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    {
      throw CLIError.usage(
        "\(option): the command starts with \(first), a shell variable assignment, and no shell runs the command",
        hint:
          "set the variable with env: \(option) \(ShellWords.quote((["env"] + words).map(ShellWords.quote).joined(separator: " ")))"
      )
    }
    if first == "bridgecheck", let executable = Bundle.main.executablePath {
      words[0] = executable
    }
    return words
  }
}
