import BridgecheckAdapter
import WebKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift native kit: serves a ``NativeBridgeUnderTest`` over the
/// adapter protocol, so that `bridgecheck run --native <this executable>`
/// checks it.
public enum NativeKit {
  /// Speaks the adapter protocol on standard input and output until the
  /// harness says `exit` or goes away, then exits the process. Builds a
  /// `type` on a fresh ``WebKit/WKWebView`` for every scenario and feeds it
  /// the page's messages, navigations, loads and panels from the harness.
  ///
  /// What the bridge writes to standard output goes to standard error (the
  /// protocol owns standard output); a crash ends the process with its
  /// signal and Swift's fatal-error line, which the harness quotes.
  public static func serve(_ type: any NativeBridgeUnderTest.Type) -> Never {
    CrashSignals.restartWithoutRuntimeStackTrace()
    let protocolOutput = dup(1)
    guard protocolOutput >= 0, dup2(2, 1) >= 0 else {
      let message = "bridgecheck native kit: cannot set standard output aside for the protocol\n"
      _ = write(2, message, message.utf8.count)
      exit(1)
    }
    CrashSignals.reportPlainly()
    // The process's main thread: the kit drives the bridge and its web
    // view on the main actor, as WebKit's API is isolated. (The metatype
    // stays on this thread: it only crosses into the main actor's closure.)
    nonisolated(unsafe) let bridgeType = type
    let status = MainActor.assumeIsolated {
      let server = NativeKitServer(bridgeType: bridgeType)
      let loop = AdapterCommandLoop(performer: server, output: server.output)
      return loop.run(input: 0, output: protocolOutput)
    }
    exit(status)
  }

  /// The page bridge the harness gave for the current scenario (`start`'s
  /// page script), exactly as given. A bridge that injects a page script
  /// of its own evaluates this instead, so that the page side under test
  /// is the one bridgecheck runs (see docs/swift-native-kit.md).
  public static var pageScript: String { PageScriptStore.current }

  /// Sends a diagnostic of the bridge to the harness, which records it in
  /// the scenario's trace (`native-log`); fixtures may match on `level`
  /// (`debug`, `info`, `warning`, `error`) and `code` (the stable kebab-case
  /// codes of docs/adapter-protocol.md, "Logs"). Outside a scenario it is
  /// dropped.
  public static func log(_ level: String, code: String, _ message: String) {
    PageScriptStore.log?(level, code, message)
  }
}

/// The page script and the log of the scenario being served; written and
/// read on the main thread only, by the kit's command loop and the bridge
/// it drives.
enum PageScriptStore {
  nonisolated(unsafe) static var current = ""
  nonisolated(unsafe) static var log: ((String, String, String) -> Void)?
}

/// Crash signals with their default action: a crash ends the process at
/// once with its signal, after Swift's fatal-error line, instead of a
/// backtrace that would push that line out of the last lines of standard
/// error the harness quotes (and could outlast its time limit).
enum CrashSignals {
  /// Under `SWIFT_BACKTRACE=enable=no` (which bridgecheck's workers set)
  /// Swift's runtime prints "Current stack trace:" and a frame per line
  /// after a fatal error, which pushes the fatal-error line out of the last
  /// lines the harness quotes. The process then starts again (the same
  /// executable, arguments and streams) with the backtracer on, which
  /// prints no such trace; ``reportPlainly()`` keeps the backtracer itself
  /// from running.
  static func restartWithoutRuntimeStackTrace() {
    #if os(Linux)
      guard let setting = getenv("SWIFT_BACKTRACE").map({ String(cString: $0) }), setting.contains("enable=no"),
        getenv("BRIDGECHECK_NATIVE_KIT_RESTARTED") == nil
      else { return }
      setenv("SWIFT_BACKTRACE", "enable=yes", 1)
      setenv("BRIDGECHECK_NATIVE_KIT_RESTARTED", "1", 1)
      execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Not restarted (no /proc): carry on as is.
    #endif
  }

  static func reportPlainly() {
    for signalNumber in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
      signal(signalNumber, SIG_DFL)
    }
  }
}
