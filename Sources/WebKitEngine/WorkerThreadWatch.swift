#if WebKitGTK
  import Foundation

  /// The dedicated workers of a page in the real engine, watched from
  /// `/proc`: WebKit runs each one on a thread of the page's web process
  /// named `WebCore: Worker`, which the host's other measures (the main
  /// thread's CPU time, the page's answers) do not see.
  ///
  /// For each such thread the watch keeps its CPU time (`schedstat`, to the
  /// nanosecond) and its voluntary context switches (`status`): a worker
  /// between tasks waits for its next one, a voluntary switch, so CPU time
  /// spent with no switch is one script that has not ended (a loop, or a
  /// timer flood, which never returns to the worker's event loop).
  final class WorkerThreadWatch {
    /// The name WebKit gives a dedicated worker's thread (`comm`, 15 bytes at most).
    static let threadName = "WebCore: Worker"

    /// What the watch knows of one worker thread.
    private struct Thread {
      /// Started after the first sample: a worker of this page. One seen at
      /// the first sample belongs to a page the web view had before (a
      /// recycled view's web process ends it a moment later) and never counts.
      var ours: Bool
      var cpu: Duration
      var switches: Int
      /// Its CPU time when it was last seen to have waited.
      var cpuAtLastWait: Duration
      /// Runnable when last sampled.
      var runnable: Bool
      /// When its CPU time was last seen to grow.
      var lastRan: ContinuousClock.Instant
      var alive: Bool
    }

    /// Worker threads by `PID/TID`, ended ones included (their CPU time still counts).
    private var threads: [String: Thread] = [:]
    /// Threads seen that are not workers (their names are read once).
    private var others: Set<String> = []
    private var started = false

    /// Reads the worker threads of `processes` again. The first call sets
    /// the baseline: the worker threads it finds are not this page's.
    func sample(processes: [Int32]) {
      let now = ContinuousClock.now
      for key in threads.keys { threads[key]?.alive = false }
      for pid in processes {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for tid in tasks {
          let key = "\(pid)/\(tid)"
          let path = "/proc/\(pid)/task/\(tid)"
          if others.contains(key) { continue }
          if threads[key] == nil {
            guard let name = try? String(contentsOfFile: "\(path)/comm", encoding: .utf8) else { continue }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed == Self.threadName else {
              // A new thread has its process's name until it names itself: asked again.
              if !trimmed.hasPrefix(WebProcessUsage.namePrefix) { others.insert(key) }
              continue
            }
          }
          guard let cpu = WebProcessUsage.cpuTime(ofTask: path),
            let (state, switches) = Self.stateAndSwitches(path)
          else { continue }
          guard var thread = threads[key] else {
            threads[key] = Thread(
              ours: started, cpu: cpu, switches: switches, cpuAtLastWait: cpu, runnable: state == "R",
              lastRan: started ? now : .now - Self.runningWindow, alive: true)
            continue
          }
          if switches != thread.switches { thread.cpuAtLastWait = cpu }
          if cpu > thread.cpu { thread.lastRan = now }
          thread.runnable = state == "R"
          thread.cpu = cpu
          thread.switches = switches
          thread.alive = true
          threads[key] = thread
        }
      }
      started = true
    }

    /// The CPU time the page's workers spent since the first sample.
    var cpuTime: Duration {
      threads.values.filter(\.ours).reduce(.zero) { $0 + $1.cpu }
    }

    /// How recently a worker must have run to count as running: a worker
    /// that allocates waits a moment for each garbage collection, and may be
    /// sampled asleep then.
    static let runningWindow: Duration = .milliseconds(50)

    /// Whether a worker is running now (runnable, or it used CPU time
    /// within ``runningWindow``): the page is not idle.
    var aWorkerIsRunning: Bool {
      let now = ContinuousClock.now
      return threads.values.contains { $0.ours && $0.alive && ($0.runnable || now - $0.lastRan < Self.runningWindow) }
    }

    /// The most CPU time a live worker spent since it last waited: how long
    /// its current script has run, in CPU time.
    var longestScript: Duration {
      threads.values.filter { $0.ours && $0.alive }.map { $0.cpu - $0.cpuAtLastWait }.max() ?? .zero
    }

    /// The state letter (`/proc/…/stat` field 3) and the voluntary context
    /// switches (`/proc/…/status`) of the task at `path`; nil when it is gone.
    private static func stateAndSwitches(_ path: String) -> (Character, Int)? {
      guard let status = try? String(contentsOfFile: "\(path)/status", encoding: .utf8) else { return nil }
      var state: Character?
      var switches: Int?
      for line in status.split(separator: "\n") {
        if line.hasPrefix("State:") {
          state = line.dropFirst("State:".count).first { !$0.isWhitespace }
        } else if line.hasPrefix("voluntary_ctxt_switches:") {
          switches = Int(line.dropFirst("voluntary_ctxt_switches:".count).trimmingCharacters(in: .whitespaces))
        }
      }
      guard let state, let switches else { return nil }
      return (state, switches)
    }
  }
#endif
