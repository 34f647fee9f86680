import ArgumentParser
import BridgeImplementations
import DialectInference
import Dialects
import Foundation
import JSONModel

/// `bridgecheck profiles infer FILE`: works out a page bridge's dialect
/// from what it does in a simulated page, and prints it as a profile;
/// `bridgecheck profiles infer --native CMD` works out a native adapter's
/// from its `hello` and probes.
struct InferProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "infer",
    abstract:
      "Work out a bridge's dialect (a page script's or a native adapter's) from what it does, and print it as a profile.",
    discussion: """
      Loads FILE (the page bridge: the JavaScript the native side injects) in a simulated page with instrumented \
      probes, and works out its dialect: the global and its methods, how it signals and how the queue returns, the \
      message members and ids, how native messages are delivered, start-up, handshake, dispatch and the calling \
      convention. The profile goes to standard output (redirect it to a file and give that file to --profile); the \
      evidence for each member, what could not be decided and what the bridge itself cannot show (taken from the \
      nearest shipped profile) go to standard error. `bridgecheck run --js FILE` without --profile infers the same \
      profile. Exit 2 when FILE cannot be read, is not JavaScript, throws while it loads or defines no bridge of the \
      family. With --native CMD instead of FILE, starts the native adapter, reads what its hello declares \
      (transports, injections, name) and probes it with bridgecheck's reference page bridge in each shipped dialect \
      the declaration allows; `bridgecheck run --native CMD` without --js and --profile infers the same profile. \
      Exit 2 when the adapter never says hello, declares nothing a shipped dialect can run with, or answers in none.
      """)

  @Argument(help: "The page bridge's JavaScript file.")
  var file: String?

  @Option(
    name: .customLong("native"),
    help: ArgumentHelp(
      "Infer the dialect of this native adapter (split like a shell command line) instead of a page bridge's.",
      valueName: "command"))
  var nativeCommand: String?

  @Option(
    help:
      "What to print on standard output: profile (the profile JSON) or json (the profile with its evidence, for tools)."
  )
  var format: InferFormat = .profile

  /// Infer in this process (the child that the default runs it in).
  @Flag(name: .customLong("here"), help: .hidden)
  var here = false

  func validate() throws {
    if (file == nil) == (nativeCommand == nil) {
      throw ValidationError("give either FILE (a page bridge) or --native CMD (a native adapter), not both")
    }
  }

  func run() throws {
    if let nativeCommand { return try runNative(nativeCommand) }
    guard let file else { return }
    let source = try Self.read(file)
    let outcome: JSONValue
    if here {
      switch PageInference.run(source: source, file: file) {
      case .failure(let failure): throw CLIError.usage("\(failure)")
      case .success(let inferred): outcome = PageInference.json(inferred, file: file)
      }
    } else {
      // The page script is untrusted: it runs in a process of its own.
      switch IsolatedInference.run(file: file) {
      case .failure(let failure): throw CLIError.usage("\(failure)")
      case .success(let value): outcome = value
      }
    }
    switch format {
    case .profile:
      print((outcome["profile"] ?? .null).serialized(pretty: true))
      Terminal.standardError((outcome["report"]?.stringValue ?? "") + "\n")
    case .json:
      print(outcome.serialized(pretty: true))
    }
  }

  /// `profiles infer --native CMD`.
  private func runNative(_ nativeCommand: String) throws {
    let command = try AdapterCommandLine.words(nativeCommand, option: "--native")
    Interrupt.install()
    let inference = NativeDialectInference(
      command: command, limits: AdapterLimits(), shipped: ShippedProfiles.all, shouldStop: { Interrupt.requested })
    switch inference.infer() {
    case .failure(let failure): throw CLIError.usage("\(failure)")
    case .success(let inferred):
      let outcome = inferred.json(command: nativeCommand)
      switch format {
      case .profile:
        print((outcome["profile"] ?? .null).serialized(pretty: true))
        Terminal.standardError((outcome["report"]?.stringValue ?? "") + "\n")
      case .json:
        print(outcome.serialized(pretty: true))
      }
    }
  }

  /// The text of the page script at `path`, or a usage error naming it.
  static func read(_ path: String) throws -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw CLIError.usage(
        "\(path): no such file", hint: "give the path of the page bridge's JavaScript file")
    }
    guard !isFolder.boolValue else {
      throw CLIError.usage(
        "\(path): a folder, not a file", hint: "give the path of the page bridge's JavaScript file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError.usage("\(path): cannot be read", hint: "check its permissions")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CLIError.usage(
        "\(path): not text (not UTF-8): not a JavaScript file", hint: "give the page bridge's JavaScript file"
      )
    }
    return text
  }
}

/// What `profiles infer` prints.
enum InferFormat: String, ExpressibleByArgument, CaseIterable {
  case profile, json
}

/// Inference as the CLI runs it: against the shipped profiles.
enum PageInference {
  static func run(source: String, file: String) -> Result<InferredDialect, PageInferenceFailure> {
    PageDialectInference.infer(source: source, file: file, shipped: ShippedProfiles.all)
  }

  /// The profile with its evidence, as one JSON object.
  static func json(_ inferred: InferredDialect, file: String) -> JSONValue {
    [
      "profile": inferred.profile.json,
      "shipped": .bool(inferred.isShipped),
      "nearest": .string(inferred.nearest),
      "differences": .array(
        inferred.differences.map { difference in
          [
            "member": .string(difference.member), "nearest": difference.before ?? .null,
            "inferred": difference.after ?? .null,
          ]
        }),
      "evidence": .array(inferred.evidence.map { ["member": .string($0.member), "evidence": .string($0.text)] }),
      "undecided": .array(inferred.undecided.map { ["member": .string($0.member), "reason": .string($0.reason)] }),
      "fromNearest": .array(inferred.notObservable.map(JSONValue.string)),
      "equallyNear": .array(inferred.equallyNear.map(JSONValue.string)),
      "unsure": .bool(inferred.isUnsure),
      "doubts": .array(inferred.doubts.map(JSONValue.string)),
      "differenceLines": .array(inferred.differenceLines.map(JSONValue.string)),
      "report": .string(inferred.report(file: file)),
    ]
  }
}
