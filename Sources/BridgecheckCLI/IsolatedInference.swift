import BridgeImplementations
import Foundation
import JSONModel
import ProcessSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Dialect inference of a page script in a child process of its own
/// (`bridgecheck profiles infer --here --format json FILE`), held to a
/// wall-clock and a memory limit: the page script is untrusted code, and a
/// script that escapes the simulated page's own limits (a loop the engine
/// cannot interrupt, a value that fills the memory) ends the child, never
/// bridgecheck.
enum IsolatedInference {
  /// What the child printed: the profile with its evidence (``PageInference/json(_:file:)``).
  typealias Outcome = JSONValue

  /// Why there is no profile: the message to show.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The wall-clock limit of one inference. It takes well under a second
  /// (a few seconds in a debug build on a loaded machine); a page that never
  /// goes idle costs the whole limit before the run goes on without it.
  static let timeLimit: Duration = .seconds(10)
  /// The most resident memory the child may use.
  static let memoryLimit = 1 << 30
  /// The most output read from the child.
  static let outputLimit = 16 << 20

  /// Infers the dialect of the page script at `file`; the failure is the
  /// message to show (the child's own, naming the file, or why it was ended).
  static func run(file: String) -> Result<Outcome, Failure> {
    let words = [RunCommand.executablePath, "profiles", "infer", "--here", "--format", "json", file]
    var environment: [String: String] = [:]
    if let root = Resources.root { environment[Resources.environmentKey] = root }
    let child: ChildProcess
    do {
      child = try ChildProcess.spawn(words, environment: environment)
    } catch {
      return .failure(
        Failure(
          description:
            "\(file): the dialect could not be inferred: bridgecheck could not start its inference process (\(error.message))"
        ))
    }
    defer { child.kill() }
    child.closeInput()
    var output: [UInt8] = []
    var errors: [UInt8] = []
    let deadline = ContinuousClock.now.advanced(by: timeLimit)
    var lastMemoryCheck = ContinuousClock.now
    while true {
      drain(child.output, into: &output)
      drain(child.errorOutput, into: &errors)
      if child.reapIfExited() {
        drain(child.output, into: &output)
        drain(child.errorOutput, into: &errors)
        break
      }
      let now = ContinuousClock.now
      if now >= deadline {
        return .failure(
          Failure(
            description:
              "\(file): the dialect could not be inferred: the page script kept the simulated page busy past \(timeLimit)"
          ))
      }
      if now - lastMemoryCheck >= .milliseconds(20) {
        lastMemoryCheck = now
        if ProcessTree.residentBytes(ofTree: child.pid) > memoryLimit {
          return .failure(
            Failure(
              description:
                "\(file): the dialect could not be inferred: the page script used more than \(memoryLimit >> 20) MiB"))
        }
      }
      if output.count > outputLimit || errors.count > outputLimit {
        return .failure(
          Failure(description: "\(file): the dialect could not be inferred: the inference process wrote too much"))
      }
      var descriptors = [child.output, child.errorOutput].filter { $0 >= 0 }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), 20)
    }
    let errorText = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let status = child.waitStatus ?? 0
    guard status == 0 else {
      if (status & 0x7f) == 0, (status >> 8) & 0xff == CLIError.usageExitCode, !errorText.isEmpty {
        let message =
          errorText.hasPrefix(Diagnostic.prefix) ? String(errorText.dropFirst(Diagnostic.prefix.count)) : errorText
        return .failure(Failure(description: message))
      }
      return .failure(
        Failure(
          description:
            "\(file): the dialect could not be inferred: the inference process \(ChildProcess.describe(waitStatus: status))"
            + (errorText.isEmpty ? "" : " (\(errorText.split(separator: "\n").last ?? ""))")))
    }
    guard let value = try? JSONValue.parse(String(decoding: output, as: UTF8.self)), value["profile"] != nil else {
      return .failure(
        Failure(description: "\(file): the dialect could not be inferred: the inference process wrote no profile"))
    }
    return .success(value)
  }

  /// Reads what `descriptor` has now (non-blocking).
  private static func drain(_ descriptor: Int32, into buffer: inout [UInt8]) {
    guard descriptor >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while buffer.count <= outputLimit {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      buffer.append(contentsOf: chunk[..<count])
    }
  }
}
