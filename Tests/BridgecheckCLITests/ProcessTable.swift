import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processes of the machine, read from /proc (Linux only; elsewhere
/// every query answers "none").
enum ProcessTable {
  /// Whether /proc can be read here.
  static var isAvailable: Bool {
    #if os(Linux)
      return FileManager.default.fileExists(atPath: "/proc/self/cmdline")
    #else
      return false
    #endif
  }

  /// The ids of the live processes (zombies excluded: they have exited,
  /// and their command line is gone) whose command line contains `marker`.
  static func liveProcesses(commandLineContaining marker: String) -> [Int32] {
    #if os(Linux)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { entry -> Int32? in
        guard let pid = Int32(entry), let stat = contents(of: "/proc/\(entry)/stat"),
          let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count
        else { return nil }
        // The state follows the command name: Z for a zombie, X for dead.
        let state = stat[close + 2]
        guard state != UInt8(ascii: "Z"), state != UInt8(ascii: "X"),
          let commandLine = contents(of: "/proc/\(entry)/cmdline")
        else { return nil }
        let text = String(decoding: commandLine.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        return text.contains(marker) ? pid : nil
      }
    #else
      return []
    #endif
  }

  /// Waits until a live process's command line contains `marker`; its ids,
  /// or none when `timeout` passed first.
  static func waitForProcess(commandLineContaining marker: String, timeout: TimeInterval) -> [Int32] {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let found = liveProcesses(commandLineContaining: marker)
      if !found.isEmpty { return found }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return []
  }

  /// Waits until no live process's command line contains `marker`; the
  /// ids of those still alive when `timeout` passed.
  static func waitForNoProcess(commandLineContaining marker: String, timeout: TimeInterval) -> [Int32] {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let found = liveProcesses(commandLineContaining: marker)
      if found.isEmpty || Date() >= deadline { return found }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The bytes of a /proc file (whose reported size is 0, so read to the end).
  private static func contents(of path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
