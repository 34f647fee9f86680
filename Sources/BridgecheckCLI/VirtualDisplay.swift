import BridgeImplementations
import Foundation
import ProcessSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A virtual X display of bridgecheck's own for the real engine when there
/// is no display: an `Xvfb` child process, started once, that every worker
/// connects to and that ends with bridgecheck (it is a registered child,
/// killed at exit and on SIGTERM; where `setpriv` is installed, the kernel
/// also kills it when bridgecheck dies of SIGKILL). `xvfb-run` does the same
/// from outside, but leaves its Xvfb running when its own clean-up fails.
enum VirtualDisplay {
  /// The running server, once started.
  nonisolated(unsafe) private static var server: ChildProcess?

  /// Whether this process already has a display.
  static var isSet: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Makes sure there is a display: when `DISPLAY` and `WAYLAND_DISPLAY`
  /// are unset, starts Xvfb and sets `DISPLAY` for this process and
  /// everything it starts. Throws a usage error that says what to install
  /// when Xvfb cannot be started.
  static func ensure(asker: String) throws {
    guard !isSet, server == nil else { return }
    let xvfb = ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"]
    let hasSetpriv = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    // Its messages (one a client, when it compiles a keymap) go nowhere: a
    // pipe nobody reads would stop it once full.
    let quiet = ["/bin/sh", "-c", "exec \"$@\" 2>/dev/null", "sh"]
    let command = quiet + (hasSetpriv ? ["/usr/bin/setpriv", "--pdeathsig", "KILL"] + xvfb : xvfb)
    let process: ChildProcess
    do {
      process = try ChildProcess.spawn(command)
    } catch {
      throw CLIError.usage(
        "\(asker): there is no display, and Xvfb could not be started (\(error.message))",
        hint: "scripts/setup.sh --webkit installs Xvfb; or run under `xvfb-run -a`, or set DISPLAY")
    }
    guard let number = readDisplayNumber(process, timeout: .seconds(15)) else {
      process.kill()
      throw CLIError.usage(
        "\(asker): there is no display, and the Xvfb bridgecheck started gave none within 15 s",
        hint: "run under `xvfb-run -a`, or set DISPLAY")
    }
    server = process
    setenv("DISPLAY", ":\(number)", 1)
  }

  /// The display number Xvfb writes to its standard output once it accepts
  /// connections (`-displayfd 1`), or nil when it ends or stays silent.
  private static func readDisplayNumber(_ process: ChildProcess, timeout: Duration) -> Int? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 64)
    while ContinuousClock.now < deadline {
      var descriptor = pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 100)
      let count = buffer.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
      if count > 0 {
        text += String(decoding: buffer[0..<count], as: UTF8.self)
        if text.contains("\n") { return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
      } else if count == 0 {
        return nil
      }
    }
    return nil
  }
}
