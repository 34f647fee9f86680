#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line of the reference adapter, `bridgecheck-reference-adapter [--fault NAME]…`
/// (and of its alias `bridgecheck reference-adapter`): bridgecheck's reference native bridge served
/// over the adapter protocol on standard input and output.
package enum ReferenceAdapterCommandLine {
  /// What `--help` prints.
  package static let usage = """
    usage: bridgecheck-reference-adapter [--fault NAME]...

    Serves bridgecheck's reference native bridge over the adapter protocol: reads
    commands from standard input, writes events to standard output (JSON lines,
    docs/adapter-protocol.md). Meant to be started by `bridgecheck run --native`.

    options:
      --fault NAME  switch on a deliberate bug of the reference bridge (mutation
                    testing); repeatable; unknown names are ignored
      -h, --help    print this text

    """

  /// What the arguments ask for.
  package enum Request: Equatable {
    /// Serve the reference bridge with these faults switched on.
    case serve(faults: [String])
    /// Print the usage.
    case help
  }

  /// A command line that cannot be served: the message says what is wrong and how to fix it.
  package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, with the fix.
    package let description: String
  }

  /// Reads the arguments (without the program name).
  package static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    var faults: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "-h", "--help":
        return .help
      case "--fault":
        guard index < arguments.count else {
          throw UsageError(description: "--fault needs a fault name, e.g. --fault falsy-data-dropped")
        }
        faults.append(arguments[index])
        index += 1
      default:
        if argument.hasPrefix("--fault=") {
          faults.append(String(argument.dropFirst("--fault=".count)))
        } else {
          throw UsageError(
            description: "unknown argument \(argument); the only option is --fault NAME (see --help)")
        }
      }
    }
    return .serve(faults: faults)
  }

  /// Serves the reference bridge with `faults` on standard input and output until `exit` or end
  /// of input; returns the exit status (0, or 1 when the input or output fails).
  package static func serve(faults: [String]) -> Int32 {
    ReferenceAdapterBridge.server(faults: faults).run()
  }

  /// Runs the program with `arguments` (without the program name): serves, or prints the usage
  /// (status 0), or names a bad argument and its fix on standard error (status 2, before
  /// anything is served).
  package static func main(_ arguments: [String]) -> Int32 {
    let request: Request
    do {
      request = try parse(arguments)
    } catch {
      writeAll("bridgecheck-reference-adapter: \(error)\n", to: 2)
      return 2
    }
    switch request {
    case .help:
      writeAll(usage, to: 1)
      return 0
    case .serve(let faults):
      return serve(faults: faults)
    }
  }

  private static func writeAll(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes = bytes.dropFirst(count)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
