#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Deliberate failures of a worker, for the supervisor's own tests:
/// `BRIDGECHECK_WORKER_FAULT=KIND:FIXTURE-ID` in the worker's environment
/// makes it fail that way at each step of that scenario (the first one
/// strikes: the page has loaded and the trace has events). Kinds: `hang`
/// (sleeps, deaf to everything but SIGKILL), `crash` (SIGSEGV), `exit`
/// (exits with status 7), `allocate` (touches memory without end), `garbage`
/// (writes lines that are not the protocol, then hangs).
///
/// The supervisor must turn each into an `error` result and go on, whatever
/// caused it; the hostile bridges of `conformance/hostile/` cause the real
/// ones.
enum WorkerFault {
  /// The kind of fault asked for scenario `id`, if any.
  private static func kind(for id: String) -> Substring? {
    guard let spec = getenv("BRIDGECHECK_WORKER_FAULT").map({ String(cString: $0) }),
      let colon = spec.firstIndex(of: ":"), String(spec[spec.index(after: colon)...]) == id
    else { return nil }
    return spec[..<colon]
  }

  /// Whether a fault is asked for scenario `id`.
  static func isAsked(for id: String) -> Bool { kind(for: id) != nil }

  static func injectIfAsked(for id: String, channel: Int32) {
    guard let kind = kind(for: id) else { return }
    switch kind {
    case "hang":
      signal(SIGTERM, SIG_IGN)
      while true { sleep(1000) }
    case "crash":
      // A real invalid access (JavaScriptCore handles a raised SIGSEGV itself).
      UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
    case "exit":
      exit(7)
    case "allocate":
      var blocks: [UnsafeMutableRawPointer] = []
      while true {
        guard let block = malloc(16 << 20) else { continue }
        memset(block, 1, 16 << 20)
        blocks.append(block)
        usleep(1000)
      }
    case "garbage":
      writeAll("this is not the worker protocol\n{\"result\": 42}\n", to: channel)
      while true { sleep(1000) }
    default:
      return
    }
  }
}
