#if WebKitGTK
  import Foundation

  /// The CPU time of the main threads of this process's WebKit web
  /// processes (its children named `WebKitWebProcess`), read from `/proc`
  /// to the nanosecond (`schedstat`): where a real engine's page runs its
  /// scripts, so what bounds a page that loops or never goes idle.
  ///
  /// A bridgecheck worker has one web view, and so one web process at a
  /// time (a new one after a crash or a termination). Cheap enough to ask
  /// often: the list of web processes is looked up again at most every
  /// ``rescanInterval``, and each answer reads one `stat` file a process.
  final class WebProcessUsage {
    /// How often the children of this process are listed again.
    static let rescanInterval: Duration = .milliseconds(200)
    private var processes: [Int32] = []
    private var lastScan: ContinuousClock.Instant?
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    static let namePrefix = "WebKitWebProces"
    /// The page's dedicated workers, threads of the same processes, sampled with them.
    let workers = WorkerThreadWatch()

    /// The CPU time the main threads of every web process of this process
    /// used so far (processes that ended no longer count), and a new sample
    /// of their workers; `rescan` lists the web processes again now.
    func cpuTime(rescan: Bool = false) -> Duration {
      let now = ContinuousClock.now
      if rescan || lastScan.map({ now - $0 >= Self.rescanInterval }) ?? true {
        lastScan = now
        processes = Self.webProcesses()
      }
      workers.sample(processes: processes)
      var total = Duration.zero
      for pid in processes {
        if let time = Self.mainThreadCPUTime(of: pid) {
          total += time
        } else if let ticks = Self.cpuTicks(of: pid) {
          total += .milliseconds(Int64(Double(ticks) * 1000 / Self.ticksPerSecond))
        }
      }
      return total
    }

    /// The CPU time of the main thread of `pid` (`/proc/PID/schedstat`, its
    /// first field, in nanoseconds), nil when it is gone or the kernel has no such file.
    static func mainThreadCPUTime(of pid: Int32) -> Duration? {
      cpuTime(ofTask: "/proc/\(pid)")
    }

    /// The CPU time of the task (a process's main thread, or one thread) whose `/proc` folder is `path`.
    static func cpuTime(ofTask path: String) -> Duration? {
      guard let data = FileManager.default.contents(atPath: "\(path)/schedstat"),
        let first = data.split(separator: UInt8(ascii: " ")).first,
        let nanoseconds = Int64(String(decoding: first, as: UTF8.self))
      else { return nil }
      return .nanoseconds(nanoseconds)
    }

    /// The children of this process that are web processes.
    static func webProcesses() -> [Int32] {
      let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      var children: [Int32] = []
      for thread in threads {
        guard let list = try? String(contentsOfFile: "/proc/self/task/\(thread)/children", encoding: .utf8) else {
          continue
        }
        children += list.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      }
      return children.filter { pid in
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        return name.hasPrefix(namePrefix)
      }
    }

    /// User and system CPU ticks of `pid` (`/proc/PID/stat` fields 14 and 15), nil when it is gone.
    static func cpuTicks(of pid: Int32) -> Int? {
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
        let close = data.lastIndex(of: UInt8(ascii: ")"))
      else { return nil }
      // After "pid (comm)": state is field 3, utime field 14, stime field 15.
      let fields = data[(close + 2)...].split(separator: UInt8(ascii: " "))
      guard fields.count > 12, let user = Int(String(decoding: fields[11], as: UTF8.self)),
        let system = Int(String(decoding: fields[12], as: UTF8.self))
      else { return nil }
      return user + system
    }
  }
#endif
